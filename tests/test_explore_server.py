"""The app's kernels (explore.server.PageKernelManager): a kernel whose page's connection closed
is shut down ``page_gone_timeout`` seconds later unless a page connected again (a tab closed
without Voilà's unload call left its kernel running, issue 31); a kernel never connected is
shut down after ``cull_idle_timeout`` seconds alone; a kernel with a page is never culled,
however quiet; the page's beats (explore.pulse) do not keep a lone kernel."""

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
    assert config["PageKernelManager"] == {"cull_idle_timeout": 300, "cull_interval": 30,
                                           "page_gone_timeout": 10}


class _Loop:
    """IOLoop.current() for the tests: keeps what call_later is asked to run, and when."""

    def __init__(self):
        self.calls = []

    def call_later(self, delay, callback, *args):
        self.calls.append((delay, callback, args))


def _page_manager(monkeypatch, clock):
    m, stopped = _manager(monkeypatch, clock)
    m.page_gone_timeout = 10.0
    loop = _Loop()
    monkeypatch.setattr(server.IOLoop, "current", staticmethod(lambda: loop))
    return m, stopped, loop


def _run(loop):
    """Run what is due (the test's clock stands for the delay having passed)."""
    calls, loop.calls = loop.calls, []
    for delay, callback, args in calls:
        asyncio.run(callback(*args))
    return [delay for delay, _, _ in calls]


def test_a_kernel_whose_page_left_goes_after_page_gone_timeout(monkeypatch):
    clock = [50.0]
    m, stopped, loop = _page_manager(monkeypatch, clock)
    m.notify_disconnect("with-page")        # the tab closed without Voilà's unload call
    assert m._kernel_connections["with-page"] == 0
    clock[0] = 60.0
    assert _run(loop) == [10.0]
    assert stopped == ["with-page"]


def test_a_page_that_reconnects_within_page_gone_timeout_keeps_its_kernel(monkeypatch):
    clock = [50.0]
    m, stopped, loop = _page_manager(monkeypatch, clock)
    m.notify_disconnect("with-page")        # a dropped websocket ...
    m.notify_connect("with-page")           # ... and the page's own reconnection
    assert _run(loop) == [10.0]
    assert stopped == []
    # it leaves again, comes back, leaves for good: only the last departure counts
    m.notify_disconnect("with-page")
    m.notify_connect("with-page")
    m.notify_disconnect("with-page")
    _run(loop)
    assert stopped == ["with-page"]


def test_one_of_two_pages_leaving_keeps_the_kernel(monkeypatch):
    clock = [0.0]
    m, stopped, loop = _page_manager(monkeypatch, clock)
    m.notify_connect("with-page")           # two connections
    m.notify_disconnect("with-page")        # one left
    assert m._kernel_connections["with-page"] == 1
    assert loop.calls == [] and stopped == []


def test_a_kernel_never_connected_waits_cull_idle_timeout_not_page_gone_timeout(monkeypatch):
    # A kernel taken from the pool (or started for a page) has no connection until its page's
    # script connects, which on a loaded server takes longer than page_gone_timeout.
    clock = [0.0]
    m, stopped, loop = _page_manager(monkeypatch, clock)
    asyncio.run(m.cull_kernels())
    clock[0] = 299.0
    asyncio.run(m.cull_kernels())
    assert stopped == [] and loop.calls == []
    clock[0] = 300.0
    asyncio.run(m.cull_kernels())
    assert stopped == ["alone"]


def test_a_kernel_shut_down_by_its_page_is_not_shut_down_twice(monkeypatch):
    clock = [0.0]
    m, stopped, loop = _page_manager(monkeypatch, clock)
    m.notify_disconnect("with-page")
    asyncio.run(m.shutdown_kernel("with-page"))     # Voilà's unload call came first
    _run(loop)
    assert stopped == ["with-page"]
