"""The app's server side (``make explorar``, Voilà): one kernel per open page, none left behind.

A page that goes away shuts its kernel down itself: Voilà's ``beforeunload`` call, which the
page's template makes pass the server's XSRF check. That call is not always made: a tab
closed by the browser's automation, a crashed or killed browser, a network gone. So
:class:`PageKernelManager` also watches each kernel's connections (the page's websocket):

- a kernel whose last page connection closed is shut down ``page_gone_timeout`` seconds later
  if no page connected to it again (``voila.json``: 10 s, time for the page's own reconnection
  after a dropped websocket, which starts at once);
- a kernel that never had a page connected (a page that died while loading) is shut down once
  it has had no connection for ``cull_idle_timeout`` seconds (``voila.json``: 300 s, checked
  every ``cull_interval`` = 30 s): the first page of a loaded server can take a minute to
  connect.

Why not jupyter_server's own culling: it measures idleness by the kernel's messages, and the
explorer's kernel beats every 2 s (:mod:`.pulse`, the page's "kernel stopped" note), so it
would never look idle; and culling connected kernels would stop the page of a user who is
only reading. What marks a page gone is its kernel's connections, so that is what is counted.

Voilà's pre-heated kernels (its pool) wait for a page without a connection: Voilà's own
manager keeps them out of culling (``VoilaKernelManager.cull_kernel_if_idle``), before this
class is asked, and they never had a connection, so the page-gone timer never starts for them.
"""

from __future__ import annotations

import time

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import IOLoop
from traitlets import Float


class PageKernelManager(AsyncMappingKernelManager):
    """Kernels shut down ``page_gone_timeout`` seconds after their page's last connection
    closed, and culled after ``cull_idle_timeout`` seconds without any connection (seconds,
    measured with the monotonic clock)."""

    page_gone_timeout = Float(
        10.0, config=True,
        help="Seconds after a kernel's last page connection closed before the kernel is shut "
             "down, unless a page connected again (0: at once).")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        #: kernel id -> monotonic time of the first check that found it without connection.
        self._alone_since: dict[str, float] = {}
        #: kernel id -> monotonic time its last page connection closed (a page had it).
        self._left_at: dict[str, float] = {}

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._left_at.pop(kernel_id, None)
        self._alone_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if kernel_id in self._kernels and self._kernel_connections.get(kernel_id, 0) <= 0:
            left = self._left_at[kernel_id] = time.monotonic()
            IOLoop.current().call_later(self.page_gone_timeout, self._page_gone, kernel_id, left)

    async def _page_gone(self, kernel_id: str, left: float) -> None:
        """Shut ``kernel_id`` down if no page connected since its last one left at ``left``."""
        if self._left_at.get(kernel_id) != left or kernel_id not in self._kernels:
            return
        if self._kernel_connections.get(kernel_id, 0) > 0:
            return
        self.log.warning("Shutting down kernel %s: its page left %.0f s ago and none came back "
                         "(page_gone_timeout %.0f s).", kernel_id, time.monotonic() - left,
                         self.page_gone_timeout)
        self._forget(kernel_id)
        await ensure_async(self.shutdown_kernel(kernel_id))

    def _forget(self, kernel_id: str) -> None:
        self._alone_since.pop(kernel_id, None)
        self._left_at.pop(kernel_id, None)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            self._forget(kernel_id)
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
        self._forget(kernel_id)
        await ensure_async(self.shutdown_kernel(kernel_id))
