"""The app's server side (``make explorar``, Voilà): one kernel per open page, none left behind.

A page that goes away shuts its kernel down itself (Voilà's ``beforeunload`` call, which the
page's template makes pass the server's XSRF check; the template sends the same call on
``pagehide`` when the browser closed the tab without ``beforeunload``). A page that could not say so (a crash,
a killed browser, a network gone) leaves a kernel with no connection: :class:`PageKernelManager`
shuts it down once it has had no connection for ``cull_idle_timeout`` seconds
(``voila.json``: 300 s, checked every ``cull_interval`` = 30 s).

Why not jupyter_server's own culling: it measures idleness by the kernel's messages, and the
explorer's kernel beats every 2 s (:mod:`.pulse`, the page's "kernel stopped" note), so it
would never look idle; and culling connected kernels would stop the page of a user who is
only reading. What marks a page gone is its kernel's connections, so that is what is counted.

Voilà's pre-heated kernels (its pool) wait for a page without a connection: Voilà's own
manager keeps them out of culling (``VoilaKernelManager.cull_kernel_if_idle``), before this
class is asked.
"""

from __future__ import annotations

import time

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class PageKernelManager(AsyncMappingKernelManager):
    """Kernels culled after ``cull_idle_timeout`` seconds without any connection (seconds,
    measured with the monotonic clock, from the first check that found none)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        #: kernel id -> monotonic time of the first check that found it without connection.
        self._alone_since: dict[str, float] = {}

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            self._alone_since.pop(kernel_id, None)
            return
        if self._kernel_connections.get(kernel_id, 0) > 0:
            self._alone_since.pop(kernel_id, None)
            return
        now = time.monotonic()
        since = self._alone_since.setdefault(kernel_id, now)
        if now - since < self.cull_idle_timeout and getattr(kernel, "execution_state", None) != "dead":
            return
        self.log.warning("Culling kernel %s: no page connected for %d s (cull_idle_timeout %d s).",
                         kernel_id, now - since, self.cull_idle_timeout)
        self._alone_since.pop(kernel_id, None)
        await ensure_async(self.shutdown_kernel(kernel_id))
