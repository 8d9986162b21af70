"""The screening's Quadro 1: how many districts stand in each situation, per requirement.

Each column is one wording of a status (:func:`viabilidade.report.writers.format.status_label`
with the basis of the figure that decides it), taken from the screening itself, so every
district is counted in one column of every row: a row sums to the number of districts (legal
review item 13: Davidópolis, "não atingido na medição" in art. 4º, II, had no column).
"""

from __future__ import annotations

import pandas as pd

from ..report.writers import format as fmt

#: The order of the columns by status (then by the order the labels first appear).
_ORDER = {"pass": 0, "fail": 1, "indeterminate": 2, "not_applicable": 3}


def situation_table(scr: pd.DataFrame, rules) -> tuple[list[str], list[list[int]]]:
    """The column labels and, per rule of ``rules``, the count of districts in each.

    Parameters
    ----------
    scr : DataFrame
        :func:`viabilidade.statewide.views.screening`: a status column per rule id and its
        ``<rule>_base`` (``"published"``, ``"measured"``, ``""`` …).
    rules : sequence of str
        The rule ids, in the order of the rows.

    Returns
    -------
    labels : list of str
        The status wordings present, passes first, then fails, then undecided.
    counts : list of list of int
        One row per rule, one count per label; each row sums to ``len(scr)``.
    """
    def label(status, base) -> str:
        base = str(base) if isinstance(base, str) and base else None
        return fmt.status_label(str(status), basis=base)

    cells = {rid: [label(s, b) for s, b in zip(scr[rid], scr[f"{rid}_base"])] for rid in rules}
    seen: dict[str, int] = {}
    for rid in rules:
        for (s, _), text in zip(zip(scr[rid], scr[f"{rid}_base"]), cells[rid]):
            seen.setdefault(text, _ORDER.get(str(s), 9))
    labels = sorted(seen, key=lambda t: (seen[t], list(seen).index(t)))
    return labels, [[cells[rid].count(t) for t in labels] for rid in rules]


__all__ = ["situation_table"]
