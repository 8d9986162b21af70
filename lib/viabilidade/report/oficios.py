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

Who signs, the process and the deputy who proposed it come from the ``[oficios]`` section of
the settings file (:mod:`viabilidade.report.oficios_settings`). HTML and PDF (A4), pt-BR.
The certified answers go into the candidate file's ``[certified]`` table
(:mod:`viabilidade.proposal.certified`), which names the same figures.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..law.bodies import ART2_REGISTRATION, BODIES, Body
from ..proposal.candidate import slugify
from ..errors import CandidateError, SettingsError
from ..operations import operation_of, study_name
from .writers.format import and_list, date_long
from .frame import OFICIO_NOTE
from .oficios_address import Authority
from .oficios_settings import PRESIDENCY_LETTERS, OficiosSettings, Person
from .writers.tables import Html, esc

#: Where the Assembly sits: the place of the place/date line.
PLACE = "Goiânia"
ASSEMBLY = "Assembleia Legislativa do Estado de Goiás"
LAW = "Lei Complementar estadual nº 2, de 16 de janeiro de 1990"
#: The closing of every letter (Manual de Redação, 3rd ed., 2.2: "Atenciosamente," for an
#: authority of the same or lower hierarchy and "demais casos").
CLOSING = "Atenciosamente,"
#: How the answer should come, to be filed with the process (paragraph 3).
ANSWER = ("Pede-se que a resposta indique, para cada valor, o documento, a data e a fonte, e que "
          "os valores se refiram exatamente à área descrita, para que sejam juntados ao "
          "processo legislativo.")
#: The basis of the requisition to the Secretário de Estado (SEFAZ-GO), after "o § 3º manda a
#: Assembleia Legislativa requisitar as informações; ": the State Constitution's written
#: request for information to the Secretários de Estado (CE-GO art. 9º, § 3º, as the
#: Assembly's own page states it, al.go.leg.br/transparencia/faq), made by the Mesa, as the
#: CF (art. 50, § 2º) gives it to the Mesas; the Mesa's President signs. Whether the Mesa or
#: its President holds the power is for the Assembly's Procuradoria to confirm before signing
#: (:data:`SEFAZ_NOTICE`; docs/GUIA.md, Ofícios).
SEFAZ_BASIS = ("a Constituição do Estado de Goiás, art. 9º, § 3º, prevê o pedido escrito de "
               "informações a Secretário de Estado, que a Mesa da Assembleia Legislativa "
               "encaminha, como o art. 50, § 2º, da Constituição Federal o atribui às Mesas "
               "da Câmara dos Deputados e do Senado Federal.")
#: The notice ``oficios`` prints when it writes the requisition to SEFAZ-GO.
SEFAZ_NOTICE = ("a requisição à SEFAZ-GO cita a Constituição do Estado, art. 9º, § 3º, e é "
                "feita pela Mesa da Assembleia, assinada pelo seu Presidente: a confirmar com a "
                "Procuradoria da Assembleia antes de assinar (docs/GUIA.md, Ofícios)")
#: What the Cartório Eleitoral's letter attaches beside the map: the signers it asks about
#: (art. 2), which the analyst attaches from the process.
SIGNERS_ANNEX = "cópia da representação"
ANSWER_DOCUMENTS = ("Pede-se que cada lei venha com a indicação da data e do meio da sua "
                    "publicação, para que seja juntada ao processo legislativo.")


@dataclass(frozen=True)
class Request:
    """One ofício.

    Attributes
    ----------
    key : str
        ``"ibge"``, ``"cartorio-eleitoral"``, ``"sefaz-go"``, ``"prefeitura-<slug>"``,
        ``"camara-<slug>"``; the file is ``oficio-<key>``.
    to : str
        The addressee in the document title, with its article (``"ao IBGE"``).
    authority : Authority
    subject : str
        The subject line's opening (``"Solicitação de informações"``).
    basis : str
        The paragraph stating why this body is asked, ending before the verb.
    verb : str
        ``"solicita-se"`` or ``"requisita-se"``.
    what : str
        What is asked, after "<verb> a <treatment>" (``"que certifique"``).
    items : tuple of (str, str)
        (legal citation, what is to be certified or sent), in the order of the law.
    statutory : bool
        A request of art. 4 § 3 (the three bodies of art. 4 § 2), made by the Assembly through
        the committee, with the law's 60 days: a deadline for SEFAZ-GO (required), a time
        asked of the federal bodies; the municipal letters ask for an answer in the same
        time, without a legal deadline.
    annex : str
        A document this letter attaches besides the map (the Cartório Eleitoral's: the
        representation with its signers, :data:`SIGNERS_ANNEX`), or ``""``.
    """

    key: str
    to: str
    authority: Authority
    subject: str
    basis: str
    verb: str
    what: str
    items: tuple[tuple[str, str], ...]
    statutory: bool = True
    annex: str = ""

    @property
    def stem(self) -> str:
        return f"oficio-{self.key}"

    @property
    def required(self) -> bool:
        """The body is required to answer (a state body, art. 4 § 3), not only asked."""
        return self.verb == "requisita-se"

    @property
    def by_presidency(self) -> bool:
        """Signed by the Assembly's President, in the Presidency's series of letters
        (:data:`~viabilidade.report.oficios_settings.PRESIDENCY_LETTERS`), not by the
        committee's."""
        return self.key in PRESIDENCY_LETTERS


def _ordinal(n: str) -> str:
    return f"{int(n)}ª" if n.isdigit() else n


def zone_source(store) -> str:
    """Where the zone of the electoral letter comes from (legal review 3, finding 5), named as
    the study's "Dados utilizados" names the data set
    (:func:`viabilidade.data.provenance.dataset_label` of the ``electorate`` table, the store's
    only table with zones): ``"A zona indicada vem de TSE, eleitorado apto nas Eleições
    Gerais de 2022 (02/10/2022) e deve ser confirmada com o TRE-GO; …"``."""
    return (f"A zona indicada vem de {zone_dataset(store)} e deve ser confirmada com o TRE-GO; "
            "se a área pertencer a outra zona, pede-se o encaminhamento ao cartório competente.")


def zone_dataset(store) -> str:
    """The data set the zones come from: the first provenance record of the ``electorate``
    table, the TSE's roll by zone (the others only link the TSE's codes to the IBGE's), named by
    :func:`viabilidade.data.provenance.dataset_label`."""
    from ..data.provenance import dataset_label
    from .sections import LETTER_TABLES

    return dataset_label(store.provenance(LETTER_TABLES[0])[0])


def electoral_zones(store, codes) -> list[str]:
    """The electoral zones (numbers as text) of the given municipalities, in order, from the
    processed TSE table (``electorate.zonas``, ``|``-joined): the zones of the 2022 general
    election's roll, the only roll in the store that gives zones."""
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
            parts.append(f"{noun} de {and_list(ds)}, do {municipality(m, munis)}")
    if candidate.municipalities:
        ms = [municipality(c, munis) for c in candidate.municipalities]
        parts.append(("pelo território do " if len(ms) == 1 else "pelos territórios dos ")
                     + and_list(ms))
    text = "formada " + and_list(parts) if parts else ""
    if candidate.boundary is not None:
        drawn = (f"delimitada no memorial descritivo e no mapa anexos (arquivo de limites "
                 f"{candidate.boundary.name})")
        text = f"{text}, e {drawn}" if text else drawn
    return text


def dividing_line(candidate, store, memorial: bool | None = None) -> str:
    """Which "linha de divisa do novo Município" (art. 4 II) the IBGE is to measure from, as
    the annex shows it (pt-BR).

    An area with a polygon (a boundary file, or whole municipalities) has its memorial
    descritivo attached: ``"a linha de divisa do novo Município, descrita no memorial
    descritivo anexo"``. An area of districts has no polygon in the data and no memorial: its
    limits are those of the district's creating law (art. 18), ``"a linha de divisa do novo
    Município, dada pelo limite do distrito de Posse d'Abadia fixado na lei municipal que o
    criou"``.

    Parameters
    ----------
    candidate : Candidate
    store : Store
        For the districts' and municipalities' names.
    memorial : bool, optional
        Whether the memorial is attached (:func:`annex`); by default, whether the area has a
        polygon (a boundary file, or no district).
    """
    line = "a linha de divisa do novo Município"
    has_polygon = candidate.boundary is not None or not candidate.districts
    if memorial if memorial is not None else has_polygon:
        return f"{line}, descrita no memorial descritivo anexo"
    if candidate.boundary is not None:
        return f"{line}, descrita no arquivo de limites {candidate.boundary.name}"
    munis, districts = _names(store)
    parts = []
    names = [districts.get(c, {"nome": c})["nome"] for c in candidate.districts]
    if len(names) == 1:
        parts.append(f"pelo limite do distrito de {names[0]} fixado na lei municipal que o criou")
    elif names:
        parts.append(f"pelos limites dos distritos de {and_list(names)} fixados nas leis municipais "
                     "que os criaram")
    if candidate.municipalities:
        parts.append("pelo limite do território do " + and_list([municipality(c, munis)
                                                              for c in candidate.municipalities]))
    return f"{line}, dada " + and_list(parts)


def _district_names(candidate, store, origin: str) -> list[str]:
    """The names of the candidate's districts that belong to ``origin``."""
    _, districts = _names(store)
    return [districts[c]["nome"] for c in candidate.districts
            if c in districts and districts[c]["cod_ibge"] == origin]


def _person(settings: OficiosSettings | None, key: str) -> Person | None:
    return settings.addressees.get(key) if settings is not None else None


def _items_of(body: Body) -> str:
    """``"dos itens II, IV e VI"``, ``"do item V"``: the items of art. 4 ``body`` certifies,
    from the one table (:data:`viabilidade.law.bodies.BODIES`)."""
    items = [i for i in body.items if i != ART2_REGISTRATION]
    return ("dos itens " if len(items) > 1 else "do item ") + and_list(items)


def proposal(candidate, day: dt.date):
    """The record's ``proposta`` act (the deputy's representation, art. 2) on or before
    ``day``, or ``None``: without it no process "tramita" and the letters say they instruct a
    preliminary study (legal8 S3: "Tramita … o Processo nº 2027/000123" with no act
    recorded)."""
    from ..rules.calendar import recorded

    return recorded(candidate, "proposta", today=day)


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

    years = [int(y) for y in re.findall(r"(?<!\d)(1[89]\d\d|2\d\d\d)(?!\d)", settings.process)]
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


def build_requests(candidate, store, request_date: dt.date,
                   settings: OficiosSettings | None = None, *,
                   memorial: bool | None = None) -> list[Request]:
    """The letters the candidate's operation declares (``operations.Operation.letters``), in
    order: the three bodies of art. 4 § 2, then the Prefeitura and the Câmara Municipal of
    each origin. Only the creation of a municipality declares any.

    Parameters
    ----------
    candidate : Candidate
        An operation that declares letters (``create-municipality``).
    store : Store
        For names (districts, municipalities) and electoral zones.
    request_date : date
        Date of the request; the fiscal year asked of SEFAZ-GO is the one before it (the last
        closed year, art. 4 VII "no último exercício").
    settings : OficiosSettings, optional
        For the addressees' names; without it every letter addresses the office.
    memorial : bool, optional
        Whether the letters attach the area's memorial descritivo, which the IBGE's item II
        then points to (:func:`dividing_line`); by default, whether the area has a polygon.

    Returns
    -------
    list of Request
        IBGE (II, IV, VI; § 1 with III), Electoral Justice (V; § 1), SEFAZ-GO (VII; § 1),
        then per origin the Prefeitura (II's perimeter law, the district law, I, VI) and the
        Câmara (the same laws).

    Raises
    ------
    CandidateError
        If the operation declares no letter (art. 4 applies to the creation only: a fusion
        is exempt by art. 5 § 2).
    """
    op = operation_of(candidate)
    if op.installed:
        raise CandidateError(installed_refusal(candidate), file=candidate.path, field="operation")
    if not op.letters:
        raise CandidateError(
            f"encontrado operation = {candidate.operation!r}; os pedidos do art. 4º, § 3º "
            "só existem para a criação de município (operation = \"create-municipality\"): "
            "as demais operações não dependem dos requisitos do art. 4º",
            file=candidate.path, field="operation")
    munis, _ = _names(store)
    origins = and_list([f"Município de {munis.get(c, c)}" for c in candidate.origins])
    rest = and_list([f"o que resta do Município de {munis.get(c, c)}" for c in candidate.origins])
    rest_in = and_list([f"no que resta do Município de {munis.get(c, c)}" for c in candidate.origins])
    year = request_date.year - 1
    proposed = proposal(candidate, request_date) is not None
    b_ibge, b_tre, b_sefaz = BODIES["ibge"], BODIES["cartorio-eleitoral"], BODIES["sefaz-go"]
    ibge = Request(
        b_ibge.key, b_ibge.to,
        Authority(("Superintendente Estadual do IBGE em Goiás",) * 2, ("Superintendente",) * 2,
                  ("Instituto Brasileiro de Geografia e Estatística — IBGE", f"{PLACE} — GO"),
                  person=_person(settings, b_ibge.key)),
        "Solicitação de informações",
        f"O art. 4º, § 2º, da {LAW}, atribui ao Instituto Brasileiro de Geografia e "
        f"Estatística a apuração dos requisitos {_items_of(b_ibge)} do mesmo artigo.",
        "solicita-se", "que certifique",
        (("art. 4º, II", f"a distância, em metros, entre {dividing_line(candidate, store, memorial)}, "
                         f"e o perímetro urbano do {origins}, fixado em lei municipal"),
         ("art. 4º, IV", "a população residente na área proposta"),
         ("art. 4º, VI", f"o número de edificações do núcleo urbano de {candidate.seat}, sede "
                         "proposta"),
         # art. 4 § 2 gives the IBGE II, IV and VI only: III has no body (legal review 10)
         ("art. 4º, § 1º", f"para {rest}: a população residente e o número de edificações do "
                           "núcleo urbano da sede (itens IV e VI) e, como subsídio ao exame "
                           "do item III, que o § 2º não atribui a órgão, se o território "
                           "remanescente permanece contínuo")))
    zones = electoral_zones(store, candidate.origins)
    if len(zones) == 1:
        zone = f"{_ordinal(zones[0])} Zona Eleitoral de Goiás"
        judge = Authority((f"Juiz Eleitoral da {zone}", f"Juíza Eleitoral da {zone}"),
                          ("Juiz Eleitoral", "Juíza Eleitoral"),
                          ("Tribunal Regional Eleitoral de Goiás",), excellency=True,
                          person=_person(settings, b_tre.key))
        registry = f"ao Cartório da {zone}"
    else:
        zone_words = ("das " + and_list([_ordinal(z) for z in zones]) + " Zonas Eleitorais"
                      if zones else "da zona eleitoral competente")
        judge = Authority(("Desembargador Presidente do Tribunal Regional Eleitoral de Goiás",
                           "Desembargadora Presidente do Tribunal Regional Eleitoral de Goiás"),
                          ("Presidente",) * 2, (f"{PLACE} — GO",), excellency=True,
                          person=_person(settings, b_tre.key))
        registry = f"aos Cartórios {zone_words} de Goiás"
    electoral = Request(
        b_tre.key, b_tre.to, judge,
        "Solicitação de informações",
        f"O art. 4º, § 2º, da {LAW}, atribui ao Cartório Eleitoral, que integra a Justiça "
        f"Eleitoral (Tribunal Regional Eleitoral de Goiás), a apuração do requisito "
        f"{_items_of(b_tre)} do mesmo artigo." + (f" {zone_source(store)}" if zones else ""),
        "solicita-se", f"que determine {registry} a certificação de",
        (("art. 4º, V", "o número de eleitores com domicílio eleitoral na área proposta"),
         ("art. 4º, § 1º", f"o número de eleitores com domicílio eleitoral {rest_in}"),
         # art. 2: the representation's signers must be electors "inscritos na área", which
         # only the registry certifies (legal item 4); without a recorded representation
         # there is none to send nor signers to count (legal8 S3)
         *((("art. 2º", "quantos dos signatários da representação que iniciou o processo, "
                        "em cópia anexa, são eleitores inscritos na área proposta"),)
           if proposed else ())),
        annex=SIGNERS_ANNEX if proposed else "")
    sefaz = Request(
        b_sefaz.key, b_sefaz.to,
        Authority(("Secretário de Estado da Economia de Goiás",
                   "Secretária de Estado da Economia de Goiás"), ("Secretário", "Secretária"),
                  (f"{PLACE} — GO",), excellency=True, person=_person(settings, b_sefaz.key)),
        "Requisição de informações",
        f"O art. 4º, § 2º, da {LAW}, atribui à Secretaria de Estado da Fazenda, hoje "
        f"{b_sefaz.name.removesuffix(' de Goiás')} ({b_sefaz.short}), a apuração do requisito "
        f"{_items_of(b_sefaz)} do mesmo artigo, e o § 3º manda a Assembleia Legislativa "
        f"requisitar as informações; {SEFAZ_BASIS}",
        "requisita-se", "que certifique",
        (("art. 4º, VII", "o total arrecadado de impostos estaduais (ICMS, IPVA e ITCD) pelos "
                          f"contribuintes estabelecidos na área proposta no exercício de {year}, "
                          "último exercício encerrado"),
         ("art. 4º, VII", f"a receita estadual de impostos do exercício de {year}"),
         ("art. 4º, § 1º", f"o total arrecadado no exercício de {year} pelos contribuintes "
                           f"estabelecidos {rest_in}")))
    letters = operation_of(candidate).letters
    out = [r for r in (ibge, electoral, sefaz) if r.key in letters]
    for code in candidate.origins:
        out += [r for r in _municipal_requests(candidate, store, code, settings)
                if r.key.split("-")[0] in letters]
    return out


def _municipal_requests(candidate, store, code: str,
                        settings: OficiosSettings | None) -> list[Request]:
    """The Prefeitura's and the Câmara's letters of one origin."""
    munis, _ = _names(store)
    name = munis.get(code, code)
    slug = slugify(name)
    place = f"{name} — GO"
    districts = _district_names(candidate, store, code)
    perimeter = ("art. 4º, II", f"cópia da lei municipal vigente que fixa o perímetro urbano da "
                                f"sede do Município de {name} (e dos distritos, se houver), com "
                                "o mapa ou a descrição do perímetro")
    laws = [perimeter]
    if districts:
        noun = "o distrito" if len(districts) == 1 else "os distritos"
        laws.append(("arts. 16 e 18", f"cópia da lei municipal que criou {noun} de "
                                      f"{and_list(districts)}, com a descrição dos limites"))
    local = local_items(candidate)
    why = (f"O art. 4º, II, da {LAW}, mede a distância a partir do perímetro urbano do "
           "Município de origem, fixado em lei municipal"
           + ("; o distrito foi criado por lei municipal, que descreve os seus limites (arts. "
              "16 e 18)" if len(districts) == 1 else
              "; os distritos foram criados por lei municipal, que descreve os seus limites "
              "(arts. 16 e 18)" if districts else ""))
    prefeitura = Request(
        f"prefeitura-{slug}", f"à Prefeitura de {name}",
        Authority((f"Prefeito Municipal de {name}", f"Prefeita Municipal de {name}"),
                  ("Prefeito", "Prefeita"), (place,), excellency=True,
                  person=_person(settings, f"prefeitura-{slug}")),
        "Solicitação de documentos e informações",
        why + "; e os itens I e VI do art. 4º dependem de condições locais da sede proposta.",
        "solicita-se", "o envio de", tuple(laws + local), statutory=False)
    camara = Request(
        f"camara-{slug}", f"à Câmara Municipal de {name}",
        Authority((f"Presidente da Câmara Municipal de {name}",) * 2, ("Presidente",) * 2,
                  (place,), excellency=True, person=_person(settings, f"camara-{slug}")),
        "Solicitação de documentos",
        why + ".",
        "solicita-se", "o envio de",
        tuple(laws), statutory=False)
    return [prefeitura, camara]


#: What the Prefeitura's letter asks of each art. 4 I and VI item the file has no document
#: for, by evidence key (:data:`viabilidade.proposal.candidate.EVIDENCE_ITEMS`).
LOCAL_NEEDS = {
    "prefeitura": ("art. 4º, I", "a Prefeitura"), "camara": ("art. 4º, I", "a Câmara Municipal"),
    "escola": ("art. 4º, VI", "escola"), "saude": ("art. 4º, VI", "unidade de saúde"),
    "posto_telefonico": ("art. 4º, VI", "posto telefônico"),
    "praca_esporte": ("art. 4º, VI", "praça de esporte"), "cemiterio": ("art. 4º, VI", "cemitério"),
}
#: The citation of the item asking to confirm the documents the file declares.
CONFIRM_CITE = "art. 4º, I e VI"


def local_items(candidate) -> list[tuple[str, str]]:
    """What the Prefeitura's letter asks for art. 4 I and VI (final legal read, item 13).

    Only what the file still lacks: the buildings for the Prefeitura and the Câmara (I) and
    the areas of the urban core (VI) with no ``[evidence.*]`` document are asked for; the
    documents the file declares and nobody has checked (``checked`` ``None``) are named, each
    with what it shows, in one item asking to confirm them; a checked one is not mentioned.
    ``[]`` when every item has a checked document.
    """
    seat, evidence = candidate.seat, getattr(candidate, "evidence", {}) or {}
    missing = [k for k in LOCAL_NEEDS if k not in evidence]
    to_confirm = [evidence[k] for k in LOCAL_NEEDS if k in evidence and evidence[k].checked is None]
    out = []
    buildings = [LOCAL_NEEDS[k][1] for k in missing if LOCAL_NEEDS[k][0] == "art. 4º, I"]
    if buildings:
        out.append(("art. 4º, I", f"a indicação dos imóveis, públicos ou particulares, "
                                  f"existentes em {seat} em condições de abrigar "
                                  f"{and_list(buildings)} do novo Município"))
    areas = [LOCAL_NEEDS[k][1] for k in missing if LOCAL_NEEDS[k][0] == "art. 4º, VI"]
    if areas:
        out.append(("art. 4º, VI", f"a indicação das áreas do núcleo urbano de {seat} "
                                   f"utilizáveis para {and_list(areas)}, e dos equipamentos "
                                   "existentes"))
    if to_confirm:
        docs = "; ".join(f"{e.document} ({e.what})" for e in to_confirm)
        out.append((CONFIRM_CITE, "cópia dos documentos já declarados no processo, com a "
                                  f"confirmação de que correspondem aos originais: {docs}"))
    return out


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
    munis, _ = _names(store)
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


def installed_refusal(candidate) -> str:
    """Why an installed municipality has no ofício (pt-BR), and what to do (legal review
    15:44, item 4).

    The requests of art. 4 § 3 instruct a creation. An installed municipality (art. 21) is
    checked under art. 8, whose § 1 has the Assembly requisition "quadrienalmente, no ano
    anterior ao das eleições gerais para Prefeitos e Vereadores" the information on the loss
    of requirements: one periodic act for every installed municipality, not a step of a
    proposal with a deputy, a process and art. 4 § 3's sixty days, which these letters are
    framed on. So the command refuses, as ``projeto-de-lei`` does.
    """
    return (f"o Município de {study_name(candidate)} já está instalado (processo "
            "restabelecido pelo art. 21): os pedidos do art. 4º, § 3º, instruem a criação de "
            "município, e este comando não os escreve para ele. A perda de requisitos por "
            "município instalado (art. 8º) é verificada com as informações que a Assembleia "
            "Legislativa requisita dos organismos competentes quadrienalmente, no ano anterior "
            "ao das eleições municipais, para todos os municípios instalados (art. 8º, § 1º): "
            "um ato da Assembleia, não um pedido deste processo. O estudo (viabilidade estudo) "
            "mostra os itens IV a VII do art. 4º com os dados de hoje")


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
    munis, _ = _names(store)
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
           "annex_words", "oficio_number", "numbering", "CLOSING"]
