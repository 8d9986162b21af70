"""Census tract aggregates of any number of records, for the tests and
``benchmarks/bounds_trial7.py`` (issue 32, hostile trial 7, H7-6): the fictitious fixture's
header and first record, repeated with distinct codes as records of Goiás, then of UF 53."""

from __future__ import annotations

from pathlib import Path

TRACTS = "CD2022_Agregados_por_setores_basico_GO.csv"
FICTITIOUS = Path(__file__).resolve().parent / "fixtures" / "setores_ficticios" / "census" / TRACTS


def tract_file(folder: Path, goias: int, others: int = 0) -> Path:
    """``folder/TRACTS``: ``goias`` Goiás records (tract codes 52 followed by 0, 1, … in 13
    digits), then ``others`` of UF 53, written a record at a time (the benchmark's million)."""
    header, first = FICTITIOUS.read_bytes().splitlines()[:2]
    record = first.split(b";")
    uf = header.split(b";").index(b'"CD_UF"')
    path = Path(folder) / TRACTS
    with open(path, "wb") as fh:
        fh.write(header + b"\n")
        for n in range(goias + others):
            record[0] = b'"52%013d"' % n
            record[uf] = b'"52"' if n < goias else b'"53"'
            fh.write(b";".join(record) + b"\n")
    return path
