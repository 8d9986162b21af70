"""The app's kernels (explore.server.PageKernelManager): a kernel whose page went away (no
connection left) is shut down after ``cull_idle_timeout`` seconds alone; a kernel with a page
is never culled, however quiet; the page's beats (explore.pulse) do not keep a lone kernel."""

import asyncio
import json
from types import SimpleNamespace

from viabilidade.explore import server
from viabilidade.explore.server import PageKernelManager

REPO = __import__("pathlib").Path(__file__).resolve().parents[1]


def _manager(monkeypatch, clock):
    m = PageKernelManager(cull_idle_timeout=300, cull_interval=30)
    monkeypatch.setattr(server.time, "monotonic", lambda: clock[0])
    stopped = []

    async def shutdown_kernel(kernel_id, *args, **kwargs):
        stopped.append(kernel_id)
        m._kernels.pop(kernel_id)
    monkeypatch.setattr(m, "shutdown_kernel", shutdown_kernel)
    for k in ("alone", "with-page"):
        m._kernels[k] = SimpleNamespace(execution_state="idle")
    m._kernel_connections.update({"alone": 0, "with-page": 1})
    return m, stopped


def test_a_kernel_without_its_page_goes_after_the_stated_time_and_one_with_a_page_stays(monkeypatch):
    clock = [1000.0]
    m, stopped = _manager(monkeypatch, clock)

    def cull():
        asyncio.run(m.cull_kernels())
    cull()                                  # first seen alone at 1000 s
    clock[0] = 1299.0
    cull()
    assert stopped == []                    # 299 s alone: stays
    clock[0] = 1300.0
    cull()
    assert stopped == ["alone"]             # 300 s alone: gone
    clock[0] = 1_000_000.0
    cull()
    assert stopped == ["alone"]             # a page's kernel is never culled


def test_a_page_that_comes_back_resets_the_count(monkeypatch):
    clock = [0.0]
    m, stopped = _manager(monkeypatch, clock)
    asyncio.run(m.cull_kernels())
    clock[0] = 200.0
    m._kernel_connections["alone"] = 1      # the page reconnected (a network blip)
    asyncio.run(m.cull_kernels())
    m._kernel_connections["alone"] = 0
    clock[0] = 499.0
    asyncio.run(m.cull_kernels())
    assert stopped == []                    # alone since 499 s, not since 0 s
    clock[0] = 799.0
    asyncio.run(m.cull_kernels())
    assert stopped == ["alone"]


def test_the_app_config_preheats_two_kernels_and_culls_lone_kernels_after_300_s():
    config = json.loads((REPO / "voila.json").read_text("utf-8"))
    assert config["VoilaConfiguration"]["preheat_kernel"] is True
    # Two: a reload within the refill no longer waits for a cold kernel (measured with
    # benchmarks/explorer_reload.py, load 10 on 2 cores: reloads median 12,2 s, max 20,8 s with
    # one; 2,9 s and 3,5 s with two; idle cost 492 -> 837 MB resident).
    assert config["VoilaConfiguration"]["default_pool_size"] == 2
    assert config["VoilaConfiguration"]["multi_kernel_manager_class"] == \
        "viabilidade.explore.server.PageKernelManager"
    assert config["PageKernelManager"] == {"cull_idle_timeout": 300, "cull_interval": 30}
    # The notebook's widget cell sends some 520 widgets (1 MB) to the server while it runs; on
    # a loaded server (load 10-13 on 2 cores) that took more than nbclient's 4 s wait for the
    # cell's output, which was then dropped: the page showed the title and no app
    # (test_explore_files_browser, benchmarks/explorer_reload.py: no map after 150-180 s).
    assert config["VoilaExecutor"] == {"iopub_timeout": 60}
