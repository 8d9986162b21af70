"""Scenarios side by side: up to four named scenarios, one table and one map.

The explorer keeps the scenarios the user names (:class:`Scenarios`); each is evaluated on the
study's own path (:func:`.scenario.run_scenario`). :func:`comparison_frame` puts their
conclusions (the study's own sentence, :func:`viabilidade.report.conclusion.analysis_conclusion`,
with its bar and qualification), population, electorate and area — each with its basis — and
the margin of every numeric requirement (:func:`.margins.margins`) in one table, one column per
scenario. :func:`comparison_map` draws their areas on one map, each in its colour
(:func:`viabilidade.geo.maps.areas_map`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ..errors import CandidateError
from ..report.writers import format as fmt
from ..common.precision import AREA_KM2, rounded
from .margins import margins
from .scenario import Scenario, is_hypothetical

#: How many scenarios can be kept side by side (one colour each on the map).
MAX_SCENARIOS = 4


@dataclass(frozen=True)
class Kept:
    """One scenario kept for comparison: the user's label, the scenario, its analysis."""

    label: str
    scenario: Scenario
    analysis: object


class Scenarios:
    """The named scenarios kept side by side (at most :data:`MAX_SCENARIOS`), in order.

    Every refusal is a :class:`~viabilidade.errors.CandidateError` in Portuguese with
    ``field="scenario_name"``.
    """

    def __init__(self, kept=()):
        self.kept: list[Kept] = list(kept)

    def __len__(self) -> int:
        return len(self.kept)

    def labels(self) -> list[str]:
        return [k.label for k in self.kept]

    def _label(self, label: str, *, other_than: str | None = None) -> str:
        label = " ".join(str(label).split())
        if not label:
            raise CandidateError("o nome do cenário está vazio; escreva um nome para o cenário "
                                 "(por exemplo «com Olhos D'Água»)", field="scenario_name")
        if label != other_than and label in self.labels():
            raise CandidateError(f"já há um cenário chamado «{label}»; escolha outro nome",
                                 field="scenario_name")
        return label

    def add(self, label: str, scenario: Scenario, analysis) -> Kept:
        """Keep a scenario under ``label``.

        Raises
        ------
        CandidateError
            Empty or repeated label, no analysis (an invalid scenario), or already
            :data:`MAX_SCENARIOS` kept.
        """
        if len(self.kept) >= MAX_SCENARIOS:
            raise CandidateError(
                f"já há {MAX_SCENARIOS} cenários lado a lado ({', '.join(self.labels())}), o "
                f"máximo; retire um deles antes de guardar outro", field="scenario_name")
        label = self._label(label)
        if analysis is None:
            raise CandidateError("o cenário atual está inválido e não tem resultado; corrija-o "
                                 "antes de guardá-lo para comparar", field="scenario_name")
        kept = Kept(label, scenario, analysis)
        self.kept.append(kept)
        return kept

    def _index(self, label: str) -> int:
        try:
            return self.labels().index(label)
        except ValueError:
            raise CandidateError(f"não há cenário chamado «{label}»; os guardados são: "
                                 f"{', '.join(self.labels()) or 'nenhum'}",
                                 field="scenario_name") from None

    def remove(self, label: str) -> None:
        """Forget the scenario named ``label`` (raises if there is none)."""
        del self.kept[self._index(label)]

    def rename(self, label: str, new: str) -> None:
        """Rename a scenario (raises for an unknown, empty or repeated name)."""
        i = self._index(label)
        self.kept[i] = Kept(self._label(new, other_than=label), self.kept[i].scenario,
                            self.kept[i].analysis)

    def get(self, label: str) -> Kept:
        return self.kept[self._index(label)]


def _figure_text(figure, precision: float | None = None) -> str:
    """``"3.045 (publicado)"``: a figure with its basis (``hipotético`` for a what-if), at
    ``precision`` (:func:`viabilidade.common.precision.rounded`) when given."""
    if figure is None or figure.value is None:
        return "sem dado"
    basis = ("hipotético" if is_hypothetical(figure)
             else fmt.basis_label(figure.basis, figure.value, None, figure.source))
    return f"{fmt.number(*rounded(figure.value, precision))} ({basis})"


def comparison_frame(kept, store=None) -> pd.DataFrame:
    """The kept scenarios side by side: one row per item, one column per scenario.

    Parameters
    ----------
    kept : sequence of Kept
    store : viabilidade.data.store.Store, optional
        Names the units of each area (row ``Área``; without it the row is left out).

    Returns
    -------
    DataFrame
        Column ``Item`` then one column per scenario label. Rows: ``Conclusão`` (the study's
        sentence, with the constitutional bar and what the verdict rests on), ``Área`` (units
        and origins, :func:`.views.area_text`), ``População da área``, ``Eleitorado da área``, ``Área (km²)`` (each
        ``"valor (base)"``), then one row per numeric requirement and subject (its status and
        the change that flips it, :func:`.margins.margins`) in the order first met; a scenario
        without that requirement reads "—".
    """
    from ..report.conclusion import analysis_conclusion
    from .views import area_text, rule_label

    columns: dict[str, dict[str, str]] = {}
    order: list[str] = (["Conclusão"] + (["Área"] if store is not None else [])
                        + ["População da área", "Eleitorado da área", "Área (km²)"])
    for k in kept:
        a = k.analysis
        area = a.profile.area
        col = {"Conclusão": analysis_conclusion(a),
               "Área": area_text(store, k.scenario).removeprefix("Área: ") if store is not None else "",
               "População da área": _figure_text(area.population),
               "Eleitorado da área": _figure_text(area.electors, 1.0),
               "Área (km²)": _figure_text(area.area_km2, AREA_KM2)}
        for r in margins(a.results, a.profile).itertuples():
            item = f"{rule_label(r.rule_id)} — {r.subject}"
            if item not in order:
                order.append(item)
            col[item] = (f"{fmt.status_label(r.status, r.lean or None, r.basis or None)}: "
                         f"{r.texto}")
        columns[k.label] = col
    return pd.DataFrame({"Item": order,
                         **{label: [col.get(item, "—") for item in order]
                            for label, col in columns.items()}})


def comparison_map(kept, store):
    """The kept scenarios' areas on one map (:func:`viabilidade.geo.maps.areas_map`).

    An area of districts is drawn as the study's map draws it: their approximate territory
    (dashed, "não é limite legal"), or their limits by the IBGE census tracts when the store
    has them (named so).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    GeoError
        If an area cannot be drawn.
    """
    from ..geo.maps import areas_map
    from ..geo.territory import municipality_geometry
    from ..geo.tracts import TRACT_LIMIT_LABEL
    from .files import area_geometry

    areas, origins = [], {}
    for k in kept:
        candidate = k.analysis.candidate
        geom, source = area_geometry(candidate, store)
        areas.append((k.label, geom, {"approximate": True, "tracts": TRACT_LIMIT_LABEL}.get(source, False)))
        for o in candidate.origins:
            origins.setdefault(o, municipality_geometry(store.boundaries, o))
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    return areas_map(areas, origins, title="Cenários lado a lado", names=names,
                     source="Fontes: IBGE, malha municipal e Localidades 2022; territórios "
                            "aproximados dos distritos calculados pelo estudo.")
