"""Hostile boundary files are decided in seconds and little memory (issue 25, "bounded work").

Usage: ``.venv/bin/python benchmarks/bounds.py [--kmz-gb 1] [--vertices 200000] [--study]``

Writes, in a temporary folder, the two files of the hostile trial and runs
``viabilidade estudo`` on a candidate using each, as a user would:

* a KML polygon of 200.000 vertices (the trial: 23 minutes, 7,6 GB, deaf to Ctrl-C);
* a KMZ of about 1 MB that inflates to 1 GB (the trial: 3 min 41 s, 4,45 GB).

For each it prints the time ``read_area`` takes to decide, then the file's size, the whole
command's wall time (interpreter start and study kernel included), the peak memory of the
command (``ru_maxrss`` of the child: the kernel's, mostly) and the first line of its message. ``--study`` also runs a full
study on a polygon at the vertex limit (:data:`viabilidade.geo.area_file.MAX_VERTICES`), to
show what the largest accepted boundary costs.

Measured on the project machine (2 cores, shared), 2026-12-01: the 200.000-vertex KML is
refused by ``read_area`` in 0,49 s and by the whole ``estudo`` command in 5,6 s (317 MB);
the 1 GB KMZ (0,96 MB on disk) in 0,00 s and 5,1 s (317 MB); a full study at 49.999
vertices takes 22,1 s (391 MB) and writes a 5,0 MB ``memorial-marcos.csv``.

Issue 32 (``--hostis``, or ``--caso NOME`` for one): each hostile input in a child process
of its own, printing its wall time, its peak memory (``ru_maxrss`` of the child) and what it
wrote or said. Every download case is a real :func:`viabilidade.data.download.download`
against the local server of ``tests/fetch_server.py``, bounded by the catalogue's size of
``census/CD2022_Agregados_por_distritos_basico_GO.csv`` (78.587 bytes, the file of the
trial) plus the margin, with the default deadline and rate floor; the largest ``.part`` seen
on disk is reported. :data:`CASES` is the one list of cases: the ``[oficios]`` settings of S4
(a 10 MB ``president``, a 1,1-million-word ``committee``, a 10 MB ``proposer`` before
``projeto-de-lei``, each through the whole command) are there; the 4.000 bad
``[[process.events]]`` (the process record's) are added the same way by whoever bounds them.

* ``gzip``: a 1 GiB gzip bomb (about 1 MB sent with ``Content-Encoding: gzip``; the trial:
  a 1 GiB ``.part``);
* ``sem-fim``: an endless chunked body (the trial: 5,9 GB in 40 s, killed from outside);
* ``lento``: one byte per second (the trial: still running at 150 s);
* ``envio``: a 91 MB GeoJSON of 10⁶ features given to the explorer's upload
  (:func:`viabilidade.explore.files.store_upload`; the trial: 52 s and 1,84 GB).

Limits the issue sets (:data:`DOWNLOAD_SECONDS`, :data:`INPUT_SECONDS`, :data:`INPUT_MB`,
checked by :func:`within`; a case past them is printed ``FORA DOS LIMITES`` and the command
exits 1): a download case ends by itself in under 2 minutes and writes at most the
catalogue's size plus the margin; a settings, process or upload case in under 10 s and
600 MB. Hostile trial 3's cases are there too: ``lento-sem-retomada`` (the ``.part`` of a
server that cannot continue is deleted), ``destinatarios`` (8.000 unknown addressees),
``tabela`` (``[oficio]``), ``link`` (``lote`` and a link to ``/etc/passwd``), ``nomes``
(``" .geojson"``, ``"..geojson"``). The table of every defect and its test is in
``docs/ERRORS.md`` ("Issue 32's defects and their tests").

Measured on the project machine (2 cores, shared by eight), 2026-12-07, bound 1.127.163
bytes: the gzip bomb is refused in 0,39 s (42 MB; nothing written; the server sent
1.043.656 bytes); the endless body stops in 0,42 s (32 MB; the server had sent 3.866.624
bytes, the ``.part`` is deleted); one byte per second stops at 60,45 s (32 MB; 61 bytes
kept in the ``.part`` for the next run); the 91 MB upload of 10⁶ features is refused in
4,48 s (307 MB, interpreter and the 91 MB in memory included). The ``[oficios]`` cases, same
machine and day at load 12: the 10 MB ``president`` is refused by ``oficios`` in 7,6 s (227 MB;
nothing written), the 1,1-million-word ``committee`` in 6,2 s (221 MB), the 10 MB ``proposer``
by ``projeto-de-lei`` in 7,0 s (214 MB); most of it is ``tomllib`` parsing the 10 MB file and
the store's first load, the text rule itself costs one ``len``.

Measured 2026-12-07 at 15:00 with ``--hostis``, load 20-21 (eight engineers and a parallel
test suite on 2 cores): every download case within its bounds — the gzip bomb refused in
0,82 s (nothing written), the endless body at the bound in 0,54 s (largest ``.part`` seen
950.157 bytes, deleted), one byte per second stopped at 60,9 s (61 bytes kept: the server
continues downloads), the same from a server that does not (``lento-sem-retomada``) at
62,2 s with its ``.part`` deleted; peak memory 38-49 MB. The upload names are refused in
6,9 s (nothing stored). The command cases took 8-14 s at 126-149 MB against a reference
``processo`` of Posse d'Abadia of 6,2 s at the same load: ``[oficio]`` 8,7 s, the 1,1-million
word ``committee`` 8,0 s, the 10 MB ``president`` 8,5 s and ``proposer`` 12,9 s (refused by
the file's size), 8.000 addressees 10,8 s (224 bytes of error, was 1,9 MB), 4.000 events
10,6 s (51 lines of error), the link 11,9 s; so past 10 s at this load by the command's own
start and the store's reading, not by the input (each costs at most a few seconds over the
reference). The 91 MB upload took 10,1 s (248 MB): ``store_upload`` writes the upload to a
temporary file before ``read_area`` refuses it by size.

Hostile trial 5's cases (``tesouro-250mb``, ``tesouro-no-limite``, ``csv-cr``, ``eco-sidra``,
``sede-largura-total``, ``xlsx-strings``, ``xlsx-linhas``, ``xlsx-mentiroso``, ``xlsx-zip64``)
are in ``benchmarks/bounds_trial5.py``; their figures are there.

Hostile trial 4's blockers (``ods-colunas``, ``ods-espacos``, ``ods-celulas``,
``tar-esparso``; each calls the reader of ``data build`` on the trial's input): measured
2026-12-07 at 16:05, load 7-9, each in its own child: the 330-byte ODS of one cell repeated
100.000.000 columns refused in 0,00 s of reading, 19 MB peak (the trial: 1,72 GB); the
4.000.000.000 spaces in 0,04 s, 24 MB (the trial: a MemoryError at 4,1 GB); 256 cells ×
200.000 rows in 0,03 s, 24 MB (the trial: 613 MB); the 122-byte tar of a sparse 3 GiB
``a.kml`` in 0,12 s, 160 MB (geopandas' import), nothing written (the trial: ~3 GB in
``/tmp``).
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

CANDIDATE = """operation = "create-municipality"
name = "Teste de limites"
[area]
boundary = "{boundary}"
[origin]
municipalities = ["5200100"]
"""


def kml(n: int) -> str:
    """A KML polygon of ``n`` vertices: a circle of about 4 km inside Abadiânia, away from its
    seat."""
    pts = [(-48.60 + 0.035 * math.cos(2 * math.pi * i / n), -16.20 + 0.035 * math.sin(2 * math.pi * i / n))
           for i in range(n)]
    coords = " ".join(f"{x:.7f},{y:.7f}" for x, y in pts + pts[:1])
    return ('<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2">'
            "<Document><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>"
            f"{coords}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>"
            "</Document></kml>")


def kmz_bomb(path: Path, gigabytes: float) -> None:
    """A valid KMZ (a small doc.kml) plus a member of zeros inflating to ``gigabytes`` GB."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("doc.kml", kml(100))
        block = b"\0" * (1 << 24)
        with z.open("imagens/textura.bin", "w", force_zip64=True) as fh:
            for _ in range(int(gigabytes * 1e9) // len(block)):
                fh.write(block)


def decide(boundary: Path) -> str:
    """Time :func:`viabilidade.geo.area_file.read_area` alone (in this process)."""
    from viabilidade.errors import GeoError
    from viabilidade.geo.area_file import read_area

    t0 = time.perf_counter()
    try:
        read_area(boundary)
        what = "aceito"
    except GeoError:
        what = "recusado"
    return f"read_area: {what} em {time.perf_counter() - t0:,.2f} s"


def run(folder: Path, boundary: Path, label: str) -> None:
    print(f"{label}: {decide(boundary)}")
    cand = folder / f"{boundary.stem}.toml"
    cand.write_text(CANDIDATE.format(boundary=boundary.name), encoding="utf-8")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "viabilidade.cli", "estudo", str(cand),
                           "--saida", str(folder / "saida")], capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    said = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
    print(f"  viabilidade estudo: arquivo de {boundary.stat().st_size / 1e6:,.2f} MB; {seconds:,.1f} s; "
          f"memória máxima {max(peak, before) / 1024:,.0f} MB; código {proc.returncode}")
    print(f"  {said[0] if said else '(sem mensagem)'}"[:400])


#: The size the catalogue knows of the trial's file (``shared/data``), in bytes.
TRIAL_FILE = "census/CD2022_Agregados_por_distritos_basico_GO.csv"
TRIAL_BYTES = 78_587


def _download_case(path: str, **server) -> dict:
    """One hostile download: the real ``download`` against the test server's ``path``,
    bounded by :data:`TRIAL_BYTES` plus the margin; the largest ``.part`` seen on disk."""
    import threading

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from fetch_server import Server

    from viabilidade.data.download import DownloadError, Limit, download

    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp, Server(Path(tmp), **server) as srv:
        target = Path(tmp) / "saida" / Path(TRIAL_FILE).name
        part = target.with_name(target.name + ".part")
        seen, done = [0], threading.Event()

        def watch():
            while not done.wait(0.05):
                try:
                    seen[0] = max(seen[0], part.stat().st_size)  # polled every 50 ms
                except OSError:
                    pass

        threading.Thread(target=watch, daemon=True).start()
        limit = Limit.recorded(TRIAL_BYTES)
        if "bomb" in server:  # the server's 1 MB answer made before the clock starts
            from fetch_server import gzip_zeros

            srv._bomb = (srv.bomb, gzip_zeros(srv.bomb))
        t0 = time.perf_counter()
        try:
            download(f"{srv.url}{path}", target, progress=False, limit=limit)
            said = "baixado (inesperado)"
        except DownloadError as e:
            said = e.reason + (f" [{e.kept} bytes mantidos no .part]" if e.kept else "")
        seconds = time.perf_counter() - t0
        done.set()
        left = part.stat().st_size if part.exists() else 0
        out = {"said": said, "download s": round(seconds, 2), "limite": limit.bytes,
               "maior .part visto": max(seen[0], left), ".part ao fim": left}
        if srv.sent:
            out["bytes enviados pelo servidor"] = srv.sent
        if getattr(srv, "_bomb", None):
            out["bytes enviados (gzip)"] = len(srv._bomb[1])
        return out


def case_gzip() -> dict:
    return _download_case("/bomba/x.csv", bomb=1 << 30)


def case_endless() -> dict:
    return _download_case("/sem-fim/x.csv")


def case_slow() -> dict:
    return _download_case("/gota/x.csv", drip=1.0)


def case_upload() -> dict:
    """A 91 MB GeoJSON of 10⁶ point features through the explorer's upload."""
    from viabilidade.errors import GeoError
    from viabilidade.explore.files import store_upload

    feature = ('{"type":"Feature","properties":{},"geometry":{"type":"Point",'
               '"coordinates":[-48.6,-16.2]}}')
    content = ('{"type":"FeatureCollection","features":[' + ",".join([feature] * 1_000_000)
               + "]}").encode()
    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        t0 = time.perf_counter()
        try:
            store_upload("um-milhao.geojson", content, tmp)
            said = "aceito (inesperado)"
        except GeoError as e:
            said = str(e)
        return {"said": said, "file MB": round(len(content) / 1e6, 1),
                "upload s": round(time.perf_counter() - t0, 2)}


def _oficios_case(command: str, old: str, new: str) -> dict:
    """``viabilidade <command>`` for Posse d'Abadia with the tests' ``[oficios]`` settings,
    ``old`` replaced by the hostile ``new``: what the command said and whether it wrote."""
    import contextlib
    import io

    from viabilidade.cli import main as cli

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    text = open(os.path.join(root, "tests", "fixtures", "oficios.toml"), encoding="utf-8").read()
    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        settings = os.path.join(tmp, "config.toml")
        with open(settings, "w", encoding="utf-8") as f:
            f.write(text.replace(old, new, 1))
        err = io.StringIO()
        t0 = time.perf_counter()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = cli([command, os.path.join(root, "data", "candidates", "posse-dabadia.toml"),
                        "--configuracoes", settings, "--saida", os.path.join(tmp, "saida")])
        seconds = time.perf_counter() - t0
        return {"said": err.getvalue().strip().replace(settings, "config.toml"),
                "comando s": round(seconds, 2), "saída": code,
                "escreveu": "sim" if os.path.exists(os.path.join(tmp, "saida")) else "nada",
                "arquivo MB": round(os.path.getsize(settings) / 1e6, 1)}


def case_president() -> dict:
    """S4: a 10 MB ``president`` (the trial: 296 s, 2,07 GB, 117 MB of letters)."""
    return _oficios_case("oficios", 'president = "Maria Aparecida Souza"',
                         'president = "' + "M" * 10_000_000 + '"')


def case_committee() -> dict:
    """S4: a 1,1-million-word ``committee`` (the trial: still running at 300 s, 2,66 GB)."""
    return _oficios_case("oficios", 'committee = "Comissão de Constituição, Justiça e Redação"',
                         'committee = "' + "palavra " * 1_100_000 + '"')


def case_proposer() -> dict:
    """S4: a 10 MB ``proposer`` before ``projeto-de-lei`` (the trial: 93 s, 3,65 GB, 2.694
    pages)."""
    return _oficios_case("projeto-de-lei", 'proposer = "João Batista Lima"',
                         'proposer = "' + "J" * 10_000_000 + '"')


def case_events() -> dict:
    """S5: 4.000 ``[[process.events]]`` of an unknown kind (the trial: 289 s; quadratic in the
    events with problems). The record is bounded at 1.000 acts and its errors are linear."""
    import contextlib
    import io

    from viabilidade.cli import main as cli

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    text = open(os.path.join(root, "data", "candidates", "posse-dabadia.toml"),
                encoding="utf-8").read()
    events = "".join(f'\n[[process.events]]\nkind = "desconhecido-{k}"\ndate = 2027-02-10\n'
                     f'document = "Documento nº {k}"\n' for k in range(4000))
    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        cand = os.path.join(tmp, "eventos.toml")
        with open(cand, "w", encoding="utf-8") as f:
            f.write(text + events)
        err = io.StringIO()
        t0 = time.perf_counter()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = cli(["processo", cand, "--data-referencia", "2027-04-01"])
        said = err.getvalue().strip().replace(cand, "eventos.toml")
        return {"said": said.splitlines()[0] if said else "", "linhas de erro": len(said.splitlines()),
                "comando s": round(time.perf_counter() - t0, 2), "saída": code,
                "arquivo MB": round(os.path.getsize(cand) / 1e6, 1)}


def case_slow_no_resume() -> dict:
    """Hostile trial 3: one byte per second from a server that does not continue a download
    from a byte (no ``Accept-Ranges``): its ``.part`` is deleted, never kept as debris."""
    return _download_case("/gota/x.csv", drip=1.0, ranges=False)


def case_addressees() -> dict:
    """Hostile trial 3: 8.000 unknown addressees (1,7 MB of errors before)."""
    extra = "".join(f'desconhecido-{i} = {{ name = "Fulano {i}", gender = "masculino" }}\n'
                    for i in range(8000))
    out = _oficios_case("oficios", "[oficios.destinatarios]\n",
                        "[oficios.destinatarios]\n" + extra)
    out["bytes de erro"] = len(out["said"].encode())
    return out


def case_unknown_table() -> dict:
    """Hostile trial 3: an unknown table ``[oficio]`` in the settings file (accepted in
    silence by ``oficios`` before)."""
    return _oficios_case("oficios", "[oficios.destinatarios]",
                         "[oficio]\nx = 1\n\n[oficios.destinatarios]")


def case_link() -> dict:
    """Hostile trial 3: ``lote`` on a candidates folder holding a link to ``/etc/passwd``."""
    import contextlib
    import io

    from viabilidade.cli import main as cli

    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        cands = Path(tmp) / "cands"
        cands.mkdir()
        (cands / "passwd.toml").symlink_to("/etc/passwd")
        err, out = io.StringIO(), io.StringIO()
        t0 = time.perf_counter()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            code = cli(["lote", str(cands), "--saida", str(Path(tmp) / "lote"),
                        "--sem-progresso"])
        said = [l for l in (out.getvalue() + err.getvalue()).splitlines() if "passwd" in l]
        return {"said": (said[0].strip() if said else "").replace(tmp, "…"),
                "comando s": round(time.perf_counter() - t0, 2), "saída": code}


def case_upload_names() -> dict:
    """Hostile trial 3: upload names with nothing before the extension."""
    from viabilidade.errors import GeoError
    from viabilidade.explore.files import store_upload

    said = []
    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        t0 = time.perf_counter()
        for name in (" .geojson", "..geojson"):
            try:
                store_upload(name, b'{"type":"Polygon","coordinates":[]}', tmp)
                said.append(f"{name!r} aceito (inesperado)")
            except GeoError as e:
                said.append(str(e))
        return {"said": " | ".join(said), "envio s": round(time.perf_counter() - t0, 2),
                "guardados": len(os.listdir(tmp))}


def case_reference() -> dict:
    """Not hostile: ``processo`` on Posse d'Abadia, the cost of a command's start and of
    reading the store at the machine's present load, beside which the others are read."""
    import contextlib
    import io

    from viabilidade.cli import main as cli

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()) as out:
        code = cli(["processo", os.path.join(root, "data", "candidates", "posse-dabadia.toml")])
    return {"said": out.getvalue().splitlines()[0], "comando s": round(time.perf_counter() - t0, 2),
            "saída": code}


def _read_refused(read, path: Path) -> dict:
    """``read(path)``'s refusal (or "aceito (inesperado)") and the seconds it took."""
    from viabilidade.errors import DataError

    t0 = time.perf_counter()
    try:
        read(path)
        said = "aceito (inesperado)"
    except DataError as e:
        said = str(e)
    return {"said": said, "leitura s": round(time.perf_counter() - t0, 2)}


def _ods(content_rows: str) -> dict:
    """Hostile trial 4: ``read_ods_sheet`` on a DTB report whose one sheet holds
    ``content_rows`` (the trial's ``mk_ods.py``)."""
    import zipfile

    from viabilidade.data.ods import read_ods_sheet

    ns = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        path = Path(tmp) / "RELATORIO_DTB_BRASIL_DISTRITO.ods"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("content.xml", f'<?xml version="1.0"?><office:document-content {ns}>'
                       '<office:body><office:spreadsheet><table:table table:name="T">'
                       f"{content_rows}</table:table></office:spreadsheet></office:body>"
                       "</office:document-content>")
        return {**_read_refused(read_ods_sheet, path), "arquivo bytes": path.stat().st_size}


def _string_cell(text: str, attrs: str = "") -> str:
    return (f'<table:table-cell {attrs} office:value-type="string"><text:p>{text}</text:p>'
            "</table:table-cell>")


def case_ods_columns() -> dict:
    """H4-1: one cell repeated 100.000.000 columns (the trial: 1,72 GB in ``data build``)."""
    return _ods("<table:table-row>" + _string_cell("x", 'table:number-columns-repeated='
                                                       '"100000000"') + "</table:table-row>")


def case_ods_spaces() -> dict:
    """H4-2: ``<text:s text:c="4000000000"/>`` (the trial: a MemoryError at 4 GB)."""
    return _ods("<table:table-row>" + _string_cell('a<text:s text:c="4000000000"/>b')
                + "</table:table-row>")


def case_ods_cells() -> dict:
    """H4-3: 256 distinct cells × 200.000 repeated rows (the trial: 613 MB)."""
    cells = "".join(_string_cell(f"v{i:03d}" * 8) for i in range(256))
    return _ods(f'<table:table-row table:number-rows-repeated="200000">{cells}</table:table-row>')


#: H4-4's 122 bytes: a gzip tar whose GNU sparse member ``a.kml`` declares 3 GiB.
SPARSE_TAR = ("H4sIAAAAAAAAA+3QQQrCMBAF0BwlJ5A0aXoRT9C1SqGt97dkVVwoCNnIe5s/MAMzzHy5Pe6hr3SYxrHl4T1bPdSSa"
              "q251BzSUKZcQ7x2vqt5bvu8xhjWZdk/zX3r/6ycvnD+SJcFAAAAAAAAAAAA/IkXuBQ3DwAoAAA=")


def case_tar() -> dict:
    """H4-4: the Localidades tar with a sparse 3 GiB member (the trial: ~3 GB written to
    ``/tmp``); the bytes written under the temporary folder are reported."""
    import base64
    import shutil

    from viabilidade.data.localidades import read_localidades

    before = shutil.disk_usage(tempfile.gettempdir()).used
    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        path = Path(tmp) / "go_localidades2022_ibge_kml_246_municipios.tar.xz"
        path.write_bytes(base64.b64decode(SPARSE_TAR))
        out = _read_refused(read_localidades, path)
    grown = shutil.disk_usage(tempfile.gettempdir()).used - before
    return {**out, "disco MB (aprox.)": round(max(grown, 0) / 1e6)}


#: Hostile inputs of issue 32: name -> (label, function returning what it wrote or said,
#: kind: ``"download"``, bounded by :data:`DOWNLOAD_SECONDS` and the catalogue's size plus
#: the margin; ``"entrada"``, by :data:`INPUT_SECONDS` and :data:`INPUT_MB`).
CASES = {
    "referencia": ("Referência, não hostil: processo de Posse d'Abadia", case_reference,
                   "referencia"),
    "gzip": ("Bomba gzip de 1 GiB (Content-Encoding não pedido)", case_gzip, "download"),
    "sem-fim": ("Corpo sem fim (chunked)", case_endless, "download"),
    "lento": ("Servidor lento: 1 byte por segundo", case_slow, "download"),
    "lento-sem-retomada": ("Servidor lento que não retoma downloads (sem Accept-Ranges)",
                           case_slow_no_resume, "download"),
    "envio": ("Envio de GeoJSON de 91 MB com 10⁶ feições", case_upload, "entrada"),
    "nomes": ("Envios chamados ' .geojson' e '..geojson'", case_upload_names, "entrada"),
    "presidente": ("[oficios] president de 10 MB (oficios)", case_president, "entrada"),
    "comissao": ("[oficios] committee de 1,1 milhão de palavras (oficios)", case_committee,
                 "entrada"),
    "proponente": ("[oficios] proposer de 10 MB (projeto-de-lei)", case_proposer, "entrada"),
    "destinatarios": ("8.000 destinatários desconhecidos (oficios)", case_addressees, "entrada"),
    "tabela": ("Tabela desconhecida [oficio] no arquivo de configurações (oficios)",
               case_unknown_table, "entrada"),
    "eventos": ("4.000 atos de tipo desconhecido no registro do processo (processo)", case_events,
                "entrada"),
    "link": ("Link para /etc/passwd na pasta de candidatos (lote)", case_link, "entrada"),
    "ods-colunas": ("H4-1: célula de ODS repetida em 100.000.000 colunas", case_ods_columns,
                    "entrada"),
    "ods-espacos": ("H4-2: <text:s text:c=\"4000000000\"/> numa célula de ODS", case_ods_spaces,
                    "entrada"),
    "ods-celulas": ("H4-3: 256 células × 200.000 linhas repetidas num ODS", case_ods_cells,
                    "entrada"),
    "tar-esparso": ("H4-4: tar de Localidades com a.kml esparso de 3 GiB", case_tar, "entrada"),
}
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bounds_trial5 import CASES as TRIAL5  # noqa: E402  (hostile trial 5's cases)

from bounds_trial6 import CASES as TRIAL6  # noqa: E402  (hostile trial 6's cases)
from bounds_trial7 import CASES as TRIAL7  # noqa: E402  (hostile trial 7's cases)

CASES.update(TRIAL5)
CASES.update(TRIAL6)
CASES.update(TRIAL7)
#: The bounds of issue 32's "Done when": a download ends by itself within 2 minutes and
#: writes at most the catalogue's size plus the margin; a settings, process or upload case
#: within 10 s and 600 MB.
DOWNLOAD_SECONDS = 120
INPUT_SECONDS = 10
INPUT_MB = 600


def within(kind: str, r: dict) -> list[str]:
    """What of a case's result ``r`` is past its bounds (empty when none)."""
    if kind == "referencia":
        return []
    if kind == "download":  # the download's own time (the bomb's making is not the client's)
        took = r.get("download s", r["seconds"])
        past = [f"{took} s > {DOWNLOAD_SECONDS} s"] if took > DOWNLOAD_SECONDS else []
        if r["maior .part visto"] > r["limite"]:
            past.append(f".part de {r['maior .part visto']} bytes > limite {r['limite']}")
        return past
    # a reader's own time when the case reports it (making the hostile file is not the reader's)
    took = r.get("leitura s", r["seconds"])
    past = [f"{took} s > {INPUT_SECONDS} s"] if took > INPUT_SECONDS else []
    if r["peak MB"] > INPUT_MB:
        past.append(f"{r['peak MB']} MB > {INPUT_MB} MB")
    return past


def run_case(name: str) -> None:
    """Run one case in this process; print one JSON line with its time and peak memory."""
    import json

    t0 = time.perf_counter()
    out = CASES[name][1]()
    out["seconds"] = round(time.perf_counter() - t0, 2)
    out["peak MB"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    print(json.dumps(out, ensure_ascii=False))


def hostile(names) -> None:
    """Each case in a child process (its own peak memory), printed as a user reads it."""
    import json

    failed = 0
    print("carga da máquina (1, 5, 15 min): "
          + ", ".join(_pt(round(x, 2)) for x in os.getloadavg())
          + " — os casos por comando incluem a partida do comando e a leitura dos dados, que "
            "numa máquina carregada passam sozinhas de 10 s")
    for name in names:
        label = CASES[name][0]
        proc = subprocess.run([sys.executable, __file__, "--caso", name], capture_output=True,
                              text=True, timeout=600)
        lines = proc.stdout.strip().splitlines()
        if proc.returncode or not lines:
            print(f"{label}: falhou ({proc.returncode}) {proc.stderr.strip()[-400:]}")
            continue
        r = json.loads(lines[-1])
        past = within(CASES[name][2], r)
        said = r.pop("said")
        print(f"{label}: caso inteiro {_pt(r.pop('seconds'))} s (com o preparo do servidor ou "
              f"do arquivo); memória máxima {_pt(r.pop('peak MB'))} MB; "
              + "; ".join(f"{k} {_pt(v)}" for k, v in r.items()))
        print(f"  {said}"[:400])
        print("  dentro dos limites" if not past else f"  FORA DOS LIMITES: {'; '.join(past)}")
        failed += bool(past)
    return failed


def _pt(v) -> str:
    """A figure as the project prints them: ``1.127.163``, ``60,45``."""
    if isinstance(v, int):
        return f"{v:,}".replace(",", ".")
    if isinstance(v, float):
        return f"{v:,.2f}".replace(",", "\0").replace(".", ",").replace("\0", ".")
    return str(v)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kmz-gb", type=float, default=1.0)
    ap.add_argument("--vertices", type=int, default=200_000)
    ap.add_argument("--study", action="store_true",
                    help="also a full study at the vertex limit (slow: about a minute)")
    ap.add_argument("--hostis", action="store_true",
                    help="only the hostile inputs of issue 32 (CASES), each in its own process")
    ap.add_argument("--caso", choices=sorted(CASES), help="run one case here (used by --hostis)")
    ap.add_argument("--casos", help="some of the hostile cases, comma-separated, as --hostis "
                                    "runs them (each in its own process, checked against the "
                                    "bounds)")
    args = ap.parse_args()
    if args.caso:
        return run_case(args.caso)
    if args.hostis or args.casos:
        sys.exit(1 if hostile(args.casos.split(",") if args.casos else list(CASES)) else 0)
    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        folder = Path(tmp)
        dense = folder / "denso.kml"
        dense.write_text(kml(args.vertices), encoding="utf-8")
        run(folder, dense, f"Polígono de {args.vertices:,} vértices".replace(",", "."))
        bomb = folder / "bomba.kmz"
        t0 = time.perf_counter()
        kmz_bomb(bomb, args.kmz_gb)
        print(f"(KMZ escrito em {time.perf_counter() - t0:,.1f} s)")
        run(folder, bomb, f"KMZ que se expande para {args.kmz_gb:g} GB")
        if args.study:
            from viabilidade.geo.area_file import MAX_VERTICES

            limit = folder / "limite.kml"
            limit.write_text(kml(MAX_VERTICES - 1), encoding="utf-8")
            run(folder, limit, f"Estudo completo com {MAX_VERTICES - 1:,} vértices".replace(",", "."))
            csv = folder / "saida" / "limite" / "memorial-marcos.csv"
            if csv.exists():
                print(f"  anexo {csv.name}: {csv.stat().st_size / 1e6:,.1f} MB")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    main()
