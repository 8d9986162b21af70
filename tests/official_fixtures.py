"""Fixtures in the publishers' own formats, made from the shared raw copies (TEST data: the
values are the copies'; the layout is the publisher's, as the readers' docstrings and
docs/DADOS.md say where each was confirmed). Used by the ``data fetch`` tests' local server."""

from __future__ import annotations

import json
import math
from pathlib import Path

from viabilidade.data import census, provenance as prov, sidra

REPO = Path(__file__).resolve().parents[1]
RAW = REPO.parent / "shared" / "data"

#: The SIDRA API's header element (the first of every ``/values`` answer), for a query
#: ordered n6, v, p.
SIDRA_HEADER = {"NC": "Nível Territorial (Código)", "NN": "Nível Territorial",
                "MC": "Unidade de Medida (Código)", "MN": "Unidade de Medida", "V": "Valor",
                "D1C": "Município (Código)", "D1N": "Município", "D2C": "Variável (Código)",
                "D2N": "Variável", "D3C": "Ano (Código)", "D3N": "Ano"}
SIDRA_LABELS = {"37": "Produto Interno Bruto a preços correntes",
                "498": "Valor adicionado bruto a preços correntes total",
                "513": "Impostos, líquidos de subsídios, sobre produtos a preços correntes"}


def municipalities():
    """``cod_ibge, nome`` of the 246 municipalities, from the shared Censo 2022 aggregates."""
    return census.read_aggregates(RAW / prov.RAW["agg_mun"].path,
                                  level="municipios")[["cod_ibge", "nome"]]


def _sidra_value(v: float) -> str:
    if math.isnan(v):
        return "..."
    return str(int(v)) if v == int(v) else repr(v)


def sidra_pib_json(raw: Path = RAW) -> bytes:
    """The SIDRA API's answer for table 5938, Goiás municipalities, variables 37, 498 and 513,
    every year, from the shared xlsx export (values as read; ``...`` where it has none)."""
    mun = census.read_aggregates(raw / prov.RAW["agg_mun"].path, level="municipios")
    pib = sidra.read_pib(raw / prov.RAW["pib"].path, mun[["cod_ibge", "nome"]])
    names = dict(zip(mun["cod_ibge"], mun["nome"]))
    column = {v: c for v, c in sidra.PIB_VARIABLES.items()}
    rows = [SIDRA_HEADER]
    for code, g in pib.groupby("cod_ibge", sort=True):
        for var in ("37", "498", "513"):
            for year, value in zip(g["ano"], g[column[var]]):
                rows.append({"NC": "6", "NN": "Município", "MC": "40", "MN": "Mil Reais",
                             "V": _sidra_value(float(value)), "D1C": code,
                             "D1N": f"{names[code]} - GO", "D2C": var, "D2N": SIDRA_LABELS[var],
                             "D3C": str(year), "D3N": str(year)})
    return json.dumps(rows, ensure_ascii=False).encode("utf-8")


#: The DTB report's header row (the names public scripts read, docs/DADOS.md).
DTB_HEADER = ["UF", "Nome_UF", "Região Geográfica Intermediária",
              "Nome Região Geográfica Intermediária", "Região Geográfica Imediata",
              "Nome Região Geográfica Imediata", "Mesorregião Geográfica", "Nome_Mesorregião",
              "Microrregião Geográfica", "Nome_Microrregião", "Município",
              "Código Município Completo", "Nome_Município", "Distrito",
              "Código de Distrito Completo", "Nome_Distrito"]
#: Title rows above the header (six in the 2022 report; only "DATA BASE: 21/12/2022" is
#: known, the others are TEST text).
DTB_TITLE = ["INSTITUTO BRASILEIRO DE GEOGRAFIA E ESTATÍSTICA - IBGE (TESTE)",
             "RELATÓRIO DE DIVISÃO TERRITORIAL BRASILEIRA (TESTE)", "", "DATA BASE: 21/12/2022",
             "", ""]


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def ods(sheet: str, rows: list[list], *, numeric: bool = False) -> bytes:
    """An OpenDocument spreadsheet with one sheet: text cells (numbers as ``float`` cells
    when ``numeric``), each row ending in the empty cells a spreadsheet repeats to its edge,
    and a last repeated empty row, as LibreOffice writes them."""
    import io
    import zipfile

    def cell(v) -> str:
        if v == "":
            return "<table:table-cell/>"
        if numeric and str(v).isdigit():
            return (f'<table:table-cell office:value-type="float" office:value="{v}">'
                    f"<text:p>{v}</text:p></table:table-cell>")
        return f'<table:table-cell office:value-type="string"><text:p>{_esc(str(v))}</text:p></table:table-cell>'

    body = "".join("<table:table-row>" + "".join(cell(v) for v in r)
                   + '<table:table-cell table:number-columns-repeated="1008"/></table:table-row>'
                   for r in rows)
    content = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        f'<office:body><office:spreadsheet><table:table table:name="{_esc(sheet)}">'
        '<table:table-column table:number-columns-repeated="1024"/>'
        f'{body}<table:table-row table:number-rows-repeated="1048000">'
        '<table:table-cell table:number-columns-repeated="1024"/></table:table-row>'
        "</table:table></office:spreadsheet></office:body></office:document-content>")
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
        '<manifest:file-entry manifest:full-path="/" manifest:media-type='
        '"application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry '
        'manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet",
                    compress_type=zipfile.ZIP_STORED)
        zf.writestr("META-INF/manifest.xml", manifest)
        zf.writestr("content.xml", content)
    return buf.getvalue()


def dtb_districts_ods(raw: Path = RAW, *, numeric: bool = False) -> bytes:
    """``RELATORIO_DTB_BRASIL_DISTRITO.ods`` with the Goiás rows of the shared DTB 2022 copy
    and two rows of the Distrito Federal (which the reader must leave out)."""
    import csv

    with open(raw / prov.RAW["dtb"].path, encoding="utf-8", newline="") as fh:
        rows = [list(r.values()) for r in csv.DictReader(fh)]
    df = ["53", "Distrito Federal", "5301", "Distrito Federal", "530001", "Distrito Federal",
          "01", "Distrito Federal", "001", "Brasília", "00108", "5300108", "Brasília", "05",
          "530010805", "Brasília"]
    return ods("DTB_2022_Distrito", [[t] for t in DTB_TITLE] + [DTB_HEADER] + rows
               + [df, df[:13] + ["10", "530010810", "Brasília (TESTE)"]], numeric=numeric)


def _zip_bytes(members: dict[str, bytes]) -> bytes:
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        for name, data in members.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=(2025, 4, 17, 10, 0, 0)), data)
    return buf.getvalue()


def national_aggregates(raw_path: str, member: str, raw: Path = RAW) -> bytes:
    """The IBGE's national aggregates zip (``Agregados_por_…_basico_BR_<data>.zip``) with the
    shared Goiás lines (ISO-8859-1, ``;``, every field quoted, bytes as they are) and one line
    of another UF (its ``CD_UF`` made 53) before and after them, which data fetch must leave
    out."""
    lines = (raw / raw_path).read_bytes().splitlines(keepends=True)
    other = lines[1].replace(b'"52";"Goi\xe1s"', b'"53";"Distrito Federal"')
    assert other != lines[1]
    return _zip_bytes({member: b"".join([lines[0], other, *lines[1:], other])})


def localidades_kml_zip(raw: Path = RAW) -> bytes:
    """``Localidades_Municipios_kml.zip`` as the IBGE lays it out (``kml/<UF>/<nome>_<código>_
    localidades_2022.kml``): the 246 Goiás KMLs of the shared archive and one of another UF."""
    import tarfile

    members = {}
    with tarfile.open(raw / prov.RAW["boundaries"].path, "r:xz") as tar:
        for m in tar.getmembers():
            if m.isfile():
                members[f"kml/GO/{m.name.rsplit('/', 1)[-1]}"] = tar.extractfile(m).read()
    members["kml/DF/brasilia_5300108_localidades_2022.kml"] = b"<kml>TESTE</kml>"
    return _zip_bytes(members)


def dtb_zip(raw: Path = RAW) -> bytes:
    """``DTB_2022.zip`` with the district report in OpenDocument (and no other report: the
    build reads only that one)."""
    return _zip_bytes({"RELATORIO_DTB_BRASIL_DISTRITO.ods": dtb_districts_ods(raw)})


#: Title lines above the header of the Tesouro's "Transferências obrigatórias da União"
#: files, as in a copy kept as downloaded (docs/DADOS.md).
TESOURO_TITLE = ("MINISTÉRIO DA FAZENDA - MF", "SECRETARIA DO TESOURO NACIONAL - STN",
                 "COORDENAÇÃO-GERAL DE ANÁLISE E INFORMAÇÕES DAS TRANSFERÊNCIAS FINANCEIRAS "
                 "INTERGOVERNAMENTAIS")
#: Real lines of another UF at the top of the Tesouro's March 2023 municipal file (Acre,
#: Acrelândia), which the reader must leave out.
CREDITS_OTHER_UF = ("Acrelândia;AC;2023;03;456020.76;100523.88;0;FPM;FPM;\n"
                    "Acrelândia;AC;2023;03;90.08;10.1;0;ITR;ITR;\n"
                    "Acrelândia;AC;2023;03;60553.62;13348.26;0;FPM;FUNDEB;\n")


def _br(v: float) -> str:
    """1234567.5 -> ``1.234.567,50``, as the Tesouro writes values."""
    return f"{v:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


def fpm_monthly_csvs(raw: Path = RAW) -> dict[str, bytes]:
    """``FPM.csv`` and ``FPMCAPITAIS.csv`` of "Transferências obrigatórias da União" (ISO-8859-1,
    ``;``, title lines, the header ``ESTADOS;UF;janeiro/91;…;dezembro/23``, values
    ``1.234,56``, ``-`` for a month not posted): the Goiás line of each made from the shared
    monthly copy (January 1991 to September 2023)."""
    import csv

    from viabilidade.data.transfers import MONTHLY_FILES, MONTHS

    with open(raw / prov.OPTIONAL_RAW["fpm_mensal"].path, encoding="utf-8") as fh:
        values = {(r["serie"], int(r["ano"]), int(r["mes"])): float(r["valor_brl"])
                  for r in csv.DictReader(fh, delimiter=";")}
    months = [(y, m) for y in range(1991, 2024) for m in range(1, 13)]
    width = len(months) + 2
    pad = ";" * (width - 1)
    out = {}
    for name, serie in MONTHLY_FILES.items():
        cells = [_br(values[(serie, y, m)]) if (serie, y, m) in values else "-   "
                 for y, m in months]
        lines = [*(t + pad for t in TESOURO_TITLE), pad, pad,
                 ";".join(["ESTADOS", "UF", *(f"{MONTHS[m - 1]}/{y % 100:02d}"
                                              for y, m in months)]), pad,
                 ";".join(["Goiás", "GO", *cells])]
        out[name] = ("\r\n".join(lines) + "\r\n").encode("latin-1")
    return out


def fpm_credits_csv(raw: Path = RAW) -> bytes:
    """``TransferenciaMensalMunicipios202303.csv`` as the Tesouro publishes it (ISO-8859-1,
    ``;``, decimal point, a ``;`` closing each line, every UF): real lines of Acre, then the
    shared Goiás lines (converted back from UTF-8)."""
    text = (raw / prov.OPTIONAL_RAW["fpm_municipios"].path).read_text(encoding="utf-8")
    head, rest = text.split("\n", 1)
    return (head + "\n" + CREDITS_OTHER_UF + rest).encode("latin-1")


def areas_xlsx(raw: Path = RAW) -> bytes:
    """``AR_BR_RG_UF_RGINT_MES_MIC_MUN_2022.xlsx`` with the sheet ``AR_BR_MUN_2022`` as the
    IBGE lays it out (``ID, CD_UF, NM_UF, NM_UF_SIGLA, CD_MUN, NM_MUN, AR_MUN_2022``; codes
    as text, areas as numbers): two real lines of Rondônia, then the 246 Goiás lines of the
    shared copy (``ID`` here is the fixture's line number)."""
    import csv
    import io

    import openpyxl

    from viabilidade.data.transfers import AREAS_HEADER, AREAS_SHEET

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = AREAS_SHEET
    ws.append(list(AREAS_HEADER))
    ws.append(["1", "11", "Rondônia", "RO", "1100015", "Alta Floresta D'Oeste", 7067.127])
    ws.append(["2", "11", "Rondônia", "RO", "1100023", "Ariquemes", 4426.571])
    with open(raw / prov.OPTIONAL_RAW["areas_oficiais"].path, encoding="utf-8") as fh:
        for i, r in enumerate(csv.DictReader(fh), start=3):
            ws.append([str(i), "52", "Goiás", "GO", r["CD_MUN"], r["NM_MUN"],
                       float(r["AR_MUN_2022_km2"])])
    wb.create_sheet("AR_BR_UF_2022")
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()
