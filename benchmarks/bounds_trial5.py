"""Hostile trial 5's inputs of issue 32, as cases of ``benchmarks/bounds.py`` (:data:`CASES`,
merged into its own): each calls the reader ``data build`` (or the command a user runs) on
the trial's input and returns what it said, the seconds the reading took and the input's
size; ``bounds.py`` runs each in its own child process and prints its wall time and peak
memory against the issue's bounds (10 s, 600 MB).

* ``tesouro-250mb``: a 250 MB ``TransferenciaMensalMunicipios202303.csv`` of real-looking
  lines (the trial: 1,2–2,3 GB), refused by its own bound (12 MiB) before it is read;
* ``tesouro-no-limite``: the same kind of file under its bounds (10 MB, 208.000 lines, of other states'
  lines around the Goiás ones), read keeping only the Goiás FPM lines;
* ``csv-cr``: a Tesouro copy whose header has CR-only line ends (the trial: ``_csv.Error``);
* ``eco-sidra``: a SIDRA answer whose header holds a 15 MB label (the trial: a 15 MB message);
* ``sede-largura-total``: ``estudo`` on a candidate whose seat is written in full-width
  letters (the trial: accepted);
* ``xlsx-strings``, ``xlsx-linhas``: the IBGE areas workbook with 15 MiB (under the member
  bound) of shared strings, or of rows (the trial: 20 million strings, 3 million rows past
  120 s; with 64 MiB of rows, openpyxl's scan for the sheet's size took 50 s);
* ``xlsx-mentiroso``, ``xlsx-zip64``: a sheet of 52 MB declaring 5.000 bytes; a ZIP64 one
  of 67,6 MB (the lead's bounds re-checked).

Measured 2026-12-07 at 18:20, load 4–5, each case in its own child (``bounds.py --casos``;
"leitura" is the reader's own time, the case's includes making the file): the 250 MB
Tesouro file refused in 0,03 s (170 MB peak: the interpreter, pandas and the fixtures; main
read it whole: 45,8 s and 2,23 GB, ``/usr/bin/time -v``); a 10 MB one read in 1,63 s, 171 MB
(main: 2,12 s, 273 MB; tracemalloc's peak for a 10,8 MB file: 4,3 MB against main's 268 MB);
the CR header told in 0,18 s (286 bytes); the 15 MB SIDRA label in 0,20 s (a 301-byte
message); the full-width seat by ``estudo`` in 2,6 s, nothing written; 15 MiB of shared
strings (3,7 million elements) in 0,10 s and of rows in 0,06 s (139 MB; with 64 MiB of rows
the reading took 62 s before, in openpyxl's scan for the sheet's size); the lying member in
0,03 s (its CRC) and the ZIP64 one in 0,05 s (its ZIP64 size). Every case within 10 s and
600 MB.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _refused(read, *args) -> dict:
    """``read(*args)``'s refusal (or "aceito (inesperado)") and the seconds it took."""
    from viabilidade.errors import ViabilidadeError

    t0 = time.perf_counter()
    try:
        read(*args)
        said = "aceito (inesperado)"
    except ViabilidadeError as e:
        said = str(e)
    return {"said": said[:300], "bytes da mensagem": len(said.encode()),
            "leitura s": round(time.perf_counter() - t0, 2)}


def _municipalities():
    sys.path.insert(0, str(ROOT / "tests"))
    import official_fixtures as fx

    return fx, fx.municipalities()


def _national(path: Path, megabytes: float) -> int:
    """A Tesouro national file: the Goiás lines of the fixture, then other states' lines to
    about ``megabytes`` MB; its size."""
    fx, _ = _municipalities()
    other = ("Acrelândia;AC;2023;03;456020.76;100523.88;0;FPM;FPM;\n"
             "Acrelândia;AC;2023;03;90.08;10.1;0;ITR;ITR;\n").encode("latin-1")
    with open(path, "wb") as fh:
        fh.write(fx.fpm_credits_csv())
        block = other * 10_000
        for _ in range(int(megabytes * 1e6) // len(block)):
            fh.write(block)
    return path.stat().st_size


def case_tesouro_big() -> dict:
    from viabilidade.data import transfers

    fx, mun = _municipalities()
    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        path = Path(tmp) / "TransferenciaMensalMunicipios202303.csv"
        size = _national(path, 250)
        out = _refused(lambda p: transfers.read_fpm_credits(p, mun, encoding="latin-1"), path)
    return {**out, "arquivo MB": round(size / 1e6, 1)}


def case_tesouro_at_bound() -> dict:
    from viabilidade.data import transfers

    fx, mun = _municipalities()
    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        path = Path(tmp) / "TransferenciaMensalMunicipios202303.csv"
        size = _national(path, 10)
        t0 = time.perf_counter()
        got = transfers.read_fpm_credits(path, mun, encoding="latin-1")
        return {"said": f"lidas {len(got)} linhas FPM de GO", "arquivo MB": round(size / 1e6, 1),
                "leitura s": round(time.perf_counter() - t0, 2)}


def case_csv_cr() -> dict:
    from viabilidade.data import transfers

    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        path = Path(tmp) / "go_fpm_mensal_estado_tesouro_1991-2023-09.csv"
        path.write_bytes(b"serie;ano;mes;valor_brl\r" + b"FPM;1991;1;2164419224.94\r" * 5_000)
        return _refused(transfers.read_fpm_monthly, path)


def case_sidra_echo() -> dict:
    import pandas as pd

    from viabilidade.data import sidra

    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        path = Path(tmp) / "sidra_tabela5938_pib_municipios_GO.json"
        path.write_bytes(json.dumps([{"NC": "N" * 15_000_000}]).encode())
        return _refused(sidra.read_pib_api, path, pd.DataFrame({"cod_ibge": ["5208707"]}))


def case_seat_full_width() -> dict:
    import contextlib
    import io

    from viabilidade.cli import main as cli

    text = (ROOT / "data" / "candidates" / "posse-dabadia.toml").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        cand = Path(tmp) / "largura.toml"
        cand.write_text(text.replace('seat = "Posse d\'Abadia"', 'seat = "Ｐｏｓｓｅ d\'Abadia"'),
                        encoding="utf-8")
        err = io.StringIO()
        t0 = time.perf_counter()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = cli(["estudo", str(cand), "--saida", str(Path(tmp) / "saida")])
        return {"said": err.getvalue().strip().replace(str(cand), "largura.toml")[:300],
                "comando s": round(time.perf_counter() - t0, 2), "saída": code,
                "escreveu": "sim" if (Path(tmp) / "saida" / "posse-dabadia").exists() else "nada"}


def _xlsx_case(make) -> dict:
    from viabilidade.data.tabular import read_sheet

    with tempfile.TemporaryDirectory(prefix="bounds-") as tmp:
        path = Path(tmp) / "AR_BR_RG_UF_RGINT_MES_MIC_MUN_2022.xlsx"
        make(path)
        size = path.stat().st_size
        return {**_refused(read_sheet, path, "AR_BR_MUN_2022"), "arquivo MB": round(size / 1e6, 2)}


def case_xlsx_strings() -> dict:
    hx = _hostile()
    return _xlsx_case(lambda p: hx.workbook(p, 15 * 2**20 // 17, member="xl/sharedStrings.xml",
                                            head=f'<sst xmlns="{hx.NS}">'.encode(),
                                            item=b"<si><t>a</t></si>", tail=b"</sst>"))


def case_xlsx_rows() -> dict:
    hx = _hostile()
    return _xlsx_case(lambda p: hx.workbook(p, 15 * 2**20 // len(hx.ROW)))


def case_xlsx_lying() -> dict:
    hx = _hostile()

    def make(p):
        hx.workbook(p, 2_000_000)  # 52 MB of rows
        hx.lie(p, hx.SHEET, 5_000)
    return _xlsx_case(make)


def case_xlsx_zip64() -> dict:
    hx = _hostile()
    return _xlsx_case(lambda p: hx.workbook(p, 2_600_000, zip64=True))  # 67,6 MB of rows


def _hostile():
    sys.path.insert(0, str(ROOT / "tests"))
    import hostile_xlsx

    return hostile_xlsx


#: name -> (label, function, kind) as ``bounds.CASES``.
CASES = {
    "tesouro-250mb": ("H5-1: TransferenciaMensalMunicipios de 250 MB", case_tesouro_big,
                      "entrada"),
    "tesouro-no-limite": ("H5-1: TransferenciaMensalMunicipios de 10 MB (sob o limite), só as "
                          "linhas FPM de GO guardadas", case_tesouro_at_bound, "entrada"),
    "csv-cr": ("H5-2: CSV do Tesouro com fim de linha só CR", case_csv_cr, "entrada"),
    "eco-sidra": ("H5-3: resposta do SIDRA com rótulo de 15 MB no cabeçalho", case_sidra_echo,
                  "entrada"),
    "sede-largura-total": ("H5-4: sede em letras de largura total (estudo)",
                           case_seat_full_width, "entrada"),
    "xlsx-strings": ("H5-6: planilha de áreas com 15 MiB de textos compartilhados (920 mil)",
                     case_xlsx_strings, "entrada"),
    "xlsx-linhas": ("H5-6: planilha de áreas com 15 MiB de linhas (600 mil)", case_xlsx_rows,
                    "entrada"),
    "xlsx-mentiroso": ("H5-6: aba de 52 MB que declara 5.000 bytes", case_xlsx_lying, "entrada"),
    "xlsx-zip64": ("H5-6: aba ZIP64 de 67,6 MB", case_xlsx_zip64, "entrada"),
}

if __name__ == "__main__":
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    sys.exit("rode benchmarks/bounds.py --casos " + ",".join(CASES))
