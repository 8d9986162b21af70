"""The information requests of art. 4 § 3 (ofícios): IBGE, the electoral registry, SEFAZ-GO.

LC 02/1990, art. 4 § 2, names who establishes each requirement of a new municipality — IBGE
items II, IV and VI, the Cartório Eleitoral item V, the state finance secretariat item VII —
and § 3 has the Assembly request the information, to be given within sixty days of receipt.
This module writes those three requests for one candidate, ready to sign: letterhead,
addressee, subject, body naming the area (its districts or municipalities, or its memorial
descritivo and map when the area is a drawn boundary), exactly what is to be certified for
the area and for what remains of each origin (art. 4 § 1), the deadline, the place and date,
and the signature block of the President of the committee. HTML and PDF (A4), pt-BR.

The certified answers go into the candidate file's ``[certified]`` table
(:mod:`viabilidade.certified`), which names the same figures.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..certified import BODIES
from ..errors import CandidateError
from ..operations import operation_for
from ..rules.calendar import agencies_deadline
from .format import date_long
from .tables import Html, esc

#: Where the Assembly sits: the place of the place/date line.
PLACE = "Goiânia"
ASSEMBLY = "Assembleia Legislativa do Estado de Goiás"
LAW = "Lei Complementar estadual nº 2, de 16 de janeiro de 1990"
#: File stem of each request in the output folder.
#: "ao"/"à" and each body, for the document title (``"Ofício à SEFAZ-GO"``).
TO = {"IBGE": "ao IBGE", "eleitoral": "ao Cartório Eleitoral", "SEFAZ": "à SEFAZ-GO"}
FILE_STEMS = {"IBGE": "oficio-ibge", "eleitoral": "oficio-cartorio-eleitoral", "SEFAZ": "oficio-sefaz-go"}


@dataclass(frozen=True)
class Request:
    """One request (ofício) to one body of art. 4 § 2.

    Attributes
    ----------
    key : str
        ``"IBGE"``, ``"eleitoral"`` or ``"SEFAZ"`` (:data:`viabilidade.certified.BODIES`).
    body : str
        The body as studies name it (``"Cartório Eleitoral"``).
    addressee : tuple of str
        Address lines, first the addressee.
    vocative, treatment : str
        ``"Senhor(a) Superintendente,"`` and ``"Vossa Senhoria"``.
    attributed : str
        The body as the law's attribution names it, with its article (``"ao IBGE"``).
    items : tuple of (str, str)
        (legal citation, what is to be certified), in the order of the law.
    """

    key: str
    body: str
    addressee: tuple[str, ...]
    vocative: str
    treatment: str
    items: tuple[tuple[str, str], ...]
    attributed: str = ""

    @property
    def stem(self) -> str:
        return FILE_STEMS[self.key]


def _ordinal(n: str) -> str:
    return f"{int(n)}ª" if n.isdigit() else n


def electoral_zones(store, codes) -> list[str]:
    """The electoral zones (numbers as text) of the given municipalities, in order, from the
    processed TSE table (``electorate.zonas``, ``|``-joined; TSE 2022)."""
    e = store.electorate.set_index("cod_ibge")
    zones: list[str] = []
    for code in codes:
        if code in e.index:
            for z in str(e.at[code, "zonas"]).split("|"):
                z = z.strip()
                if z and z not in zones:
                    zones.append(z)
    return sorted(zones, key=lambda z: (not z.isdigit(), int(z) if z.isdigit() else 0, z))


def _names(store) -> tuple[dict, dict]:
    munis = store.municipalities.set_index("cod_ibge")["nome"].to_dict()
    districts = store.districts.set_index("cod_distrito")[["nome", "cod_ibge"]].to_dict("index")
    return munis, districts


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " e " + words[-1]


def municipality(code: str, munis: dict) -> str:
    """``"Município de Abadiânia (código IBGE 5200100)"``."""
    return f"Município de {munis.get(code, code)} (código IBGE {code})"


def area_description(candidate, store) -> str:
    """The area in words: its districts, its whole municipalities, or its boundary file.

    ``"formada pelo distrito de Posse d'Abadia (código IBGE 520010010), do Município de
    Abadiânia (código IBGE 5200100)"``; a drawn area is ``"delimitada no memorial descritivo
    e no mapa anexos (arquivo de limites area.kml)"``.
    """
    munis, districts = _names(store)
    parts = []
    if candidate.districts:
        by_muni: dict[str, list[str]] = {}
        for code in candidate.districts:
            d = districts.get(code, {"nome": code, "cod_ibge": code[:7]})
            by_muni.setdefault(d["cod_ibge"], []).append(f"{d['nome']} (código IBGE {code})")
        for m, ds in by_muni.items():
            noun = "pelo distrito" if len(ds) == 1 else "pelos distritos"
            parts.append(f"{noun} de {_and(ds)}, do {municipality(m, munis)}")
    if candidate.municipalities:
        ms = [municipality(c, munis) for c in candidate.municipalities]
        parts.append(("pelo território do " if len(ms) == 1 else "pelos territórios dos ")
                     + _and(ms))
    text = "formada " + _and(parts) if parts else ""
    if candidate.boundary is not None:
        drawn = (f"delimitada no memorial descritivo e no mapa anexos (arquivo de limites "
                 f"{candidate.boundary.name})")
        text = f"{text}, e {drawn}" if text else drawn
    return text


def build_requests(candidate, store, request_date: dt.date) -> list[Request]:
    """The three requests of art. 4 § 3 for a municipality creation.

    Parameters
    ----------
    candidate : Candidate
        Operation ``create-municipality``.
    store : Store
        For names (districts, municipalities) and electoral zones.
    request_date : date
        Date of the request; the fiscal year asked of SEFAZ-GO is the one before it (the last
        closed year, art. 4 VII "no último exercício").

    Returns
    -------
    list of Request
        IBGE (II, IV, VI; § 1 with III), Cartório Eleitoral (V; § 1), SEFAZ-GO (VII; § 1).

    Raises
    ------
    CandidateError
        If the operation is not a municipality creation (art. 4 applies to no other: a fusion
        is exempt by art. 5 § 2).
    """
    if not operation_for(candidate.operation).letters:
        raise CandidateError(
            f"encontrado operation = {candidate.operation!r}; os pedidos do art. 4º, § 3º "
            "só existem para a criação de município (operation = \"create-municipality\"): "
            "as demais operações não dependem dos requisitos do art. 4º",
            file=candidate.path, field="operation")
    munis, _ = _names(store)
    origins = _and([f"Município de {munis.get(c, c)}" for c in candidate.origins])
    rest = _and([f"o que resta do Município de {munis.get(c, c)}" for c in candidate.origins])
    rest_in = _and([f"no que resta do Município de {munis.get(c, c)}" for c in candidate.origins])
    year = request_date.year - 1
    ibge = Request(
        "IBGE", BODIES["IBGE"][0],
        ("À Superintendência Estadual do IBGE em Goiás",
         "Instituto Brasileiro de Geografia e Estatística — IBGE", f"{PLACE} — GO"),
        "Senhor(a) Superintendente,", "Vossa Senhoria",
        (("art. 4º, II", "a distância, em metros, entre a linha de divisa proposta do novo "
                         f"Município e o perímetro urbano do {origins} (a lei exige ao menos "
                         "seis quilômetros)"),
         ("art. 4º, IV", "a população residente na área proposta (a lei exige mais de três mil "
                         "habitantes)"),
         ("art. 4º, VI", f"o número de edificações do núcleo urbano de {candidate.seat}, sede "
                         "proposta (a lei exige no mínimo duzentas)"),
         ("art. 4º, § 1º", f"para {rest}: a população residente, o número de edificações do "
                           "núcleo urbano e se o território remanescente permanece contínuo "
                           "(art. 4º, III)")),
        "ao IBGE")
    zones = electoral_zones(store, candidate.origins)
    zone_words = (f"da {_ordinal(zones[0])} Zona Eleitoral" if len(zones) == 1 else
                  "das " + _and([_ordinal(z) for z in zones]) + " Zonas Eleitorais")
    electoral = Request(
        "eleitoral", BODIES["eleitoral"][0],
        (f"Ao Cartório Eleitoral {zone_words} de Goiás" if zones else
         "Ao Cartório Eleitoral competente", "Tribunal Regional Eleitoral de Goiás"),
        "Excelentíssimo(a) Senhor(a) Juiz(a) Eleitoral,", "Vossa Excelência",
        (("art. 4º, V", "o número de eleitores com domicílio eleitoral na área proposta (a lei "
                        "exige mais de mil)"),
         ("art. 4º, § 1º", f"o número de eleitores com domicílio eleitoral {rest_in}")),
        "ao Cartório Eleitoral")
    sefaz = Request(
        "SEFAZ", BODIES["SEFAZ"][0],
        ("À Secretaria de Estado da Economia de Goiás (SEFAZ-GO)", f"{PLACE} — GO"),
        "Senhor(a) Secretário(a),", "Vossa Excelência",
        (("art. 4º, VII", "o total arrecadado de impostos estaduais (ICMS, IPVA e ITCD) pelos "
                          f"contribuintes estabelecidos na área proposta no exercício de {year}, "
                          "último exercício encerrado"),
         ("art. 4º, VII", f"a receita estadual de impostos do exercício de {year} (a lei exige "
                          "arrecadação superior a dez milésimos por cento dessa receita)"),
         ("art. 4º, § 1º", f"o total arrecadado no exercício de {year} pelos contribuintes "
                           f"estabelecidos {rest_in}")),
        "à Secretaria de Estado da Fazenda (hoje Secretaria de Estado da Economia, SEFAZ-GO)")
    return [ibge, electoral, sefaz]


@lru_cache(maxsize=1)
def stylesheet() -> str:
    """The requests' stylesheet (``report/assets/oficio.css``)."""
    return (resources.files("viabilidade.report") / "assets" / "oficio.css").read_text(encoding="utf-8")


def oficio_html(request: Request, candidate, store, request_date: dt.date, *,
                committee: str | None = None, annex_html: str = "") -> str:
    """One request as a complete HTML document (pt-BR, A4 when printed).

    Parameters
    ----------
    request : Request
    candidate : Candidate
    store : Store
        For the names of the area and origins.
    request_date : date
        Date of the request; the deadline is 60 days later (art. 4 § 3).
    committee : str, optional
        Name of the committee whose President signs (``"Comissão de …"``).
    annex_html : str
        Memorial descritivo and map of a drawn area (HTML of ours), or ``""``.
    """
    munis, _ = _names(store)
    deadline = agencies_deadline(request_date)
    origins = _and([municipality(c, munis) for c in candidate.origins])
    n = len(request.items)
    items = "".join(f'<li><span class="item">{esc(cite)}</span> — {esc(what)}'
                    f'{"." if i == n - 1 else ";"}</li>'
                    for i, (cite, what) in enumerate(request.items))
    signer = f"Presidente da {committee}" if committee else "Presidente da Comissão"
    body = (
        f'<p class="cabecalho">{esc(ASSEMBLY)}'
        + (f"<br>{esc(committee)}" if committee else "") + "</p>"
        f'<p class="numero">Ofício nº <span class="lacuna"></span>/{request_date.year}</p>'
        f'<p class="local-data">{esc(PLACE)}, {esc(date_long(request_date))}.</p>'
        '<p class="destinatario">' + "<br>".join(esc(x) for x in request.addressee) + "</p>"
        f'<p class="assunto"><strong>Assunto:</strong> requisição de informações para a criação '
        f"do Município de {esc(candidate.name)} (art. 4º, §§ 2º e 3º, da {esc(LAW)}).</p>"
        f'<p class="prazo">Prazo para resposta: até <strong>{esc(date_long(deadline))}</strong> '
        f"(sessenta dias; art. 4º, § 3º).</p>"
        f'<p class="vocativo">{esc(request.vocative)}</p>'
        f"<p>1. Tramita nesta {esc(ASSEMBLY)} proposta de criação do Município de "
        f"<strong>{esc(candidate.name)}</strong>, com sede em {esc(candidate.seat)}, por "
        f"desmembramento do {esc(origins)}. A área proposta é "
        f"{esc(area_description(candidate, store))}.</p>"
        f"<p>2. Nos termos do art. 4º, §§ 2º e 3º, da {esc(LAW)}, que atribui "
        f"{esc(request.attributed)} a apuração dos requisitos abaixo, solicito a "
        f"{esc(request.treatment)} que certifique:</p>"
        f'<ol class="itens">{items}</ol>'
        f"<p>3. As informações devem ser prestadas no prazo de sessenta dias, a contar do "
        f"recebimento deste ofício (art. 4º, § 3º): para o pedido recebido em "
        f"{esc(date_long(request_date))}, até {esc(date_long(deadline))}.</p>"
        "<p>4. Pede-se que a resposta indique, para cada valor, o documento, a data e a fonte, "
        "e que os valores se refiram exatamente à área descrita, para que sejam juntados ao "
        "processo legislativo.</p>"
        '<div class="fecho"><p>Atenciosamente,</p>'
        f'<div class="assinatura"><p class="linha"></p><p>{esc(signer)}</p>'
        f"<p>{esc(ASSEMBLY)}</p></div></div>"
        + (f'<section class="anexo"><h2>Anexo — área proposta de {esc(candidate.name)}</h2>'
           f"{annex_html}</section>" if annex_html else "")
    )
    title = f"Ofício {TO[request.key]} — criação do Município de {candidate.name}"
    return ("<!DOCTYPE html>\n<html lang=\"pt-BR\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{esc(title)}</title>\n<style>\n{stylesheet()}</style>\n</head>\n"
            f'<body>\n<main class="oficio">{body}</main>\n</body>\n</html>\n')


def boundary_annex(candidate, store) -> str:
    """The memorial descritivo and map of a drawn area (as in the study), or ``""`` when the
    area has no boundary file."""
    if candidate.boundary is None:
        return ""
    from ..analysis import analyse
    from .study_cells import map_html, memorial_html, split_or_none

    analysis = analyse(candidate, store=store)
    split = split_or_none(analysis, store)
    return Html(map_html(analysis, store, split, number=1) + memorial_html(analysis, split))


def write_oficios(candidate, folder: Path, *, store, request_date: dt.date | None = None,
                  committee: str | None = None, pdf: bool = True) -> dict[str, Path]:
    """Write the three requests (HTML and PDF) of a candidate into ``folder``.

    Parameters
    ----------
    candidate : Candidate
    folder : Path
        Created if needed.
    store : Store
    request_date : date, optional
        Default: the candidate's ``request_date``, else today.
    committee : str, optional
        The committee whose President signs.
    pdf : bool
        Also render the PDFs.

    Returns
    -------
    dict
        ``"oficio-ibge.html"`` … ``"oficio-sefaz-go.pdf"`` -> path.

    Raises
    ------
    CandidateError
        If the operation is not a municipality creation.
    ReportError
        If a PDF cannot be rendered; nothing is written then (all files are written
        atomically together, :func:`viabilidade.report.atomic.write_files_atomically`).
    """
    from .atomic import write_files_atomically
    from .export import html_to_pdf

    date = request_date or candidate.request_date or dt.date.today()
    requests = build_requests(candidate, store, date)
    annex = boundary_annex(candidate, store)
    contents: dict[str, bytes] = {}
    for r in requests:
        html = oficio_html(r, candidate, store, date, committee=committee, annex_html=annex)
        contents[f"{r.stem}.html"] = html.encode("utf-8")
        if pdf:
            contents[f"{r.stem}.pdf"] = html_to_pdf(html)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    write_files_atomically(folder, contents)
    return {name: folder / name for name in contents}


__all__ = ["Request", "build_requests", "oficio_html", "write_oficios", "area_description",
           "electoral_zones", "FILE_STEMS"]
