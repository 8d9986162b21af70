"""Published figures that contradict each other, flagged where they are used.

Two official tables can disagree in ways a study must not pass over in silence:

* **electors above residents** — the electorate of a municipality in the roll studies read
  (TSE, perfil do eleitorado de 2026; :func:`viabilidade.data.store.electors`) is larger
  than its resident population in the Censo 2022. The electoral
  roll counts where people are registered to vote, not where they live; a roll larger than
  the population does not measure the place, and every electorate apportioned from it (the
  electors of a district) inherits the distortion. 85 of Goiás' 246 municipalities are in
  this case (57 in the 2022 general election's roll); Anhanguera (5201207) has 1.744
  electors for 924 inhabitants, Davinópolis (5206909) 4.156 for 1.902.
* **a Censo release across a threshold** — the first release of the Censo 2022 (28/06/2023)
  and the revised aggregates give a municipality's population on different sides of the
  art. 4 IV threshold, so the requirement depends on which release is read. No municipality
  of Goiás is in this case at 3.000 inhabitants (the releases differ by at most 404
  inhabitants, Luziânia); the check runs at whatever threshold the settings give.

:func:`data_flags` is the one check; the art. 8 audit (:func:`viabilidade.statewide.views.audit`,
column ``alertas_dados``), the district screening (the origin's flags) and each study
(:attr:`viabilidade.profile.analysis.Analysis.data_flags`, printed in the summary and written to
``resultados.json``) all call it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import pandas as pd

from ..common.numbers import decimal
from .sources import SRC_CENSUS, SRC_CENSUS_FIRST, SRC_TSE

#: Kinds of flag (machine codes, in ``resultados.json``).
ELECTORS_ABOVE_POPULATION = "electors-above-population"
RELEASE_ACROSS_THRESHOLD = "release-across-threshold"


#: What each kind of conflict means for the figure, in Portuguese.
MEANINGS = {
    ELECTORS_ABOVE_POPULATION: (
        "O cadastro eleitoral registra o domicílio eleitoral, que pode não ser a residência; "
        "esse eleitorado não mede a população do lugar, e o eleitorado de um distrito estimado a "
        "partir dele herda o desvio."),
    RELEASE_ACROSS_THRESHOLD: (
        "O requisito é atingido numa divulgação e não na outra, conforme a divulgação lida."),
}


def _n(x) -> str:
    return decimal(int(x), minus="-")


@dataclass(frozen=True)
class DataFlag:
    """One conflict between published figures of one municipality.

    Attributes
    ----------
    cod_ibge, nome : str
        The municipality.
    kind : str
        :data:`ELECTORS_ABOVE_POPULATION` or :data:`RELEASE_ACROSS_THRESHOLD`.
    figure : str
        The figure in question, in Portuguese (``"eleitorado: 1.744 eleitores"``).
    source : str
        The tables that conflict (publisher, data set).
    conflict : str
        What conflicts with what for this municipality, in Portuguese, ending with a full stop.
    meaning : str
        What the conflict means for the figure (the same for every flag of a kind).
    """

    cod_ibge: str
    nome: str
    kind: str
    figure: str
    source: str
    conflict: str
    meaning: str = ""

    def text(self) -> str:
        """One paragraph for a document: ``"Anhanguera (5201207) — eleitorado: 1.744
        eleitores. <conflict> <meaning> Fontes: <source>."``"""
        return f"{self.nome} ({self.cod_ibge}) — {self.figure}. {self.explanation()}"

    def explanation(self) -> str:
        """:meth:`text` without the municipality and the figure: ``"<conflict> <meaning>
        Fontes: <source>."`` (for a text that has already named them)."""
        meaning = f" {self.meaning}" if self.meaning else ""
        return f"{self.conflict}{meaning} Fontes: {self.source}."

    def to_dict(self) -> dict:
        return asdict(self)


def data_flags(store, codes=None, *, population_threshold: int | None = 3000,
               population_vintage: str = "revised") -> list[DataFlag]:
    """Conflicts between the published figures of the given municipalities.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        Needs ``municipalities`` (populacao, populacao_1a_divulgacao) and
        ``electorate_profile`` (the roll studies read, :func:`viabilidade.data.store.electors`).
    codes : iterable of str, optional
        IBGE codes (7 digits) to check, in the order wanted; default every municipality,
        by code. Unknown codes are skipped.
    population_threshold : int or None
        Art. 4 IV threshold ("mais de", inhabitants; ``Settings.population``) for the
        release check; ``None`` skips it.
    population_vintage : {"revised", "first-release"}
        The population the study reads (``Settings.population_vintage``): the one the
        electorate is compared with.

    Returns
    -------
    list of DataFlag
        Per municipality, electors above residents first, then a release across the
        threshold.
    """
    m = store.municipalities.set_index("cod_ibge")
    from .store import electors

    e = electors(store)["eleitores"]
    order = list(m.index) if codes is None else [c for c in dict.fromkeys(codes) if c in m.index]
    first = population_vintage == "first-release"
    pop_col = "populacao_1a_divulgacao" if first else "populacao"
    pop_src = SRC_CENSUS_FIRST if first else SRC_CENSUS
    out: list[DataFlag] = []
    for code in order:
        row = m.loc[code]
        nome = str(row["nome"])
        pop = int(row[pop_col])
        if code in e.index and pd.notna(e.loc[code]) and int(e.loc[code]) > pop:
            electors = int(e.loc[code])
            ratio = decimal(round(electors / pop, 2), 2, minus="-")
            out.append(DataFlag(
                code, nome, ELECTORS_ABOVE_POPULATION, f"eleitorado: {_n(electors)} eleitores",
                f"{SRC_TSE}; {pop_src}",
                f"O eleitorado é maior que a população residente ({_n(pop)} habitantes): "
                f"{ratio} eleitor por habitante.", MEANINGS[ELECTORS_ABOVE_POPULATION]))
        if population_threshold is not None:
            revised, release = int(row["populacao"]), int(row["populacao_1a_divulgacao"])
            if (revised > population_threshold) != (release > population_threshold):
                out.append(DataFlag(
                    code, nome, RELEASE_ACROSS_THRESHOLD,
                    f"população: {_n(revised)} habitantes (agregados revisados) e {_n(release)} "
                    "(primeira divulgação)",
                    f"{SRC_CENSUS}; {SRC_CENSUS_FIRST}",
                    "As duas divulgações do Censo 2022 ficam em lados opostos do limite do art. "
                    f"4º, IV (mais de {_n(population_threshold)} habitantes).",
                    MEANINGS[RELEASE_ACROSS_THRESHOLD]))
    return out


def flags_by_code(flags: list[DataFlag]) -> dict[str, str]:
    """``{cod_ibge: the texts of its flags joined by a space}`` (a table column)."""
    out: dict[str, str] = {}
    for f in flags:
        out[f.cod_ibge] = (out.get(f.cod_ibge, "") + " " + f.text()).strip()
    return out


__all__ = ["DataFlag", "data_flags", "flags_by_code", "ELECTORS_ABOVE_POPULATION",
           "RELEASE_ACROSS_THRESHOLD"]
