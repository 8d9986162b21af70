"""History of the area: the creating acts and earlier attempts the processed store's
``history`` table holds (:mod:`viabilidade.data.history`) for the municipalities a proposal
touches — the area's whole municipalities, its origins, the receiving municipality — and,
for each district of the area, its creating law; "não consta" wherever the data hold nothing.

Values are quoted as compiled (text, dates as the file writes them), each with its source
address and confidence: the study never turns "NÃO ENCONTRADO" or "~1990" into a date.
"""

from __future__ import annotations

import datetime as dt

from ..operations import operation_of
from .writers import format as fmt
from .writers.tables import Html, table

#: Said for a municipality or district the data hold nothing about.
NOT_HELD = "não consta dos dados históricos"


def _date(text) -> str:
    """An ISO date as ``16/01/1991``; any other text as written."""
    text = str(text)
    try:
        return dt.date.fromisoformat(text).strftime("%d/%m/%Y") if len(text) == 10 else text
    except ValueError:
        return text


def _words(row) -> str:
    parts = [f"ato: {row['ato_legal']}", f"data: {_date(row['data_ato'])}"]
    if row.get("municipio_origem") and str(row["municipio_origem"]) != "<NA>":
        parts.append(f"origem: {row['municipio_origem']}")
    if row.get("instalacao") and str(row["instalacao"]) != "<NA>":
        parts.append(f"instalação: {_date(row['instalacao'])}")
    if row.get("observacao") and str(row["observacao"]) != "<NA>":
        parts.append(f"observação: {row['observacao']}")
    parts.append(f"fonte: {row['fonte_url']} (confiança {row['confianca'].replace('media', 'média')})")
    return "; ".join(parts)


def history_rows(candidate, store) -> list[tuple[str, str]]:
    """(subject, what the data hold) for the proposal's municipalities and districts.

    Parameters
    ----------
    candidate : Candidate
    store : Store
        ``history``, ``municipalities``, ``districts``.

    Returns
    -------
    list of (str, str)
        ``("Município de Nova Iguaçu de Goiás (área)", "ato: Lei Estadual nº 11.406; data:
        16/01/1991; origem: Mara Rosa; …")``; :data:`NOT_HELD` where nothing is held.
    """
    op = operation_of(candidate)
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    held = {str(r["cod_ibge"]): r for r in store.history.to_dict("records")}
    roles: dict[str, str] = {}
    for code in candidate.municipalities:
        roles.setdefault(code, "área")
    for code in op.origin_codes(candidate):
        roles.setdefault(code, origin_role(op))
    if candidate.destination:
        roles.setdefault(candidate.destination, "destino")
    out = []
    for code, role in roles.items():
        row = held.get(code)
        out.append((f"Município de {names.get(code, code)}" + (f" ({role})" if role else ""),
                    _words(row) if row is not None else NOT_HELD))
    d = store.districts.set_index("cod_distrito")
    for code in candidate.districts:
        name = d.loc[code, "nome"] if code in d.index else code
        out.append((f"Distrito de {name} ({code}): lei municipal de criação",
                    f"{NOT_HELD} (os dados registram atos de criação de municípios, não de "
                    "distritos)"))
    return out


def origin_role(op) -> str:
    """The role of an origin municipality in the history table, as its operation names its
    origins (:attr:`~viabilidade.operations.base.Operation.origins_label`): ``"origem"`` (a
    creation), ``"que se funde"`` (a fusion), ``"município do limite"`` (a boundary
    correction: it has no origin; legal review 15:44, item 12), ``""`` when the label says
    nothing more than "Município"."""
    one, many = op.origins_label
    tail = one.removeprefix("Município").strip()
    if tail:
        return tail.removeprefix("de ")
    tail = many.removeprefix("Municípios").strip()
    return f"município {tail}" if tail else ""


def history_html(candidate, store) -> Html:
    """:func:`history_rows` as the table "Histórico da área", with its source line."""
    rows = [[s, w] for s, w in history_rows(candidate, store)]
    prov = store.provenance("history")[0]
    # what the compilation covers, so that "não consta" reads as a gap of the data
    n, total = store.history["cod_ibge"].nunique(), len(store.municipalities)
    note = (f"<p class=\"fonte\">Fonte: {fmt.sentence(prov['source'])} A compilação registra "
            f"{fmt.number(n)} dos {fmt.number(total)} municípios de Goiás; os demais não constam "
            "dela. Confiança "
            "por linha; os valores são citados como compilados.</p>")
    return Html(table(["Unidade", "O que os dados registram"], rows, caption="Histórico da área",
                      widths=(32, 68)) + note)


__all__ = ["NOT_HELD", "history_rows", "history_html"]
