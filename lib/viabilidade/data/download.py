"""One file downloaded over HTTP(S), bounded in size and time, told in pt-BR.

:func:`download` is the loop every ``data fetch`` mode uses (publishers, mirror server).
It uses ``requests`` (its exceptions tell a name that does not resolve from a refused
connection and from a timeout) and streams with ``Range`` headers: bytes go to
``<file>.part``; a later run asks for the rest with ``Range: bytes=<size>-`` and appends when
the answer is ``206 Partial Content`` starting there. A finished file is checked (sha256)
before it takes its place by renaming: a download that fails the check, or is cut, never
replaces a good file, and the bytes already received stay in the ``.part`` for the next run.

Every download is bounded (issue 32, a hostile server on 127.0.0.1):

- **bytes as sent**: the client asks for ``Accept-Encoding: identity`` and reads the raw
  bytes (no transparent gzip decoding); an answer with another ``Content-Encoding`` is
  refused before a byte is written (a 1 MB gzip body had become a 1 GiB ``.part``);
- **size**: :class:`Limit`, from the catalogue's recorded size plus :data:`MARGIN` (at least
  :data:`MARGIN_MIN`), else the ceiling of the file's kind (:data:`CEILINGS`); an announced
  ``Content-Length`` over it is refused at once, and the count is checked before each block
  is written; a ``.part`` over the bound is deleted, never kept for resume (an endless body
  had grown to 5,9 GB);
- **time**: besides the per-read timeout, an overall deadline per file,
  :data:`DEADLINE_BASE` plus the time the bound takes at :data:`MIN_RATE`, and a floor
  (:data:`RATE_FLOOR`) on the average rate once :data:`DEADLINE_BASE` has passed (one byte
  per second used to reset the read timeout forever); blocks are read as they arrive
  (``read1``), so both are looked at after every block;
- **headers**: the deadline covers the status line and headers too (:class:`_Watch` shuts
  the request's socket when it passes): a server dripping one header byte every half
  second, or sending ``100 Continue`` for ever, used to run past 150 s;
- **addresses**: an unreadable address (``http://[::1``) or a redirect to ``file://`` is told
  in pt-BR, and a password in an address is shown as ``***`` (:func:`shown_url`);
- **answers**: a ``206`` whose ``Content-Range`` does not start where it was asked restarts
  once from zero, then fails (it used to recurse 976 times into a ``RecursionError``); at
  most :data:`MAX_REDIRECTS` redirects;
- **messages**: one pt-BR reason per fault — connection timeout, no answer, reading stopped,
  oversized headers, malformed answer, redirect loop, unasked coding, over the bound,
  deadline.
"""

from __future__ import annotations

import errno
import os
import re
import sys
import threading
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from ..common.numbers import decimal
from ..errors import DataError
from ..os_errors import count_bytes, new_file_mode, os_reason, size_words
from .provenance import sha256

#: Bytes read at a time, at most: a cut connection loses at most this much of what it sent.
_CHUNK = 1 << 14
#: Seconds to wait for a connection, and for each block of data.
TIMEOUT = (15.0, 60.0)
#: What the publishers' servers are told the client is.
USER_AGENT = "viabilidade-data-fetch (estudos de viabilidade municipal, Goiás)"
#: Progress bar in pt-BR words.
BAR_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}B/{total_fmt}B [{elapsed} decorridos, faltam {remaining}]"
#: Redirects followed before an address is told as a redirect loop.
MAX_REDIRECTS = 10

_MIB = 1 << 20
#: Margin over a size the catalogue records (publishers re-issue files: a few more lines,
#: a rounded "181 MB"): a quarter of it, and never less than :data:`MARGIN_MIN` bytes.
MARGIN = 0.25
MARGIN_MIN = _MIB
#: Ceiling in bytes of a download whose size the catalogue does not record, by the end of
#: its name. The largest file the catalogue names is the national Localidades KML zip
#: (181 MB); the raw files the store reads are at most 7 MB (``shared/data``); the ceilings
#: leave room for national zips an order of magnitude larger.
CEILINGS = {".zip": 2048 * _MIB, ".gpkg": 1024 * _MIB, ".csv": 256 * _MIB,
            ".geojson": 256 * _MIB, ".tar.xz": 256 * _MIB, ".xlsx": 64 * _MIB,
            ".json": 64 * _MIB, ".kml": 64 * _MIB}
#: Ceiling of a file of any other kind.
CEILING_OTHER = 1024 * _MIB
#: Ceiling of an answer read into memory: a folder listing, a portal's list of files.
LISTING_MAX = 8 * _MIB
#: The overall deadline of one file: this many seconds, plus its bound read at
#: :data:`MIN_RATE` bytes per second (78.587 bytes → 1,1 MB → 67 s; the largest raw file,
#: 6.951.108 bytes → 8,7 MB → 113 s: every mirror file ends within 2 minutes; 2 GiB → 3,7 h).
#: A slower link (under about 1,3 Mbit/s) keeps its ``.part`` and the next run continues.
DEADLINE_BASE = 60.0
MIN_RATE = 160 * 1024
#: After :data:`DEADLINE_BASE` seconds, a transfer averaging fewer bytes per second than
#: this since its request is stopped (its ``.part`` kept for the next run): a server
#: trickling bytes is told in a minute even where the bound, and so the deadline, is large
#: (a 56k modem gives about 7 KiB/s; 1 byte per second used to run for ever).
RATE_FLOOR = 4 * 1024


@dataclass(frozen=True)
class Limit:
    """How many bytes a download may write, and why (pt-BR, for messages).

    Attributes
    ----------
    bytes : int
        The bound.
    why : str
        Where it comes from: the recorded size and margin, or the kind's ceiling.
    """

    bytes: int
    why: str

    @classmethod
    def recorded(cls, size: int) -> "Limit":
        """The catalogue's recorded ``size`` (bytes) plus :data:`MARGIN`."""
        margin = max(int(size * MARGIN), MARGIN_MIN)
        return cls(size + margin, f"o tamanho registrado, {count_bytes(size)}, mais a margem de "
                                  f"{count_bytes(margin)}")

    @classmethod
    def ceiling(cls, name: str) -> "Limit":
        """The ceiling of the file kind of ``name`` (:data:`CEILINGS`)."""
        low = name.lower()
        for end, n in CEILINGS.items():
            if low.endswith(end):
                return cls(n, f"o teto de arquivos {end} sem tamanho registrado, "
                              f"{size_words(n)}")  # "2,0 GiB", not "2048 MiB" (trial 9)
        return cls(CEILING_OTHER, f"o teto de arquivos sem tamanho registrado, "
                                  f"{size_words(CEILING_OTHER)}")

    @classmethod
    def of(cls, name: str, size: int = 0) -> "Limit":
        """:meth:`recorded` when ``size`` is known (> 0), else :meth:`ceiling`."""
        return cls.recorded(size) if size > 0 else cls.ceiling(name)

    @property
    def deadline(self) -> float:
        """Seconds one file may take in all (:data:`DEADLINE_BASE`, :data:`MIN_RATE`)."""
        return DEADLINE_BASE + self.bytes / MIN_RATE


class DownloadError(DataError):
    """A download that failed: ``reason`` (pt-BR), ``kind`` (``dns``, ``refused``,
    ``timeout``, ``http``, ``cut``, ``malformed``, ``redirects``, ``coding``, ``size``,
    ``deadline``, ``other``), ``status`` (HTTP code or None), ``kept`` (bytes left in the
    ``.part`` file for the next run)."""

    def __init__(self, url: str, target: Path, reason: str, kind: str, *,
                 status: int | None = None, kept: int = 0, dropped: int = 0):
        self.url, self.target, self.reason, self.kind = url, target, reason, kind
        self.status, self.kept, self.dropped = status, kept, dropped
        super().__init__(f"não foi possível baixar {shown_url(url)}: {reason}"
                         f"{kept_note(target, kept)}{dropped_note(dropped)}", file=target)


def kept_note(target: Path, kept: int) -> str:
    """What is said of the bytes kept in ``target.part`` (empty when none)."""
    if not kept:
        return ""
    return (f"; os {count_bytes(kept)} já recebidos ficaram em {target.name}.part e a próxima "
            "execução continua de onde parou")


def dropped_note(dropped: int) -> str:
    """What is said of the bytes of a ``.part`` deleted because it could never be continued
    (:func:`_leftover`; empty when none)."""
    if not dropped:
        return ""
    return (f"; os {count_bytes(dropped)} recebidos foram apagados: este servidor não aceita "
            "continuar um download pela metade (não responde a pedidos de trecho, Range), e a "
            "próxima execução recomeça do zero")


def _leftover(part: Path, resumable: bool) -> dict:
    """What becomes of the ``.part`` of a download stopped midway (the deadline, a slow or
    cut transfer): kept for the next run when the server continues a download from a byte
    (it answered ``206`` or announces ``Accept-Ranges: bytes``), else deleted: the next run
    would ask from zero anyway, and the ``.part`` would be debris. The ``kept``/``dropped``
    keywords of :class:`DownloadError`. A ``.part`` is never resumed past the file's bound
    (:func:`download` deletes one over it before asking)."""
    n = _size(part)
    if not n:  # an empty .part is debris, whatever the server
        part.unlink(missing_ok=True)
        return {"kept": 0}
    if resumable:
        return {"kept": n}
    part.unlink(missing_ok=True)
    return {"dropped": n}


def _seconds(s: float) -> str:
    return f"{s:g}".replace(".", ",")


def shown_url(url: str) -> str:
    """``url`` as told in messages: a password in it replaced by ``***``
    (``http://usuario:***@host/…``), so a message never echoes it."""
    try:
        parts = urllib.parse.urlsplit(url)
        if parts.password is None:
            return url
    except ValueError:
        return re.sub(r"//([^/@:]*):[^/@]*@", r"//\1:***@", url)
    host = parts.netloc.rpartition("@")[2]
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be downloaded (pt-BR), or ``None``: not parseable (``http://[::1``),
    not http(s), or without a server."""
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 — a port out of range raises here
    except ValueError:  # "Invalid IPv6 URL", "Port out of range 0-65535"
        return ("endereço inválido: o servidor ou a porta não se leem (um colchete sem par, "
                "uma porta fora de 0–65535)")
    if parts.scheme.lower() not in ("http", "https"):
        return (f"endereço inválido: esperado um endereço http:// ou https://, encontrado "
                f"{(parts.scheme or 'nenhum esquema')[:20]!r}")
    if not parts.hostname:
        return "endereço inválido: sem o nome do servidor"
    return None


class _Watch:
    """The overall deadline of one request, headers included: at ``end`` (monotonic
    seconds) the sockets of the request are shut down, so a server that drips its headers
    or sends ``100 Continue`` for ever is stopped (the per-read timeout restarts with every
    byte; issue 32 review, item 2). Sockets are registered by :class:`_WatchedMixin`
    connections of a :func:`new_session` session."""

    _current = threading.local()

    def __init__(self, end: float, deadline: float):
        self.end, self.deadline, self.fired, self.socks = end, deadline, False, []
        self._lock = threading.Lock()

    def __enter__(self) -> "_Watch":
        self._timer = threading.Timer(max(0.0, self.end - time.monotonic()), self.fire)
        self._timer.daemon = True
        self._timer.start()
        self._before = getattr(_Watch._current, "watch", None)
        _Watch._current.watch = self
        return self

    def __exit__(self, *exc) -> None:
        self._timer.cancel()
        _Watch._current.watch = self._before

    def add(self, sock) -> None:
        with self._lock:
            self.socks.append(sock)
            if self.fired:
                _shut(sock)

    def fire(self) -> None:
        with self._lock:
            self.fired = True
            for sock in self.socks:
                _shut(sock)


def _shut(sock) -> None:
    import socket

    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


class _WatchedMixin:
    """A urllib3 connection that hands its socket to the running :class:`_Watch` just
    before the answer's status line and headers are read."""

    def getresponse(self, *args, **kwargs):
        watch = getattr(_Watch._current, "watch", None)
        if watch is not None and getattr(self, "sock", None) is not None:
            watch.add(self.sock)
        return super().getresponse(*args, **kwargs)


def _chain(exc: BaseException) -> list[BaseException]:
    chain, e = [], exc
    while e is not None and len(chain) < 10:
        chain.append(e)
        e = e.__cause__ or e.__context__ or (
            e.args[0] if e.args and isinstance(e.args[0], BaseException) else None)
        if e is None and chain[-1].args:  # urllib3 keeps the cause as the last argument
            e = next((a for a in chain[-1].args if isinstance(a, BaseException)), None)
            if e in chain:
                e = None
    return chain


def _reason(exc: Exception, timeout, *, reading: bool = False) -> tuple[str, str]:
    """pt-BR reason and kind of a ``requests``/``urllib3`` exception; ``reading``: raised
    while the body was read (a timeout then means the server stopped sending)."""
    import http.client

    import requests
    import urllib3

    chain = _chain(exc)
    text = " ".join(f"{type(c).__name__} {c}" for c in chain)
    if isinstance(exc, requests.exceptions.ConnectTimeout) or (
            isinstance(exc, urllib3.exceptions.ConnectTimeoutError)):
        return (f"o servidor não aceitou a conexão em {_seconds(timeout[0])} s (tempo de "
                "conexão esgotado)"), "timeout"
    if reading and (isinstance(exc, (requests.exceptions.Timeout,
                                     urllib3.exceptions.ReadTimeoutError, TimeoutError))
                    or "timed out" in text):
        return (f"o servidor parou de enviar dados por {_seconds(timeout[1])} s no meio do "
                "arquivo (tempo de leitura esgotado)"), "timeout"
    if isinstance(exc, requests.exceptions.Timeout):
        return f"o servidor não respondeu em {_seconds(timeout[1])} s (tempo esgotado)", "timeout"
    if isinstance(exc, requests.exceptions.TooManyRedirects):
        return (f"o endereço redireciona sem parar (mais de {MAX_REDIRECTS} "
                "redirecionamentos): o servidor está mal configurado ou o endereço mudou"), \
            "redirects"
    if ("chunk size" in text or "ChunkedEncodingError" in text and "Invalid chunk" in text
            or "invalid literal for int() with base 16" in text):  # http.client's chunk line
        return ("a resposta do servidor é malformada (tamanho de bloco inválido na "
                "transferência em partes)"), "malformed"
    if isinstance(exc, requests.exceptions.InvalidHeader) or "InvalidHeader" in text:
        return ("a resposta do servidor é malformada (cabeçalhos inválidos ou "
                "contraditórios)"), "malformed"
    if any(isinstance(c, http.client.LineTooLong) for c in chain) or "got more than" in text:
        return ("a resposta do servidor é malformada: cabeçalhos grandes demais ou em número "
                "excessivo"), "malformed"
    if any(isinstance(c, (http.client.BadStatusLine, urllib3.exceptions.HeaderParsingError))
           for c in chain) and not any(isinstance(c, http.client.RemoteDisconnected)
                                       for c in chain):
        return "a resposta do servidor é malformada (não é uma resposta HTTP válida)", "malformed"
    if isinstance(exc, (requests.exceptions.SSLError, urllib3.exceptions.SSLError)):
        return "a conexão segura (HTTPS) falhou: certificado não aceito", "other"
    if isinstance(exc, (requests.exceptions.ChunkedEncodingError,
                        requests.exceptions.ContentDecodingError,
                        urllib3.exceptions.ProtocolError, http.client.IncompleteRead)):
        return "a conexão caiu no meio do download", "cut"
    if isinstance(exc, requests.exceptions.ConnectionError):
        if ("NameResolution" in text or "gaierror" in text or "Name or service not known" in text
                or "Temporary failure in name resolution" in text or "nodename nor servname" in text):
            return ("o nome do servidor não foi encontrado (sem conexão com a internet ou DNS "
                    "indisponível)"), "dns"
        if "Connection refused" in text or "ConnectionRefused" in text:
            return ("o servidor recusou a conexão (sem rede, servidor fora do ar ou endereço "
                    "errado)"), "refused"
        if "RemoteDisconnected" in text or "IncompleteRead" in text or "reset" in text.lower():
            return "a conexão caiu no meio do download", "cut"
        return "sem conexão com o servidor (rede indisponível)", "other"
    if isinstance(exc, (requests.exceptions.InvalidURL, requests.exceptions.MissingSchema,
                        requests.exceptions.InvalidSchema)):
        return "endereço inválido", "other"
    return f"falha inesperada da conexão ({type(exc).__name__})", "other"


def http_reason(status: int) -> str:
    """pt-BR reason of an HTTP error status."""
    if status == 404:
        return ("o arquivo não existe nesse endereço (HTTP 404); o publicador pode tê-lo "
                "movido ou renomeado")
    if status in (401, 403):
        return f"o servidor recusou o acesso (HTTP {status})"
    if status >= 500:
        return f"o servidor está com problemas (HTTP {status}); tente mais tarde"
    return f"o servidor respondeu HTTP {status}"


def _mismatch(target: Path, found: str, expected: str) -> DataError:
    return DataError(f"sha256 diferente: encontrado {found}; esperado {expected}; o arquivo "
                     "obtido foi descartado e o arquivo anterior, se havia, ficou como estava",
                     file=target)


def publish(tmp: Path, target: Path, expected: str | None) -> str:
    """Check the sha256 of the finished temporary file ``tmp``, then move it onto ``target``
    (atomically, same folder); on a mismatch remove ``tmp`` and leave ``target`` untouched."""
    digest = sha256(tmp)
    if expected is not None and digest != expected:
        tmp.unlink(missing_ok=True)
        raise _mismatch(target, digest, expected)
    os.chmod(tmp, new_file_mode(target))  # the replaced file's mode, else umask's (not 0600)
    os.replace(tmp, target)
    return digest


def new_session():
    """A ``requests`` session asking for the bytes as stored, with :data:`MAX_REDIRECTS`."""
    import requests

    s = requests.Session()
    s.headers["User-Agent"] = USER_AGENT
    # The bytes as stored: a server's on-the-fly gzip would make Range offsets and
    # Content-Length count other bytes than the ones written.
    s.headers["Accept-Encoding"] = "identity"
    s.max_redirects = MAX_REDIRECTS
    for prefix in ("http://", "https://"):
        s.mount(prefix, _watched_adapter())
    return s


def _watched_adapter():
    """A ``requests`` adapter whose connections report to :class:`_Watch`."""
    import requests
    import urllib3

    class HTTPConn(_WatchedMixin, urllib3.connection.HTTPConnection):
        pass

    class HTTPSConn(_WatchedMixin, urllib3.connection.HTTPSConnection):
        pass

    class HTTPPool(urllib3.connectionpool.HTTPConnectionPool):
        ConnectionCls = HTTPConn

    class HTTPSPool(urllib3.connectionpool.HTTPSConnectionPool):
        ConnectionCls = HTTPSConn

    adapter = requests.adapters.HTTPAdapter()
    adapter.poolmanager.pool_classes_by_scheme = {"http": HTTPPool, "https": HTTPSPool}
    return adapter


def get(sess, url: str, target: Path, timeout, headers=None, kept: int = 0):
    """GET with streaming; a network fault raised as :class:`DownloadError`.

    A host already found unreachable in this session (name not resolved, connection refused,
    timeout) is not tried again: the same reason is told at once.
    """
    import requests

    bad = url_problem(url)
    if bad:
        raise DownloadError(url, target, bad, "other", kept=kept)
    host = urllib.parse.urlsplit(url).netloc
    dead = getattr(sess, "unreachable", None)
    if dead is not None and host in dead:
        raise DownloadError(url, target, dead[host], "same", kept=kept)
    try:
        return sess.get(url, headers=headers or {}, stream=True, timeout=timeout,
                        allow_redirects=True)
    except (requests.exceptions.RequestException, OSError, ValueError) as exc:
        watch = getattr(_Watch._current, "watch", None)
        if watch is not None and watch.fired:
            raise DownloadError(url, target, _late(watch.deadline, 0, headers=True),
                                "deadline", kept=kept) from None
        if isinstance(exc, requests.exceptions.InvalidSchema) or (
                isinstance(exc, ValueError)
                and not isinstance(exc, requests.exceptions.RequestException)):
            # the address itself was checked above: a redirect led elsewhere (file://, ftp://)
            m = re.search(r"for '([A-Za-z][A-Za-z0-9+.-]{0,20}):", str(exc))
            scheme = f" ({m.group(1)}://)" if m else ""
            raise DownloadError(url, target, "o servidor redirecionou para um endereço que não é "
                                f"http:// nem https://{scheme}; só se seguem redirecionamentos "
                                "para endereços da web", "redirects", kept=kept) from None
        reason, kind = _reason(exc, timeout)
        if dead is not None and kind in ("dns", "refused", "timeout"):
            dead[host] = reason + " (na tentativa anterior, com o mesmo servidor)"
        raise DownloadError(url, target, reason, kind, kept=kept) from None


def _coding(resp, url: str, target: Path, kept: int) -> None:
    """Refuse an answer coded otherwise than asked (``identity``)."""
    coding = resp.headers.get("Content-Encoding", "").strip().lower()
    if coding and coding != "identity":
        raise DownloadError(url, target, f"o servidor enviou o arquivo codificado "
                            f"(Content-Encoding: {coding[:40]}) sem que isso fosse pedido; "
                            "nada foi gravado", "coding", kept=kept)


def read_text(sess, url: str, target: Path, timeout, limit: int | None = None) -> str:
    """The body of a small answer (a folder listing, a portal's JSON), at most ``limit``
    bytes, as text; an HTTP error, an unasked coding or a longer body is a
    :class:`DownloadError`. ``limit`` defaults to :data:`LISTING_MAX`."""
    limit = LISTING_MAX if limit is None else limit
    with _Watch(time.monotonic() + DEADLINE_BASE, DEADLINE_BASE) as watch:
        return _listing(sess, url, target, timeout, limit, watch)


def _listing(sess, url: str, target: Path, timeout, limit: int, watch: "_Watch") -> str:
    """:func:`read_text` under its :class:`_Watch`."""
    resp = get(sess, url, target, timeout)
    with resp:
        if watch.fired:
            raise DownloadError(url, target, _late(DEADLINE_BASE, 0, headers=True), "deadline")
        if resp.status_code >= 400:
            raise DownloadError(url, target, http_reason(resp.status_code), "http",
                                status=resp.status_code)
        _coding(resp, url, target, 0)
        data, t0 = bytearray(), time.monotonic()
        try:
            while block := resp.raw.read1(_CHUNK, decode_content=False):
                data += block
                if len(data) > limit:
                    raise DownloadError(url, target, f"a resposta passou de {count_bytes(limit)}, "
                                        "o teto de uma listagem; o servidor não respondeu com "
                                        "o que se esperava", "size")
                if time.monotonic() - t0 > DEADLINE_BASE:
                    raise DownloadError(url, target, _late(DEADLINE_BASE, len(data)),
                                        "deadline")
        except _network_errors() as exc:
            if watch.fired:
                raise DownloadError(url, target, _late(DEADLINE_BASE, len(data)),
                                    "deadline") from None
            reason, kind = _reason(exc, timeout, reading=True)
            raise DownloadError(url, target, reason, kind) from None
        if watch.fired:
            raise DownloadError(url, target, _late(DEADLINE_BASE, len(data)), "deadline")
        return bytes(data).decode(resp.encoding or "utf-8", errors="replace")


def _network_errors() -> tuple:
    """What reading a body may raise from the network (not a full disk's ``OSError``)."""
    import http.client

    import requests
    import urllib3

    return (requests.exceptions.RequestException, urllib3.exceptions.HTTPError, TimeoutError,
            ConnectionError, http.client.HTTPException)


def _late(deadline: float, written: int, *, headers: bool = False) -> str:
    if headers:
        return (f"o download passou do prazo de {_seconds(round(deadline, 1))} s para este "
                "arquivo sem que o servidor terminasse de enviar os cabeçalhos da resposta "
                "(servidor lento demais ou mal configurado)")
    return (f"o download passou do prazo de {_seconds(round(deadline, 1))} s para este arquivo "
            f"(recebidos {count_bytes(written)}; servidor lento demais)")


def _slow(spent: float, got: int) -> str:
    return (f"o servidor envia devagar demais: {count_bytes(got)} em {_seconds(round(spent, 1))} s, "
            f"em média, abaixo de {RATE_FLOOR // 1024} KiB/s")


def download(url: str, target: Path, *, timeout=TIMEOUT, expected: str | None = None,
             progress: bool = True, session=None, limit: Limit | None = None,
             deadline: float | None = None) -> str:
    """Download ``url`` to ``target`` through ``target.part``, resuming a partial file.

    Parameters
    ----------
    url : str
        http(s) address.
    target : Path
        Final file; its parent is created.
    timeout : float or (float, float)
        Seconds to connect and to wait for each block.
    expected : str, optional
        sha256 the file must have; checked on the finished ``.part`` before it replaces
        ``target``.
    progress : bool
        Show a tqdm bar on stderr (only when stderr is a terminal).
    session : requests.Session, optional
        Reused between downloads (:func:`new_session`).
    limit : Limit, optional
        Bytes the file may have (default :meth:`Limit.ceiling` of ``target``'s name).
    deadline : float, optional
        Seconds the whole file may take, restart included (default ``limit.deadline``).

    Returns
    -------
    str
        sha256 of the downloaded file.

    Raises
    ------
    DownloadError
        No connection, name not resolved, refused, a timeout (connecting, answering, or
        reading mid-file), an HTTP error, a cut transfer, malformed headers, a redirect loop,
        an unasked ``Content-Encoding``, more bytes than ``limit`` (the ``.part`` is
        deleted), the deadline passed, or a ``206`` with the wrong range twice (names the
        URL, the reason in pt-BR and the bytes kept in the ``.part``).
    DataError
        A sha256 other than ``expected`` (the ``.part`` is removed, ``target`` is left as it
        was).
    """
    timeout = timeout if isinstance(timeout, tuple) else (timeout, timeout)
    limit = limit or Limit.ceiling(target.name)
    deadline = limit.deadline if deadline is None else deadline
    sess = session or new_session()
    part = target.with_name(target.name + ".part")
    _own_part(url, target, part)
    t0 = time.monotonic()
    for attempt in (1, 2):  # the second: from zero, after an answer of the wrong range
        if _size(part) > limit.bytes:
            part.unlink()  # over the bound: never resumed
        done = _attempt(url, target, part, sess, timeout, limit, t0 + deadline, deadline,
                        progress, restarted=attempt == 2)
        if done:
            return publish(part, target, expected)
        part.unlink(missing_ok=True)
    raise AssertionError("unreachable")  # _attempt raises on the second wrong range


def _attempt(url, target, part, sess, timeout, limit, end, deadline, progress, *,
             restarted: bool) -> bool:
    """One request: True when ``part`` holds the whole file, False to restart from zero."""
    with _Watch(end, deadline) as watch:
        try:
            return _exchange(url, target, part, sess, timeout, limit, end, deadline, progress,
                             watch, restarted=restarted)
        except KeyboardInterrupt as exc:  # Ctrl-C: the command says what was kept
            exc.kept_note = kept_note(target, _size(part))
            raise


def _exchange(url, target, part, sess, timeout, limit, end, deadline, progress, watch, *,
              restarted: bool) -> bool:
    """:func:`_attempt` under its :class:`_Watch`."""
    from tqdm import tqdm

    have = _size(part)
    resp = get(sess, url, target, timeout, {"Range": f"bytes={have}-"} if have else None,
               kept=have)
    with resp:
        if watch.fired:  # the headers were cut at the deadline (their end read as EOF)
            raise DownloadError(url, target, _late(deadline, 0, headers=True), "deadline",
                                kept=have)
        if resp.status_code == 416 and have:
            size = resp.headers.get("Content-Range", "").rpartition("/")[2]
            if size.isdigit() and int(size) == have:  # the .part was complete
                return True
            return _restart(url, target, restarted, "o servidor recusou o trecho pedido "
                            "(HTTP 416) também ao recomeçar do zero")
        if resp.status_code >= 400:
            raise DownloadError(url, target, http_reason(resp.status_code), "http",
                                status=resp.status_code, kept=have)
        _coding(resp, url, target, have)
        resumable = (resp.status_code == 206
                     or "bytes" in resp.headers.get("Accept-Ranges", "").lower())
        start = 0
        if resp.status_code == 206:
            got = resp.headers.get("Content-Range", "")
            m = re.match(r"bytes (\d+)-", got)
            if not (m and int(m.group(1)) == have):  # a range we did not ask for
                return _restart(url, target, restarted, "o servidor respondeu de novo com um "
                                f"trecho diferente do pedido (Content-Range: {got[:60]!r}, "
                                f"pedido a partir do byte {decimal(have)}); a resposta é malformada")
            start = have
        length = resp.headers.get("Content-Length", "").strip()
        total = start + int(length) if length.isdigit() and len(length) < 20 else None
        if total is not None and total > limit.bytes:
            part.unlink(missing_ok=True)
            raise DownloadError(url, target, f"o servidor anuncia {count_bytes(total)}, mais que o "
                                f"limite de {count_bytes(limit.bytes)} ({limit.why}); nada foi "
                                "gravado", "size")
        target.parent.mkdir(parents=True, exist_ok=True)
        written, began = start, time.monotonic()
        try:
            with _open_part(url, target, part, start > 0) as fh, tqdm(
                    total=total, initial=start, unit="", unit_scale=True, unit_divisor=1024,
                    desc=target.name, leave=False, file=sys.stderr,
                    disable=None if progress else True, bar_format=BAR_FORMAT) as bar:
                while chunk := resp.raw.read1(_CHUNK, decode_content=False):
                    if written + len(chunk) > limit.bytes:
                        fh.close()
                        part.unlink(missing_ok=True)
                        raise DownloadError(url, target, f"o servidor enviou mais que o limite "
                                            f"de {count_bytes(limit.bytes)} ({limit.why}); o "
                                            "download foi interrompido e os bytes recebidos, "
                                            "apagados", "size")
                    fh.write(chunk)
                    written += len(chunk)
                    bar.update(len(chunk))
                    now = time.monotonic()
                    if now > end:
                        fh.flush()
                        raise DownloadError(url, target, _late(deadline, written), "deadline",
                                            **_leftover(part, resumable))
                    spent = now - began
                    if spent > DEADLINE_BASE and (written - start) / spent < RATE_FLOOR:
                        fh.flush()
                        raise DownloadError(url, target, _slow(spent, written - start),
                                            "deadline", **_leftover(part, resumable))
        except _network_errors() as exc:
            if watch.fired:
                raise DownloadError(url, target, _late(deadline, written), "deadline",
                                    **_leftover(part, resumable)) from None
            reason, kind = _reason(exc, timeout, reading=True)
            raise DownloadError(url, target, reason, kind, **_leftover(part, resumable)) from None
        if watch.fired:  # the socket shut at the deadline reads as the end of the body
            raise DownloadError(url, target, _late(deadline, written), "deadline",
                                **_leftover(part, resumable))
        if total is not None and written < total:
            raise DownloadError(url, target, f"a conexão terminou antes do fim (recebidos "
                                f"{count_bytes(written)} de {count_bytes(total)})", "cut",
                                **_leftover(part, resumable))
    return True


def _own_part(url: str, target: Path, part: Path) -> None:
    """Make sure ``part`` is this program's regular file, or absent: a link in its place (to a
    file outside the raw folder, say) is removed, the link itself and never what it points to
    (the trial's victim was overwritten through one); a folder is refused."""
    import stat

    try:
        mode = os.lstat(part).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise DownloadError(url, target, f"{part.name} é uma pasta, não o arquivo temporário do "
                            "download; apague-a ou mova-a e rode de novo", "other")
    part.unlink()  # a link, a FIFO, a device: not bytes of this download


def _open_part(url: str, target: Path, part: Path, append: bool):
    """``part`` opened for writing without following a link (``O_NOFOLLOW``), regular files
    only: a link put there after :func:`_own_part` is refused, never written through."""
    import stat

    flags = (os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK
             | (os.O_APPEND if append else os.O_TRUNC))
    try:
        fd = os.open(part, flags, 0o666)
    except OSError as exc:
        reason = "é um link" if exc.errno == errno.ELOOP else os_reason(exc)
        raise DownloadError(url, target, f"o arquivo temporário {part.name} não pôde ser aberto "
                            f"({reason}); nada foi gravado", "other") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise DownloadError(url, target, f"o arquivo temporário {part.name} não é um arquivo "
                            "comum; nada foi gravado", "other")
    return os.fdopen(fd, "ab" if append else "wb")


def _restart(url: str, target: Path, restarted: bool, reason: str) -> bool:
    """False (restart from zero) the first time; the second time, ``reason`` is raised."""
    if restarted:
        raise DownloadError(url, target, reason, "malformed")
    return False


def _size(path: Path) -> int:
    """Bytes of ``path`` when it is a regular file (a link is not followed), else 0."""
    import stat

    try:
        info = os.lstat(path)
    except OSError:
        return 0
    return info.st_size if stat.S_ISREG(info.st_mode) else 0


__all__ = ["CEILINGS", "DownloadError", "count_bytes", "LISTING_MAX", "Limit", "TIMEOUT", "download", "get",
           "http_reason", "kept_note", "publish", "new_session", "read_text", "shown_url",
           "url_problem"]
