"""Study sections on the process: calendar (arts. 4 §3, 7 §3, 9, 12, 14 §3), the draft law's
elements (art. 3) and the fiscal impact (art. 14), built from :mod:`viabilidade.rules`.

Each function returns one section's HTML, or ``""`` when it does not apply to the operation
(what each shows is what the operation declares: :class:`viabilidade.operations.Operation`).
"""

from __future__ import annotations

import datetime as dt

from ..operations import operation_of
from ..rules import art3, art7, art10, art14, calendar
from .writers import format as fmt
from .sections import group
from .writers.tables import Html, esc, key_values, table


def _when(value) -> str:
    if value is None:
        return "—"
    text = str(value)
    if len(text) == 10:
        import datetime as dt

        return fmt.date_long(dt.date.fromisoformat(text))
    return text


def timeline_table(analysis) -> Html:
    """Calendar of the process: one row per event (``calendar.timeline``), dates in full."""
    op = operation_of(analysis.candidate)
    rows = [[e["evento"], _when(e.get("data")), e.get("artigo", "")]
            for e in calendar.timeline(analysis.candidate, analysis.settings, phases=op.phases,
                                       icms_share=op.icms_share, servants=not op.merges,
                                       barred=op.barred)]
    from .frame import calendar_note

    note = calendar_note(analysis)
    return Html((f'<p class="premissa">{esc(note)}</p>' if note else "")
                + table(["Evento", "Data", "Dispositivo"], rows, caption="Calendário do processo",
                        widths=(55, 27, 18)))


def timing_paragraph(analysis) -> Html:
    """Art. 7 § 3 as a timing condition (:func:`viabilidade.rules.art7.timing_condition`): a
    condition on the date of the creation law, never a requirement met."""
    timing = art7.timing_condition(analysis.candidate, analysis.settings,
                                   operation_of(analysis.candidate).barred)
    return Html(f'<p class="premissa">{esc(timing["texto"])}</p>')


def _undated(analysis) -> str:
    """Why the dates of the creation law and after have no date, in the words printed for
    them (:func:`calendar.undated`); ``""`` when they have one."""
    return calendar.undated(analysis.candidate, analysis.settings,
                            operation_of(analysis.candidate).barred)


def _names(analysis, codes) -> list[str]:
    units = getattr(analysis.profile, "origins", {}) or {}
    return [units[c].label if c in units else c for c in codes]


def transition_list(analysis) -> Html:
    """Arts. 11, 12 and 13 (and art. 14 §§ 3–4 where the ICMS share applies) for the
    candidate: who owns the property, who administers the territory and what the origin
    owes until installation, with the art. 9 installation date when the year allows one."""
    c = analysis.candidate
    op = operation_of(c)
    timing = art7.timing_condition(c, analysis.settings, op.barred)
    inst = timing["instalacao"]
    when = f"na data da instalação ({_when(inst)})" if inst else "na data da instalação"
    until = f"até a instalação ({_when(inst)})" if inst else "até a instalação"
    names = _names(analysis, c.municipalities if op.merges else c.origins)
    if op.merges:
        items = [
            f"Art. 11: os bens públicos municipais de {fmt.and_list(names)} passam à propriedade do novo "
            f"Município {when}.",
            f"Art. 12: os servidores de {fmt.and_list(names)}, exceto os ocupantes de cargos em comissão, "
            f"passam a integrar a administração do novo Município {when}. Leitura do estudo, não "
            "do texto da lei: o direito de opção que o art. 12 resguarda não teria objeto na "
            "fusão, porque os municípios que se fundem se extinguem (art. 5º, § 2º) e não resta "
            "administração de origem pela qual optar; por isso o estudo não conta o prazo de três "
            "meses. Na outra leitura, o servidor pode optar por não integrar o quadro do novo "
            "Município.",
            f"Art. 13: {until}, o território de cada município continua administrado pelo seu "
            "Prefeito.",
        ]
    else:
        origin = fmt.and_list(names)
        items = [
            f"Art. 11: os bens públicos municipais situados no território desmembrado passam à "
            f"propriedade do novo Município {when}.",
            f"Art. 12: os servidores de {origin}, exceto os ocupantes de cargos em comissão, passam "
            "a integrar a administração do novo Município, com direito de opção por três meses a "
            "contar da instalação.",
            f"Art. 13: {until}, o território do novo Município continua administrado pelo Prefeito "
            f"de {origin}.",
        ]
        if op.icms_share:
            books = (f" até {_when(calendar.books_deadline(dt.date.fromisoformat(inst)).isoformat())}"
                     if inst else "")
            items.append(
                f"Art. 14, §§ 3º e 4º: o Prefeito de {origin} envia ao novo Município cópia dos "
                f"livros, balanços e balancetes{books} (quinze dias após a instalação); enquanto "
                f"não o fizer, o Estado não repassa o percentual do ICMS devido a {origin}.")
    from .frame import calendar_note

    # said once per section: the calendar above, when the operation prints one, already says it
    note = calendar_note(analysis) if "calendario" not in op.process_items else ""
    return Html("<h3>Transição até a instalação</h3>"
                + (f'<p class="premissa">{esc(note)}</p>' if note else "") + "<ul>"
                + "".join(f"<li>{esc(i)}</li>" for i in items) + "</ul>")


#: Art. 10's sole paragraph speaks of an area taken from more than one municipality; a fusion
#: has no area taken, its municipalities are extinguished (art. 5 § 2): it applies by analogy.
FUSION_ANALOGY = ("Na fusão, o parágrafo único se aplica por analogia: ele trata da área "
                  "desmembrada de mais de um município, e na fusão os municípios se extinguem "
                  "(art. 5º, § 2º). ")


def legislation_paragraph(analysis) -> Html:
    """Art. 10: whose legislation prevails until the new municipality makes its own (with
    several origins, the one "de maior renda", reading I-9,
    :func:`viabilidade.rules.art10.prevailing_legislation`)."""
    origins = getattr(analysis.profile, "origins", {}) or {}
    if not origins:
        return Html("")
    from ..rules.settings import CHOICES

    p = art10.prevailing_legislation(origins, analysis.settings)
    lead = ""
    if len(origins) > 1:
        reading = CHOICES["prevailing_legislation"][analysis.settings.prevailing_legislation]
        lead = ("Com dois ou mais municípios de origem, prevalece, até que o novo Município aprove "
                "a sua, a legislação daquele de maior renda (art. 10, parágrafo único); leitura "
                f"adotada (I-9): {reading}. "
                + (FUSION_ANALOGY if operation_of(analysis.candidate).merges else ""))
    return Html("<h3>Legislação até a do novo Município (art. 10)</h3>"
                f"<p>{esc(lead + p.reason)}</p>")


#: What each process item of :data:`viabilidade.operations.PROCESS_ITEMS` prints.
PROCESS_ITEMS = {"calendario": timeline_table, "prazo": timing_paragraph,
                 "transicao": transition_list, "legislacao": legislation_paragraph}


def process_section(analysis, store=None) -> Html | str:
    """Process and calendar: the rules of the process (petition, plebiscite) and the items the
    operation declares (:attr:`viabilidade.operations.Operation.process_items`, in order:
    calendar, art. 7 § 3 timing condition, transition, art. 10), then, with ``store``, the
    history of the area (:func:`viabilidade.report.history.history_html`)."""
    op = operation_of(analysis.candidate)
    extra = "".join(PROCESS_ITEMS[item](analysis) for item in op.process_items)
    if store is not None and getattr(store, "history", None) is not None:
        from .history import history_html

        extra += history_html(analysis.candidate, store)
    return group(analysis, "sec-processo", extra=extra)


def _icms(analysis):
    c = analysis.candidate
    year, _ = calendar.creation_year(c, analysis.settings)
    return art14.icms_share(c.value_added_area, c.value_added_origin, c.origin_icms_quota, year)


def _area_districts(store, candidate) -> dict[str, str]:
    """District code -> name of the area: its listed districts and those of whole municipalities."""
    if store is None or getattr(store, "districts", None) is None:
        return {c: "" for c in candidate.districts}
    d = store.districts
    whole = d[d["cod_ibge"].isin(candidate.municipalities)]["cod_distrito"].tolist()
    names = d.set_index("cod_distrito")["nome"]
    return {k: (str(names[k]) if k in names.index else "") for k in [*candidate.districts, *whole]}


def draft_law_section(analysis, store=None, memorial_html: str = "") -> Html | str:
    """Annex: the elements art. 3 requires of the creation law, for a municipality creation.

    Parameters
    ----------
    analysis : Analysis
    store : Store, optional
        For district names.
    memorial_html : str
        The memorial descritivo (HTML) when the area has a geometry; ``""`` otherwise.
    """
    c = analysis.candidate
    if "sec-lei" not in operation_of(c).chapters:
        return group(analysis, "sec-lei")
    op = operation_of(c)
    share = _icms(analysis) if op.icms_share else None
    d = art3.draft_law_content(c, analysis.profile, analysis.settings,
                               icms_percentage=share.percentage if share else None,
                               icms_applies=op.icms_share,
                               district_names=(area_districts := _area_districts(store, c)),
                               district_codes=tuple(area_districts))
    districts = "; ".join(f"{x['nome'] or '—'} ({x['cod_distrito']})" for x in d["distritos"]) or "—"
    if not op.icms_share:
        icms = "não se aplica: a fusão extingue os municípios de origem (art. 5º, § 2º; art. 14)"
    else:
        icms = fmt.percent(d["percentual_icms"], 4) if d["percentual_icms"] is not None else "—"
    pairs = [
        ("Nome (o da sede)", d["nome"]),
        ("Limites", d["limites"]),
        ("Configuração (harmonia)", d["harmonia"]),
        ("Área urbana", d["area_urbana"]),
        ("Ano de instalação", _undated(analysis) or
         (str(d["ano_instalacao"]) if d["ano_instalacao"] else "—")),
        ("Distritos", f"{d['numero_distritos']}: {districts}" if d["distritos"] or c.boundary is None
         else "a definir (a área desenhada não segue os distritos do IBGE)"),
        ("Vereadores na primeira legislatura (CF, art. 29, IV)",
         str(d["vereadores"]) if d["vereadores"] is not None else "—"),
        ("Participação no ICMS da origem (art. 14)", icms),
    ]
    body = key_values(pairs, caption="Elementos do projeto de lei de criação (art. 3º)")
    if d["pendencias"]:
        body += ("<p>Pendências para completar o projeto de lei:</p><ul>"
                 + "".join(f"<li>{esc(p)}</li>" for p in d["pendencias"]) + "</ul>")
    body += memorial_html
    return group(analysis, "sec-lei", extra=body)


def fiscal_section(analysis) -> Html | str:
    """Fiscal impact: the art. 14 ICMS share for the creation year and the two following,
    and the § 2 rule (at least 80 % of it spent in the area until installation)."""
    c = analysis.candidate
    if "sec-fiscal" not in operation_of(c).chapters:
        return group(analysis, "sec-fiscal")
    share = _icms(analysis)
    rows = [[str(r["ano"]), fmt.money(r["cota_origem_brl"]), fmt.money(r["parcela_brl"]),
             fmt.money(r["minimo_na_area_brl"]), r.get("nota", "")] for r in share.table]
    undated = _undated(analysis)
    if undated:  # no creation year (a void plebiscite, a barred creation): no exercises to name
        body = (f"<p>{esc(share.reason)}</p><p>A participação cabe no exercício da criação e nos "
                f"dois seguintes (art. 14), {esc(undated)}.</p>")
    else:
        body = (f"<p>{esc(share.reason)}</p>"
                + table(["Exercício", "Cota do ICMS da origem", "Parcela da nova área",
                         "Mínimo a aplicar na área (80 %, § 2º)", "Nota"], rows,
                        caption="Participação no ICMS do município de origem (art. 14)",
                        numeric=(1, 2, 3), widths=(11, 20, 20, 22, 27)))
    if share.missing:
        body += ("<p>Para calcular a participação faltam: "
                 + esc("; ".join(share.missing)) + ".</p>")
        if share.share is None and "sec-economico" in operation_of(c).chapters:
            body += ("<p>Enquanto faltarem, o capítulo “Viabilidade econômico-financeira” "
                     "estima a participação pela população da área e da origem, com o método "
                     "e a incerteza.</p>")
    return group(analysis, "sec-fiscal", extra=body)
