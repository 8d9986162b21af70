"""The information requests of a municipality creation (ofícios): IBGE, the Electoral Justice,
SEFAZ-GO (art. 4 §§ 2–3), and the origin's Prefeitura and Câmara Municipal.

LC 02/1990, art. 4 § 2, names who establishes each requirement of a new municipality — IBGE
items II, IV and VI, the Cartório Eleitoral item V, the state finance secretariat item VII —
and § 3 has the Assembly request the information, to be given within sixty days "a contar da
data do recebimento do pedido". This module writes those requests for one candidate, ready
to sign, in the form of the Manual de Redação da Presidência da República (3rd ed., 2018):

- **Who is addressed.** The authority, not the office building: the Superintendente Estadual
  do IBGE em Goiás (the IBGE's state unit holds the census and territorial data of Goiás),
  the Juiz Eleitoral of the origin's zone (the Cartório is part of the Tribunal Regional
  Eleitoral de Goiás; with several zones, the President of the TRE-GO), the Secretário de
  Estado da Economia (the law's "Secretaria de Estado da Fazenda"), and the Prefeito and the
  President of the Câmara Municipal of each origin. Treatment by the Manual (2.1.3):
  Vossa Excelência for judges, secretaries of state, mayors and councillors; Vossa Senhoria
  for the others; the address block "A Sua Excelência o Senhor …" or "Ao Senhor …"; the
  vocative "Senhor [cargo],", "Excelentíssimo" being kept for the heads of the Powers, whom
  none of these letters addresses.
- **Asked or required.** A state law can require answers from a state body (SEFAZ-GO:
  "requisita"); the IBGE and the Electoral Justice are federal and the municipalities
  autonomous, so they are asked ("solicita").
- **Who acts.** Art. 4 § 3 gives the power to "A Assembléia Legislativa". The requisition
  to the Secretário de Estado (SEFAZ-GO) is made by the Mesa ("por sua Mesa") and signed by
  its President, the President of the Assembly, in the Presidency's series of letters: the
  Constitution of Goiás, art. 9º, § 3º, has the written request for information to the
  Secretários de Estado (the Assembly's own page on its powers,
  al.go.leg.br/transparencia/faq, states it), as CF art. 50, § 2º gives it to the Mesas; the
  letter cites it (:data:`SEFAZ_BASIS`), and ``oficios`` notes that the Procuradoria is to
  confirm it before signing; a committee does not requisition in the Assembly's name. The other letters ask ("solicita") and a committee's President signs
  them, "por intermédio da" committee. The Regimento Interno (Resolução nº 1.218/2007) could
  not be read here article by article, so no article of it is cited (docs/GUIA.md, Ofícios).
- **Closing.** "Atenciosamente," — the Manual keeps "Respeitosamente," for an authority above
  the signer, and no addressee here is above the President of a committee of the Assembly.
- **Deadline.** Sixty days from receipt, in words: a letter never states its own receipt or
  a date for its end. The receipt is an act of the process record, and ``processo`` counts
  the deadline from it (:mod:`viabilidade.rules.business_days`). Only the letter that
  requires (SEFAZ-GO) states it as a deadline; a state law sets none for the IBGE or a Juiz
  Eleitoral, so their letters ask for the answer in that time; the municipal letters have no
  statutory deadline and ask for the same time.
- **Addressees.** Every letter names its addressee from ``[oficios.destinatarios]``: name and
  gender (the form of address follows it; none is presumed), and the address of the Juiz
  Eleitoral, the Prefeito and the Câmara's President.
- **Limits asked about.** Art. 4 II measures from "a linha de divisa do novo Município": the
  IBGE is pointed to the memorial descritivo attached when the area has a polygon, and to the
  limits in the district's creating law (art. 18) when it is made of districts, whose
  polygons the data do not hold.
- **No steering.** The requests ask for the figures, never whether they pass a threshold.
- **Prefeitura and Câmara.** Art. 4 II is measured from the origin's urban perimeter, set by
  municipal law; a district is created by municipal law with its limits (arts. 16 and 18);
  items I and VI (its second half) are local facts. One letter to each, since each answers
  for its own Power (one addressee per ofício).
- **Attachments.** The map of the area and, for an area with a polygon, its memorial
  descritivo, generated as the study generates them. An area of districts has no polygon in
  the data: the letter says the legal limits are those of the district's law, and attaches
  the map alone.

What each letter asks, and of whom, is built by :mod:`viabilidade.report.oficios_requests`
(:func:`build_requests`, re-exported here); this module writes the letters: wording, numbers,
annexes and files. Who signs, the process and the deputy who proposed it come from the
``[oficios]`` section of the settings file (:mod:`viabilidade.report.oficios_settings`). HTML and PDF (A4), pt-BR.
The certified answers go into the candidate file's ``[certified]`` table
(:mod:`viabilidade.proposal.certified`), which names the same figures.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..errors import SettingsError
from ..operations import study_name
from .frame import OFICIO_NOTE
# What each letter asks (the requests, the area in words) has its own module; its names are
# still read from here by the callers (``from viabilidade.report.oficios import build_requests``).
from .oficios_requests import (ASSEMBLY, CONFIRM_CITE, LAW, LOCAL_NEEDS, PLACE, SEFAZ_BASIS, SIGNERS_ANNEX,
                               Request, area_description, build_requests, dividing_line, electoral_zones,
                               installed_refusal, local_items, municipality, proposal, unit_names,
                               zone_dataset, zone_source)
from .oficios_address import Authority
from .oficios_settings import OficiosSettings
from .writers.format import and_list, date_long
from .writers.tables import Html, esc

#: The closing of every letter (Manual de Redação, 3rd ed., 2.2: "Atenciosamente," for an
#: authority of the same or lower hierarchy and "demais casos").
CLOSING = "Atenciosamente,"
#: How the answer should come, to be filed with the process (paragraph 3).
ANSWER = ("Pede-se que a resposta indique, para cada valor, o documento, a data e a fonte, e que "
          "os valores se refiram exatamente à área descrita, para que sejam juntados ao "
          "processo legislativo.")
#: The notice ``oficios`` prints when it writes the requisition to SEFAZ-GO.
SEFAZ_NOTICE = ("a requisição à SEFAZ-GO cita a Constituição do Estado, art. 9º, § 3º, e é "
                "feita pela Mesa da Assembleia, assinada pelo seu Presidente: a confirmar com a "
                "Procuradoria da Assembleia antes de assinar (docs/GUIA.md, Ofícios)")
ANSWER_DOCUMENTS = ("Pede-se que cada lei venha com a indicação da data e do meio da sua "
                    "publicação, para que seja juntada ao processo legislativo.")


def check_process_year(settings: OficiosSettings, day: dt.date) -> None:
    """Refuse a process number (``[oficios] process``) whose year is after the letters'
    ``day`` (legal8 S3: letters of 7 de dezembro de 2026 cited "Processo nº 2027/000123").

    Raises
    ------
    SettingsError
        Naming the settings file, the line and the field.
    """
    import re

    from ..errors import field_line
    from ..common.text import quoted

    years = [int(y) for y in re.findall(r"(?<!\d)(1[89]\d\d|2\d\d\d)(?!\d)", settings.process,
                                         re.ASCII)]
    late = [y for y in years if y > day.year]
    if late:
        text = settings.file.read_text(encoding="utf-8") if settings.file else ""
        raise SettingsError(
            f"o número do processo {quoted(settings.process)} é de {late[0]}, ano posterior à "
            f"data dos ofícios ({day.strftime('%d/%m/%Y')}); informe o número do processo "
            "já autuado ou a data dos ofícios (--data-pedido)", file=settings.file,
            field="oficios.process", line=field_line(text, "oficios.process") if text else None)


def check_proposer(settings: OficiosSettings, act, candidate_file) -> None:
    """Refuse letters whose proposer (``[oficios] proposer``) is not the one the record's
    ``proposta`` act names (its ``by``): the new-user review of 2026-12-07 had a
    representation recorded by "Dep. Fulana de Tal" and letters saying "o Deputado João
    Batista Lima propõe". Names are compared word by word by
    :func:`viabilidade.common.text.name_key` (accents, case and punctuation ignored): the
    settings' name, two words at least, must be a run of the act's words (which may carry
    "Dep." or a party around them).

    Raises
    ------
    SettingsError
        Naming the settings file and line of ``oficios.proposer``, and the candidate file's
        line of the act.
    """
    from ..common.text import name_key, quoted
    from ..errors import field_line

    by = getattr(act, "by", None)
    if not by:
        return
    # whole words, in order (hostile trial 8: 'Ana Souza' passed within 'Dep. Mariana Souza',
    # 'Tal' and '...' within 'Dep. Fulana de Tal'): the proposer's words, at least two, are a
    # run of the act's words, whose titles and party ("Dep.", "(PXX)") are around them
    words = [name_key(w) for w in str(settings.proposer.name).split()]
    words = [w for w in words if w]
    recorded = [name_key(w) for w in str(by).split()]
    n = len(words)
    if n >= 2 and any(recorded[i:i + n] == words for i in range(len(recorded) - n + 1)):
        return
    text = settings.file.read_text(encoding="utf-8") if settings.file else ""
    where = f"{candidate_file}, linha {act.line}" if act.line else str(candidate_file)
    raise SettingsError(
        f"o proponente {quoted(settings.proposer.name)} não é quem o registro dá como autor da "
        f"representação ({where}: by = {quoted(by)}); os ofícios citariam outro proponente: "
        "escreva em [oficios] proposer o mesmo nome do registro", file=settings.file,
        field="oficios.proposer",
        line=field_line(text, "oficios.proposer") if text else None)


@lru_cache(maxsize=1)
def stylesheet() -> str:
    """The requests' stylesheet (``report/assets/oficio.css``)."""
    return (resources.files("viabilidade.report") / "assets" / "oficio.css").read_text(encoding="utf-8")


def deadline_words(request: Request) -> str:
    """The deadline paragraph of a letter (pt-BR), in words only.

    A letter never states its own receipt nor the day its time ends: the sixty days run from
    receipt (art. 4 § 3), which the process record holds as an act, and ``processo`` counts
    the deadline from it (docs/GUIA.md, Ofícios). Only a letter that requires (SEFAZ-GO, a
    state body) states a deadline; the federal bodies of art. 4 § 2 are asked to answer in
    the time the state law sets, and the municipal letters, which no law times, are asked to
    answer in the same time.
    """
    law = "art. 4º, § 3º"
    if request.required:
        return ("As informações devem ser prestadas no prazo de sessenta dias, a contar da "
                f"data do recebimento deste ofício ({law}).")
    if request.statutory:
        return ("A mesma lei prevê que as informações sejam prestadas no prazo de sessenta "
                f"dias, a contar da data do recebimento do pedido ({law}); solicita-se, se "
                "possível, a resposta nesse prazo.")
    return ("A lei não fixa prazo para este pedido; pede-se, se possível, a resposta em até "
            "sessenta dias do recebimento deste ofício, o prazo dos órgãos do art. 4º, § 2º.")


def oficio_number(number: int, date: dt.date, sigla: str) -> str:
    """``"Ofício nº 15/2027/CCJR-ALEGO"``: number, year and the issuing unit's sigla
    (``[oficios] sigla``, or the Presidency's; Manual de Redação, 3rd ed.), or
    ``"Ofício nº 15/2027"`` without it."""
    return f"Ofício nº {number}/{date.year}" + (f"/{sigla}" if sigla else "")


def numbering(requests, settings: OficiosSettings) -> dict[str, tuple[int, str]]:
    """The one numbering of a candidate's letters: ``{request key: (number, sigla)}``.

    A letter the Presidency signs (:attr:`Request.by_presidency`: the SEFAZ-GO requisition)
    takes the Presidency's number and sigla (``[oficios] presidencia``); the others follow
    one another in the committee's series from ``[oficios] first_number``, in the order of
    ``requests``. :func:`write_oficios` prints these numbers, and the process record's
    ``requisicao-enviada`` acts must cite the same (``tests/test_oficios_numbers.py``
    compares them for the process fixture).
    """
    committee = [r for r in requests if not r.by_presidency]
    out = {}
    for r in requests:
        if r.by_presidency and settings.presidency is not None:
            out[r.key] = (settings.presidency.number, settings.presidency.sigla)
        else:
            out[r.key] = (settings.first_number + committee.index(r), settings.sigla)
    return out


def annex_words(candidate, store, has_map: bool, has_memorial: bool) -> tuple[str, str]:
    """The attachments line after the signature and the note on the annex (pt-BR).

    An area without a polygon (districts) has no memorial: the note says where its legal
    limits are (the district law, art. 18) and that the map's territory is approximate.
    """
    munis, _ = unit_names(store)
    if has_map and has_memorial:
        return ("Anexos: I — mapa da área proposta; II — memorial descritivo da área "
                "proposta."), ""
    if candidate.districts and has_map:
        from ..geo.tracts import TRACT_LIMIT_LABEL, districts_have_tracts

        origin = and_list([f"Prefeitura Municipal de {munis.get(c, c)}" for c in candidate.origins])
        if districts_have_tracts(store, candidate.districts):
            note = (f"O mapa mostra o {TRACT_LIMIT_LABEL} (os setores censitários de cada "
                    "distrito reunidos). Os limites legais da área são os descritos na lei "
                    f"municipal de criação do distrito (art. 18), pedida à {origin}, e por isso "
                    "não se anexa memorial descritivo.")
            return (f"Anexo: mapa de localização da área proposta ({TRACT_LIMIT_LABEL}).",
                    note)
        note = ("Os dados usados não trazem o polígono dos distritos: os limites da área são "
                "os descritos na lei municipal de criação do distrito (art. 18), pedida à "
                f"{origin}, e por isso não se anexa memorial descritivo. O mapa mostra um "
                "território aproximado, que não é limite legal.")
        return "Anexo: mapa de localização da área proposta (território aproximado).", note
    if has_map:
        return "Anexo: mapa da área proposta.", ""
    return "", ""


def with_annex(attachments: str, extra: str) -> str:
    """The attachments line with one more document: ``"Anexo: mapa da área proposta."`` and
    ``"cópia da representação"`` -> ``"Anexos: mapa da área proposta e cópia da
    representação."``; numbered annexes (map and memorial) take the next number (``"III —
    cópia da representação"``)."""
    if not extra:
        return attachments
    if not attachments:
        return f"Anexo: {extra}."
    if attachments.startswith("Anexos: "):
        n = attachments.count("; ") + 1
        return f"{attachments.removesuffix('.')}; {('I', 'II', 'III', 'IV', 'V')[n]} — {extra}."
    return f"Anexos: {attachments.removeprefix('Anexo: ').removesuffix('.')} e {extra}."


def oficio_html(request: Request, candidate, store, request_date: dt.date,
                settings: OficiosSettings, *, number: int, sigla: str | None = None,
                annex_html: str = "", annexes: tuple[str, str] = ("", "")) -> str:
    """One request as a complete HTML document (pt-BR, A4 when printed).

    Parameters
    ----------
    request : Request
    candidate : Candidate
    store : Store
        For the names of the area and origins.
    request_date : date
        The letter's date (the place/date line).
    settings : OficiosSettings
        The committee, its President (who signs), the process and the proposing deputy; the
        Presidency (who signs :attr:`Request.by_presidency` letters).
    number : int
        The letter's number in its signer's series (``Ofício nº 15/2027``).
    sigla : str, optional
        The sigla after it (:func:`numbering`, or the record's planned ofício); by default
        the signer's series' (``[oficios] sigla``, or the Presidency's).
    annex_html : str
        The map and memorial (HTML of ours), or ``""``.
    annexes : (str, str)
        :func:`annex_words`: the attachments line and the note on the annex.
    """
    munis, _ = unit_names(store)
    origins = and_list([f"Município de {munis.get(c, c)}" for c in candidate.origins])
    n = len(request.items)
    items = "".join(f'<li><span class="item">{esc(cite)}</span> — {esc(what)}'
                    f'{"." if i == n - 1 else ";"}</li>'
                    for i, (cite, what) in enumerate(request.items))
    a = request.authority
    deadline = deadline_words(request)
    attachments, note = annexes
    # Art. 4 § 3 gives the power to the Assembly: its Presidency requisitions from a
    # Secretário de Estado; a committee's President signs the other requests for it.
    if request.by_presidency:
        if settings.presidency is None:
            raise SettingsError("falta [oficios] presidencia = { name, gender, number }: o "
                                f"ofício {request.key!r} é assinado pelo Presidente da "
                                "Assembleia", field="oficios.presidencia")
        unit, signer = "Presidência", settings.presidency.person
        role, series = f"Presidente da {ASSEMBLY}", settings.presidency.sigla
        asker = f"a {ASSEMBLY}, por sua Mesa, " + request.verb.removesuffix("-se")
    else:
        unit, signer = settings.committee, settings.president
        role, series = f"Presidente da {settings.committee}", settings.sigla
        asker = ((f"a {ASSEMBLY}, por intermédio da {settings.committee}, "
                  + request.verb.removesuffix("-se")) if request.statutory else request.verb)
    sigla = series if sigla is None else sigla
    shown = "como mostram o mapa e o memorial descritivo anexos" if "II —" in attachments else (
        "como mostra o mapa anexo" if attachments else "")
    attachments = with_annex(attachments, request.annex)
    name = esc(study_name(candidate))
    proposed = proposal(candidate, request_date) is not None
    if proposed:
        check_process_year(settings, request_date)
        about = (f"proposta de criação do Município de {study_name(candidate)} (Processo nº "
                 f"{settings.process})")
        opening = (f"Tramita nesta {esc(ASSEMBLY)} o Processo nº {esc(settings.process)}, em que "
                   f"{'a' if settings.proposer.female else 'o'} {esc(settings.proposer.deputy())} "
                   f"propõe a criação do Município de <strong>{name}</strong>")
        purpose = ""
    else:  # no representation recorded: no process, only the study (legal8 S3)
        about = f"estudo preliminar de viabilidade da criação do Município de {study_name(candidate)}"
        opening = (f"Esta {esc(ASSEMBLY)} elabora estudo preliminar de viabilidade da criação "
                   f"do Município de <strong>{name}</strong>")
        purpose = ", para instruir eventual representação (LC nº 2/1990, art. 2º)"
    body = (
        f'<p class="cabecalho">{esc(ASSEMBLY)}<br>{esc(unit)}</p>'
        f'<p class="numero">{esc(oficio_number(number, request_date, sigla))}</p>'
        f'<p class="local-data">{esc(PLACE)}, {esc(date_long(request_date))}.</p>'
        '<p class="destinatario">' + "<br>".join(esc(x) for x in a.address()) + "</p>"
        f'<p class="assunto"><strong>Assunto:</strong> {esc(request.subject)} — {esc(about)}.</p>'
        f'<p class="vocativo">{esc(a.salutation())}</p>'
        f"<p>1. {opening}, com sede em "
        f"{esc(candidate.seat)}, por desmembramento do {esc(origins)}{esc(purpose)}. A área proposta é "
        f"{esc(area_description(candidate, store))}"
        + (f", {esc(shown)}" if shown and candidate.boundary is None else "")
        + f". {esc(OFICIO_NOTE)}</p>"
        f"<p>2. {esc(request.basis)} Para instruir o {'processo' if proposed else 'estudo'}, {esc(asker)} a "
        f"{esc(a.treatment)} {esc(request.what)}:</p>"
        f'<ol class="itens">{items}</ol>'
        # no process yet: the answers go to the study (legal8 S3)
        f"<p>3. {esc((ANSWER if request.statutory else ANSWER_DOCUMENTS).replace('processo legislativo', 'processo legislativo' if proposed else 'estudo'))}</p>"
        # the last paragraph goes with the closing, the signature and the attachments line,
        # never a signature alone on a page (Manual de Redação): one unbreakable block
        # (div.fecho: Typst block(breakable: false); CSS break-inside: avoid)
        f'<div class="fecho"><p>4. {esc(deadline)}</p><p>{esc(CLOSING)}</p>'
        f'<div class="assinatura"><p class="linha"></p><p>{esc(signer.deputy())}</p>'
        f"<p>{esc(role)}</p></div>"
        + (f"<p>{esc(attachments)}</p>" if attachments else "") + "</div>"
        + (f'<section class="anexo">{annex_html}'
           + (f"<p>{esc(note)}</p>" if note else "") + "</section>" if annex_html else "")
    )
    title = f"Ofício {request.to} — criação do Município de {study_name(candidate)}"
    return ("<!DOCTYPE html>\n<html lang=\"pt-BR\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{esc(title)}</title>\n<style>\n{stylesheet()}</style>\n</head>\n"
            f'<body>\n<main class="oficio">{body}</main>\n</body>\n</html>\n')


def annex(candidate, store, files: dict | None = None) -> tuple[str, bool, bool]:
    """The annexes of every letter: the map of the area (without the 6 km band or any measured
    distance, which would anticipate the answer) and, for an area with a polygon, its
    memorial descritivo, as the study draws them.

    Returns
    -------
    (str, bool, bool)
        The HTML (``""`` when the geometries cannot be built), whether it has the map, and
        whether it has the memorial. ``files``, when given, receives the annex files the
        memorial refers to (``{name: text}``: the full list of marks of a long memorial).
    """
    from ..profile.analysis import analyse
    from .study_cells import map_html, memorial_html, split_or_none

    analysis = analyse(candidate, store=store)
    split = split_or_none(analysis, store)
    the_map = map_html(analysis, store, split, number=1, band=False)
    # The annex heading names the memorial; the study's own sub-heading would repeat it.
    memorial = memorial_html(analysis, split, store).replace("<h3>Memorial descritivo</h3>", "", 1)
    if files is not None:
        files.update(analysis.annexes)
    html = ""
    if the_map and memorial:
        html = (f"<h2>Anexo I — Mapa da área proposta de {esc(study_name(candidate))}</h2>{the_map}"
                f"<h2>Anexo II — Memorial descritivo da área proposta de {esc(study_name(candidate))}"
                f"</h2>{memorial}")
    elif the_map:
        what = "Mapa de localização" if split is not None and split.area is None else "Mapa"
        html = f"<h2>Anexo — {what} da área proposta de {esc(study_name(candidate))}</h2>{the_map}"
    return Html(html), bool(the_map), bool(memorial)


def write_oficios(candidate, folder: Path, *, store, settings: OficiosSettings,
                  request_date: dt.date | None = None, pdf: bool = True,
                  notices: list[str] | None = None) -> dict[str, Path]:
    """Write the requests (HTML and PDF) of a candidate into ``folder``.

    Parameters
    ----------
    candidate : Candidate
    folder : Path
        Created if needed.
    store : Store
    settings : OficiosSettings
        Who signs, the process, the proposing deputy, the first number, the addressees.
    request_date : date, optional
        The letters' date. Default: the candidate's ``request_date``, else today, or the date
        of the record's last act when that is later
        (:func:`~viabilidade.report.oficios_record.default_date`, with a notice).
    pdf : bool
        Also render the PDFs.
    notices : list, optional
        Receives the notices (pt-BR) for the user: each letter left out because the record
        of acts already has its request (:mod:`viabilidade.report.oficios_record`), and the
        SEFAZ-GO requisition's basis to confirm (:data:`SEFAZ_NOTICE`).

    Returns
    -------
    dict
        ``"oficio-ibge.html"`` … ``"oficio-camara-abadiania.pdf"`` -> path.

    Raises
    ------
    CandidateError
        If the operation is not a municipality creation, or is an installed municipality
        (:func:`installed_refusal`); if the record of acts plans a letter's number in
        another year (:func:`~viabilidade.report.oficios_record.planned_numbers`), or a
        letter's number is one the record has already sent
        (:func:`~viabilidade.report.oficios_record.check_taken`).
    SettingsError
        If ``[oficios.destinatarios]`` names a letter this candidate does not have.
    ReportError
        If a PDF cannot be rendered; nothing is written then (all files are written
        atomically together, :func:`viabilidade.report.writers.atomic.write_files_atomically`).
    """
    from .oficios_record import check_taken, default_date, planned_numbers, recorded
    from .writers.atomic import write_files_atomically
    from .writers.export import html_to_pdf

    date = request_date
    if date is None:  # never before an act the record holds (final legal read, N2)
        from ..common.plausibility import today

        date, moved = default_date(candidate, today())
        if moved and notices is not None:
            notices.append(moved)
    requests = build_requests(candidate, store, date, settings)
    settings.check_addressees([r.key for r in requests])
    # the record of acts: a request already sent, received or answered is not written again
    made = recorded(candidate, [r.key for r in requests])
    if notices is not None:
        notices.extend(m.words() for m in made.values())
    files: dict[str, str] = {}
    html_annex, has_map, has_memorial = annex(candidate, store, files)
    # the IBGE's item II names the limits the annex shows (memorial or district law)
    every = build_requests(candidate, store, date, settings, memorial=has_memorial)
    requests = [r for r in every if r.key not in made]
    if notices is not None and any(r.by_presidency for r in requests):
        notices.append(SEFAZ_NOTICE)
    annexes = annex_words(candidate, store, has_map, has_memorial)
    # the memorial's full list of marks, when its text refers to it, goes with the letters
    contents: dict[str, bytes] = {name: text.encode("utf-8") for name, text in files.items()}
    # numbered as if all were written (one left out keeps its number); the record's planned
    # numbers first (letter and record cite one ofício); none repeats a number already sent
    numbers = numbering(every, settings) | planned_numbers(candidate, [r.key for r in requests],
                                                           date.year)
    check_taken(candidate, {r.key: numbers[r.key] for r in requests}, date.year)
    for r in requests:
        number, sigla = numbers[r.key]
        html = oficio_html(r, candidate, store, date, settings, number=number, sigla=sigla,
                           annex_html=html_annex, annexes=annexes)
        contents[f"{r.stem}.html"] = html.encode("utf-8")
        if pdf:
            contents[f"{r.stem}.pdf"] = html_to_pdf(html)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    write_files_atomically(folder, contents)
    return {name: folder / name for name in contents}


__all__ = ["Request", "Authority", "build_requests", "oficio_html", "write_oficios",
           "area_description", "dividing_line", "electoral_zones", "deadline_words",
           "annex_words", "oficio_number", "numbering", "CLOSING",
           # from oficios_requests, for the callers that read them here
           "ASSEMBLY", "CONFIRM_CITE", "LAW", "LOCAL_NEEDS", "PLACE", "SEFAZ_BASIS", "SIGNERS_ANNEX",
           "installed_refusal", "local_items", "municipality", "proposal", "zone_dataset",
           "zone_source"]
