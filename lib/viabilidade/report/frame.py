"""The federal constitutional frame every document states on its first pages.

Constitution art. 18 § 4 (after Constitutional Amendment 15/1996) makes every creation,
incorporation, fusion and dismemberment of a municipality depend on a period set by a federal
complementary law, on *Estudos de Viabilidade Municipal* and on a plebiscite. That law was
never enacted; EC 57/2008 (ADCT art. 96) validated only the creations whose law was published
by 31 December 2006. A study applying LC 02/1990 must say so, and say what it means for the
candidate. The text lives here once: studies, slide decks, the art. 8 audit and the district
screening all call :func:`frame_section` (or :func:`frame_points` for a slide).

Sources: Constituição Federal, art. 18 § 4 (redação da EC nº 15, de 12/09/1996) and art. 30 IV;
EC nº 57, de 18/12/2008 (ADCT, art. 96); STF, ADI 2.381 MC (2001) and ADI 3.682 (2007). The
bills' status comes from the shipped rulesets (:mod:`viabilidade.rules.ruleset`), which cite
their (secondary) sources.
"""

from __future__ import annotations

from .tables import Html, esc

#: CF art. 18 § 4, as worded by EC 15/1996.
CF_18_4 = ("A criação, a incorporação, a fusão e o desmembramento de Municípios far-se-ão por lei "
           "estadual, dentro do período determinado por Lei Complementar Federal, e dependerão de "
           "consulta prévia, mediante plebiscito, às populações dos Municípios envolvidos, após "
           "divulgação dos Estudos de Viabilidade Municipal, apresentados e publicados na forma da "
           "lei.")

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

STF = ("O Supremo Tribunal Federal entendeu que, sem a lei complementar federal, o art. 18, § 4º, "
       "não permite aos Estados criar, incorporar, fundir ou desmembrar Municípios (ADI 2.381 MC, "
       "2001) e declarou a omissão do Congresso Nacional em editá-la (ADI 3.682, 2007).")

#: What the frame means, by operation ({name} is the candidate's name).
MEANING = {
    "create-municipality": (
        "Para {name}: uma lei estadual que hoje criasse o Município com base apenas na LC nº 2/1990 "
        "ficaria exposta a ser declarada inconstitucional, por falta do período fixado em lei "
        "complementar federal e dos Estudos de Viabilidade Municipal na forma dessa lei. Este estudo "
        "verifica os requisitos da LC nº 2/1990 com os dados públicos; não substitui aqueles "
        "estudos."),
    "fusion": (
        "Para {name}: a fusão de Municípios está no art. 18, § 4º; uma lei estadual que hoje a "
        "fizesse com base apenas na LC nº 2/1990 ficaria exposta a ser declarada inconstitucional. "
        "Este estudo verifica os requisitos da LC nº 2/1990 com os dados públicos; não substitui os "
        "Estudos de Viabilidade Municipal."),
    "transfer-area": (
        "Para {name}: desmembrar área de um Município e anexá-la a outro é desmembramento e "
        "incorporação no sentido do art. 18, § 4º; uma lei estadual que hoje o fizesse com base "
        "apenas na LC nº 2/1990 ficaria exposta a ser declarada inconstitucional. Este estudo "
        "verifica os requisitos da LC nº 2/1990; não substitui os Estudos de Viabilidade Municipal."),
    "create-district": (
        "Para {name}: a criação de distrito (arts. 15 a 20 da LC nº 2/1990) não é criação, "
        "incorporação, fusão nem desmembramento de Município e não está sujeita ao art. 18, § 4º: "
        "cabe ao Município criar, organizar e suprimir distritos, observada a legislação estadual "
        "(Constituição Federal, art. 30, IV). A falta da lei complementar federal não impede esta "
        "operação."),
    "boundary-correction": (
        "Para {name}: a correção de limites do art. 6º da LC nº 2/1990 é feita sem alteração de "
        "área e não cria, funde, incorpora nem desmembra Município; se transferisse território "
        "habitado de um Município a outro, poderia ser tida como desmembramento, sujeito ao art. 18, "
        "§ 4º."),
    "audit": (
        "Para a auditoria: o art. 8º da LC nº 2/1990 manda extinguir o Município que perdeu "
        "requisitos do art. 4º e reincorporá-lo ao de origem. Essa reincorporação é incorporação ou "
        "fusão de Municípios no sentido do art. 18, § 4º, e dependeria hoje da lei complementar "
        "federal, do período que ela fixar, dos Estudos de Viabilidade Municipal e de plebiscito. "
        "Esta auditoria mostra quem não cumpre os requisitos; não decreta extinção alguma."),
    "screening": (
        "Para a triagem: transformar um distrito em Município é criação de Município e depende do "
        "art. 18, § 4º; uma lei estadual que hoje o fizesse com base apenas na LC nº 2/1990 ficaria "
        "exposta a ser declarada inconstitucional. A triagem indica quais distritos cumpririam os "
        "requisitos da lei estadual; não substitui os Estudos de Viabilidade Municipal."),
}


#: Operations a creation year makes retrospective (a law of the past).
RETROSPECTIVE_KINDS = ("create-municipality", "fusion", "transfer-area")


def creation_note(year: int | None) -> str:
    """What the frame means for a creation law of a given year (a retrospective study).

    ``None`` or a year after 2006 gives ``""``; before 1996 the original art. 18 § 4 applied;
    1996 to 2006 falls under EC 57/2008 if the law was published by 31 December 2006.
    """
    if year is None or year > 2006:
        return ""
    if year < 1996:
        return (f"O ano de criação considerado ({year}) é anterior à Emenda Constitucional nº 15/1996: "
                "a criação regia-se pela redação original do art. 18, § 4º, e pela LC nº 2/1990, e não "
                "dependia de lei complementar federal.")
    return (f"O ano de criação considerado ({year}) está no período alcançado pela Emenda "
            "Constitucional nº 57/2008: uma lei de criação publicada até 31 de dezembro de 2006, "
            "atendidos os requisitos da lei estadual da época, está convalidada.")


def assumption_note(federal_law: str | None) -> str:
    """The user's hypothesis of a federal law in force (setting ``federal_law``), or ``""``."""
    if not federal_law:
        return ""
    from ..rules.ruleset import federal_bills

    bill = federal_bills()[federal_law]
    return ("Hipótese adotada a pedido do usuário (configuração federal_law = "
            f"\"{federal_law}\"): este documento supõe em vigor uma lei complementar federal com o "
            f"texto do {bill.title}. Essa lei não existe ({bill.status[:1].lower()}"
            f"{bill.status[1:].rstrip('.')}). Sob a hipótese, os requisitos do projeto somam-se aos da LC nº 2/1990 e são "
            "verificados na seção “Sob outras regras”"
            + (", com limites tomados de fontes secundárias" if bill.secondary else "") + ".")


def frame_paragraphs(kind: str, *, name: str = "", creation_year: int | None = None,
                     federal_law: str | None = None) -> list[str]:
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
    federal_law : str, optional
        The ``federal_law`` setting (:func:`assumption_note`).

    Returns
    -------
    list of str
        EC 15/1996 and art. 18 § 4; the missing law and the bills; EC 57/2008; the STF; then
        what this means for the candidate (and the retrospective or assumed-law notes).
    """
    retro = creation_note(creation_year) if kind in RETROSPECTIVE_KINDS else ""
    if retro:  # a creation of the past: what held then, and what a like creation needs now
        meaning = (f"Para {name or 'a proposta'}: {retro[:1].lower()}{retro[1:]} Uma criação "
                   "semelhante hoje dependeria da lei complementar federal, que não existe.")
    else:
        meaning = MEANING.get(kind, MEANING["create-municipality"]).format(name=name or "a proposta")
    out = [RULE, MISSING, EC57, STF, meaning]
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
    page after a cover.
    """
    paras = frame_paragraphs(kind, **kwargs)
    body = "".join(f"<p>{esc(p)}</p>" for p in paras[:4])
    body += "".join(f'<p class="conclusao">{esc(p)}</p>' for p in paras[4:])
    return Html(f'<section class="secao quadro-federal" id="{SECTION_ID}-s">'
                f'<h2 id="{SECTION_ID}">{SECTION_TITLE}</h2>{body}</section>')


def frame_points(kind: str, **kwargs) -> list[str]:
    """The frame in short sentences for one slide (same parameters as :func:`frame_paragraphs`)."""
    paras = frame_paragraphs(kind, **kwargs)
    points = [
        "Emenda Constitucional nº 15/1996: pelo art. 18, § 4º, da Constituição Federal, criar, "
        "incorporar, fundir ou desmembrar Municípios exige lei estadual dentro do período fixado em "
        "lei complementar federal, Estudos de Viabilidade Municipal e plebiscito.",
        "A lei complementar federal não foi editada: PLS nº 98/2002 (PLP nº 416/2008) vetado em "
        "novembro de 2013; PLS nº 104/2014 (PLP nº 397/2014) vetado em agosto de 2014; PLS nº "
        "199/2015 (PLP nº 137/2015) aprovado pelo Senado em 2015, pendente na Câmara.",
        "Emenda Constitucional nº 57/2008 (ADCT, art. 96): convalidou só as criações com lei "
        "publicada até 31/12/2006. STF: ADI 2.381 MC (2001) e ADI 3.682 (2007).",
    ]
    return points + paras[4:]


def explicit_creation_year(analysis) -> int | None:
    """The creation year the user gave (setting or candidate file), else ``None`` (a study of a
    creation still to come)."""
    year = getattr(analysis.settings, "creation_year", None)
    if year is None:
        year = getattr(analysis.candidate, "creation_year", None)
    return year


def study_frame(analysis) -> Html:
    """:func:`frame_section` for one study: its operation, name, explicit creation year and the
    ``federal_law`` setting."""
    return frame_section(analysis.candidate.operation, name=analysis.candidate.name,
                         creation_year=explicit_creation_year(analysis),
                         federal_law=getattr(analysis.settings, "federal_law", None))


def study_points(analysis) -> list[str]:
    """:func:`frame_points` for one study (the slide deck)."""
    return frame_points(analysis.candidate.operation, name=analysis.candidate.name,
                        creation_year=explicit_creation_year(analysis),
                        federal_law=getattr(analysis.settings, "federal_law", None))
