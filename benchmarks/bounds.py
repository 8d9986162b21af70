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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kmz-gb", type=float, default=1.0)
    ap.add_argument("--vertices", type=int, default=200_000)
    ap.add_argument("--study", action="store_true",
                    help="also a full study at the vertex limit (slow: about a minute)")
    args = ap.parse_args()
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
