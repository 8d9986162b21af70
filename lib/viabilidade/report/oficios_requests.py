"""What each ofício of a municipality creation asks, and of whom (art. 4 §§ 2–3).

:func:`build_requests` gives the letters the operation declares, in the order of the law:
the IBGE (items II, IV, VI; § 1 with III), the Electoral Justice (V; § 1; art. 2's signers),
SEFAZ-GO (VII; § 1), then the Prefeitura and the Câmara Municipal of each origin (the urban
perimeter law, the district law, items I and VI). Each :class:`Request` holds its addressee
(:class:`~viabilidade.report.oficios_address.Authority`), basis, verb and items; the area
and the dividing line are said in words here (:func:`area_description`,
:func:`dividing_line`). How the letters are written, numbered and attached is
:mod:`viabilidade.report.oficios`, whose docstring gives the reasons of the wording.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..errors import CandidateError
from ..law.bodies import ART2_REGISTRATION, BODIES, Body
from ..operations import operation_of, study_name
from ..proposal.candidate import slugify
from .oficios_address import Authority
from .oficios_settings import PRESIDENCY_LETTERS, OficiosSettings, Person
from .writers.format import and_list

#: Where the Assembly sits: the place of the place/date line.
PLACE = "Goiânia"
ASSEMBLY = "Assembleia Legislativa do Estado de Goiás"
LAW = "Lei Complementar estadual nº 2, de 16 de janeiro de 1990"
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
#: What the Cartório Eleitoral's letter attaches beside the map: the signers it asks about
#: (art. 2), which the analyst attaches from the process.
SIGNERS_ANNEX = "cópia da representação"


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


def unit_names(store) -> tuple[dict, dict]:
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
    munis, districts = unit_names(store)
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
    munis, districts = unit_names(store)
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
    _, districts = unit_names(store)
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
    munis, _ = unit_names(store)
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
    munis, _ = unit_names(store)
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
