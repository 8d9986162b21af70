"""Building a draft bill from a study (:func:`build_bill`): the context, the articles the
operation declares, the notes for the drafter, the annexes and the justificação."""

from __future__ import annotations

import datetime as dt
import re

from ...errors import CandidateError
from ...geo.line_memorial import LINE_ANNEX_FILE, line_csv, line_memorial
from ...operations import operation_of
from ...operations.base import fill_name
from ...rules.art7 import counted_plebiscite
from ..writers.format import and_list, date_short
from .articles import BUILDERS, _ANNEX_SUBJECT, _annex_labels, _reading_notes
from .context import Context
from .form import (BLANK, DATE_BLANK, MUNICIPAL_AUTHOR, NUMBER_BLANK, PLACE, STATE_PREAMBLE,
                   YEAR_BLANK, Bill, _date_or_blank, _in_law_form, minuta_header)
from .justification import _findings, _justification, _pending


def _names(store) -> dict[str, str]:
    m = store.municipalities
    return dict(zip(m["cod_ibge"], m["nome"]))


def _district_rows(analysis, store) -> list[tuple[str, str, bool]]:
    """(cod_distrito, nome, sede) of the area's IBGE districts; the seat is the one named
    like the proposed seat (a fusion: the seat municipality's seat district)."""
    from ..process import _area_districts

    c = analysis.candidate
    if c.boundary is not None:
        return []
    codes = _area_districts(store, c)
    d = store.districts.set_index("cod_distrito")
    rows = []
    from ...common.text import name_key

    for code, nome in codes.items():
        seat = name_key(nome) == name_key(c.seat or c.name)
        rows.append((code, nome, seat))
    return sorted(rows, key=lambda r: (r[1].casefold(), r[0])) if len(rows) > 1 else rows



def _memorial(analysis, store):
    """The area's memorial by confrontações (``None`` without a polygon) and its annex files."""
    from ...geo.memorial import ANNEX_FILE, annex_csv
    from ..study_cells import area_memorial, split_or_none

    m = area_memorial(analysis, split_or_none(analysis, store), store)
    if m is None:
        return None, {}
    return m, ({ANNEX_FILE: annex_csv(m)} if m.summarised else {})



def _line(c, origins: list[str]):
    """The corrected line's memorial (:func:`viabilidade.geo.line_memorial.line_memorial`), or
    ``None`` when the candidate gives no corrected line."""
    if getattr(c, "new_line", None) is None:
        return None
    from ...geo.area_file import read_line

    heading = ("Memorial descritivo do limite entre os Municípios "
               + and_list([f"de {o}" for o in origins]) + ".")
    return line_memorial(read_line(c.new_line), heading=heading, source=c.new_line.name)


def build_bill(analysis, store, *, author=None, process: str | None = None,
               date: dt.date | None = None) -> Bill:
    """The draft bill of a study.

    Parameters
    ----------
    analysis : viabilidade.profile.analysis.Analysis
    store : viabilidade.data.store.Store
        Names of municipalities and districts, the boundaries for the memorial.
    author : viabilidade.report.oficios_settings.Person, optional
        The deputy who proposes it (``[oficios] proposer``); required for a state bill.
    process : str, optional
        The legislative process number (``[oficios] process``), printed under the epígrafe.
    date : date, optional
        The filing date (``--data-projeto``): the epígrafe's year and the Sala das Sessões
        date. Without it both are left as lines to fill (never the study's date).

    Returns
    -------
    Bill

    Raises
    ------
    CandidateError
        For an operation that declares no bill (a municipality restored by art. 21, whose
        law exists), or a state bill without its author.
    """
    from ...rules import art14
    from ...rules.art3 import draft_law_content
    from ..history import history_rows
    from ...rules.calendar import creation_year, installation_date, is_election_year, next_election

    c = analysis.candidate
    op = operation_of(c)
    if not op.bill:
        raise CandidateError(f"encontrada a operação {c.operation!r} ({op.words}); o projeto de "
                             "lei é escrito para criação, fusão, transferência de área, "
                             "criação de distrito e correção de limites", file=c.path, field="operation")
    if op.bill_level == "estadual" and author is None:
        raise CandidateError("o projeto de lei estadual precisa do deputado autor (LC nº 2/1990, "
                             "art. 2º): --configuracoes ARQUIVO com a seção [oficios] (proposer, "
                             "proposer_gender, process; ver docs/GUIA.md, Projeto de lei)")
    from ..frame import calendar_note

    # The filing date only when given (``--data-projeto``): never the study's date nor today's
    # (legal review 3, item 1); without it the epígrafe's year and the Sala das Sessões date
    # are left as lines to fill.
    names = _names(store)
    origins = [names.get(x, x) for x in op.origin_codes(c)]
    year, _ = creation_year(c, analysis.settings)
    # Barred today (CF art. 18 § 4): every date depends on the federal law and the plebiscite,
    # so the bill fixes none (the relative words of arts. 9 and 14).
    barred = bool(calendar_note(analysis))
    install = None if barred or is_election_year(year) else installation_date(year)
    rows = _district_rows(analysis, store)
    memorial_, files = _memorial(analysis, store) if "limites" in op.bill else (None, {})
    line = _line(c, origins) if "limite-corrigido" in op.bill else None
    if line is not None and line.summarised:
        files[LINE_ANNEX_FILE] = line_csv(line)
    content = icms = None
    if "distritos" in op.bill or "eleicao" in op.bill:
        content = draft_law_content(c, analysis.profile, analysis.settings,
                                    district_names={k: n for k, n, _ in rows},
                                    district_codes=tuple(k for k, _, _ in rows))
    if "icms" in op.bill:
        icms = art14.icms_share(c.value_added_area, c.value_added_origin, c.origin_icms_quota, year)
    ctx = Context(analysis=analysis, store=store, op=op, name=op.study_name(c), seat=c.seat or c.name,
                   origins=origins, destination=names.get(c.destination) if c.destination else None,
                   year=year, install=install, election=next_election(year), content=content,
                   icms=icms, memorial=memorial_, district_rows=rows, notes=[], barred=barred,
                   annexes=_annex_labels(op, memorial_), line=line)
    creates = "criacao" in op.bill or "fusao" in op.bill
    if creates and barred:
        ctx.notes.append(f"datas: o ano de instalação que o art. 3º exige fica como lacuna "
                         f"({YEAR_BLANK}), e o número e a data da lei complementar federal "
                         "(Constituição Federal, art. 18, § 4º) que o art. 1º cita ficam como "
                         f"{NUMBER_BLANK} e {DATE_BLANK}: a lei federal não foi editada, e as datas dependem "
                         "dela e do plebiscito; preenchê-los na redação final, fora de ano de "
                         "eleições municipais (art. 7º, § 3º)")
        # one dated after today was not held (legal11 S3): the law waits on a plebiscite
        held = counted_plebiscite(getattr(c, "plebiscite", None))
        if held is not None and held.date is not None:
            # a consultation recorded without the federal law: void, and not the one to cite
            # (the justificação's finding says why)
            ctx.notes.append(f"plebiscito: a consulta registrada, de {date_short(held.date)}, não "
                             "serve de base à lei (a justificação diz por quê); a lei só pode ser "
                             "elaborada depois do resultado favorável do plebiscito feito no "
                             "período que a lei complementar federal fixar, após a divulgação dos "
                             "Estudos de Viabilidade Municipal (art. 7º, § 2º; Constituição "
                             "Federal, art. 18, § 4º); citar então na justificação a data dessa "
                             "consulta e o seu resultado (comparecimento e votos)")
        else:
            ctx.notes.append("plebiscito: a lei só pode ser elaborada depois do resultado "
                             "favorável do plebiscito (art. 7º, § 2º); citar na justificação a "
                             "data da consulta e o seu resultado (comparecimento e votos)")
    if creates and date is not None and is_election_year(date.year):
        ctx.notes.append(f"data do projeto: {date.year} é ano de eleições municipais, em que "
                         "nenhum Município pode ser criado (art. 7º, § 3º)")
    elif creates and not barred and is_election_year(year):
        ctx.notes.append(f"ano de criação {year}: ano de eleições municipais, em que nenhum "
                         "Município pode ser criado (art. 7º, § 3º); a data de instalação fica "
                         "sem ano")
    if op.proposed_seat and ctx.seat != c.name:
        ctx.notes.append(f"nome: o art. 3º manda que o nome do Município seja o da sua sede; "
                         f"o nome proposto ({c.name}) difere do da sede ({ctx.seat})")
    articles = tuple(_in_law_form(BUILDERS[key](ctx)) for key in op.bill)
    ctx.notes += _reading_notes(ctx)
    from ..findings import seats

    taken = seats(analysis)  # an existing district's seat in the area (legal8 S4)
    if taken is not None:
        ctx.notes.append(f"distrito existente (art. 15): {taken.summary}; "
                         f"{taken.detail[:1].lower()}{taken.detail[1:]}".rstrip("."))
    if memorial_ is not None and "fusao" not in op.bill:  # outside the law's annex
        said = " ".join(memorial_.notes)
        where = ctx.annexes["limites"]
        ctx.notes.append(f"{where} (memorial descritivo): {said[:1].lower()}{said[1:]}")
    if "fusao" in op.bill and memorial_ is not None:
        ctx.notes.append("memorial descritivo informativo (após a justificação): traçado sobre a "
                         "Malha Municipal 2022 do IBGE, descreve o contorno do território "
                         "fundido para conferência; não integra a lei, que mantém os limites da "
                         "legislação vigente (a divisa interestadual não é matéria de lei "
                         "estadual, e os limites com os Municípios vizinhos só mudam por processo "
                         "próprio: arts. 5º e 6º)")
    if "fusao" in op.bill:
        ctx.notes.append("percentual do ICMS (arts. 3º e 14): não consta do projeto; "
                         "esses dispositivos repartem a parcela do ICMS entre o Município criado e "
                         "o de origem que subsiste, e na fusão os de origem se extinguem")
    if "limites" in op.bill and op.proposed_seat and op.bill_level == "estadual" \
            and "area-urbana" not in op.bill:
        ctx.notes.append("limites da área urbana da sede (art. 3º), na forma do memorial "
                         "descritivo: os dados públicos não trazem o perímetro urbano")
    origins_words = ("dos " if len(origins) > 1 else "do ") + ctx.origin_words
    ementa = fill_name(op.bill_ementa, ctx.name).format(origins=origins_words,
                                   destination=f"ao Município de {ctx.destination}")
    # LC 95/1998, art. 4º: the number and date are the Assembly's, left blank; the process
    # number is not part of the epígrafe.
    epigrafe = (f"PROJETO DE LEI{' MUNICIPAL' if op.bill_level == 'municipal' else ''} Nº "
                f"{BLANK}, DE {BLANK} DE {BLANK * 2} DE {date.year if date else BLANK}")
    process_line = f"(Processo nº {process})" if process else ""
    year_of = re.match(r"([0-9]{4})/", process or "")  # 0-9: [oficios] refuses others
    # A process opened in an earlier year is common (the petition precedes the bill); one
    # numbered after the bill's year cannot be, unless the number or the date is wrong.
    if date is None or not year_of:
        pass
    elif int(year_of.group(1)) > date.year:
        ctx.notes.append(f"processo nº {process}: o ano do número ({year_of.group(1)}) é "
                         f"posterior ao ano da data do projeto ({date.year}); conferir o número "
                         "ou a data")
    elif int(year_of.group(1)) < date.year:
        ctx.notes.append(f"processo nº {process}: autuado em {year_of.group(1)}, antes do ano "
                         f"do projeto ({date.year}); conferir se é o processo que o instrui")
    if op.bill_level == "estadual":
        autoria = f"({'Da' if author.female else 'Do'} {author.deputy()})"
        preambulo = STATE_PREAMBLE
        place_date = (f"Sala das Sessões da Assembleia Legislativa do Estado de Goiás, em {PLACE}, "
                      f"{_date_or_blank(date)}.")
        signature = (author.deputy(),)
    else:
        municipality = origins[0]
        autoria = ""
        # the Mayor's "sanciono" belongs to the sanctioned law, not to the bill (legal review
        # item 15), as the Governor's does to a state law
        preambulo = (f"A CÂMARA MUNICIPAL DE {municipality.upper()}, Estado de Goiás, aprova a "
                     "seguinte Lei:")
        place_date = f"{municipality}, {_date_or_blank(date)}."
        signature = (MUNICIPAL_AUTHOR,)  # who presents it (the note below)
        ctx.notes.append("autoria: o projeto de lei municipal é apresentado por quem a Lei "
                         f"Orgânica do Município de {municipality} legitima (Prefeito ou "
                         "Vereador), que o assina")
    annex_title, annex, informative = "", (), "fusao" in op.bill
    if memorial_ is not None and informative:
        annex_title = (f"MEMORIAL DESCRITIVO INFORMATIVO — {ctx.name.upper()} (não integra o "
                       "projeto)")
        annex = tuple(memorial_.text.split("\n\n"))
    elif memorial_ is not None:
        annex_title = (f"{ctx.annexes['limites'].upper()} — MEMORIAL DESCRITIVO — "
                       f"{ctx.name.upper()}")
        annex = tuple(memorial_.law_text.split("\n\n"))
    if line is not None:
        where = ctx.annexes["limite-corrigido"]
        annex_title = f"{where.upper()} — {_ANNEX_SUBJECT['limite-corrigido']}"
        annex = line.law_text
        said = " ".join(line.notes)
        ctx.notes.append(f"{where} (memorial descritivo): {said[:1].lower()}{said[1:]}")
    # The annexes the articles cite whose text is still to be drawn (the notes say why):
    # their headings follow the signature, so no article cites a missing annex.
    drawn = {"limites"} if memorial_ is not None and not informative else set()
    drawn |= {"limite-corrigido"} if line is not None else set()
    to_draft = tuple(f"{label.upper()} — {_ANNEX_SUBJECT[key]} — {ctx.name.upper()} (a redigir)"
                     for key, label in ctx.annexes.items() if key not in drawn)
    quadro = tuple(_findings(analysis))
    return Bill(level=op.bill_level, annexes_to_draft=to_draft,
                minuta=minuta_header(c.operation, barred), epigrafe=epigrafe, autoria=autoria, ementa=ementa,
                process=process_line,
                preambulo=preambulo, articles=articles, place_date=place_date,
                signature=signature, justification=tuple(_justification(analysis, ctx, quadro)),
                findings=quadro, pending=tuple(_pending(analysis)),
                history=tuple(history_rows(c, store)) if getattr(store, "history", None)
                is not None else (),
                annex_title=annex_title, annex=annex, annex_informative=informative,
                notes=tuple(ctx.notes), files=files)


