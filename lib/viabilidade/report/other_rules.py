"""“Sob outras regras”: one candidate under several rulesets, side by side.

The rulesets (:mod:`viabilidade.rules.ruleset`) are the ones the user asked for with
``--regras`` plus the federal bill the ``federal_law`` setting assumes in force. The areas
table is built from the study's own profile (the same figures, bases and uncertainties the
LC 02/1990 rules read), and every test is decided by :func:`viabilidade.rules.compare.compare`.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from ..operations import operation_for
from ..rules.result import Basis, Status, Verdict
from ..rules.ruleset import MEASURES, SOURCE_KINDS, SUBJECTS, Ruleset, builtin_rulesets, resolve
from .writers import format as fmt
from .writers.tables import STATUS_CLASS, Html, esc, table

SECTION_ID = "sec-outras-regras"
SECTION_TITLE = "Sob outras regras"
#: Mark of a threshold taken from a secondary source.
SECONDARY_MARK = "†"
#: How a threshold's reference quantity is named after a share ("20 % do eleitorado").
REFERENCE_OF = {"receita_estadual": "da receita estadual de impostos", "eleitores": "do eleitorado",
                "populacao": "da população"}


def rulesets_for(analysis, requested) -> list[Ruleset]:
    """The rulesets of a study: ``requested`` (ids or ``.toml`` paths, as ``--regras``) and the
    bill of the ``federal_law`` setting, in that order, without repeats; ``[]`` when neither.

    Raises
    ------
    RulesetError
        From :func:`viabilidade.rules.ruleset.resolve`.
    """
    out = resolve(requested) if requested else []
    law = getattr(analysis.settings, "federal_law", None)
    if law and all(r.id != law for r in out):
        if not any(r.id == "lc02-1990-go" for r in out):
            out.insert(0, builtin_rulesets()["lc02-1990-go"])
        out.append(builtin_rulesets()[law])
    return out


def areas_from_analysis(analysis) -> pd.DataFrame:
    """The study's figures as the areas table :func:`viabilidade.rules.compare.compare` reads.

    Returns
    -------
    DataFrame
        One row per origin municipality (index: its IBGE code, ``cod_ibge`` the same): the
        area's figures (population, electors, buildings, collection with basis and
        uncertainty; area_km2; ``assinaturas``, the signers the Cartório Eleitoral's
        certificate in the record finds registered electors, NaN without it, with its basis),
        the origin's remainder with prefix ``origem_``, and the state tax revenue
        ``receita_estadual`` (BRL).
    """
    from ..proposal.record import REGISTERED, registration_of
    from ..rules.vectorised import unit_row

    p, c = analysis.profile, analysis.candidate
    origins = list(c.origins) or list(getattr(p, "origins", {}) or {}) or list(c.municipalities)
    rows = []
    srev = getattr(p, "state_tax_revenue", None)
    signers = registration_of([a for a in c.events if a.date <= analysis.settings.study_day()])
    for o in origins:
        row = {"cod_ibge": o, **unit_row(p.area)}
        area = getattr(p.area, "area_km2", None)
        row["area_km2"] = np.nan if area is None or area.value is None else float(area.value)
        # only the signers the Cartório Eleitoral certifies as registered electors count
        # (art. 2's "eleitores inscritos"; legal8 S2: the 412 signatures of a declared
        # representation passed a 411 floor that its 398 certified signers miss)
        row["assinaturas"] = np.nan if signers is None else float(signers.figures[REGISTERED])
        row["assinaturas_basis"] = (Basis.CERTIFIED.value if signers is not None and signers.checked
                                    else Basis.DECLARED.value)
        rem = (getattr(p, "remainders", {}) or {}).get(o)
        if rem is not None:
            row.update(unit_row(rem, "origem_"))
            rarea = getattr(rem, "area_km2", None)
            row["origem_area_km2"] = (np.nan if rarea is None or rarea.value is None
                                      else float(rarea.value))
        row["receita_estadual"] = np.nan if srev is None or srev.value is None else float(srev.value)
        rows.append(row)
    return pd.DataFrame(rows, index=pd.Index(origins, name="cod_ibge"))


#: The areas table's figure of each (subject, measure) of :func:`viabilidade.rules.compare.compare`.
_FIGURES = {"populacao": "population", "eleitores": "electors", "edificacoes": "buildings",
            "arrecadacao": "collection"}


def compared(analysis, rulesets: list[Ruleset]) -> pd.DataFrame:
    """:func:`viabilidade.rules.compare.compare` of the study's figures
    (:func:`areas_from_analysis`) under ``rulesets``, each declared figure of an act dated
    after today with the base :data:`~viabilidade.report.writers.format.SIMULATED_BASIS`
    ("atingido na hipótese da simulação (ato futuro)", the label the study's own rules give
    it; legal8 S2: the quadro read "conforme documento declarado" on simulated acts): the
    one comparison § “Sob outras regras”, ``resultados.json`` and the conclusion line read."""
    from ..proposal.record import registration_of
    from ..rules.common import simulated_act
    from ..rules.compare import compare

    long = compare(areas_from_analysis(analysis), rulesets)
    p, c = analysis.profile, analysis.candidate
    simulated = set()
    for subject, unit in (("area", p.area), *(("remanescente", r) for r in
                                              (getattr(p, "remainders", {}) or {}).values())):
        for measure, attr in _FIGURES.items():
            fig = getattr(unit, attr, None)
            if fig is not None and fmt.note_basis(fig.basis, fig.note) == fmt.SIMULATED_BASIS:
                simulated.add((subject, measure))
    signers = registration_of([a for a in c.events if a.date <= analysis.settings.study_day()])
    if signers is not None and not signers.checked and simulated_act(signers.date):
        simulated.add(("area", "assinaturas"))
    hit = [(r.sujeito, r.medida) in simulated and r.base == Basis.DECLARED.value
           for r in long[["sujeito", "medida", "base"]].itertuples()]
    return long.assign(base=np.where(hit, fmt.SIMULATED_BASIS, long["base"]),
                       referencia_nome=long["referencia"].map(REFERENCE_OF).fillna(""))


def _declared(part: pd.DataFrame) -> bool:
    """Whether a ruleset's tests rest on a declared document (or a simulated act) not
    checked against its original."""
    return bool(part["base"].isin([Basis.DECLARED.value, fmt.SIMULATED_BASIS]).any())


#: How a conclusion resting on declared documents ends (legal8 S2: "cumpre todos os testes"
#: and "viável nestes testes" on documents nobody has checked).
PER_DECLARED = "segundo documentos declarados (a conferir com o original)"


def _status(status: str, lean: str = "", basis: str = "") -> Html:
    st = Status(status)
    return Html(f'<span class="status {STATUS_CLASS[st]}">'
                f"{esc(fmt.status_label(st, lean or None, basis or None))}</span>")


def _limit(row) -> str:
    if row["tipo_limite"] == "documental":
        return "requisito documental"
    words = fmt.comparator_label(row["comparador"])
    if np.isnan(row["limite"]):
        return f"{words} (limite não calculável)"
    unit = row["unidade_medida"]
    value = row["limite"]
    text = f"{words} {fmt.quantity(value, unit, 2 if unit == 'BRL' else (None if float(value).is_integer() else 1))}"
    if row["tipo_limite"] == "parcela":
        share = row["parcela_num"] / row["parcela_den"]
        text += f" ({fmt.percent(100 * share, 2 if share < 0.01 else 0)} {row['referencia_nome']})"
    return text


def _value(row) -> str:
    if row["tipo_limite"] == "documental" or np.isnan(row["valor"]):
        return "—"
    unc = None if np.isnan(row["incerteza"]) else row["incerteza"]
    base = Basis.DECLARED.value if row["base"] == fmt.SIMULATED_BASIS else row["base"]
    return fmt.estimate(row["valor"], row["unidade_medida"], unc, base or None)


def _subject_label(subject: str, origin_name: str, several: bool) -> str:
    if subject == "area":
        return SUBJECTS["area"]
    return f"{SUBJECTS['remanescente']} ({origin_name})" if origin_name else SUBJECTS["remanescente"]


def side_by_side(long: pd.DataFrame, rulesets: list[Ruleset], origin_names: dict[str, str],
                 analysis=None) -> Html:
    """The table: one row per measured quantity (and subject) or documentary requirement; the
    value once; per ruleset its threshold and the status; a last row with each ruleset's
    conclusion."""
    from ..rules.compare import combined

    several = long["unidade"].nunique() > 1
    keys: list[tuple] = []
    cells: dict[tuple, dict] = {}
    for _, r in long.iterrows():
        if r["sujeito"] == "area" and several and r["unidade"] != long["unidade"].iloc[0]:
            continue  # the area's tests are the same for every origin row
        if r["tipo_limite"] == "documental":
            key = ("doc", r["regras"], r["teste"])
            label = f"{r['titulo']} ({SUBJECTS[r['sujeito']]})"
        else:
            key = (r["medida"], r["sujeito"], r["unidade"] if r["sujeito"] != "area" else "")
            label = (f"{MEASURES[r['medida']][1][:1].upper()}{MEASURES[r['medida']][1][1:]} — "
                     + _subject_label(r["sujeito"], origin_names.get(r["unidade"], r["unidade"]), several))
        if key not in cells:
            keys.append(key)
            cells[key] = {"label": label, "value": _value(r)}
        mark = SECONDARY_MARK if r["fonte"] == "secundaria" else ""
        cell = f"{esc(_limit(r))}{esc(mark)}<br/>{_status(r['status'], r['lean'], r['base'])}"
        # two tests of one ruleset on the same quantity: both shown, one under the other
        earlier = cells[key].get(r["regras"])
        cells[key][r["regras"]] = Html(f"{earlier}<br/>{cell}" if earlier else cell)
    header = ["Teste", "Valor"] + [r.short_title for r in rulesets]
    rows = [[cells[k]["label"], cells[k]["value"], *(cells[k].get(r.id, "—") for r in rulesets)]
            for k in keys]
    conclusion = combined(long)
    rows.append([Html("<strong>Conclusão</strong>"), "",
                 *(_verdict(_worst(conclusion[r.id]), r, analysis,
                            _declared(long[long["regras"] == r.id]))
                   if r.id in conclusion.columns
                   else "—" for r in rulesets)])
    n = len(rulesets)
    widths = [24, 16] + [60 / n] * n
    return table(header, rows, caption="Quadro. A proposta sob cada conjunto de regras (limite e "
                 "situação)", css_class="tabela lado-a-lado", widths=widths)


#: The verdict a ruleset's combined status gives (the studies' verdict rule).
VERDICT_OF = {Status.PASS: Verdict.VIAVEL, Status.FAIL: Verdict.INVIAVEL,
              Status.INDETERMINATE: Verdict.INDETERMINADO}


#: How a ruleset's tests met conclude for an operation CF art. 18 § 4 bars, outside any
#: hypothesis of a federal law: the tests are met, the operation is not "viável".
BARRED_TESTS_MET = "testes atendidos; operação vedada (CF, art. 18, § 4º)"


def tests_verdict(status: Status | str, ruleset: Ruleset, analysis=None,
                  declared: bool = False) -> str:
    """The conclusion of one ruleset's tests (the last row of § “Sob outras regras”'s quadro).

    A study concludes only within its hypothesis (final legal read, N1), so tests met never
    read a bare "viável": under a ruleset not in force (a federal bill, a user's file)
    ``"viável nestes testes, na hipótese do PLP 137/2015"``; under the law in force, for an
    operation CF art. 18 § 4 bars (:attr:`~viabilidade.operations.Operation.barred`), the same
    with the ``federal_law`` setting's supposed law, and without it :data:`BARRED_TESTS_MET`.
    A failed test reads ``"inviável"`` and an undecided one ``"indeterminado"`` (no hypothesis
    makes a failure pass); without ``analysis`` (no operation to ask) the plain verdict word.
    ``declared`` (the tests rest on a document not checked against its original) adds
    :data:`PER_DECLARED` to a pass or a failure (legal8 S2).
    """
    st = Status(status)
    word = fmt.verdict_label(VERDICT_OF[st])
    if declared and st != Status.INDETERMINATE:
        return f"{_tests_verdict(st, word, ruleset, analysis)}, {PER_DECLARED}"
    return _tests_verdict(st, word, ruleset, analysis)


def _tests_verdict(st: Status, word: str, ruleset: Ruleset, analysis) -> str:
    if analysis is None or st != Status.PASS:
        return word
    if not ruleset.in_force:
        return f"{word} nestes testes, na hipótese do {ruleset.short_title}"
    from ..operations import operation_of

    if not operation_of(analysis.candidate).barred:
        return word
    law = getattr(analysis.settings, "federal_law", None)
    if law:
        return f"{word} nestes testes, na hipótese do {builtin_rulesets()[law].short_title}"
    return BARRED_TESTS_MET


def _verdict(status: str, ruleset: Ruleset, analysis=None, declared: bool = False) -> Html:
    """A ruleset's conclusion (:func:`tests_verdict`), coloured like its status."""
    st = Status(status)
    return Html(f'<span class="status {STATUS_CLASS[st]}">'
                f"{esc(tests_verdict(st, ruleset, analysis, declared))}</span>")


def _worst(col: pd.Series) -> str:
    vals = set(col)
    if Status.FAIL.value in vals:
        return Status.FAIL.value
    if vals == {Status.PASS.value}:
        return Status.PASS.value
    return Status.INDETERMINATE.value


def _failures(part: pd.DataFrame, origin_names) -> tuple[list[str], bool]:
    """The failed tests of one ruleset's rows, each ``"população da área proposta (3.102
    habitantes; exigido no mínimo 6.000)"``, and whether all rest on published data."""
    fails = part[part["status"] == Status.FAIL.value]
    items = []
    for _, r in fails.drop_duplicates(["teste", "sujeito", "unidade"]).iterrows():
        subj = _subject_label(r["sujeito"], origin_names.get(r["unidade"], r["unidade"]), True)
        items.append(f"{MEASURES[r['medida']][1]} da {subj} ({_value(r)}; exigido {_limit(r)})"
                     if r["sujeito"] == "area" else
                     f"{MEASURES[r['medida']][1]} do {subj} ({_value(r)}; exigido {_limit(r)})")
    return items, bool(len(fails)) and bool((fails["base"] == Basis.PUBLISHED.value).all())


def _no_failure(part: pd.DataFrame) -> str:
    """How a ruleset with no failed test ends: ``"cumpre todos os testes"`` and its variants;
    never "cumpre" on a declared document: ``"atenderia todos os testes, segundo documentos
    declarados (a conferir com o original)"``."""
    st = _worst(part["status"]) if len(part) else Status.INDETERMINATE.value
    published = (part["base"] == Basis.PUBLISHED.value).any()
    return ("não falha em nenhum teste, mas há testes indeterminados"
            if st != Status.PASS.value else
            f"atenderia todos os testes, {PER_DECLARED}" if _declared(part) else
            "atinge todos os testes nos dados publicados (a certificar)" if published
            else "cumpre todos os testes")


def _fails_verb(part: pd.DataFrame, published: bool, title: str = "") -> str:
    """The verb of a ruleset's failed tests: ``"não atinge, nos dados publicados,"``,
    ``"não atenderia, segundo documentos declarados (…),"`` or ``"não cumpre"`` (with
    ``title``, the ruleset named after the verb)."""
    of = f" o {title}" if title else ""
    if published:
        return f"não atinge{of}, nos dados publicados,"
    if _declared(part):
        return f"não atenderia{of}, {PER_DECLARED},"
    return f"não cumpre{of}"


def _failing_sentences(long: pd.DataFrame, rulesets: list[Ruleset], origin_names) -> list[str]:
    out = []
    for rs in rulesets:
        part = long[long["regras"] == rs.id]
        items, published = _failures(part, origin_names)
        if not items:
            out.append(f"Sob {rs.short_title}: {_no_failure(part)}.")
            continue
        out.append(f"Sob {rs.short_title}: {_fails_verb(part, published)} "
                   + "; ".join(items) + ".")
    return out


def _origin_names(analysis, areas: pd.DataFrame) -> dict[str, str]:
    """Each origin's name by its code (the areas table's index), for the sentences."""
    origins = getattr(analysis.profile, "origins", {}) or {}
    return {o: origins[o].label if o in origins else o for o in areas.index}


def hypothesis_outcome(analysis) -> str:
    """What the federal bill the ``federal_law`` setting assumes in force says of the study's
    proposal, for the conclusion line (legal review 15:44, item 1: inside the hypothesis the
    conclusion states the hypothesised law's own result): ``"não cumpre o PLP 137/2015:
    população da área proposta (3.102 habitantes; exigido no mínimo 6.000)"``, ``"não atinge o
    …, nos dados publicados: …"``, ``"não falha em nenhum teste do …, mas há testes
    indeterminados"``, ``"cumpre todos os testes do …"``; ``"o … não declara testes para …"``
    when the bill has none for the operation; ``""`` without the setting. Same tests and
    words as § “Sob outras regras” (:func:`_failures`)."""
    law = getattr(analysis.settings, "federal_law", None)
    if not law:
        return ""
    rs = builtin_rulesets()[law]
    op = analysis.candidate.operation
    if not rs.applies_to(op):
        return f"o {rs.short_title} não declara testes para {operation_for(op).words}"
    part = compared(analysis, [rs])
    items, published = _failures(part, _origin_names(analysis, areas_from_analysis(analysis)))
    if not items:
        words = _no_failure(part)
        return re.sub(r"(todos os testes|nenhum teste)", rf"\1 do {rs.short_title}", words)
    return f"{_fails_verb(part, published, rs.short_title).rstrip(',')}: " + "; ".join(items)


def ruleset_notes(rulesets: list[Ruleset]) -> str:
    """Each ruleset's title, status, note and sources (with addresses), as an HTML list."""
    parts = []
    for rs in rulesets:
        srcs = "".join(
            f"<li>{esc(SOURCE_KINDS.get(s.kind, s.kind).capitalize())}: {esc(s.citation)}"
            + (f' — <span class="url" style="word-break: break-all">{esc(s.url)}</span>'
               if s.url else "") + "</li>"
            for s in rs.sources)
        origin = f" Arquivo: {esc(rs.path.name)}." if rs.path is not None and rs.id not in builtin_rulesets() else ""
        parts.append(f"<li><strong>{esc(rs.short_title)}</strong> — {esc(rs.title)}. "
                     f"{esc(rs.status)}{' ' + esc(rs.note) if rs.note else ''}{origin}"
                     f"<ul>{srcs}</ul></li>")
    return '<ul class="notas">' + "".join(parts) + "</ul>"


#: The aspects of the Estudo de Viabilidade Municipal (EVM) that the federal bills name
#: (Constitution art. 18 § 4º: the plebiscite comes "após divulgação dos Estudos de
#: Viabilidade Municipal, apresentados e publicados na forma da lei"), as the sources at hand
#: report them: PLS 98/2002 "viabilidade econômico-financeira, político-administrativa e
#: socioambiental" (its test ``nucleo_urbano``); the substitute to PL 1.121/2007 (Agência
#: Câmara, 2008) "viabilidade social, urbana e ambiental", "econômica" and "política e
#: administrativa". Heading -> (what this study has, what is still needed).
EVM_HEADINGS = (
    ("Viabilidade econômico-financeira",
     "no capítulo “Viabilidade econômico-financeira”: coeficiente e participação no FPM (em "
     "reais, estimado sobre o FPM de 2022, quando os dados têm os repasses do Tesouro "
     "Nacional), cota igual e participação transitória no ICMS, despesas obrigatórias e quem "
     "paga",
     "a receita própria prevista (IPTU, ISS, ITBI, taxas) e o valor adicionado certificado pela "
     "Secretaria de Estado da Economia"),
    ("Viabilidade político-administrativa", "",
     "a estrutura administrativa proposta (secretarias, quadro de pessoal e o seu custo), os "
     "prédios da Prefeitura e da Câmara Municipal e os serviços que o município assumiria "
     "(educação, saúde, assistência social)"),
    ("Viabilidade socioambiental e urbana", "",
     "a infraestrutura do núcleo urbano (água, esgoto, energia, coleta de lixo), os "
     "equipamentos públicos (escolas, unidades de saúde), o perímetro urbano e as áreas "
     "protegidas, terras indígenas ou da União na área"),
)


def evm_block(analysis) -> str:
    """The EVM headings of the federal bills and what this study fills of each (pt-BR HTML):
    the economic-financial one from the chapter ``sec-economico`` when the operation has it,
    the others listed as pending with what each needs."""
    from ..operations import operation_of

    has_chapter = "sec-economico" in operation_of(analysis.candidate).chapters
    rows = []
    for heading, here, needs in EVM_HEADINGS:
        filled = here if (here and has_chapter) else "pendente"
        rows.append([heading, filled, needs])
    return ("<h3>Estudo de Viabilidade Municipal (projetos federais)</h3>"
            "<p>A Constituição (art. 18, § 4º) manda divulgar os Estudos de Viabilidade Municipal "
            "antes do plebiscito; os projetos de lei complementar federal os dividem em aspectos "
            "(PLS nº 98/2002: econômico-financeiro, político-administrativo e socioambiental; o "
            "substitutivo ao PL nº 1.121/2007, segundo a Agência Câmara: social, urbano e "
            "ambiental, econômico, político e administrativo). O que este estudo já traz de "
            "cada um:</p>"
            + table(["Aspecto", "Neste estudo", "O que falta"], rows,
                    caption="Aspectos do Estudo de Viabilidade Municipal", widths=(24, 38, 38)))


def records(analysis, requested=None) -> list[dict] | None:
    """The comparison as plain records for ``resultados.json`` (key ``outras_regras``), or
    ``None`` when no ruleset was asked for.

    Returns
    -------
    list of dict or None
        One record per (origin, ruleset, test, subject) of the applicable rulesets: regras,
        teste, titulo, sujeito, cod_ibge (the origin), medida, valor, base, limite,
        comparador, status, lean, fonte (``primaria`` / ``secundaria``), motivo.
    """
    rulesets = [r for r in rulesets_for(analysis, requested) if r.applies_to(analysis.candidate.operation)]
    if not rulesets and not requested and not getattr(analysis.settings, "federal_law", None):
        return None
    if not rulesets:
        return []
    long = compared(analysis, rulesets)
    cols = ["regras", "teste", "titulo", "sujeito", "unidade", "medida", "valor", "base", "limite",
            "comparador", "status", "lean", "fonte", "motivo"]
    out = long[cols].rename(columns={"unidade": "cod_ibge"}).astype(object)
    return [{k: (None if isinstance(v, float) and v != v else v) for k, v in row.items()}
            for row in out.to_dict(orient="records")]


def section(analysis, requested=None) -> Html | str:
    """The “Sob outras regras” section of a study, or ``""`` when no ruleset was asked for
    (no ``--regras`` and no ``federal_law`` setting).

    Parameters
    ----------
    analysis : Analysis
    requested : list of str or str, optional
        Ruleset ids or ``.toml`` paths (``--regras``).

    Raises
    ------
    RulesetError
        Unknown id or invalid file (checked before the study runs by
        :func:`viabilidade.report.study.run_study`).
    """
    rulesets = rulesets_for(analysis, requested)
    if not rulesets:
        return ""
    op = analysis.candidate.operation
    applicable = [r for r in rulesets if r.applies_to(op)]
    skipped = [r for r in rulesets if not r.applies_to(op)]
    body = ("<p>A mesma proposta, com os mesmos dados, verificada sob outros conjuntos de regras: "
            "a LC nº 2/1990 e os projetos de lei complementar federal que regulamentariam o art. 18, "
            "§ 4º, da Constituição Federal (nenhum deles está em vigor), ou as regras de outro arquivo "
            "indicado pelo usuário. Os testes são só os numéricos e documentais de cada texto; a "
            "conclusão do estudo continua sendo a da LC nº 2/1990.</p>")
    if skipped:
        body += ("<p>" + "; ".join(f"{esc(r.short_title)} não declara testes para "
                                  f"{esc(operation_for(op).words)}" for r in skipped) + ".</p>")
    if applicable:
        long = compared(analysis, applicable)
        names = _origin_names(analysis, areas_from_analysis(analysis))
        body += "<ul>" + "".join(f"<li>{esc(s)}</li>" for s in
                                 _failing_sentences(long, applicable, names)) + "</ul>"
        body += side_by_side(long, applicable, names, analysis)
        legend = ("Cada célula traz o limite e a situação. Um valor estimado não decide o teste "
                  "(fica indeterminado, com a tendência).")
        if any(r.secondary for r in applicable):
            legend += (f" {SECONDARY_MARK} Limite tomado de fonte secundária (imprensa ou nota "
                       "técnica que cita o projeto); o texto oficial não foi consultado.")
        body += f'<p class="legenda">{esc(legend)}</p>'
    if any(r.scope == "federal" for r in applicable):
        body += evm_block(analysis)
    body += "<h3>Conjuntos de regras e fontes</h3>" + ruleset_notes(rulesets)
    return Html(f'<section class="secao" id="{SECTION_ID}-s"><h2 id="{SECTION_ID}">'
                f"{SECTION_TITLE}</h2>{body}</section>")
