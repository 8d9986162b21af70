"""The federal constitutional frame every document states on its first pages.

Constitution art. 18 § 4 (after Constitutional Amendment 15/1996) makes every creation,
incorporation, fusion and dismemberment of a municipality depend on a period set by a federal
complementary law, on *Estudos de Viabilidade Municipal* and on a plebiscite. That law was
never enacted; the STF declared state laws made without it unconstitutional (ADI 2.240/BA and
others, 09/05/2007) and Congress in default (ADI 3.682/MT); the TSE refuses to homologate such
plebiscites (PA nº 0602003-69, 13/05/2021). EC 57/2008 (ADCT art. 96) validated only the
creations whose law was published by 31 December 2006. Today no municipality can be created,
incorporated, merged or split: LC 02/1990 is in force but inapplicable to those operations
until the federal law exists. A study must say so on its cover, its first slide and every
conclusion line.

The text lives here once: studies, slide decks, the art. 8 audit and the district screening
call :func:`frame_section` (or :func:`frame_points` for a slide); every conclusion line ends
with :func:`bar_clause` (composed by :mod:`viabilidade.report.conclusion`).

Sources: Constituição Federal, art. 18 § 4 (redação da EC nº 15, de 12/09/1996) and art. 30 IV;
EC nº 57, de 18/12/2008 (ADCT, art. 96); STF, ADI 2.240/BA, 3.316/MT, 3.489/SC and 3.689/PA
(09/05/2007) and ADI 3.682/MT (09/05/2007, DJ 06/09/2007); TSE, PA nº 0602003-69
(13/05/2021); LC 02/1990 arts. 6 and 16 (the design notes on what the courts
have said). The bills' status comes from the shipped rulesets
(:mod:`viabilidade.rules.ruleset`), which cite their (secondary) sources.
"""

from __future__ import annotations

import datetime as dt

from ..rules.art8 import EXTINCTION_BARRED  # noqa: F401  (one text, re-exported)
from ..rules.certification import PLEBISCITE_RULES
from .writers import format as fmt
from .writers.tables import Html, esc

#: CF art. 18 § 4, as worded by EC 15/1996 (official text, with the comma after "Municípios").
CF_18_4 = ("A criação, a incorporação, a fusão e o desmembramento de Municípios, far-se-ão por lei "
           "estadual, dentro do período determinado por Lei Complementar Federal, e dependerão de "
           "consulta prévia, mediante plebiscito, às populações dos Municípios envolvidos, após "
           "divulgação dos Estudos de Viabilidade Municipal, apresentados e publicados na forma da "
           "lei.")

#: Date of EC 15/1996 (a state law published before it is under the original art. 18 § 4).
EC15_DATE = dt.date(1996, 9, 12)
#: Last publication date of a creation law that EC 57/2008 (ADCT art. 96) validated.
EC57_LIMIT = dt.date(2006, 12, 31)

RULE = ("Desde a Emenda Constitucional nº 15, de 12 de setembro de 1996, o art. 18, § 4º, da "
        "Constituição Federal dispõe: “" + CF_18_4 + "” A redação original remetia os requisitos à "
        "lei complementar estadual; foi sob ela que Goiás editou a Lei Complementar nº 2, de 16 de "
        "janeiro de 1990.")

MISSING = ("A lei complementar federal exigida pelo art. 18, § 4º, não foi editada. O PLS nº 98/2002 "
           "(PLP nº 416/2008 na Câmara dos Deputados) foi vetado integralmente em novembro de 2013; o "
           "PLS nº 104/2014 (PLP nº 397/2014) foi vetado integralmente em agosto de 2014; o PLS nº "
           "199/2015 (PLP nº 137/2015) foi aprovado pelo Senado Federal em 2015 e aguarda deliberação "
           "do Plenário da Câmara dos Deputados (situação segundo fontes secundárias; confirme a "
           "tramitação na data da decisão).")

EC57 = ("A Emenda Constitucional nº 57, de 18 de dezembro de 2008, acrescentou o art. 96 ao Ato das "
        "Disposições Constitucionais Transitórias e convalidou os atos de criação, fusão, "
        "incorporação e desmembramento de Municípios cuja lei tenha sido publicada até 31 de "
        "dezembro de 2006, atendidos os requisitos da legislação do respectivo Estado à época de sua "
        "criação. Leis publicadas depois dessa data não são alcançadas por ela.")

COURTS = ("Em 9 de maio de 2007, o Supremo Tribunal Federal declarou inconstitucionais leis "
          "estaduais que, depois da Emenda Constitucional nº 15/1996 e sem a lei complementar "
          "federal, criaram Municípios ou alteraram seus territórios (ADI 2.240/BA, julgada com as "
          "ADIs 3.316/MT, 3.489/SC e 3.689/PA), sem pronunciar a nulidade, por 24 meses; e, na ADI "
          "3.682/MT (julgada na mesma data, DJ de 6 de setembro de 2007), declarou o Congresso "
          "Nacional em mora na edição dessa lei, fixando-lhe 18 meses para legislar. Em 13 de maio "
          "de 2021, o Tribunal Superior Eleitoral indeferiu a homologação do plebiscito de um novo "
          "Município enquanto não existir a lei complementar federal (PA nº 0602003-69).")

TODAY = ("Hoje, portanto, nenhum Município pode ser criado, incorporado, fundido ou desmembrado, e a "
         "Justiça Eleitoral não realiza o plebiscito dessas operações, até que a lei complementar "
         "federal seja editada. A LC nº 2/1990 está em vigor, mas não é aplicável a essas operações "
         "enquanto essa lei não existir.")

#: Beside a plebiscite requirement met (art. 7; art. 5 for a transfer or a fusion): the result
#: the candidate reports is of a plebiscite the Electoral Justice does not hold or ratify today.
PLEBISCITE_NOTE = ("A Justiça Eleitoral não realiza nem homologa este plebiscito enquanto não "
                   "existir a lei complementar federal do art. 18, § 4º, da Constituição Federal "
                   "(TSE, PA nº 0602003-69, 13/05/2021).")
#: Ending ¶1 of every ofício (:mod:`viabilidade.report.oficios`): the operation is barred and
#: what the information is for.
OFICIO_NOTE = ("A criação de Município está vedada enquanto não for editada a lei complementar "
               "federal exigida pelo art. 18, § 4º, da Constituição Federal; as informações "
               "solicitadas destinam-se a instruir o estudo de viabilidade da proposta perante a "
               "Lei Complementar estadual nº 2/1990.")


def plebiscite_note(results) -> str:
    """:data:`PLEBISCITE_NOTE` when a plebiscite requirement is met in ``results``, else ``""``."""
    from ..rules.result import Status

    met = any(r.rule_id in PLEBISCITE_RULES and Status(r.status) == Status.PASS for r in results)
    return PLEBISCITE_NOTE if met else ""


#: The fixed paragraphs of the frame, before what it means for the document.
FIXED = (RULE, MISSING, EC57, COURTS, TODAY)

#: What the frame means, by operation ({name} is the candidate's name).
MEANING = {
    "create-municipality": (
        "Para {name}: a criação do Município está vedada enquanto não editada a lei complementar "
        "federal; uma lei estadual que hoje o criasse com base apenas na LC nº 2/1990 seria "
        "inconstitucional (ADI 2.240/BA), e o plebiscito não seria realizado. Este estudo confronta a "
        "proposta com os requisitos da LC nº 2/1990; não substitui os Estudos de Viabilidade "
        "Municipal."),
    "fusion": (
        "Para {name}: a fusão de Municípios está no art. 18, § 4º, e está vedada enquanto não "
        "editada a lei complementar federal; uma lei estadual que hoje a fizesse com base apenas na "
        "LC nº 2/1990 seria inconstitucional. Este estudo confronta a proposta com os requisitos da "
        "LC nº 2/1990; não substitui os Estudos de Viabilidade Municipal."),
    "transfer-area": (
        "Para {name}: desmembrar área de um Município e anexá-la a outro é desmembramento e "
        "incorporação no sentido do art. 18, § 4º, vedados enquanto não editada a lei complementar "
        "federal; uma lei estadual que hoje o fizesse com base apenas na LC nº 2/1990 seria "
        "inconstitucional. Este estudo confronta a proposta com os requisitos da LC nº 2/1990; não "
        "substitui os Estudos de Viabilidade Municipal."),
    "create-district": (
        "Para {name}: a criação de distrito (arts. 15 a 20 da LC nº 2/1990) não é criação, "
        "incorporação, fusão nem desmembramento de Município e não está sujeita ao art. 18, § 4º: "
        "compete à lei municipal criar distritos (LC nº 2/1990, art. 16), observada a legislação "
        "estadual (Constituição Federal, art. 30, IV). A falta da lei complementar federal não "
        "impede esta operação."),
    "boundary-correction": (
        "Para {name}: a correção de limites do art. 6º da LC nº 2/1990 é feita sem alteração de "
        "área, por falha técnica ou erro na descrição, e por si não cria, funde, incorpora nem "
        "desmembra Município. A tolerância do estudo só absorve a imprecisão do traçado: se a "
        "correção deslocasse território de um Município a outro, habitado ou não, seria "
        "desmembramento e incorporação (LC nº 2/1990, art. 5º), vedados enquanto não editada a "
        "lei complementar federal (art. 18, § 4º)."),
    "audit": (
        "Para a auditoria: o art. 8º da LC nº 2/1990 manda a Assembleia Legislativa decretar a "
        "extinção do Município instalado que perdeu requisitos do art. 4º e a sua reincorporação "
        "ao município ou municípios de que se originou. Essa reincorporação é incorporação de "
        "Município (art. 18, § 4º), e não está vedada só até a edição da lei complementar "
        "federal: mesmo depois dela, faz-se por lei estadual, dentro do período que essa lei "
        "determinar, após a divulgação dos Estudos de Viabilidade Municipal e com plebiscito das "
        "populações dos Municípios envolvidos (Lei nº 9.709/1998, arts. 5º e 7º), e não por "
        "decreto nem pela simples verificação dos números. Esta auditoria mostra quem não atinge "
        "os requisitos com os dados publicados; não decreta extinção alguma."),
    "screening": (
        "Para a triagem: transformar um distrito em Município é criação de Município, vedada "
        "enquanto não editada a lei complementar federal (art. 18, § 4º). A triagem indica quais "
        "distritos cumpririam os requisitos da lei estadual; não substitui os Estudos de "
        "Viabilidade Municipal."),
}

#: The short clause every conclusion line ends with, by operation (:func:`bar_clause`).
BAR_CLAUSES = {
    "create-municipality": ("a criação está vedada enquanto não editada a lei complementar federal "
                            "(CF, art. 18, § 4º)"),
    "fusion": "a fusão está vedada enquanto não editada a lei complementar federal (CF, art. 18, § 4º)",
    "transfer-area": ("o desmembramento e a incorporação da área estão vedados enquanto não editada "
                      "a lei complementar federal (CF, art. 18, § 4º)"),
    "boundary-correction": ("a correção sem alteração de área não é operação do art. 18, § 4º, da "
                            "CF; se deslocar território de um Município a outro, habitado ou não, "
                            "será desmembramento e incorporação, vedados enquanto não editada a "
                            "lei complementar federal"),
    "create-district": ("a criação de distrito não está vedada pelo art. 18, § 4º, da CF: faz-se por "
                        "lei municipal (LC nº 2/1990, art. 16; CF, art. 30, IV)"),
    "audit": ("a extinção e a reincorporação de Município são incorporação: vedadas enquanto não "
              "editada a lei complementar federal e, depois dela, dependentes de lei estadual, "
              "Estudos de Viabilidade Municipal e plebiscito (CF, art. 18, § 4º; Lei nº "
              "9.709/1998, arts. 5º e 7º)"),
    "screening": ("a criação de Municípios está vedada enquanto não editada a lei complementar "
                  "federal (CF, art. 18, § 4º)"),
}


#: Operations a creation year or law date makes retrospective (a law of the past).
RETROSPECTIVE_KINDS = ("create-municipality", "fusion", "transfer-area")
#: The law of each retrospective operation, as the bar clause names it.
LAW_OF = {"create-municipality": "lei de criação", "fusion": "lei de fusão",
          "transfer-area": "lei de desmembramento e incorporação"}


def law_period(year: int | None = None, law_date: dt.date | None = None) -> str | None:
    """Where a creation law falls against EC 15/1996 and EC 57/2008, by its date.

    Parameters
    ----------
    year : int, optional
        The law's year, when its date is not known.
    law_date : date, optional
        The law's publication date (decides; ``year`` is then ignored).

    Returns
    -------
    str or None
        ``"before-ec15"`` (published before 12/09/1996: the original art. 18 § 4 applied),
        ``"ec57"`` (published from 12/09/1996 to 31/12/2006: validated by EC 57/2008, ADCT art.
        96), ``"after-ec57"`` (published after 31/12/2006), ``"undecided-1996"`` (only the year
        1996 is known: it may fall on either side of EC 15), or ``None`` when neither is given.
    """
    if law_date is not None:
        if law_date < EC15_DATE:
            return "before-ec15"
        return "ec57" if law_date <= EC57_LIMIT else "after-ec57"
    if year is None:
        return None
    if year < 1996:
        return "before-ec15"
    if year == 1996:
        return "undecided-1996"
    return "ec57" if year <= 2006 else "after-ec57"


def _when(year: int | None, law_date: dt.date | None) -> str:
    if law_date is not None:
        return f"A lei de criação considerada, publicada em {law_date:%d/%m/%Y},"
    return f"O ano de criação considerado ({year})"


def creation_note(year: int | None = None, law_date: dt.date | None = None) -> str:
    """What the frame means for a creation law of the past (a retrospective study), by its date.

    ``""`` when neither is given, or for a law after 31/12/2006 known only by its year (a
    creation still to come uses that setting too); see :func:`law_period`.
    """
    period = law_period(year, law_date)
    when = _when(year, law_date)
    if period == "before-ec15":
        return (f"{when} é anterior à Emenda Constitucional nº 15, de 12 de setembro de 1996: a "
                "criação regia-se pela redação original do art. 18, § 4º, e pela LC nº 2/1990, e não "
                "dependia de lei complementar federal.")
    if period == "undecided-1996":
        return ("O ano de criação considerado (1996) não decide o quadro: uma lei publicada até 11 de "
                "setembro de 1996 é anterior à Emenda Constitucional nº 15/1996 e regia-se pela "
                "redação original do art. 18, § 4º; publicada a partir de 12 de setembro, dependia da "
                "lei complementar federal e só foi convalidada pela Emenda Constitucional nº 57/2008. "
                "Sem a data de publicação da lei, não se decide qual dos dois quadros se aplica.")
    if period == "ec57":
        return (f"{when} não é anterior à Emenda Constitucional nº 15/1996 e está no período alcançado "
                "pela Emenda Constitucional nº 57/2008: uma lei de criação publicada até 31 de "
                "dezembro de 2006, atendidos os requisitos da lei estadual da época, está convalidada.")
    if period == "after-ec57" and law_date is not None:
        return (f"{when} é posterior a 31 de dezembro de 2006 e não é alcançada pela Emenda "
                "Constitucional nº 57/2008: leis de criação feitas sem a lei complementar federal "
                "foram declaradas inconstitucionais pelo Supremo Tribunal Federal (ADI 2.240/BA).")
    return ""


#: What CF art. 18 § 4 bars for an installed municipality (art. 21): not a creation, already
#: made, but the extinction and reincorporation art. 8 tells the Assembly to decree, which is an
#: incorporation of a Município (legal item 3). ``{law}``: ``"essa lei"`` after a sentence that
#: named the federal complementary law, ``"a lei complementar federal"`` where none did.
EXTINCTION_CLAUSE = ("a extinção e reincorporação ao município de origem que o art. 8º manda "
                     "decretar é incorporação de Município, hoje vedada enquanto não editada "
                     "{law} (CF, art. 18, § 4º)")


def bar_clause(operation: str, *, year: int | None = None, law_date: dt.date | None = None,
               installed: bool = False) -> str:
    """The short clause on the constitutional bar that ends every conclusion line (pt-BR).

    Parameters
    ----------
    operation : str
        The candidate's operation (:data:`viabilidade.proposal.candidate.OPERATIONS`) or ``"audit"`` /
        ``"screening"``.
    year, law_date : optional
        A retrospective creation (fusion, transfer) law's year or publication date
        (:func:`law_period`): a law before EC 15/1996 or validated by EC 57/2008 gets its own
        clause; otherwise the bar of today.

    Returns
    -------
    str
        Lower-case clause without final stop, e.g. ``"a criação está vedada enquanto não editada
        a lei complementar federal (CF, art. 18, § 4º)"``.
        An installed municipality (``installed``: a creation art. 21 restored, made long ago)
        names what the bar reaches for it: the extinction of art. 8, an incorporation
        (:data:`EXTINCTION_CLAUSE`), not "uma criação semelhante".

    Raises
    ------
    KeyError
        For an operation with no clause.
    """
    if operation not in BAR_CLAUSES:
        raise KeyError(f"operação sem cláusula do art. 18, § 4º: {operation!r}")
    if operation in RETROSPECTIVE_KINDS:
        period = law_period(year, law_date)
        law = LAW_OF[operation]
        if period == "before-ec15":
            return (f"{law} anterior à EC nº 15/1996, sob a redação original do art. 18, § 4º, "
                    "da CF, que não exigia lei complementar federal; "
                    + (EXTINCTION_CLAUSE.format(law="essa lei") if installed else
                       "uma criação semelhante hoje está vedada enquanto não editada essa lei "
                       "(CF, art. 18, § 4º)"))
        if period == "undecided-1996":
            return (f"{law} de 1996 sem data de publicação: não se decide se é anterior à "
                    "EC nº 15, de 12/09/1996 (CF, art. 18, § 4º), nem, portanto, se dependia da lei "
                    "complementar federal")
        if period == "ec57":
            return (f"{law} publicada até 31/12/2006, convalidada pela EC nº 57/2008 (ADCT, art. 96), "
                    "atendidos os requisitos da lei estadual da época")
        if period == "after-ec57" and law_date is not None:
            return (f"{law} publicada depois de 31/12/2006, não convalidada pela EC nº 57/2008; "
                    + BAR_CLAUSES[operation])
    return BAR_CLAUSES[operation]


def assumption_note(federal_law: str | None) -> str:
    """The user's hypothesis of a federal law in force (setting ``federal_law``), or ``""``."""
    if not federal_law:
        return ""
    from ..rules.ruleset import federal_bills

    bill = federal_bills()[federal_law]
    return ("Hipótese adotada a pedido do usuário: este documento supõe em vigor uma lei "
            f"complementar federal com o texto do {bill.title}. Essa lei não existe ({bill.status[:1].lower()}"
            f"{bill.status[1:].rstrip('.')}). Sob a hipótese, os requisitos do projeto somam-se aos da LC nº 2/1990 e são "
            "verificados na seção “Sob outras regras”"
            + (", com limites tomados de fontes secundárias" if bill.secondary else "") + ".")


def frame_paragraphs(kind: str, *, name: str = "", creation_year: int | None = None,
                     law_date: dt.date | None = None, federal_law: str | None = None,
                     installed: bool = False) -> list[str]:
    """The frame as Portuguese paragraphs, the essential first.

    Parameters
    ----------
    kind : str
        The candidate's operation (``"create-municipality"``, ``"create-district"``, …) or
        ``"audit"`` / ``"screening"`` for the statewide reports.
    name : str
        The candidate's name (for a study).
    creation_year : int, optional
        The year of the creation law, when the study is retrospective (:func:`creation_note`).
    law_date : date, optional
        The creation law's publication date (decides over ``creation_year``).
    federal_law : str, optional
        The ``federal_law`` setting (:func:`assumption_note`).
    installed : bool
        An installed municipality (art. 21): what the bar reaches today is the extinction of
        art. 8, an incorporation (:data:`EXTINCTION_CLAUSE`), not a like creation.

    Returns
    -------
    list of str
        The :data:`FIXED` paragraphs (EC 15/1996 and art. 18 § 4; the missing law and the bills;
        EC 57/2008; the STF and the TSE; what this means today), then what it means for the
        candidate (and the retrospective or assumed-law notes).
    """
    retro = creation_note(creation_year, law_date) if kind in RETROSPECTIVE_KINDS else ""
    if retro:  # a creation of the past: what held then, and what a like creation needs now
        today = (fmt.sentence(EXTINCTION_CLAUSE.format(law="a lei complementar federal"))
                 if installed else
                 "Uma criação semelhante hoje está vedada enquanto não editada a lei "
                 "complementar federal.")
        meaning = f"Para {name or 'a proposta'}: {retro[:1].lower()}{retro[1:]} {today}"
    else:
        # "Para o Distrito Leste", "Para Posse d'Abadia"
        words = (f"o {name}" if name and name.split(" ", 1)[0] in ("Distrito", "Município")
                 else name or "a proposta")
        meaning = MEANING.get(kind, MEANING["create-municipality"]).format(name=words)
    out = [*FIXED, meaning]
    assumed = assumption_note(federal_law)
    if assumed:
        out.append(assumed)
    return out


#: Id and title of the frame section (listed in the table of contents).
SECTION_ID = "sec-quadro-federal"
SECTION_TITLE = "Quadro constitucional federal"


def frame_section(kind: str, **kwargs) -> Html:
    """The frame as a report section (``<section>`` with ``<h2 id="sec-quadro-federal">``).

    Same parameters as :func:`frame_paragraphs`. The section is short enough to fit on the
    pages after a cover.
    """
    paras = frame_paragraphs(kind, **kwargs)
    n = len(FIXED)
    body = "".join(f"<p>{esc(p)}</p>" for p in paras[:n])
    body += "".join(f'<p class="conclusao">{esc(p)}</p>' for p in paras[n:])
    return Html(f'<section class="secao quadro-federal" id="{SECTION_ID}-s">'
                f'<h2 id="{SECTION_ID}">{SECTION_TITLE}</h2>{body}</section>')


#: The frame in short sentences for a slide (before what it means for the candidate).
POINTS = (
    "Constituição Federal, art. 18, § 4º (Emenda Constitucional nº 15/1996): “" + CF_18_4 + "”",
    "A lei complementar federal não foi editada: PLS nº 98/2002 (PLP nº 416/2008) vetado em "
    "novembro de 2013; PLS nº 104/2014 (PLP nº 397/2014) vetado em agosto de 2014; PLS nº "
    "199/2015 (PLP nº 137/2015) aprovado pelo Senado em 2015, pendente na Câmara (situação "
    "segundo fontes secundárias).",
    "STF, 09/05/2007: leis estaduais que criaram ou alteraram Municípios sem a lei complementar "
    "federal são inconstitucionais (ADI 2.240/BA, 3.316/MT, 3.489/SC e 3.689/PA); Congresso em "
    "mora (ADI 3.682/MT). TSE, 13/05/2021: plebiscito não homologado sem a lei federal (PA nº "
    "0602003-69). A EC nº 57/2008 convalidou só as leis publicadas até 31/12/2006.",
    "Hoje nenhum Município pode ser criado, incorporado, fundido ou desmembrado, nem o plebiscito "
    "realizado, até que a lei complementar federal exista; a LC nº 2/1990 está em vigor, mas não é "
    "aplicável a essas operações até lá.",
)


def frame_points(kind: str, **kwargs) -> list[str]:
    """The frame in short sentences for one slide (same parameters as :func:`frame_paragraphs`)."""
    paras = frame_paragraphs(kind, **kwargs)
    return [*POINTS, *paras[len(FIXED):]]


def explicit_creation_year(analysis) -> int | None:
    """The creation year the user gave (setting or candidate file), else ``None`` (a study of a
    creation still to come)."""
    year = getattr(analysis.settings, "creation_year", None)
    if year is None:
        year = getattr(analysis.candidate, "creation_year", None)
    return year


def creation_law_date(analysis) -> dt.date | None:
    """The creation law's publication date from the candidate file (``creation_law_date``)."""
    return getattr(analysis.candidate, "creation_law_date", None)


def _study_kwargs(analysis) -> dict:
    from ..operations import operation_of, study_name

    return {"name": study_name(analysis.candidate), "creation_year": explicit_creation_year(analysis),
            "law_date": creation_law_date(analysis),
            "federal_law": getattr(analysis.settings, "federal_law", None),
            "installed": operation_of(analysis.candidate).installed}


def study_frame(analysis) -> Html:
    """:func:`frame_section` for one study: its operation, name, explicit creation year or law
    date and the ``federal_law`` setting."""
    return frame_section(analysis.candidate.operation, **_study_kwargs(analysis))


def study_points(analysis) -> list[str]:
    """:func:`frame_points` for one study (the slide deck)."""
    return frame_points(analysis.candidate.operation, **_study_kwargs(analysis))


#: At the head of a calendar and of a transition list whose operation is barred today;
#: ``{how}`` says what the calendar does with those dates (:func:`calendar_note`).
CALENDAR_NOTE = ("As datas da lei de criação, da eleição e da instalação dependem da edição da "
                 "lei complementar federal (CF, art. 18, § 4º): enquanto ela não existir, nem o "
                 "plebiscito nem a lei estadual podem ser feitos{how}.")
#: No year is given (:func:`viabilidade.rules.calendar.undated`).
UNDATED_HOW = ", e o calendário não lhes dá data"
#: The ``federal_law`` hypothesis dates them.
ASSUMED_HOW = "; as datas dadas a elas são hipótese do estudo"


def calendar_note(analysis) -> str:
    """:data:`CALENDAR_NOTE` when the study's operation is barred today
    (:attr:`~viabilidade.operations.Operation.barred`, not an art. 21 process, and its
    conclusion ends with the operation's own bar: a creation, fusion or transfer not yet made),
    else ``""`` (a district, a boundary correction, a law before EC 15/1996 or validated by EC
    57). It names the law's, the election's and the installation's dates, not the record's acts
    (facts), and says the calendar gives them no year (:data:`UNDATED_HOW`) or, in the
    ``federal_law`` hypothesis, that their dates are a hypothesis (:data:`ASSUMED_HOW`; final
    legal read, item 7: "Todas as datas abaixo …" covered the recorded acts too)."""
    from ..operations import operation_of
    from ..rules.calendar import undated

    c = analysis.candidate
    op = operation_of(c)
    if not op.barred or getattr(c, "restored_process", None):
        return ""
    if study_bar_clause(analysis) != bar_clause(c.operation):
        return ""
    how = UNDATED_HOW if undated(c, analysis.settings, op.barred) else ASSUMED_HOW
    return CALENDAR_NOTE.format(how=how)


def study_bar_clause(analysis) -> str:
    """:func:`bar_clause` for one study (its operation, creation year and law date)."""
    from ..operations import operation_of

    return bar_clause(analysis.candidate.operation, year=explicit_creation_year(analysis),
                      law_date=creation_law_date(analysis),
                      installed=operation_of(analysis.candidate).installed)
