"""The sections of a study, as HTML built from an :class:`~viabilidade.profile.analysis.Analysis`.

Each function returns one section (``<section>`` with an ``<h2 id="sec-…">``) in Brazilian
Portuguese; the notebook template only calls them and displays the result. Sections whose
material the analysis does not carry (no rule of that group, no geometry) return ``""`` and
are left out of the study rather than faked.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from ..proposal.candidate import BOUNDARY_CORRECTION_ITEMS, BOUNDARY_STRIP, EVIDENCE_ITEMS
from ..operations import operation_of
from ..operations.base import CHAPTERS
from ..rules.result import SIMULATED, Basis, Figure, RuleResult, Status
from ..rules.common import is_future
from ..common.precision import rounded
from ..data.provenance import copy_note
from . import certificates, frame
from .writers import format as fmt
from .boundary import boundary_check
from .charts import threshold_chart
from .conclusion import analysis_conclusion_html
from .findings import Finding, Findings, findings, simulation
from ..rules.art8 import ITEMS_READING
from .readings import readings_html
from .writers.tables import (STATUS_CLASS, Html, esc, key_values, margin_text, provenance_table, rule_table,
                     BY_EXCESS, approximate_limit, threshold_amount, precision, source_text, status_badge, table, threshold_text, value_only,
                     value_text)

_ARTICLE_OF_RULE = re.compile(r"^art(\d+)")


def article_number(rule_id: str) -> int | None:
    """Article number of a rule id: ``"art4.IV"`` -> 4, ``"art17.II"`` -> 17; ``None`` if none."""
    m = _ARTICLE_OF_RULE.match(rule_id)
    return int(m.group(1)) if m else None


def _in(*numbers: int) -> Callable[[RuleResult], bool]:
    return lambda r: article_number(r.rule_id) in numbers


#: Groups of rules, in the order of the study: (section id, title, predicate on a result).
GROUPS: list[tuple[str, str, Callable[[RuleResult], bool]]] = [
    ("sec-art4", "Requisitos do novo município (art. 4º)",
     lambda r: article_number(r.rule_id) == 4 and r.rule_id not in ("art4.par1", "art4.par3")),
    ("sec-origem", "O município de origem após o desmembramento (art. 4º, § 1º)",
     lambda r: r.rule_id == "art4.par1"),
    ("sec-transferencia", "Os dois municípios e o plebiscito (arts. 5º e 7º)", lambda r: False),
    ("sec-fiscal-transferencia", "Efeitos fiscais nos dois municípios (FPM e ICMS)",
     lambda r: False),
    ("sec-correcao", "A correção de limites (art. 6º)", _in(6)),
    ("sec-distrito", "O distrito: requisitos do art. 17 e lei municipal (arts. 15 a 20)",
     _in(15, 16, 17, 18, 19)),
    ("sec-processo", "Processo e calendário",
     lambda r: r.rule_id == "art4.par3" or _in(1, 2, 5, 7, 8, 9, 11, 12, 13, 20, 21)(r)),
    ("sec-lei", "Elementos do projeto de lei (art. 3º)", _in(3)),
    ("sec-fiscal", "Impacto fiscal (art. 14)", _in(10, 14)),
    ("sec-economico", "Viabilidade econômico-financeira", lambda r: False),
]


def _section(sid: str, title: str, body: str) -> Html:
    return Html(f'<section class="secao" id="{esc(sid)}-s"><h2 id="{esc(sid)}">{esc(title)}</h2>'
                f"{body}</section>")


def study_name(analysis) -> str:
    """The name the study gives the area (:meth:`viabilidade.operations.Operation.study_name`:
    a fusion's is its seat's, art. 3, I)."""
    return operation_of(analysis.candidate).study_name(analysis.candidate)


def operation_subtitle(analysis) -> str:
    """The operation part of the title (:meth:`viabilidade.operations.Operation.subtitle`):
    ``"fusão de Anhanguera e Cumari — Município de Cumari"`` (plain text, not escaped)."""
    c = analysis.candidate
    op = operation_of(c)
    origins = getattr(analysis.profile, "origins", {}) or {}
    names = [origins[k].label if k in origins else k for k in op.origin_codes(c)]
    return op.subtitle(op.study_name(c), fmt.and_list(names))


def study_title(analysis) -> str:
    """``"Estudo de viabilidade — criação do Município de <name>"`` (plain text, not escaped)."""
    return f"Estudo de viabilidade — {operation_subtitle(analysis)}"


def _destination_name(analysis) -> str:
    """``"Corumbá de Goiás (5205802)"``: the receiving municipality of a transfer."""
    c, dest = analysis.candidate, getattr(analysis.profile, "destination", None)
    return f"{dest.label} ({c.destination})" if dest is not None else c.destination


def _origin_names(analysis, codes=None) -> list[str]:
    """``"Abadiânia (5200100)"`` per origin, for the cover. An origin that is the sum of
    today's territories (a retrospective study: Mara Rosa and Nova Iguaçu de Goiás, whose
    label says so) is named by the municipality alone, its remainder's name: the code is
    Mara Rosa's, not the sum's (final legal read, item 11)."""
    origins = getattr(analysis.profile, "origins", {}) or {}
    remainders = getattr(analysis.profile, "remainders", {}) or {}
    codes = analysis.candidate.origins if codes is None else codes

    def name(c: str) -> str:
        unit = origins[c]
        if len(unit.codes) > 1 and c in remainders:
            return remainders[c].label.removesuffix(" (remanescente)")
        return unit.label

    return [f"{name(c)} ({c})" if c in origins else c for c in codes]


#: Store tables whose numbers a study prints only in some chapters (legal review 3, finding 5:
#: each document's "Dados utilizados" lists only what it uses): the TSE's 2022 roll gives only
#: the ofícios' electoral zone (no chapter; listed with the letters, :func:`used_provenance`); the FPM and the GDP only the economic chapters;
#: the state revenue art. 4 VII and the economic chapters; the 2026 electorate profile every
#: operation with electors (not the boundary correction, whose only chapter is its own), and
#: with it the TSE-IBGE code crosswalk; the creation acts the process chapter's history.
TABLE_CHAPTERS = {
    "history": frozenset({"sec-processo"}),
    "crosswalk": frozenset(set(CHAPTERS) - {"sec-correcao"}),
    "electorate": frozenset(),
    "fpm_interior": frozenset({"sec-economico", "sec-fiscal", "sec-fiscal-transferencia"}),
    "pib": frozenset({"sec-economico", "sec-fiscal"}),
    "state_revenue": frozenset({"sec-art4", "sec-economico", "sec-fiscal"}),
    "fpm_monthly": frozenset({"sec-economico", "sec-fiscal-transferencia"}),
    "fpm_credits": frozenset({"sec-economico", "sec-fiscal-transferencia"}),
    "electorate_profile": frozenset(set(CHAPTERS) - {"sec-correcao"}),
}


#: The store tables the ofícios read beyond the study's chapters: the electoral zone of the
#: Cartório's letter (:func:`viabilidade.report.oficios.electoral_zones`). A study whose
#: operation writes letters lists their data sets in its "Dados utilizados"
#: (:func:`used_provenance`), so the letter and the study cite one record of sources (final
#: legal read, item 14).
LETTER_TABLES = ("electorate",)


def used_provenance(analysis) -> list[dict]:
    """The provenance records of the store tables the study's chapters use
    (:data:`TABLE_CHAPTERS`; a table not listed there is used by every study), and, when its
    operation writes letters (:attr:`~viabilidade.operations.Operation.letters`), those the
    letters read (:data:`LETTER_TABLES`: the Cartório's zone), so the letters cite no source
    the study does not list (final legal read, item 14)."""
    op = operation_of(analysis.candidate)
    chapters = set(op.chapters)
    return [p for p in analysis.provenance
            if p.get("table") not in TABLE_CHAPTERS or chapters & TABLE_CHAPTERS[p["table"]]
            or (op.letters and p.get("table") in LETTER_TABLES)]


def _vintages(analysis) -> list[str]:
    """The official data sets used (:func:`used_provenance`), each with publisher and edition
    or year (:func:`viabilidade.data.provenance.dataset_label`), once each, sorted."""
    from ..data.provenance import dataset_label

    seen = []
    for p in used_provenance(analysis):
        item = fmt.dates_in_text(dataset_label(p))
        if item not in seen:
            seen.append(item)
    return sorted(seen)


#: Printed at the foot of the cover: what the study is and is not (art. 4º, § 2º).
COVER_NOTE = ("Este estudo aplica a Lei Complementar nº 2/1990 aos dados públicos listados nos "
              "Apêndices. Os requisitos dos itens II, IV e VI do art. 4º são apurados pelo IBGE, o "
              "do item V pelo Cartório Eleitoral, da Justiça Eleitoral (TRE-GO), e o do item VII "
              "pela Secretaria da Fazenda, hoje Secretaria de Estado da Economia de Goiás "
              "(art. 4º, § 2º): os valores aqui apresentados orientam o pedido dessas certidões e "
              "não as substituem.")


#: Opens the cover note of a municipality already installed (art. 21): what it checks is art. 8's.
INSTALLED_NOTE = ("O município já está instalado: os requisitos do art. 4º que ele pode perder "
                  "(IV a VII) são aqui verificados com os números de hoje, como o art. 8º manda "
                  "verificar a perda de requisitos, com as informações que a Assembleia "
                  "Legislativa requisita dos organismos competentes no ano anterior ao das "
                  "eleições municipais (art. 8º, § 1º), e não como condição da criação, já feita; "
                  "os itens I a III e o § 1º do art. 4º não se aplicam (condições da criação). "
                  + ITEMS_READING)


def cover(analysis, study_date: dt.date, after: str = "") -> Html:
    """Cover page: title, candidate, operation, origin(s), study date, data vintages.

    ``after`` (HTML from our own code) closes the cover block: the federal frame
    (:func:`viabilidade.report.frame.study_frame`), so it flows onto the first pages whatever
    the cover's length. Also carries the running-header text (the candidate's name) and the table of contents
    placeholder that :mod:`viabilidade.report.writers.export` fills in.
    """
    c = analysis.candidate
    op = operation_of(c)
    facts = [
        (op.subject_label, op.subject_name(c)),
        *([(op.seat_label, op.seat_text(c))] if op.proposed_seat else []),
        ("Operação", op.label),
        *([("Instrumento legal", op.instrument)] if op.instrument else []),
        (op.origins_label[0] if len(op.origin_codes(c)) <= 1 else op.origins_label[1],
         "; ".join(_origin_names(analysis, op.origin_codes(c))) or "—"),
        *([("Município que recebe a área", _destination_name(analysis))]
          if op.receiving and c.destination else []),
        ("Arquivo do candidato", c.path.name),
        ("Data do estudo", fmt.date_long(study_date)
         + (f" — {sim['texto']}" if (sim := simulation(analysis)) else "")),
        ("Conclusão", analysis_conclusion_html(analysis)),
    ]
    vintages = "".join(f"<li>{esc(v)}</li>" for v in _vintages(analysis))
    return Html(
        '<section class="capa">'
        f'<p class="cabecalho-corrente">{esc(op.study_name(c))}</p>'
        '<p class="titulo-corrente">Estudo de viabilidade — LC nº 2/1990 (GO)</p>'
        '<p class="orgao">Estado de Goiás · Lei Complementar nº 2, de 16 de janeiro de 1990</p>'
        f'<h1 class="titulo">{esc(study_title(analysis))}</h1>'
        + key_values(facts)
        + (f'<div class="vigencias"><h3>Dados utilizados (referência)</h3><ul>{vintages}</ul>'
           f'<p class="legenda">{esc(copy_note(analysis.provenance))}</p></div>'
           if vintages else "")
        + '<nav id="sumario" class="sumario"><h3>Sumário</h3></nav>'
        + certificates.cover_box(analysis, (INSTALLED_NOTE + " " if op.installed else "") + COVER_NOTE)
        + after + "</section>")


def short_citation(article: str) -> str:
    """``"LC 02/1990, art. 4º, II"`` -> ``"Art. 4º, II"`` (:func:`format.article_citation`)."""
    return fmt.article_citation(article)


def finding_html(f: Finding | None) -> str:
    """One finding (:class:`viabilidade.report.findings.Finding`) as the study's summary prints
    it: a ``premissa`` box with the title in bold, the summary as a sentence, its items and
    its detail; ``""`` for ``None``."""
    if f is None:
        return ""
    items = "".join(f"<li>{esc(i)}</li>" for i in f.items)
    head = f.sentence()[:-1] + (":" if items else ".")
    return (f'<div class="premissa"><p><strong>{esc(f.title)}.</strong> {esc(head)}'
            + (f" {esc(f.detail)}</p>" if f.detail and not items else "</p>")
            + (f"<ul>{items}</ul>" if items else "")
            + (f"<p>{esc(f.detail)}</p>" if f.detail and items else "") + "</div>")


def pending_html(found: Findings) -> str:
    """The study's "O que mudaria a conclusão": the ``pendencias`` finding (its summary, the
    requirements, where their reasons are) and the constitutional bar (``vedacao``)."""
    f, bar = found.of("pendencias"), found.of("vedacao")
    out = ""
    if f is not None:
        items = "".join(f"<li>{esc(i)}</li>" for i in f.items)
        out = (f"<p>{esc(f.sentence()[:-1])}:</p><ul>{items}</ul>" if items
               else f"<p>{esc(f.sentence())}</p>")
        if f.detail:
            out += f"<p>{esc(f.detail)}</p>"
    return out + (f"<p>{esc(bar.sentence())}</p>" if bar is not None else "")


def _what_would_change(analysis) -> str:
    """:func:`pending_html` of the study's findings."""
    return pending_html(findings(analysis))


def alternatives_table(analysis) -> Html | str:
    """Verdict under each alternative interpretation reading (docs/LEITURAS.md I-1 … I-11);
    ``""`` when no alternative reading applies to the operation (only the adopted row)."""
    if len(analysis.alternatives or []) <= 1:
        return ""
    from ..rules.settings import is_edition

    rows: dict[bool, list] = {False: [], True: []}  # a data edition is no reading: apart
    for desc, verdict, changed in analysis.alternatives:
        rows[is_edition(desc)].append(
            [desc, Html(f'<span class="veredito v-{esc(str(verdict))}">'
                        f"{esc(fmt.verdict_label(verdict))}</span>"),
             "; ".join(fmt.rule_citation(c) for c in changed) or "nenhum"])
    return Html("".join(table([first, "Conclusão", "Requisitos que mudam"], rows[edition],
                              css_class="tabela alternativas", widths=(58, 14, 28))
                        for edition, first in ((False, "Leitura alternativa"),
                                               (True, "Outra edição dos dados"))
                        if rows[edition])
                + f'<p class="legenda">{esc(READINGS_LEGEND)}</p>')


#: How to read the "I-n" codes of the alternative readings.
READINGS_LEGEND = ("I-1 a I-11: pontos em que o texto da lei admite mais de uma leitura, numerados e "
                   "explicados nos Apêndices (Leituras da lei); cada linha muda uma só leitura em "
                   "relação às adotadas.")


def thin_margin_note(analysis) -> str:
    """The art. 8 warning of requirements met by a thin margin (the ``margem`` finding), or
    ``""``."""
    return finding_html(findings(analysis).of("margem"))


def data_flags_note(analysis) -> str:
    """The conflicts between published figures the study reads (the ``dados`` finding), or
    ``""``."""
    return finding_html(findings(analysis).of("dados"))


#: How the basis of a figure words a requirement (summary of the study and of the deck).
BASIS_RULE = ("Um requisito só é dado como cumprido ou não cumprido com valor certificado (certidão "
              "do órgão que a lei indica) ou documento; medido pela ferramenta (geometria), é "
              "“atingido na medição” (“a certificar”, quando a lei dá o valor a um órgão) ou “não "
              "atingido na medição”; com dado oficial publicado (Censo, TSE, "
              "SEFAZ-GO), é “atingido nos dados publicados (a certificar)” ou “não atingido nos "
              "dados publicados”, pendente da certidão; um valor estimado deixa o requisito "
              "indeterminado, com a tendência indicada.")


def summary(analysis) -> Html:
    """Executive summary: verdict, declared premises, traffic-light table of every rule, what
    would change it, and the verdict under the other readings of the law."""
    found = findings(analysis)
    tally = fmt.status_tally(fmt.result_counts(analysis.results))
    chart = threshold_chart(analysis.results)
    body = (
        f'<p class="conclusao">{analysis_conclusion_html(analysis)}</p>'
        f"<p>Requisitos apurados com os dados e as leituras da lei adotados: {esc(tally)}.</p>"
        f"<p>{esc(BASIS_RULE)}</p>"
        + finding_html(found.of("premissa"))
        + rule_table(analysis.results, caption="Quadro 1. Situação de cada requisito", compact=True)
        + "".join(finding_html(f) for f in found.items
                  if f.kind in ("margem", "dados", "nome", "plebiscito", "limites"))
        + (chart.html(1) if chart is not None else "")
        + "<h3>O que mudaria a conclusão</h3>" + pending_html(found)
    )
    readings = found.of("leituras")
    if readings is not None:
        body += ("<h3>Conclusão sob outras leituras da lei</h3>"
                 f"<p>{esc(readings.sentence()[:-1])} (quadro completo na seção "
                 '<a href="#sec-sensibilidade">Sensibilidade</a>).</p>')
    return _section("sec-resumo", "Sumário executivo", body)


def _figure_row(label: str, f: Figure | None) -> list[Any] | None:
    if f is None:
        return None
    value = fmt.estimate(f.value, f.unit, f.uncertainty, f.basis, f.precision)
    # the vintage once: a source that already names it ("perfil do eleitorado de 2026") keeps
    # no "(2026)" after it
    shown = f.source if str(f.vintage) and str(f.vintage) in f.source else f"{f.source} ({f.vintage})"
    source = fmt.dates_in_text(shown) if f.source else "—"
    return [label, value, fmt.basis_label(f.basis, f.value, f.note, f.source), source, f.note or ""]


def unit_table(unit, caption: str | None = None, not_required: dict[str, str] | None = None) -> Html:
    """Figures of one territory (population, electors, buildings, area, collection, revenue);
    ``not_required`` (:attr:`viabilidade.operations.base.Operation.not_required`) replaces a
    figure the operation's law does not ask for by its words (``"não exigido (art. 17)"``)."""
    not_required = not_required or {}
    rows = [[label, not_required[attr], "—", "—", ""] if attr in not_required
            else _figure_row(label, getattr(unit, attr, None)) for label, attr in (
        ("População", "population"), ("Eleitores", "electors"), ("Edificações", "buildings"),
        ("Área", "area_km2"), ("Arrecadação estadual", "collection"), ("Receita", "revenue"))]
    return table(["Grandeza", "Valor", "Base", "Fonte", "Nota"], [r for r in rows if r],
                 caption=caption, numeric=(1,), widths=(15, 22, 11, 26, 26))


def area(analysis, store=None, map_html: str = "") -> Html:
    """The proposed area: its seat, the map (when given), its districts and figures; ``""``
    for an operation with no proposed area (a boundary correction), and no seat line for one
    with no proposed seat (a transfer: the area joins an existing municipality).

    Parameters
    ----------
    analysis : Analysis
    store : Store, optional
        For district names and seats (``store.districts``); codes only without it.
    map_html : str
        Already-built HTML of the map figure (from :mod:`viabilidade.geo.maps`), or ``""``.
    """
    c, p = analysis.candidate, analysis.profile
    op = operation_of(c)
    if not op.proposed_area:
        return ""
    # The map comes first and the seat line keeps with it, so the heading and the map share a page.
    body = (f'<p class="sede-proposta">{esc(op.seat_label)}: <strong>{esc(c.seat)}</strong>.</p>'
            if op.proposed_seat else "") + map_html
    if c.districts:
        rows = []
        names = {}
        if store is not None and getattr(store, "districts", None) is not None:
            d = store.districts.set_index("cod_distrito")
            names = {k: (d.at[k, "nome"], d.at[k, "nome_municipio"], bool(d.at[k, "sede"]))
                     for k in c.districts if k in d.index}
        for code in c.districts:
            nome, muni, sede = names.get(code, ("—", "—", False))
            rows.append([code, nome, muni, "sim" if sede else "não"])
        body += table(["Código do distrito", "Distrito", "Município atual", "Sede municipal"], rows,
                      caption="Distritos que formam a área", widths=(22, 30, 30, 18))
    if c.municipalities:
        munis = getattr(store, "municipalities", None) if store is not None else None
        known = (dict(zip(munis["cod_ibge"], munis["nome"])) if munis is not None else {})
        body += ("<p>Municípios inteiros na área: "
                 + esc(fmt.and_list(f"{known[code]} ({code})" if code in known else code
                                 for code in c.municipalities)) + ".</p>")
    art4 = "sec-art4" in op.chapters
    unit = p.area if art4 else dataclasses.replace(p.area, collection=None)
    words = ("da área transferida" if op.receiving else "do Município" if op.installed else
             "da área proposta")
    body += unit_table(unit, caption=f"Números {words} — {p.area.label}",
                       not_required=op.not_required)
    body += boundary_check(analysis)
    if c.districts and c.boundary is None:
        from ..geo.tracts import TRACT_LIMIT_LABEL, districts_have_tracts

        tracts = store is not None and districts_have_tracts(store, c.districts)
        held = (f"nos dados usados (os distritos têm só o {TRACT_LIMIT_LABEL}, sobre o qual o "
                "estudo mede só a continuidade do art. 4º, III, e " if tracts else
                "(os dados usados neste estudo não trazem o limite do distrito, pois a malha de "
                "setores censitários do IBGE 2022 não foi carregada, e ")
        shown = (f"o mapa mostra o {TRACT_LIMIT_LABEL}; " if tracts
                 else "o mapa mostra só um território aproximado; ")
        body += ("<p>A área não tem polígono " + held
                 + "o candidato não trouxe arquivo de limites): "
                 + (shown if map_html else "")
                 + ("a distância do art. 4º, II medida sobre a divisa e o memorial descritivo "
                    "dependem" if art4 else "o memorial descritivo depende")
                 + " do levantamento dos limites propostos.</p>")
    return _section("sec-area", "A área transferida" if op.receiving else op.area_title, body)


#: Portuguese labels of the keys rules put in ``RuleResult.details``.
DETAIL_LABELS = {
    "incerteza": "Incerteza (±)",
    "processo": "Processo restabelecido (art. 21)",
    "municipio": "Município que o processo cria",
    "lei_de_criacao": "Lei de criação",
    "reduzido": "Limite reduzido a 2/3 (interesse especial)",
    "quorum": "Quórum mínimo (comparecimentos)",
    "maioria_no_quorum": "Votos “sim” necessários no quórum mínimo",
    "eleitores_rol": "Eleitores do rol do plebiscito",
    "contagem": "Contagem do plebiscito",
    "eleitores_por_municipio": "Eleitores do rol em cada município (leitura adotada)",
    "eleitores_rol_somado": "Eleitores somados (só na leitura alternativa, de contagem única)",
    "quorum_por_municipio": "Quórum mínimo (comparecimentos) em cada município",
    "eleitorado": "Eleitorado do plebiscito (leitura I-10 da lei)",
    "leitura": "Leitura adotada",
    "base_rol": "Base do rol",
    "fonte_rol": "Fonte do rol",
    "ano_criacao": "Ano de criação",
    "instalacao": "Instalação",
    "origem": "Origem do ano de criação",
    "cod_ibge": "Código IBGE",
    "perimetro": "Perímetro urbano considerado (leitura I-4 da lei)",
    "tolerancia_km2": "Tolerância de fragmentos do remanescente (km², leitura I-5 da lei)",
    "parcela_receita": "Parcela da receita estadual exigida",
    "receita_estadual": "Receita estadual de impostos",
    "receita_estadual_fonte": "Fonte da receita estadual",
    "receita_estadual_ano": "Ano da receita estadual",
    "edificacoes_status": "Situação da contagem de edificações",
    "edificacoes_lean": "Tendência da contagem de edificações",
    "faltam": "Evidências que faltam",
    "limite_superior_m": "Limite superior da distância (m)",
    "nota": "Nota",
    "aprovacao": "Aprovação",
    "eleitores_aptos": "Eleitores aptos",
    "sim": "Votos “sim”",
    "nao": "Votos “não”",
    "brancos": "Votos em branco",
    "nulos": "Votos nulos",
    "comparecimento": "Comparecimento",
    "minimo_sim": "Mínimo de votos “sim”",
    "receita_estadual_base": "Base da receita estadual",
    "sede": "Aprovação da sede",
    "medida": "O que o valor mede",
    "nota_exigencia": "Referência da exigência",
    "origens": "Municípios de origem",
    "arquivo": "Arquivo de limites",
    "exigencia_de": "Signatários que a lei exige",
}
#: Detail keys whose value is a reading of a setting (shown with the setting's Portuguese text).
DETAIL_READINGS = {"perimetro": "perimeter", "leitura": "quorum", "eleitorado": "plebiscite_roll"}
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
#: Detail keys holding a count in the result's unit, printed whole when the unit is a count.
_WHOLE_DETAILS = {"incerteza", "eleitores_rol", "eleitores_rol_somado"}
_SKIP_DETAILS = {"texto_legal", "subchecks", "evidencias", "ato_futuro",  # = "nota"
                 "sedes",  # art. 15: the reason names each seat taken
                 # art. 6: shown in the correction chapter's table of the two lines
                 "faces", "fora_dos_municipios_km2", "comprimento_linha_atual_m",
                 "comprimento_linha_corrigida_m", "fechamento_das_pontas_m",
                 "tolerancia_correcao_km2",
                 "referencia_exigencia", "natureza_exigencia",  # in the "Exigência" row (tables.threshold_text)
                 "precisao",  # the step the value is printed to: resultados.json only
                 "rotulo_situacao", "sem_efeito",
                 "edificacoes_base", "a_conferir", "receita_estadual_simulada"}  # the status label and the reason say them  # the status cell itself (art. 6: "documentado …")


def _detail_value(v: Any, key: str = "") -> str | None:
    if v is None:
        return "—"
    if key in DETAIL_READINGS and isinstance(v, str):
        from ..rules.settings import CHOICES

        return CHOICES.get(DETAIL_READINGS[key], {}).get(v, v)
    if isinstance(v, bool):
        return "sim" if v else "não"
    if isinstance(v, int) and ("ano" in key or "year" in key):
        return str(v)
    if key == "parcela_receita" and isinstance(v, float):  # a fraction, as the law gives it
        return fmt.percent(100 * v)
    if isinstance(v, float) and 0 < abs(v) < 0.01:
        return fmt.number(v, 6).rstrip("0")
    if isinstance(v, (int, float)):
        if "receita" in key and "ano" not in key:
            return fmt.money(v)
        return fmt.number(v)
    if isinstance(v, str):
        if v in {s.value for s in Status}:
            return fmt.status_label(v)
        if key.endswith("_lean") and v:
            return fmt.lean_label(v)
        if v in {b.value for b in Basis}:
            return fmt.basis_label(v)
        if _ISO_DATE.match(v):
            return fmt.date_long(dt.date.fromisoformat(v))
        return v
    if isinstance(v, dt.date):
        return fmt.date_long(v)
    if isinstance(v, (list, tuple)) and all(isinstance(x, (str, int, float)) for x in v):
        if key == "faltam":
            return "; ".join(EVIDENCE_ITEMS.get(x) or BOUNDARY_CORRECTION_ITEMS.get(x)
                             or BOUNDARY_STRIP.get(x, x)
                             for x in v) or "nenhuma"
        return ", ".join(fmt.number(x) if isinstance(x, (int, float)) else x for x in v)
    return None


def _subchecks(sub: dict) -> Html:
    rows = []
    for item, d in sub.items():
        if not isinstance(d, dict):
            continue
        unit = d.get("unidade", "")
        value = (fmt.estimate(d.get("valor"), unit, None, d.get("base") or None)
                 if d.get("valor") is not None else "—")
        if d.get("base"):  # "— (sem dado)" without a value (legal10 M2)
            value += f" ({fmt.basis_label(d['base'], d.get('valor'), d.get('nota'))})"
        limit = (f"{fmt.comparator_label(d.get('comparador'))} {fmt.quantity(d['limite'], unit)}"
                 if d.get("limite") is not None else "—")
        if limit != "—" and unit == "BRL" and d.get("natureza_exigencia") == BY_EXCESS:
            # the remainder's art. 4 VII on a revenue with fines: as the area's (finding 4)
            limit = approximate_limit(d.get("comparador"), d["limite"], d.get("valor"),
                                      d.get("referencia_exigencia"))
        elif d.get("referencia_exigencia") and limit != "—":
            limit += f" (referência: {d['referencia_exigencia']})"
        status = d.get("status")
        label = (fmt.status_label(status, d.get("lean") or None,
                                  fmt.note_basis(d.get("base_decisiva"), d.get("nota")))
                 if status else "—")
        css = STATUS_CLASS.get(Status(status), "") if status else ""
        rows.append([f"art. 4º, {item}", value, limit,
                     Html(f'<span class="status {css}">{esc(label)}</span>'), d.get("motivo", "")])
    return table(["Item", "Valor", "Exigência", "Situação", "Motivo"], rows,
                 caption="Verificação item a item", numeric=(1, 2), widths=(11, 17, 16, 16, 40))


#: Art. 4 items whose figure § 2 gives to a named body (IBGE, Cartório Eleitoral, SEFAZ-GO).
NAMED_BY_PAR2 = ("art4.II", "art4.IV", "art4.V", "art4.VI", "art4.VII")


def certifier_label(r: RuleResult) -> str:
    """The label of a rule's ``certifier`` line: ``"Certificador (art. 4º, § 2º)"`` only for
    the items § 2 gives to a named body (II, IV, V, VI, VII); ``"Quem comprova"`` for any
    other (art. 4 I and III name no body: the proponents' documents, the measured geometry)."""
    return "Certificador (art. 4º, § 2º)" if r.rule_id in NAMED_BY_PAR2 else "Quem comprova"


def rule_block(r: RuleResult) -> Html:
    """One rule, in full: legal text, status, reason, value, requirement, margin, source, certifier."""
    pairs = [
        ("Situação", status_badge(r)),
        ("Valor apurado", value_only(r) if r.value is not None
         else value_text(r) if is_future(r) else "—"),
        ("Exigência", threshold_text(r)),
        ("Margem", margin_text(r)),
        ("Base do valor", fmt.result_basis_label(r, r.value) if r.value is not None else "—"),
        ("Fonte", source_text(r) or "—"),
        (certifier_label(r), r.certifier or "—"),
    ]
    details = r.details or {}
    for k, v in details.items():
        if k in _SKIP_DETAILS:
            continue
        if k in _WHOLE_DETAILS and r.unit in fmt.COUNT_UNITS and isinstance(v, (int, float)) \
                and not isinstance(v, bool):
            v = math.floor(v + 0.5)  # no fraction of a person, elector or building (half up)
        text = (fmt.number(*rounded(v, precision(r), r.threshold))
                if k == "limite_superior_m" and isinstance(v, (int, float)) else
                # the count's own status, in the words of its basis (declared, published …)
                fmt.status_label(v, basis=fmt.note_basis(details.get("edificacoes_base"),
                                                         details.get("nota")))
                if k == "edificacoes_status" and isinstance(v, str) else
                fmt.basis_label(v, True, SIMULATED if details.get("receita_estadual_simulada") else None)
                if k == "receita_estadual_base" and v else _detail_value(v, k))
        if text is not None:
            pairs.append((DETAIL_LABELS.get(k, k.replace("_", " ")), text))
    pairs = [(k, v) for k, v in pairs if k == "Situação" or v != "—"]
    legal = details.get("texto_legal")
    quote = (f'<blockquote class="texto-legal">“{esc(legal)}”</blockquote>'
             if isinstance(legal, str) and legal else "")
    sub = details.get("subchecks")
    art = r.article or fmt.rule_citation(r.rule_id)
    subject = f" · {r.subject}" if r.subject and r.subject != "área" else ""
    return Html(f'<div class="regra linha-{esc(Status(r.status).value)}">'
                f'<h3>{esc(r.title)}{esc(subject)}</h3>'
                f'<p class="artigo">{esc(art)}</p>' + quote
                + f'<p class="motivo">{esc(r.reason)}</p>'
                + (f'<p class="premissa">{esc(frame.plebiscite_note([r]))}</p>'
                   if frame.plebiscite_note([r]) else "")
                + key_values(pairs)
                + (_subchecks(sub) if isinstance(sub, dict) and sub else "") + "</div>")


def group(analysis, sid: str, extra: str = "") -> Html | str:
    """The section of one rule group (see :data:`GROUPS`).

    ``extra`` (HTML) is shown before the rules; the section is ``""`` when it has neither
    a result nor extra material.
    """
    for gid, title, pred in GROUPS:
        if gid == sid:
            rows = [r for r in analysis.results if pred(r)]
            if not rows and not extra:
                return ""
            if sid == "sec-origem":
                rem = getattr(analysis.profile, "remainders", {}) or {}
                extra += "".join(unit_table(u, caption=f"Números de {u.label}") for u in rem.values())
            titles = operation_of(analysis.candidate).chapter_titles or {}
            return _section(sid, titles.get(sid, title),
                            extra + "".join(rule_block(r) for r in rows))
    raise KeyError(sid)


def other_rules(analysis) -> Html | str:
    """Rules that no chapter of the operation prints (a group of :data:`GROUPS` the operation
    does not declare, or none), so no result is ever left out."""
    declared = operation_of(analysis.candidate).chapters
    rows = [r for r in analysis.results
            if not any(pred(r) for gid, _, pred in GROUPS if gid in declared)]
    if not rows:
        return ""
    return _section("sec-outras", "Outras regras", "".join(rule_block(r) for r in rows))


def sensitivity(analysis) -> Html:
    """Margins of every numeric requirement and the verdict under each reading of the law."""
    # a tolerance the study reads (art. 6) has a row but no margin: it is not a threshold
    # of the law met with room to spare (legal item 4)
    numeric = [r for r in analysis.results if r.margin is not None
               or (r.value is not None and r.threshold is not None
                   and isinstance(r.details, dict) and r.details.get("natureza_exigencia"))]
    body = ""
    if numeric:
        rows = [[fmt.result_citation(r), r.subject, value_only(r),
                 threshold_amount(r)
                 + (f" — {r.details['natureza_exigencia']}"
                    if isinstance(r.details, dict) and r.details.get("natureza_exigencia") else ""),
                 margin_text(r), fmt.result_basis_label(r, r.value)]
                for r in numeric]
        body += table(["Dispositivo", "Sujeito", "Valor", "Exigência", "Margem", "Base"], rows,
                      caption="Margens dos requisitos numéricos", numeric=(2, 3, 4),
                      widths=(13, 17, 17, 17, 22, 14))
    alt = alternatives_table(analysis)
    if alt:
        body += "<h3>Conclusão sob cada leitura alternativa</h3>" + alt
    if not body:
        body = "<p>Nenhum requisito numérico nem leitura alternativa se aplica.</p>"
    return _section("sec-sensibilidade", "Sensibilidade", body)


#: Defaults printed in words when a setting is unset (``None`` or empty).
_UNSET = {"creation_year": "primeiro ano sem eleição municipal (art. 7º, § 3º)",
          "reference_date": "data do pedido ou data do estudo",
          "origin_special_interest": "nenhum",
          "federal_law": "nenhuma: a lei complementar federal do art. 18, § 4º, da CF não foi editada"}


#: Why an unset reference date is the date the parameters table gives
#: (:func:`viabilidade.rules.calendar.reference_date`; it read "data do pedido ou data do
#: estudo", without the date, polish12).
REFERENCE_RULE = {
    "data do pedido": "a data do pedido do candidato: as configurações não dão "
                      "data de referência",
    "data do estudo": "a data do estudo: as configurações não dão data de referência, nem o "
                      "candidato a data do pedido",
}


def setting_value(key: str, value: Any) -> str:
    """A setting's value in Portuguese: a reading's description (``"quorum"``,
    ``"absolute-majority"`` → ``"quórum: menor número inteiro acima da metade …"``), a number
    or date in pt-BR, or the meaning of an unset value (``"nenhum"``)."""
    from ..rules.settings import CHOICES

    if value is None or value == [] or value == ():
        return _UNSET.get(key, "—")
    if key in CHOICES and isinstance(value, str):
        return CHOICES[key].get(value, value)
    if key == "revenue_share":
        return fmt.percent(value * 100, 2)
    if key == "federal_law":
        from ..rules.ruleset import federal_bills

        return f"suposta em vigor, com o texto do {federal_bills()[value].title}"
    if key == "reference_date" and isinstance(value, str) and _ISO_DATE.match(value):
        return fmt.date_short(dt.date.fromisoformat(value))
    if key == "study_date" and isinstance(value, str) and _ISO_DATE.match(value):
        return fmt.date_long(dt.date.fromisoformat(value))  # as the cover prints it
    if isinstance(value, (list, tuple)):
        return ", ".join(str(x) for x in value)
    text = _detail_value(value, key)
    return text if text is not None else str(value)


def settings_table(analysis) -> Html:
    """The settings the rules ran with: the readings in words, then every parameter (or only
    those the operation declares, :attr:`~viabilidade.operations.Operation.parameters`) with its
    Portuguese label and its value in words (the settings file's keys and raw values, for
    reproducing the study, are in ``resultados.json``)."""
    from ..rules.settings import FIELD_LABELS

    s = analysis.settings
    used = operation_of(analysis.candidate).parameters
    # an operation that declares its parameters lists only those (no art. 4 reading for a
    # district); the full description of every reading is for the others
    lines = s.describe() if hasattr(s, "describe") and used is None else []
    d = s.to_dict() if hasattr(s, "to_dict") else dict(s)
    rows = []
    for k, v in d.items():
        if used is not None and k not in used:
            continue
        if k == "study_date" and not v and hasattr(s, "study_day"):
            v = s.study_day().isoformat()  # unset: today, the date the cover prints
        if k == "reference_date" and not v and hasattr(s, "study_day"):
            from ..rules.calendar import reference_date

            day, how = reference_date(analysis.candidate, s)  # the date used, and which rule
            rows.append([FIELD_LABELS.get(k, k), f"{fmt.date_short(day)} ({REFERENCE_RULE[how]})"])
            continue
        rows.append([FIELD_LABELS.get(k, k), setting_value(k, v)])
    words = "<ul>" + "".join(f"<li>{esc(x)}</li>" for x in lines) + "</ul>" if lines else ""
    return Html(words + table(["Parâmetro", "Valor adotado"], rows, caption="Valores dos parâmetros",
                              css_class="tabela parametros", widths=(45, 55)))


_ARTICLE_NO = re.compile(r"art(?:igo)?\.?\s*(\d+)", re.IGNORECASE)


def cited_articles(references) -> list[str]:
    """Article numbers cited by rule ids or labels: ``["art4.IV", "art. 7º, § 1º"]`` -> ``["4", "7"]``."""
    found = {m.group(1) for ref in references for m in _ARTICLE_NO.finditer(ref or "")}
    return sorted(found, key=int)


_CITATION = re.compile(r"\barts?\.\s*((?:\d+º?(?:,\s*|\s+e\s+|\s+a\s+)?)+)")
#: Words just before "art." that make it another text's article (the Constitution, its ADCT,
#: an amendment, a federal law, the federal complementary law it asks for), not LC 02/1990's.
_OTHER_TEXT = re.compile(r"(CF|Constituição[^,;.]*|ADCT|Emenda[^;.]*|complementar federal[^;.]*|Lei (?:nº )?\d[\d.]*/\d{4}),?\s*(?:o\s+)?$")
_OF_OTHER_TEXT = re.compile(r"^[^;.()]*?\b(da Constituição|da CF|do ADCT)")


def law_articles_in(html: str) -> list[str]:
    """Numbers of the LC 02/1990 articles a text cites (``"arts. 15 a 17"`` -> 15, 16, 17),
    leaving out the Constitution's, the ADCT's, an amendment's or a federal law's
    (``"CF, art. 29"``, ``"Lei 9.709/1998, art. 7º"``) and a paragraph LC 02/1990 does not have
    (``"art. 18, § 4º"``: its art. 18 has none), tags and entities removed.

    ``"(art. 2º) ou … (art. 5º, § 1º); CF, art. 18"`` -> ``["2", "5"]``.
    """
    import html as htmllib

    from ..rules import law

    provisions = law.articles()
    text = re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", html)))
    found: list[str] = []
    for m in _CITATION.finditer(text):
        if (_OTHER_TEXT.search(text[max(0, m.start() - 70):m.start()])
                or _OF_OTHER_TEXT.search(text[m.end():m.end() + 30])):
            continue
        numbers = [int(n) for n in re.findall(r"\d+", m.group(1))]
        par = re.match(r"\s*,?\s*§\s*(\d+)", text[m.end():])
        if par and len(numbers) == 1 and f"art{numbers[0]}.par{par.group(1)}" not in provisions:
            continue  # LC 02/1990 has no such paragraph: "art. 18, § 4º" is the Constitution's
        if re.search(r"\d+º?\s+a\s+\d+", m.group(1)) and len(numbers) == 2:
            numbers = list(range(numbers[0], numbers[1] + 1))
        found += [str(n) for n in numbers if 1 <= n <= 23 and str(n) not in found]
    return found


def _provision_label(key: str) -> str:
    parts = key.split(".")[1:]
    if not parts:
        return ""
    labels = []
    for p in parts:
        if p.startswith("par"):
            labels.append(f"§ {p[3:]}º")
        elif p == "sole":
            labels.append("Parágrafo único")
        else:
            labels.append(p)
    return ", ".join(labels) + " – "


#: Slips of the consolidated text, kept verbatim and marked "[sic]" where they occur.
LAW_SIC = ("Instituo", "Cartório Eleitoral.", "IV, V, V e VII")


def mark_sic(text: str) -> Html:
    """Escaped law text with ``[sic]`` (italic) after each slip listed in :data:`LAW_SIC`."""
    out = esc(text)
    for slip in LAW_SIC:
        out = out.replace(esc(slip), f'{esc(slip)} <span class="sic">[sic]</span>')
    return Html(out)


def law_html(numbers: Sequence[str]) -> str:
    """The law's text of the given articles (head, items, paragraphs), from :mod:`viabilidade.rules.law`."""
    from ..rules import law

    provisions = law.articles()
    out = []
    for n in numbers:
        keys = [k for k in provisions if k == f"art{n}" or k.startswith(f"art{n}.")]
        if not keys:
            continue
        paras = "".join(f"<p>{esc(_provision_label(k))}{mark_sic(provisions[k])}</p>" for k in keys)
        out.append(f'<div class="lei"><h4>Art. {esc(n)}{"º" if int(n) < 10 else ""}</h4>{paras}</div>')
    return "".join(out)


#: Who the bodies of art. 4 § 2 are today (printed after the law's text).
BODIES_TODAY_NOTE = ("Art. 4º, § 2º: a “Secretaria de Estado da Fazenda” do texto da lei é hoje a "
                     "Secretaria de Estado da Economia de Goiás; o Cartório Eleitoral integra a "
                     "Justiça Eleitoral (Tribunal Regional Eleitoral de Goiás, TRE-GO).")

METHOD_NOTES = [
    "Cada requisito resulta em cumprido (só sobre documento do órgão que a lei indica, "
    "conferido com o original), conforme documento declarado (a conferir com o original), "
    "atingido ou não atingido nos dados publicados (a certificar), não realizável antes da "
    "lei complementar federal (o plebiscito ainda não realizado; o realizado sem ela é sem "
    "efeito), não cumprido, indeterminado ou não se aplica. Perante a "
    "LC nº 2/1990, qualquer requisito não cumprido torna a proposta inviável, e ela só seria "
    "viável com todos os requisitos aplicáveis cumpridos; nos demais casos é indeterminada. "
    "A conclusão sobre a LC nº 2/1990 não muda o que a Constituição permite hoje: a criação, "
    "a fusão, a incorporação e o desmembramento de Municípios estão vedados enquanto não "
    "editada a lei complementar federal (CF, art. 18, § 4º).",
    "Um valor estimado (rateado de uma unidade maior, ou aproximado por outra grandeza) nunca "
    "cumpre nem descumpre um requisito: o requisito fica indeterminado, com a tendência "
    "(provável atendimento ou provável não atendimento) quando a estimativa supera ou não "
    "alcança a exigência por mais que a sua incerteza.",
    "A redação da lei decide o comparador: “mais de”, “acima de” e “superior a” são estritos; "
    "“no mínimo” e “pelo menos” incluem o limite.",
    "Distâncias são geodésicas, em metros, sobre o elipsoide do SIRGAS 2000 (EPSG:4674); "
    "áreas em km².",
    "Valores monetários em reais correntes do ano indicado.",
]


def appendices(analysis) -> Html:
    """Provenance (with SHA-256), settings, the cited articles' text, method notes."""
    body = "<h3>Proveniência dos dados</h3>" + (
        provenance_table(analysis.provenance) if analysis.provenance
        else "<p>Nenhuma tabela de dados registrada.</p>")
    body += "<h3>Parâmetros e leituras da lei adotados</h3>" + settings_table(analysis)
    body += readings_html(operation_of(analysis.candidate).readings)
    items = "".join(f"<li>{esc(n)}</li>" for n in METHOD_NOTES)
    for label, common, specific in figure_notes(analysis.profile):
        text = esc(common[:1].upper() + common[1:])
        if specific:
            text += "<ul>" + "".join(f"<li><em>{esc(u)}</em>: {esc(n)}</li>" for u, n in specific) + "</ul>"
        items += f"<li><strong>{esc(label)}{'.' if common else ':'}</strong> {text}</li>"
    body += f'<h3>Notas de método</h3><ul class="notas">{items}</ul>'
    declared = operation_of(analysis.candidate).law_articles
    # what the results cite, what the operation's chapters cite (declared), and what this
    # appendix and the art. 8 warning of the summary cite in their own text
    cited = cited_articles([r.rule_id for r in analysis.results] + [r.article for r in analysis.results]
                           + [f"art{n}" for n in declared]
                           + [f"art{n}" for n in law_articles_in(body + thin_margin_note(analysis))])
    law = law_html(cited)
    if law:
        body += "<h3>Texto dos artigos citados (LC nº 2/1990, texto consolidado)</h3>" + law
        if "4" in cited:
            body += f'<p class="nota-lei">{esc(BODIES_TODAY_NOTE)}</p>'
    return _section("sec-apendices", "Apêndices", body)


#: Label of each figure of a territory, as the method notes name it.
FIGURE_LABELS = {"population": "População", "electors": "Eleitorado",
                 "buildings": "Edificações (aproximação)", "collection": "Arrecadação estadual",
                 "revenue": "Receita", "area_km2": "Área"}


def figure_notes(profile) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """The notes of the profile's figures, once each, labelled with the figure they explain.

    Returns
    -------
    list of (label, common, specific)
        ``label`` names the figure (``"Edificações (aproximação)"``); ``common`` is the part
        of the note (clauses separated by ``"; "``) shared by every territory; ``specific`` is
        ``[(territory label, rest of its note)]`` for territories whose note says more.
    """
    units = [profile.area, *getattr(profile, "origins", {}).values(),
             *getattr(profile, "remainders", {}).values()]
    out = []
    for attr, label in FIGURE_LABELS.items():
        notes: list[tuple[str, list[str]]] = []
        for u in units:
            f = getattr(u, attr, None)
            if isinstance(f, Figure) and f.note:
                entry = (u.label, f.note.split("; "))
                if entry not in notes:
                    notes.append(entry)
        if not notes:
            continue
        common = [c for c in notes[0][1] if all(c in n for _, n in notes)] if len(notes) > 1 else []
        specific = []
        for u, clauses in notes:
            rest = [c for c in clauses if c not in common]
            if rest and (u, "; ".join(rest)) not in specific:
                specific.append((u, "; ".join(rest)))
        out.append((label,
                    ("; ".join(common) + ".") if common else "", specific))
    srev = getattr(profile, "state_tax_revenue", None)
    if isinstance(srev, Figure) and srev.note:
        out.append(("Receita estadual de impostos", srev.note + ".", []))
    return out
