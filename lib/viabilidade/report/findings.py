"""The findings of one study: what a reader must not miss, computed once from the analysis.

Every document that states a study's conclusion renders this one list in its own form
(issue 29 § 3): the study's executive summary (:func:`viabilidade.report.sections.summary`),
the deck's second slide (:mod:`viabilidade.report.slides`), the bill's justificação
(:mod:`viabilidade.report.bill`), the batch index (:mod:`viabilidade.batch.index`, from the
``findings`` of the study's record) and the explorer's conclusion panel. None of them
computes a finding of its own; ``tests/test_findings.py`` reads every document of Posse
d'Abadia and fails when one omits a finding.

A finding is a title, a summary (one clause every document prints), an optional detail
(sentences the study and the bill add) and optional items (the requirements behind "o que
mudaria a conclusão"). The conclusion itself is :func:`viabilidade.report.conclusion.
analysis_conclusion`, taken as it is (never re-derived here).

Kinds, in the order the documents print them:

``simulacao``
    A study dated after today (:func:`simulation`): a simulation, whose acts dated after today
    do not exist yet and are not declared documents.
``pendencias``
    What would change the conclusion: the requirements not met, undecided, or met only on
    published data (the certificates still to come).
``margem``
    Requirements of art. 4 met by a thin margin (art. 8: the loss of any of them by an
    installed municipality is a cause of extinction; :func:`viabilidade.rules.art8.
    thin_margin_parts`).
``dados``
    Published figures that contradict each other (:attr:`viabilidade.profile.analysis.
    Analysis.data_flags`).
``nome``
    The proposed seat, whose name the title gives the new municipality (art. 3, I), is named
    as no district or vila of the area (:attr:`viabilidade.profile.analysis.Analysis.
    seat_notice`): the terminal's notice, which no document carried (polish12 M4).
``plebiscito``
    A plebiscite dated before the study ("Plebiscito anterior ao estudo": the CF puts it after
    the EVM's publication; void without the federal law, it must be held again), or a result the
    study counts, which the Electoral Justice neither holds nor ratifies today
    (:data:`viabilidade.report.frame.PLEBISCITE_NOTE`).
``limites``
    What the study found on drawn limits (:func:`viabilidade.report.boundary.drawn_findings`).
``premissa``
    A declared special interest (art. 4, caput; reading I-2).
``leituras``
    The readings adopted: how many other readings were examined and which change the
    conclusion (:attr:`viabilidade.profile.analysis.Analysis.alternatives`).
``vedacao``
    The constitutional bar even of a conclusion that turns viable (CF art. 18 § 4).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass

from ..operations import operation_of
from ..proposal.record import HELD_AGAIN_WHEN, NOT_BEFORE_FEDERAL_LAW
from ..rules.art7 import VOID_KEY, hypothesis
from ..rules.result import Basis, Status, Verdict, deciding_basis, on_published_data, on_simulated_act
from .writers import format as fmt

#: The kinds of finding, in the order every document prints them.
KINDS = ("simulacao", "pendencias", "margem", "dados", "nome", "plebiscito", "limites", "sedes",
         "premissa", "leituras", "vedacao")

#: How the cover and the findings name a declared special interest (art. 4, caput).
SPECIAL_INTEREST_LABELS = {"ecological": "ecológico", "tourism": "turístico",
                           "economic": "especial interesse econômico"}

#: Heading of the list where a document prints it as one list (deck, index, explorer).
HEADING = "Pontos de atenção"


@dataclass(frozen=True)
class Finding:
    """One thing a reader of the study must not miss.

    Attributes
    ----------
    kind : str
        One of :data:`KINDS`.
    title : str
        Short heading (``"Margem estreita (art. 8º)"``).
    summary : str
        One clause, lower case, without final stop: what every document prints after the
        title.
    detail : str
        Further sentences (with their stops) the study and the bill print; may be empty.
    items : tuple of str
        The requirements a ``pendencias`` finding lists (plain text), else empty.
    """

    kind: str
    title: str
    summary: str
    detail: str = ""
    items: tuple[str, ...] = ()

    def short(self) -> str:
        """``"Margem estreita (art. 8º): requisito atingido … (margem de 1,50 %)."``"""
        return f"{self.title}: {self.summary}."

    def sentence(self) -> str:
        """The summary as a sentence of its own (capitalised, final stop)."""
        return fmt.sentence(self.summary[:1].upper() + self.summary[1:])

    def text(self) -> str:
        """Everything, plain text: title, summary, items, detail (the bill's paragraph)."""
        items = f" {'; '.join(self.items).rstrip('.')}." if self.items else ""
        # items that are sentences of their own follow a full stop, a list a colon
        head = f"{self.title}: {self.summary}" + (
            ":" if self.items and not self.items[0][:1].isupper() else ".")
        return " ".join(p for p in (head + items, self.detail) if p).replace(" .", ".")

    def to_dict(self) -> dict:
        return {**asdict(self), "items": list(self.items)}

    @classmethod
    def from_dict(cls, d: dict) -> Finding:
        return cls(str(d["kind"]), str(d["title"]), str(d["summary"]), str(d.get("detail") or ""),
                   tuple(str(i) for i in d.get("items") or ()))


@dataclass(frozen=True)
class Findings:
    """The conclusion of a study and its findings (:func:`findings`)."""

    conclusion: str
    items: tuple[Finding, ...]

    def of(self, kind: str) -> Finding | None:
        """The finding of a kind, or ``None``."""
        return next((f for f in self.items if f.kind == kind), None)

    def to_dict(self) -> dict:
        return {"conclusion": self.conclusion, "items": [f.to_dict() for f in self.items]}


def _requirement(r) -> str:
    """``"Art. 4º, IV: População de mais de três mil habitantes — atingido nos dados
    publicados (a certificar)"``."""
    subject = f" — {r.subject}" if r.subject and r.subject != "área" else ""
    cite = f"{fmt.article_citation(r.article)}: " if r.article else ""
    return f"{cite}{r.title}{subject} — {fmt.result_status_label(r)}"


def _pending(analysis) -> Finding:
    """What would change the conclusion (the study's "O que mudaria a conclusão")."""
    from .frame import EXTINCTION_BARRED

    title = "O que mudaria a conclusão"
    undecided = [r for r in analysis.results
                 if Status(r.status) in (Status.FAIL, Status.INDETERMINATE)]
    if not undecided:
        if any(on_published_data(r) for r in analysis.results):
            return Finding("pendencias", title,
                           "todos os requisitos aplicáveis estão atingidos com os dados "
                           "disponíveis, alguns só nos dados publicados: o veredito depende das "
                           "certidões que confirmem esses valores")
        return Finding("pendencias", title, "todos os requisitos aplicáveis estão cumpridos com "
                                            "os dados disponíveis")
    fails = any(Status(r.status) == Status.FAIL for r in undecided)
    # a requirement met only on published data is not settled either: it is listed among
    # what the certificates must prove, unless a failed one already decides the conclusion
    # so is one met on a document declared and not checked against its original (legal
    # review item 2)
    blocking = [r for r in analysis.results if r in undecided
                or (not fails and Status(r.status) == Status.PASS
                    and (on_published_data(r) or deciding_basis(r) == Basis.DECLARED))]
    items = tuple(dict.fromkeys(_requirement(r) for r in blocking))
    why = ("o motivo de cada um está na seção do respectivo artigo do estudo")
    if operation_of(analysis.candidate).installed:
        n = fmt.count(len(items), "requisito", "requisitos")
        summary = (f"com os dados disponíveis, há requisitos do art. 4º não atingidos hoje, "
                   f"entre estes {n}"
                   if fails else
                   f"{n} do art. 4º dependem hoje de dados certificados ou de evidências")
        detail = ("O município já está instalado: o que o estudo verifica com os números de hoje "
                  "é o que o art. 8º manda verificar, a perda de requisitos do art. 4º por "
                  "município instalado, que levaria a Assembleia Legislativa a decretar a sua "
                  f"{EXTINCTION_BARRED}; não é condição da criação, já feita. O motivo de cada "
                  "requisito está na seção do respectivo artigo.")
        return Finding("pendencias", title, summary, detail, items)
    n = fmt.count(len(items), "requisito", "requisitos")
    declared = [r for r in blocking if Status(r.status) == Status.PASS
                and deciding_basis(r) == Basis.DECLARED]
    # an act dated after today has no original to check yet (legal10 S2)
    simulated = [r for r in declared if on_simulated_act(r)]
    void = [r for r in blocking if (r.details or {}).get(VOID_KEY)]
    # a plebiscite not held, nobody can hold before the federal law (legal11 M1): not a
    # requirement to prove "com dados certificados ou evidências"
    barred = [r for r in blocking if (r.details or {}).get("rotulo_situacao") == NOT_BEFORE_FEDERAL_LAW]
    if not fails and (declared or void):
        rest = len(blocking) - len(declared) - len(void) - len(barred)
        checked = len(declared) - len(simulated)
        parts = ([f"da conferência com os originais dos documentos declarados em que se "
                  f"apoia{'' if checked == 1 else 'm'} {fmt.count(checked, 'requisito')}"]
                 if checked else [])
        parts += ([f"dos atos futuros (hipótese da simulação) em que se apoia"
                   f"{'' if len(simulated) == 1 else 'm'} "
                   f"{fmt.count(len(simulated), 'requisito')}"] if simulated else [])
        parts += ([f"da comprovação de {fmt.count(rest, 'requisito')} com dados certificados "
                   "ou evidências"] if rest else [])
        # in the federal_law hypothesis the consultation predates that law and the study
        # (legal review 15:44, item 1): the label says so
        parts += [f"de novo plebiscito: o registrado está {void[0].details['rotulo_situacao']}"
                  if hypothesis(analysis.settings) else
                  ("do plebiscito, sem efeito enquanto não editada a lei complementar federal "
                   "(CF, art. 18, § 4º)")] if void else []
        parts += [f"do plebiscito, {NOT_BEFORE_FEDERAL_LAW}"] if barred and not void else []
        summary = "a conclusão depende " + fmt.and_list(parts)
        return Finding("pendencias", title, summary, fmt.sentence(why[:1].upper() + why[1:]),
                       items)
    # no "perante a LC nº 2/1990" here: the conclusion line says what the verdict is before
    # (a threshold the user changed is not the law's)
    summary = (f"há requisitos não cumpridos, que tornam a proposta inviável enquanto não forem "
               f"atendidos; dos {n} em aberto, os indeterminados dependem de dados certificados "
               "ou de evidências"
               if fails else
               # agreement with the count (legal review 15:44, item 12: "1 requisito ainda
               # não comprovados")
               f"a conclusão depende de {n} ainda não comprovado com dados certificados ou "
               "evidências; basta que não seja cumprido para torná-la inviável"
               if len(items) == 1 else
               f"a conclusão depende de {n} ainda não comprovados com dados certificados ou "
               "evidências; basta um deles não cumprido para torná-la inviável")
    return Finding("pendencias", title, summary, fmt.sentence(why[:1].upper() + why[1:]), items)


def _margin(analysis) -> Finding | None:
    from ..rules.art8 import thin_margin_parts

    parts = thin_margin_parts(analysis.results, analysis.settings)
    return None if parts is None else Finding("margem", "Margem estreita (art. 8º)", *parts)


def _data(analysis) -> Finding | None:
    flags = getattr(analysis, "data_flags", None) or []
    if not flags:
        return None
    return Finding(
        "dados", "Dados publicados incoerentes entre si" if len(flags) > 1
        else "Dado publicado incoerente",
        "valores de tabelas oficiais que se contradizem, usados pelo estudo como publicados: "
        + "; ".join(f"{f.nome} ({f.cod_ibge}), {f.figure}" for f in flags),
        "O conflito deve ser esclarecido junto aos órgãos que os publicaram.",
        # the summary names each municipality and figure: the items do not repeat them
        # (legal review item 17), but name the place when there are several
        tuple(f.explanation() if len(flags) == 1 else f"{f.nome} ({f.cod_ibge}): {f.explanation()}"
              for f in flags))


#: Title of the ``nome`` finding.
SEAT_NAME_TITLE = "Nome da sede não conferido"


def _seat_name(analysis) -> Finding | None:
    notice = getattr(analysis, "seat_notice", None)
    if not notice:
        return None
    return Finding("nome", SEAT_NAME_TITLE, notice,
                   "Pela lei, o município tem o nome da sua sede (art. 3º, I): o título do "
                   "estudo e o projeto de lei o chamam por esse nome.")


def _plebiscite(analysis) -> Finding | None:
    """The plebiscite a reader must not miss: one dated after today, a hypothesis of the
    simulation that nobody can hold before the federal law ("Plebiscito da simulação",
    :func:`viabilidade.proposal.record.simulated_plebiscite`); a consultation dated before the study (the CF,
    art. 18, § 4º, puts it after the EVM's publication: :func:`viabilidade.rules.art7.
    before_the_study`), void without the federal law, which must be held again; or a result
    the study counts that the Electoral Justice neither holds nor ratifies today
    (:data:`viabilidade.report.frame.PLEBISCITE_NOTE`)."""
    from ..proposal.record import simulated_plebiscite
    from ..rules.art7 import before_the_study
    from ..rules.common import date_br
    from .frame import PLEBISCITE_NOTE, plebiscite_note

    note = plebiscite_note(analysis.results)
    held = getattr(analysis.candidate, "plebiscite", None)
    if simulated_plebiscite(held):  # dated after today: not held, a hypothesis (legal11 S3)
        return Finding("plebiscito", "Plebiscito da simulação",
                       f"o plebiscito de {date_br(held.date)} do registro é "
                       f"{simulated_plebiscite(held)}", PLEBISCITE_NOTE)
    early = before_the_study(held, analysis.settings).strip() if held is not None else ""
    if early:
        void = next((r.details["rotulo_situacao"] for r in analysis.results
                     if (r.details or {}).get(VOID_KEY)), "")
        summary = early[:1].lower() + early[1:].rstrip(".")
        # the same consequence as processo's last step (process_file.FEDERAL_LAW_STEP); in the
        # federal_law hypothesis the label already says it is held again (legal review 15:44, 1)
        when = HELD_AGAIN_WHEN.format(law="essa lei")
        detail = ("" if not void else f"A consulta está {void}, {when}."
                  if hypothesis(analysis.settings) else
                  f"A consulta está {void}, e não passa a valer com a lei complementar federal: "
                  f"terá de ser feita de novo, {when}.")
        return Finding("plebiscito", "Plebiscito anterior ao estudo", summary,
                       " ".join(x for x in (detail, note) if x))
    if not note:
        return None
    return Finding("plebiscito", "Plebiscito", note[:1].lower() + note[1:].rstrip("."))


def _limits(analysis) -> list[Finding]:
    from .boundary import drawn_findings

    return [Finding("limites", "Conferência dos limites propostos", f[:1].lower() + f[1:].rstrip("."))
            for f in drawn_findings(analysis)]


#: Title of the finding of an existing district's seat inside a new district's area.
SEATS_TITLE = "Sede de distrito existente (art. 15)"


def seats(analysis) -> Finding | None:
    """A district whose area holds an existing district's seat (art. 15's flag,
    :func:`viabilidade.rules.art15.seat_flag`): that district would lose its seat, and the
    municipal law must change its limits or extinguish it. Only where the operation's study
    has the district chapter (``sec-distrito``); the bill's justificação and drafting note
    read this finding (legal8 S4)."""
    from ..operations import operation_of
    from ..rules import art15

    if "sec-distrito" not in operation_of(analysis.candidate).chapters:
        return None
    flag = art15.seat_flag(analysis.profile)
    if not flag.raised:
        return None
    summary, detail = art15.seat_words(flag.seats)
    return Finding("sedes", SEATS_TITLE, summary, detail)


def _premise(analysis) -> Finding | None:
    c = analysis.candidate
    if not getattr(c, "special_interest", False):
        return None
    kind = SPECIAL_INTEREST_LABELS.get(c.special_interest_kind or "", c.special_interest_kind or "")
    return Finding("premissa", "Premissa declarada pelos proponentes",
                   f"município de interesse {kind} (art. 4º, caput; leitura I-2), com os "
                   "requisitos cobertos pela redução verificados a 2/3",
                   f"Justificativa dos proponentes: “{c.special_interest_justification}”. A lei "
                   "não define um teste para esse interesse; a conclusão sem a redução está no "
                   "quadro de leituras alternativas.")


def _readings(analysis) -> Finding | None:
    alternatives = list(analysis.alternatives or [])
    if len(alternatives) <= 1:       # the first row is the adopted reading itself
        return None
    from ..rules.settings import is_edition

    others = alternatives[1:]
    verdict = Verdict(analysis.verdict)
    changing = [(d, Verdict(v)) for d, v, _ in others if Verdict(v) != verdict]
    # a data edition (the population's first release) is no reading of the law: said apart
    readings = [d for d, _, _ in others if not is_edition(d)]
    editions = [d for d, _, _ in others if is_edition(d)]
    examined = fmt.count(len(readings), "leitura alternativa", "leituras alternativas")
    verb = "foi examinada" if len(readings) == 1 else "foram examinadas"
    head = f"{examined} da lei {verb}"
    if not changing:
        summary = f"{head}; nenhuma muda a conclusão"
    else:
        which = "; ".join(f"{d}: {fmt.verdict_label(v).lower()}" for d, v in changing)
        summary = (f"{head}; "
                   f"{fmt.number(len(changing))} {'muda' if len(changing) == 1 else 'mudam'} "
                   f"a conclusão ({which})")
    detail = ("Cada leitura está numerada e explicada nos Apêndices do estudo (Leituras da "
              "lei).")
    if editions:  # in the detail: the deck's first slide has room for the summary alone
        one = len(editions) == 1
        detail += (f" {'Foi examinada' if one else 'Foram examinadas'} também "
                   f"{fmt.count(len(editions), 'outra edição', 'outras edições')} dos dados "
                   f"({'; '.join(editions)}), que não {'é leitura' if one else 'são leituras'} "
                   "da lei.")
    return Finding("leituras", "Leituras da lei", summary, detail)


def _bar(analysis) -> Finding | None:
    from .frame import BAR_CLAUSES, calendar_note

    if not calendar_note(analysis):   # a creation, fusion or transfer barred today
        return None
    return Finding("vedacao", "Vedação constitucional",
                   "mesmo com todos os requisitos da LC nº 2/1990 comprovados, "
                   f"{BAR_CLAUSES[analysis.candidate.operation]}")


#: Title of the finding of a study dated after today (legal item 2).
SIMULATION_TITLE = "Simulação com data de referência futura"


def simulation(analysis, today: dt.date | None = None) -> dict | None:
    """What a study dated after today is: a simulation, never a study of what exists.

    Parameters
    ----------
    analysis : Analysis
    today : date, optional
        The real date; default :func:`viabilidade.common.plausibility.today` (the machine
        clock, or ``VIABILIDADE_HOJE``).

    Returns
    -------
    dict or None
        ``None`` when the study date is not after today (or not given: the study is then
        dated today); else ``data_referencia`` and
        ``hoje`` (ISO), ``atos_futuros`` (how many acts of the record are dated after today:
        they do not exist yet, and are hypotheses of the simulation, not declared documents)
        and ``texto`` (the sentence the cover prints).
    """
    from ..common.plausibility import today as real_today

    if not getattr(analysis.settings, "study_date", None):
        return None  # no study date given: the study is dated today
    today = today or real_today()
    day = analysis.settings.study_day()
    if day <= today:
        return None
    acts = [a for a in getattr(analysis.candidate, "events", ()) if a.date > today]
    summary = (f"a data de referência deste estudo ({fmt.date_short(day)}) é posterior à data "
               f"de hoje ({fmt.date_short(today)})")
    detail = ""
    if acts:
        one = len(acts) == 1
        detail = (f"{fmt.count(len(acts), 'ato do registro', 'atos do registro')} "
                  f"{'é datado' if one else 'são datados'} depois de hoje: "
                  f"ainda não {'existe' if one else 'existem'}, e o estudo "
                  f"{'o lê' if one else 'os lê'} como hipótese da simulação, não como "
                  "documento declarado.")
        detail = detail[:1].upper() + detail[1:]
    return {"data_referencia": day.isoformat(), "hoje": today.isoformat(),
            "atos_futuros": len(acts), "resumo": summary, "detalhe": detail,
            "texto": f"Simulação: {summary}." + (f" {detail}" if detail else "")}


def _simulation(analysis) -> Finding | None:
    sim = simulation(analysis)
    if sim is None:
        return None
    return Finding("simulacao", SIMULATION_TITLE, sim["resumo"], sim["detalhe"])


def findings(analysis) -> Findings:
    """The conclusion and findings of one study, in the order of :data:`KINDS`.

    Parameters
    ----------
    analysis : Analysis
        One candidate analysed (:func:`viabilidade.profile.analysis.analyse`); its
        ``alternatives`` feed the ``leituras`` finding (none when they were not computed).

    Returns
    -------
    Findings
        ``conclusion``: :func:`viabilidade.report.conclusion.analysis_conclusion`; ``items``:
        every finding that applies (Posse d'Abadia: pendências, margem estreita — 3.045
        habitantes, 45 acima do limite de 3.000, margem de 1,50 % —, leituras, vedação).
    """
    from .conclusion import analysis_conclusion

    found = [_simulation(analysis), _pending(analysis), _margin(analysis), _data(analysis),
             _seat_name(analysis), _plebiscite(analysis),
             *_limits(analysis), seats(analysis), _premise(analysis), _readings(analysis),
             _bar(analysis)]
    return Findings(analysis_conclusion(analysis), tuple(f for f in found if f is not None))


def attention_items(found) -> list[str]:
    """``<li>`` items of a list of findings as the deck, the batch index and the explorer
    print them: the title in bold, then the summary (``Finding.short``); text escaped."""
    from .writers.tables import esc

    return [f"<li><b>{esc(f.title)}:</b> {esc(f.summary)}.</li>" for f in found]


def attention_html(found: Findings) -> str:
    """The findings under a heading (:data:`HEADING`), as the explorer's conclusion panel
    prints them (:func:`attention_items`); ``""`` without findings."""
    if not found.items:
        return ""
    return f"<h4>{HEADING}</h4><ul>" + "".join(attention_items(found.items)) + "</ul>"


def findings_from_record(record: dict) -> list[Finding]:
    """The findings a study record carries (``record["findings"]``, written by the study:
    :func:`viabilidade.report.study_cells.results_bundle`); ``[]`` for an older record."""
    out = []
    for d in record.get("findings") or []:
        try:
            out.append(Finding.from_dict(d))
        except (KeyError, TypeError):
            continue
    return out


__all__ = ["KINDS", "HEADING", "seats", "SPECIAL_INTEREST_LABELS", "Finding", "Findings", "findings", "attention_items", "attention_html",
           "findings_from_record"]
