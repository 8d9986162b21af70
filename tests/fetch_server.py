"""A real local HTTP server for the ``data fetch`` tests (no mock): static files from a
folder on 127.0.0.1, a free port, with or without ``Range`` support, plus two misbehaving
paths (a slow answer, a transfer cut short, one that pauses halfway). Every request's path and Range header is
recorded in :attr:`Server.requests`."""

from __future__ import annotations

import http.server
import threading
import time
from functools import partial
from pathlib import Path


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files; ``Range: bytes=N-`` answered with 206 when the server supports ranges."""

    def __init__(self, *args, server_state, **kwargs):
        self.state = server_state
        super().__init__(*args, **kwargs)

    def log_message(self, *args):
        pass

    def send_head(self):
        rng = self.headers.get("Range")
        self.state.requests.append((self.path, rng))
        self.state.encodings.append(self.headers.get("Accept-Encoding"))
        if self.path.startswith("/lento/"):
            time.sleep(self.state.slow)
        path = Path(self.translate_path(self.path))
        if self.path.startswith("/cortado/") and path.is_file():
            data = path.read_bytes()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])  # half, then the connection closes
            self.wfile.flush()
            self.close_connection = True
            return None
        if self.path.startswith("/gotejando/") and rng is None and path.is_file():
            data = path.read_bytes()  # half at once, the rest after `slow` seconds
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            time.sleep(self.state.slow)
            try:
                self.wfile.write(data[len(data) // 2:])
            except OSError:
                pass  # the client went away
            return None
        if rng is None or not self.state.ranges or not path.is_file():
            return super().send_head()
        start = int(rng.removeprefix("bytes=").split("-")[0])
        data = path.read_bytes()
        if start >= len(data):
            self.send_response(416)
            self.send_header("Content-Range", f"bytes */{len(data)}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        self.send_response(206)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.send_header("Content-Length", str(len(data) - start))
        self.end_headers()
        import io

        return io.BytesIO(data[start:])


class _Quiet(http.server.ThreadingHTTPServer):
    """No "Exception occurred during processing of request" on stderr when a client goes
    away mid-answer (a timeout test's client, a Ctrl-C): it would land in another test's
    captured stderr."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


class Server:
    """``with Server(root, ranges=True) as srv:`` — ``srv.url``, ``srv.requests``."""

    def __init__(self, root: Path, *, ranges: bool = True, slow: float = 0.0):
        self.root, self.ranges, self.slow = Path(root), ranges, slow
        self.requests: list[tuple[str, str | None]] = []
        self.encodings: list[str | None] = []  # Accept-Encoding of each request

    def __enter__(self) -> "Server":
        handler = partial(Handler, server_state=self, directory=str(self.root))
        self.httpd = _Quiet(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02},
                                       daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def free_port() -> int:
    """A port nobody listens on (bound, then released)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
