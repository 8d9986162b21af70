"""The explorer's pulse: the page says so when the kernel behind the widgets has stopped.

After a kernel restart (or a crash) the widgets already on the page stay drawn, with the last
verdict and map, but nothing they do reaches a kernel any more. The kernel beats: a background
thread changes an invisible widget (:class:`Pulse`) every :data:`BEAT_S` seconds. A script in
the page (:func:`kernel_watch`) looks at every pulse; one that has not changed for
:data:`STALE_S` seconds puts a red note over the page, in Portuguese, saying what happened
and how to get the explorer back; the note goes when a pulse beats again (after Run All).
"""

from __future__ import annotations

import threading
import time
import weakref

#: Seconds between beats, and without a beat before the page says the kernel stopped (a long
#: computation holds the interpreter for at most a few seconds; the thread still beats).
BEAT_S, STALE_S = 2.0, 12.0
#: The title of the note's close button (pt-BR).
CLOSE = "Fechar este aviso"
#: What the page says when the kernel stopped (pt-BR).
STOPPED = ("O kernel do explorador parou ou foi reiniciado: os controles e o mapa desta página "
           "não respondem mais e mostram o último resultado. No JupyterLab, use Executar tudo "
           "(Run → Run All Cells); no aplicativo (make explorar), recarregue a página. A sessão "
           "guardada volta.")

_PULSES: "weakref.WeakSet" = weakref.WeakSet()
_LOCK = threading.Lock()
_THREAD: threading.Thread | None = None


class Pulse:
    """An invisible widget that changes every :data:`BEAT_S` seconds while the kernel lives.

    Attributes
    ----------
    widget : ipywidgets.HTML
        ``<span class="viab-pulso" data-n="N"></span>``; put it anywhere in the explorer.
    beats : int
        How many times it has beaten.
    """

    def __init__(self):
        import ipywidgets as W

        self.beats = 0
        self.widget = W.HTML(layout=W.Layout(height="0px", margin="0", overflow="hidden"))
        self.beat()
        with _LOCK:
            _PULSES.add(self)
            _start()

    def beat(self) -> None:
        """Change the widget (the thread calls this)."""
        self.beats += 1
        self.widget.value = f'<span class="viab-pulso" data-n="{self.beats}"></span>'


def _run() -> None:
    while True:
        time.sleep(BEAT_S)
        for pulse in list(_PULSES):
            try:
                pulse.beat()
            except Exception:        # noqa: BLE001 — a closed widget: forget it, keep beating
                _PULSES.discard(pulse)


def _start() -> None:
    global _THREAD
    if _THREAD is None or not _THREAD.is_alive():
        _THREAD = threading.Thread(target=_run, name="viabilidade-pulso", daemon=True)
        _THREAD.start()


#: The page's watcher: every second, each ``.viab-pulso`` whose ``data-n`` has not changed
#: for STALE_S seconds counts as stopped; with one stopped and none beating, the note shows.
_WATCH_JS = """
(function () {
  if (window.__viabilidadePulse) return;
  window.__viabilidadePulse = true;
  const seen = new Map();
  let closed = false;
  function check() {
    const now = Date.now();
    let stale = false, alive = false;
    for (const el of document.querySelectorAll(".viab-pulso")) {
      const n = el.getAttribute("data-n");
      const last = seen.get(el);
      if (!last || last.n !== n) { seen.set(el, {n: n, t: now}); alive = true; }
      else if (now - last.t > %(stale_ms)d) { stale = true; } else { alive = true; }
    }
    let note = document.getElementById("viab-kernel-parado");
    if (stale && !alive) {
      if (!note && !closed) {
        // At the bottom: at the top it covered JupyterLab's menu bar, which it points to.
        note = document.createElement("div");
        note.id = "viab-kernel-parado";
        note.setAttribute("role", "alert");
        note.style.cssText = "position:fixed;bottom:0;left:0;right:0;z-index:100000;" +
          "padding:10px 48px 10px 16px;background:#b71c1c;color:#fff;font:14px/1.4 sans-serif";
        note.textContent = %(text)s;
        const x = document.createElement("button");
        x.textContent = "\u00d7";
        x.title = %(close)s;
        x.setAttribute("aria-label", %(close)s);
        x.style.cssText = "position:absolute;top:6px;right:12px;background:none;border:none;" +
          "color:#fff;font:bold 20px/1 sans-serif;cursor:pointer";
        x.onclick = () => { closed = true; note.remove(); };
        note.appendChild(x);
        document.body.appendChild(note);
      }
    } else {
      closed = false;           // the kernel beats again: a later stop is said again
      if (note) { note.remove(); }
    }
  }
  setInterval(check, 1000);
})();
"""


def kernel_watch():
    """The page's watcher of the pulses: display this (``IPython.display.display``) with the
    explorer. Returns ``IPython.display.Javascript``."""
    import json

    from IPython.display import Javascript

    return Javascript(_WATCH_JS % {"stale_ms": int(STALE_S * 1000),
                                   "text": json.dumps(STOPPED, ensure_ascii=False),
                                   "close": json.dumps(CLOSE, ensure_ascii=False)})
