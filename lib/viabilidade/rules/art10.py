"""Art. 10 — the origin's legislation prevails until the new municipality legislates; with
several origins, that of the origin "de maior renda" (I-9: total or per-capita revenue)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..common.text import and_list
from .common import fmt
from .settings import Settings

if TYPE_CHECKING:  # type hints only (profile.types needs no runtime import here)
    from ..profile.types import UnitProfile


@dataclass(frozen=True)
class Prevailing:
    """Which origin's legislation prevails.

    Attributes
    ----------
    cod_ibge : str or None
        The prevailing origin; ``None`` when the figures to decide are missing.
    criterion : str
        ``"single-origin"``, ``"total-revenue"`` or ``"per-capita"``.
    values : dict
        Origin code → the compared figure (BRL, or BRL per inhabitant).
    reason : str
        Portuguese explanation, or what data is needed.
    """

    cod_ibge: str | None
    criterion: str
    values: dict[str, float] = field(default_factory=dict)
    reason: str = ""


def prevailing_legislation(origins: dict[str, UnitProfile], settings: Settings) -> Prevailing:
    """Decide art. 10 (head and sole paragraph) from each origin's ``revenue`` (and
    ``population`` for the per-capita reading).

    Raises
    ------
    ValueError
        If ``origins`` is empty.
    """
    if not origins:
        raise ValueError("art. 10 needs at least one origin municipality")
    if len(origins) == 1:
        code, u = next(iter(origins.items()))
        return Prevailing(code, "single-origin", {},
                          f"Prevalece a legislação de {u.label}, município de origem (art. 10).")
    crit = settings.prevailing_legislation
    values, missing = {}, []
    for code, u in origins.items():
        rev = None if u.revenue is None else u.revenue.value
        pop = u.population.value if u.population is not None else None
        if rev is None or (crit == "per-capita" and not pop):
            missing.append(u.label)
            continue
        values[code] = rev / pop if crit == "per-capita" else rev
    if missing:
        what = ("Faltam a receita total e a população" if crit == "per-capita"
                else "Falta a receita total")
        return Prevailing(None, crit, values,
                          f"{what} do último exercício de: {and_list(missing)} (art. 10, parágrafo único).")
    best = max(values, key=lambda c: (values[c], c))
    unit = "R$ por habitante" if crit == "per-capita" else "R$"
    return Prevailing(best, crit, values,
                      f"Prevalece a legislação de {origins[best].label}, origem de maior renda "
                      f"({'per capita' if crit == 'per-capita' else 'receita total'}: "
                      f"{fmt(values[best])} {unit}) (art. 10, parágrafo único).")
