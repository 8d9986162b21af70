"""A real local HTTP server for the ``data fetch`` tests (no mock): static files from a
folder on 127.0.0.1, a free port, with or without ``Range`` support, plus two misbehaving
paths (a slow answer, a transfer cut short, one that pauses halfway) and the hostile ones of
issue 32 (:data:`HOSTILE`: a gzip bomb, an endless body, one byte at a time, a 206 of the
wrong range, a redirect loop, oversized headers, an answer that is not HTTP). Every request's
path and Range header is recorded in :attr:`Server.requests`."""

from __future__ import annotations

import http.server
import threading
import time
import zlib
from functools import partial
from pathlib import Path


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files; ``Range: bytes=N-`` answered with 206 when the server supports ranges."""

    def __init__(self, *args, server_state, **kwargs):
        self.state = server_state
        super().__init__(*args, **kwargs)

    def log_message(self, *args):
        pass

    def end_headers(self):
        # a server that continues a download from a byte says so, as Apache and nginx do;
        # one built with ranges=False says nothing (its .part is never kept: data.download)
        if self.state.ranges:
            self.send_header("Accept-Ranges", "bytes")
        super().end_headers()

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
        for prefix, answer in HOSTILE.items():
            if self.path.startswith(prefix):
                answer(self)
                self.close_connection = True
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


def gzip_zeros(n: int) -> bytes:
    """``n`` zero bytes gzipped, compressed block by block (1 GiB → about 1 MB, never 1 GiB in
    memory)."""
    z = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: the gzip container
    block, out, left = b"\0" * (1 << 24), [], n
    while left:
        out.append(z.compress(block[:min(left, len(block))]))
        left -= min(left, len(block))
    out.append(z.flush())
    return b"".join(out)


def _gzip_bomb(h) -> None:
    """``state.bomb`` zero bytes gzipped (1 MiB → 1 KiB), sent as ``Content-Encoding: gzip``
    although the client asked for ``identity``."""
    if getattr(h.state, "_bomb", (None,))[0] != h.state.bomb:
        h.state._bomb = (h.state.bomb, gzip_zeros(h.state.bomb))
    body = h.state._bomb[1]
    h.send_response(200)
    h.send_header("Content-Encoding", "gzip")
    h.send_header("Content-Length", str(len(body)))
    h.end_headers()
    h.wfile.write(body)


def _endless(h) -> None:
    """A chunked body that never ends (until the client goes away)."""
    h.protocol_version = "HTTP/1.1"
    h.send_response(200)
    h.send_header("Transfer-Encoding", "chunked")
    h.end_headers()
    block = b"\0" * 65536
    try:
        while True:
            h.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))
            h.state.sent += len(block)
    except OSError:
        pass


def _drip(h) -> None:
    """One byte every ``state.drip`` seconds, announcing a million bytes."""
    h.send_response(200)
    h.send_header("Content-Length", "1000000")
    h.end_headers()
    try:
        for _ in range(1_000_000):
            h.wfile.write(b"x")
            h.wfile.flush()
            h.state.sent += 1
            time.sleep(h.state.drip)
    except OSError:
        pass


def _wrong_range(h) -> None:
    """Always ``206`` from byte 5, whatever was asked."""
    body = b"abcdefgh"
    h.send_response(206)
    h.send_header("Content-Range", f"bytes 5-{len(body) + 4}/{len(body) + 5}")
    h.send_header("Content-Length", str(len(body)))
    h.end_headers()
    h.wfile.write(body)


def _loop(h) -> None:
    """A redirect to itself."""
    h.send_response(302)
    h.send_header("Location", h.path)
    h.send_header("Content-Length", "0")
    h.end_headers()


def _huge_headers(h) -> None:
    """A header line of 70.000 characters (over http.client's 65.536)."""
    h.send_response(200)
    h.send_header("X-Enorme", "a" * 70_000)
    h.send_header("Content-Length", "1")
    h.end_headers()
    h.wfile.write(b"x")


def _many_headers(h) -> None:
    """150 headers (over http.client's 100)."""
    h.send_response(200)
    for i in range(150):
        h.send_header(f"X-{i}", "a")
    h.send_header("Content-Length", "1")
    h.end_headers()
    h.wfile.write(b"x")


def _bad_chunk(h) -> None:
    """A chunked body whose first chunk-size line is 70.000 characters."""
    h.protocol_version = "HTTP/1.1"
    h.send_response(200)
    h.send_header("Transfer-Encoding", "chunked")
    h.end_headers()
    h.wfile.write(b"f" * 70_000 + b"\r\n")


def _letters_chunk(h) -> None:
    """A chunked body whose chunk size is not hexadecimal (``zzzz``), then the connection
    closes (issue 32, fourth hostile trial)."""
    h.protocol_version = "HTTP/1.1"
    h.send_response(200)
    h.send_header("Transfer-Encoding", "chunked")
    h.end_headers()
    h.wfile.write(b"zzzz\r\nhello\r\n")
    h.close_connection = True


def _two_lengths(h) -> None:
    """Two ``Content-Length`` headers that disagree."""
    h.send_response(200)
    h.send_header("Content-Length", "3")
    h.send_header("Content-Length", "99")
    h.end_headers()
    h.wfile.write(b"abc")


def _not_http(h) -> None:
    """An answer that is not HTTP at all."""
    h.wfile.write(b"OLA MUNDO\r\n\r\n")


def _header_drip(h) -> None:
    """A status line, then one header byte every ``state.drip`` seconds, for ever."""
    try:
        h.wfile.write(b"HTTP/1.1 200 OK\r\n")
        for b in (b"X-Gota: " + b"a" * 60 + b"\r\n") * 10_000:
            h.wfile.write(bytes([b]))
            h.wfile.flush()
            time.sleep(h.state.drip)
    except OSError:
        pass


def _continue_forever(h) -> None:
    """``HTTP/1.1 100 Continue`` every 10 ms, for ever (no final answer)."""
    try:
        while True:
            h.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            h.wfile.flush()
            time.sleep(0.01)
    except OSError:
        pass


def _to_file(h) -> None:
    """A redirect to a local file (``file:///etc/passwd``)."""
    h.send_response(302)
    h.send_header("Location", "file:///etc/passwd")
    h.send_header("Content-Length", "0")
    h.end_headers()


#: Path prefix -> hostile answer.
HOSTILE = {"/bomba/": _gzip_bomb, "/sem-fim/": _endless, "/gota/": _drip,
           "/faixa-errada/": _wrong_range, "/ciclo/": _loop, "/cabecalho-enorme/": _huge_headers,
           "/nao-http/": _not_http, "/cabecalhos-demais/": _many_headers,
           "/bloco-ruim/": _bad_chunk, "/bloco-letras/": _letters_chunk,
           "/dois-tamanhos/": _two_lengths,
           "/cabecalho-gotejando/": _header_drip, "/continua/": _continue_forever,
           "/para-arquivo/": _to_file}


class _Quiet(http.server.ThreadingHTTPServer):
    """No "Exception occurred during processing of request" on stderr when a client goes
    away mid-answer (a timeout test's client, a Ctrl-C): it would land in another test's
    captured stderr."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


class Server:
    """``with Server(root, ranges=True) as srv:`` — ``srv.url``, ``srv.requests``."""

    def __init__(self, root: Path, *, ranges: bool = True, slow: float = 0.0,
                 bomb: int = 1 << 20, drip: float = 1.0):
        self.root, self.ranges, self.slow = Path(root), ranges, slow
        self.bomb, self.drip = bomb, drip  # bytes the gzip bomb inflates to; seconds per byte
        self.sent = 0  # body bytes the endless and trickling answers wrote
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
