"""Cluster engine: map :func:`~viabilidade.batch.unit.run_one` over a Dask distributed cluster.

Workers must see the same paths as the client (candidate files, the batch output folder,
the processed data) and have the package, the ``python3`` Jupyter kernel and the fonts
installed; see ``docs/cluster.md``.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable

from ..common.text import quoted
from .unit import failure_record, run_one, warm_up

#: How long to try to reach the scheduler before giving up (a Dask duration).
CONNECT_TIMEOUT = "20s"
#: Seconds the whole connection may take, handshake included: a server that accepts the TCP
#: connection and never answers holds ``Client(timeout=...)`` for ever (seen: still waiting at
#: 100 s), so the connection runs in a daemon thread and is given up after this.
CONNECT_DEADLINE_S = 30.0


def _connect(client_class, scheduler: str):
    """``client_class(scheduler, timeout=CONNECT_TIMEOUT)``, given up after
    :data:`CONNECT_DEADLINE_S` seconds.

    Raises
    ------
    TimeoutError
        The scheduler did not complete the connection in time (the thread is a daemon: it
        never keeps the command alive).
    OSError, ValueError
        As the client raises them.
    """
    import threading

    box: dict = {}

    def run() -> None:
        try:
            box["client"] = client_class(scheduler, timeout=CONNECT_TIMEOUT)
        except BaseException as e:  # noqa: BLE001 — handed to the caller below
            box["error"] = e

    t = threading.Thread(target=run, daemon=True, name="viabilidade-conexao-dask")
    t.start()
    t.join(CONNECT_DEADLINE_S)
    if t.is_alive():
        raise TimeoutError(f"sem resposta em {CONNECT_DEADLINE_S:.0f} s")
    if "error" in box:
        raise box["error"]
    return box["client"]


#: Address schemes a Dask scheduler on another machine listens on (``inproc://`` reaches only
#: a scheduler inside this very process, so it is refused).
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")


def scheduler_problem(address: str) -> str | None:
    """Why ``address`` is not the address of a Dask scheduler this batch can reach (pt-BR),
    or ``None``: a scheme other than :data:`SCHEMES` (``http://``, ``inproc://``), no host,
    a malformed host (``tcp://[::1``) or a port outside 1–65535 (``tcp://x:99999``, which
    Dask would try for 20 s)."""
    from urllib.parse import urlsplit

    expected = ("esperado o endereço tcp://HOST:PORTA de um escalonador Dask (esquemas aceitos: "
                f"{', '.join(SCHEMES[:4])})")
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address  # Dask reads a bare HOST:PORT as tcp://
    if scheme.lower() not in SCHEMES or not rest.strip("/"):
        return f"encontrado {quoted(address)}; {expected}"
    if rest.count("[") != rest.count("]"):  # an IPv6 host without its closing ']'
        return f"encontrado {quoted(address)}; {expected}"
    try:
        parts = urlsplit(f"{scheme}://{rest}")
        host, port = parts.hostname, parts.port
    except ValueError:  # a port that is not a number, or beyond 65535
        host, port = "?", 0
    if port == 0:
        return (f"encontrado {quoted(address)}; esperada uma porta entre 1 e 65535 no endereço "
                "tcp://HOST:PORTA de um escalonador Dask")
    if not host:
        return f"encontrado {quoted(address)}; {expected}"
    return None


def run_cluster(params_list: Iterable[dict], scheduler: str,
                on_result: Callable[[dict], None], *, study: str | None = None) -> None:
    """Run every study on the Dask cluster at ``scheduler``, calling ``on_result`` as each ends.

    Parameters
    ----------
    params_list : iterable of dict
        Parameters of :func:`~viabilidade.batch.unit.run_one`, one per study.
    scheduler : str
        Scheduler address, ``tcp://HOST:PORT``.
    on_result : callable
        Called in this process with each result record, in completion order.
    study : str, optional
        Study function imported by each worker first (see ``run_one``'s ``study``).

    Raises
    ------
    ViabilidadeError
        If ``dask.distributed`` is not installed or the scheduler cannot be reached.
    """
    from ..errors import ViabilidadeError

    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ViabilidadeError("--escalonador precisa do dask.distributed: pip install "
                               "'viabilidade[cluster]'") from None
    params_list = list(params_list)
    if not params_list:
        return
    try:
        client = _connect(Client, scheduler)
    except (OSError, TimeoutError, ValueError) as e:
        why = ("nenhum respondeu a tempo" if isinstance(e, TimeoutError)
               else "o endereço não pôde ser usado" if isinstance(e, ValueError)
               else "a conexão falhou ou foi recusada")
        raise ViabilidadeError(f"--escalonador {scheduler}: não foi possível conectar ao "
                               f"escalonador Dask ({why}); esperado o endereço tcp://HOST:PORTA "
                               "de um escalonador em funcionamento") from None
    with client:
        client.run(warm_up, study)  # once per worker: kernel environment and imports
        batch_id = uuid.uuid4().hex[:8]
        futures = client.map(run_one, params_list, pure=False,
                             key=[f"viabilidade-{batch_id}-{p['slug']}" for p in params_list])
        by_key = {f.key: p for f, p in zip(futures, params_list)}
        for fut in as_completed(futures):
            try:
                record = fut.result()
            except Exception as e:  # noqa: BLE001 — a lost worker (KilledWorker), not the study
                record = failure_record(by_key[fut.key], "o trabalhador Dask que executava este "
                                                         "estudo foi perdido (processo encerrado ou "
                                                         "máquina fora do ar; detalhe técnico: "
                                                         f"{type(e).__name__}: {e}); os demais "
                                                         "estudos do lote continuaram")
            on_result(record)
