"""Study sections on the process: calendar (arts. 4 §3, 7 §3, 9, 12, 14 §3), the draft law's
elements (art. 3) and the fiscal impact (art. 14), built from :mod:`viabilidade.rules`.

Each function returns one section's HTML, or ``""`` when it does not apply to the operation
(what each shows is what the operation declares: :class:`viabilidade.operations.Operation`).
"""

from __future__ import annotations

from ..operations import operation_for
from ..rules import art3, art14, calendar
from . import format as fmt
from .sections import group
from .tables import Html, esc, key_values, table

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
    rows = [[e["evento"], _when(e.get("data")), e.get("artigo", "")]
            for e in calendar.timeline(analysis.candidate, analysis.settings)]
    return table(["Evento", "Data", "Dispositivo"], rows, caption="Calendário do processo",
                 widths=(55, 27, 18))


def process_section(analysis) -> Html | str:
    """Process and calendar: petition, plebiscite (quorum and majority needed), election-year
    rule, installation date and deadlines."""
    extra = ""
    if "calendario" in operation_for(analysis.candidate.operation).process_items:
        extra = timeline_table(analysis)
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
    if "sec-lei" not in operation_for(c.operation).chapters:
        return group(analysis, "sec-lei")
    share = _icms(analysis)
    d = art3.draft_law_content(c, analysis.profile, analysis.settings,
                               icms_percentage=share.percentage,
                               district_names=(area_districts := _area_districts(store, c)),
                               district_codes=tuple(area_districts))
    districts = "; ".join(f"{x['nome'] or '—'} ({x['cod_distrito']})" for x in d["distritos"]) or "—"
    pairs = [
        ("Nome (o da sede)", d["nome"]),
        ("Limites", d["limites"]),
        ("Configuração (harmonia)", d["harmonia"]),
        ("Área urbana", d["area_urbana"]),
        ("Ano de instalação", str(d["ano_instalacao"]) if d["ano_instalacao"] else "—"),
        ("Distritos", f"{d['numero_distritos']}: {districts}" if d["distritos"] or c.boundary is None
         else "a definir (a área desenhada não segue os distritos do IBGE)"),
        ("Vereadores na primeira legislatura (CF, art. 29, IV)",
         str(d["vereadores"]) if d["vereadores"] is not None else "—"),
        ("Participação no ICMS da origem (art. 14)",
         fmt.percent(d["percentual_icms"], 4) if d["percentual_icms"] is not None else "—"),
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
    if "sec-fiscal" not in operation_for(c.operation).chapters:
        return group(analysis, "sec-fiscal")
    share = _icms(analysis)
    rows = [[str(r["ano"]), fmt.money(r["cota_origem_brl"]), fmt.money(r["parcela_brl"]),
             fmt.money(r["minimo_na_area_brl"]), r.get("nota", "")] for r in share.table]
    body = (f"<p>{esc(share.reason)}</p>"
            + table(["Exercício", "Cota do ICMS da origem", "Parcela da nova área",
                     "Mínimo a aplicar na área (80 %, § 2º)", "Nota"], rows,
                    caption="Participação no ICMS do município de origem (art. 14)",
                    numeric=(1, 2, 3), widths=(11, 20, 20, 22, 27)))
    if share.missing:
        body += ("<p>Para calcular a participação faltam: "
                 + esc("; ".join(share.missing)) + ".</p>")
    return group(analysis, "sec-fiscal", extra=body)
