"""Statewide views of LC 02/1990: the art. 8 audit of every municipality and the screening of
every non-seat district of Goiás as a candidate municipality.

These are the computations the two statewide notebooks (``notebooks/auditoria_art8.py`` and
``notebooks/triagem_distritos.py``) show, and the entry points the command line calls
(:func:`run_audit`, :func:`run_screening`). Figures come from the processed store
(:func:`viabilidade.data.store.load_store`); districts' figures are built by
:func:`viabilidade.profile.build.build_profile` (the same estimates as a single study); thresholds,
comparators and leans are decided by :mod:`viabilidade.rules` (``art8.audit`` and
``vectorised.screen``), never here.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import geopandas as gpd
import matplotlib
import numpy as np
import pandas as pd
import shapely

matplotlib.use("Agg")
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from ..proposal.candidate import Candidate
from ..data.paths import REPO
from ..errors import DataError, ReportError
from ..proposal.generate import non_seat_districts
from ..geo.maps import DF_POINT, label_enclaves, state_axes  # noqa: F401 (DF_POINT re-exported)
from ..profile.build import BUILDINGS_PROXY_UNCERTAINTY, build_profile
from ..profile.types import Profile, Territory
from ..report.writers import format as fmt  # noqa: E402
from ..report.charts import COLOURS, Chart, figure_svg  # noqa: E402
from ..report.writers.tables import STATUS_CLASS, Html, esc, key_values  # noqa: E402
from ..rules.art8 import ITEMS_READING
from ..rules.certification import verdict_on_published_data  # noqa: E402
from ..common.precision import POINT_M  # noqa: E402
from ..rules.result import (Basis, Figure, Lean, Status, Verdict, on_measured_data,  # noqa: E402
                            on_published_data, verdict)
from ..rules.vectorised import unit_row  # noqa: E402
from ..rules.settings import Settings  # noqa: E402

#: Art. 4 items audited under art. 8 and screened for districts, with Portuguese titles.
ITEMS = {"IV": "população", "V": "eleitorado", "VI": "edificações do núcleo urbano",
         "VII": "arrecadação estadual"}
#: Folder of the statewide notebooks (jupytext py:percent sources and generated .ipynb).
NOTEBOOKS = REPO / "notebooks"
AUDIT_NOTEBOOK = "auditoria_art8"
SCREENING_NOTEBOOK = "triagem_distritos"
#: Reason an art. 4 VII value is missing for every municipality and district (docs/LEITURAS.md I-6).
NO_COLLECTION = ("a SEFAZ-GO não publica a arrecadação estadual (ICMS, IPVA, ITCD) por "
                 "município ou distrito")
#: The art. 4 rules shown for each district, in the law's order.
ART4_RULES = ("art4.I", "art4.II", "art4.III", "art4.IV", "art4.V", "art4.VI", "art4.VII",
              "art4.par1")
SRC_POINTS = "IBGE, Localidades 2022 (vilas e sedes municipais)"


def _store(store=None, data_root: Path | None = None):
    if store is not None:
        return store
    from ..data.store import load_store

    return load_store(data_root)


def state_revenue(store) -> dict | None:
    """State tax revenue (ICMS + IPVA + ITCD) of the latest year of the store, for art. 4 VII.

    The same year a single study uses when the candidate gives no collection
    (:func:`viabilidade.profile.build.state_tax_revenue`); figures from
    :func:`viabilidade.data.store.state_tax_revenue` (IMB tab. 125 preferred over SEFAZ-GO).

    Returns
    -------
    dict or None
        ``{"ano": int, "total": BRL, "fonte": str, ...}``; ``None`` when the latest year has
        no complete figure.
    """
    from ..data.store import state_tax_revenue as revenue_of_year

    year = int(store.state_revenue["ano"].max())
    try:
        return {"ano": year, **revenue_of_year(store, year)}
    except DataError:
        return None


#: The audit's reading of art. 8, labelled as a reading like I-1…I-11 (legal review 3, item 6).
FULL_REQUIREMENTS = ("Leitura do estudo, não do texto da lei (como as leituras I-1 a I-11): o "
                     "art. 8º fala na perda de “qualquer dos requisitos previstos no art. 4º”, e "
                     "a auditoria os aplica integrais; a redução de 2/3 do art. 4º vale para a "
                     "criação de município de interesse especial, não para a verificação do "
                     "art. 8º.")

#: The points where the audit reads art. 8 (issue 29 § 2), each said as a reading: (title, text).
AUDIT_READINGS: tuple[tuple[str, str], ...] = (
    ("Só os itens IV a VII do art. 4º", ITEMS_READING),
    ("Requisitos integrais", FULL_REQUIREMENTS),
    ("Municípios criados antes da LC nº 2/1990",
     "A auditoria aplica o art. 8º aos 246 municípios de Goiás, também aos criados antes de 16 "
     "de janeiro de 1990, sob a legislação anterior, que nunca tiveram de atender os requisitos "
     "do art. 4º. A LC nº 2/1990 não diz se o art. 8º os alcança. Leitura do estudo: a "
     "verificação do art. 8º é de uma situação presente (a perda de requisitos “por município "
     "já instalado”) e a lei a manda fazer a cada quatro anos, sem distinguir; por isso a "
     "auditoria mostra todos. Na outra leitura, só um município criado sob a LC nº 2/1990 pode "
     "“perder” requisitos que teve de provar, e os mais antigos ficam fora do art. 8º; a data "
     "de criação de cada município não está nos dados da auditoria, e a comissão deve "
     "separá-los antes de qualquer conclusão."),
    ("Reincorporação “ao município ou municípios de que se originou”",
     "O art. 8º manda reincorporar o território ao município ou municípios de origem. Quando a "
     "origem foi ela mesma desmembrada depois (dela saiu outro município) ou deixou de existir, "
     "a lei não diz para onde volta o território. Leitura do estudo: volta ao município ou "
     "municípios que hoje contêm o território de origem e com ele confrontam, e a divisão entre "
     "eles é matéria da lei estadual de incorporação, precedida dos Estudos de Viabilidade "
     "Municipal e do plebiscito das populações envolvidas; a auditoria não aponta destino. Na "
     "outra leitura, sem a origem tal como era, o art. 8º não tem como ser aplicado."),
)


def audit_readings_html() -> str:
    """The audit's readings of art. 8 (:data:`AUDIT_READINGS`) as a titled list (HTML)."""
    items = "".join(f"<li><strong>{esc(t)}.</strong> {esc(x)}</li>" for t, x in AUDIT_READINGS)
    return (f"<h3>Leituras do art. 8º adotadas pela auditoria</h3>"
            f'<ul class="notas">{items}</ul>')


def revenue_requirement(store, reference: dt.date) -> dict[str, str]:
    """What the study says beside art. 4 VII's requirement
    (:func:`viabilidade.rules.art4.revenue_requirement`: the "último exercício" and the
    "aproximada, por excesso" label), for the audit's state revenue
    (:func:`viabilidade.profile.build.published_state_revenue`, the latest year) and the last
    exercise closed at ``reference`` (:func:`viabilidade.rules.calendar.last_closed_exercise`).
    ``{}`` when there is nothing to say."""
    from ..profile.build import published_state_revenue
    from ..rules.art4 import revenue_requirement as said
    from ..rules.calendar import last_closed_exercise

    exercise = last_closed_exercise(None, Settings(reference_date=reference.isoformat()))
    return said(published_state_revenue(store), exercise)


def revenue_year(store) -> str | None:
    """Year of the state tax revenue used for art. 4 VII (see :func:`state_revenue`)."""
    rev = state_revenue(store)
    return None if rev is None else str(rev["ano"])


# --------------------------------------------------------------------------- art. 8 audit
def municipality_frame(store, settings: Settings | None = None) -> pd.DataFrame:
    """The figures of every municipality for art. 4 items IV–VII, as rules read them.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        Needs ``municipalities``, ``electorate_profile`` and ``state_revenue``.
    settings : Settings, optional
        Only ``population_vintage`` is read: ``revised`` (Censo 2022 aggregates, V0001) or
        ``first-release`` (release of 2023-06-28).

    Returns
    -------
    DataFrame
        One row per municipality (246 for Goiás), ordered by ``cod_ibge``: cod_ibge, nome,
        populacao (inhabitants, published, IBGE Censo 2022), eleitores (electors, TSE
        electorate profile of 2026, :func:`viabilidade.data.store.electors`: published, or
        estimated for Bom Jesus de Goiás, derived from the state total), edificacoes (occupied private dwellings V0007
        as a proxy for buildings, ``estimated`` with uncertainty
        :data:`~viabilidade.profile.build.BUILDINGS_PROXY_UNCERTAINTY` × value), arrecadacao
        (NaN: not published per municipality), receita_estadual (state tax revenue, BRL),
        and the ``<column>_basis`` / ``<column>_incerteza`` columns
        :func:`viabilidade.rules.vectorised.screen` reads.

    Raises
    ------
    DataError
        If a municipality has no electorate row, or a needed column is missing.
    """
    from ..data.store import electors, population

    settings = settings or Settings()
    m = store.municipalities
    pop = population(store, settings.population_vintage)
    roll = electors(store)
    e = roll["eleitores"]
    lost = m.loc[~m["cod_ibge"].isin(e.index)]
    if len(lost):
        raise DataError(f"o município {lost['cod_ibge'].iloc[0]} ({lost['nome'].iloc[0]}) não "
                        "tem eleitorado; esperado o eleitorado de todos os municípios",
                        file="electorate_profile", column="eleitores")
    codes = m["cod_ibge"].astype(str)
    rev = state_revenue(store)
    dpo = m["domicilios_ocupados"].astype(float)
    out = pd.DataFrame({
        "cod_ibge": codes, "nome": m["nome"],
        "populacao": pop.reindex(codes).to_numpy(dtype="int64"),
        "populacao_basis": Basis.PUBLISHED.value,
        "eleitores": e.reindex(codes).to_numpy(dtype="int64"),
        "eleitores_basis": roll["base"].reindex(codes).to_numpy(dtype=object),
        "edificacoes": dpo.astype("int64"), "edificacoes_basis": Basis.ESTIMATED.value,
        "edificacoes_incerteza": (BUILDINGS_PROXY_UNCERTAINTY * dpo).round(1),
        "arrecadacao": np.nan, "receita_estadual": np.nan if rev is None else rev["total"],
    })
    return out.sort_values("cod_ibge", kind="stable").reset_index(drop=True)


def audit(store=None, settings: Settings | None = None, *, data_root: Path | None = None
          ) -> pd.DataFrame:
    """Art. 8: every municipality against art. 4 items IV–VII with full thresholds.

    Parameters
    ----------
    store : Store, optional
        Processed data; default :func:`viabilidade.data.store.load_store` at ``data_root``.
    settings : Settings, optional
        Thresholds and the population vintage (default :class:`Settings`, revised Censo 2022).

    Returns
    -------
    DataFrame
        :func:`municipality_frame` joined with :func:`viabilidade.rules.art8.audit`'s columns
        (for each item X: ``X_status``, ``X_lean``, ``X_valor``, ``X_limite``, ``X_margem``,
        ``X_margem_pct``), ``situacao`` (fail / pass / indeterminate), ``itens_perdidos``
        (comma-separated failing items, e.g. ``"IV"``) and ``alertas_dados`` (the
        municipality's conflicting published figures, :func:`viabilidade.data.incoherence.data_flags`,
        ``""`` when none: Anhanguera's 1.229 electors for 924 inhabitants).
        Source: LC 02/1990 art. 8 and art. 4 IV–VII; IBGE Censo 2022; TSE electorate profile 2026.
    """
    from ..rules import art8

    store = _store(store, data_root)
    settings = settings or Settings()
    frame = municipality_frame(store, settings)
    result = art8.audit(frame, settings)
    keep = [c for c in result.columns if c not in frame.columns]
    out = pd.concat([frame, result[keep]], axis=1)
    out["alertas_dados"] = out["cod_ibge"].map(_flags(store, settings)).fillna("")
    return out


def _flags(store, settings: Settings) -> dict[str, str]:
    """``{cod_ibge: flag texts}`` of every municipality at the settings' threshold and vintage."""
    from ..data.incoherence import data_flags, flags_by_code

    return flags_by_code(data_flags(store, population_threshold=settings.population,
                                    population_vintage=settings.population_vintage))


def failing(table: pd.DataFrame, item: str) -> pd.DataFrame:
    """Rows of an :func:`audit` or :func:`screening` table that fail art. 4 ``item``,
    smallest value first.

    Raises
    ------
    DataError
        If ``item`` is not one of IV, V, VI, VII or the table lacks its status column.
    """
    if item not in ITEMS or f"{item}_status" not in table.columns:
        raise DataError(f"encontrado {item!r}; esperado um item do art. 4º entre "
                        f"{', '.join(ITEMS)}, com coluna de status", column=f"{item}_status")
    sel = table[table[f"{item}_status"] == Status.FAIL.value]
    return sel.sort_values(f"{item}_valor", kind="stable")


def status_counts(table: pd.DataFrame, items=tuple(ITEMS)) -> pd.DataFrame:
    """How many rows per status and lean for each item (rows: items; columns: labels).

    Columns ``pass``, ``fail``, ``indeterminate`` (with ``likely pass`` / ``likely fail`` /
    no lean split out as ``indeterminate/likely pass`` …). Zero-filled.
    """
    rows = {}
    for item in items:
        status = table[f"{item}_status"].astype(str)
        lean = table.get(f"{item}_lean", pd.Series("", index=table.index)).fillna("").astype(str)
        key = np.where(status == Status.INDETERMINATE.value,
                       np.where(lean != "", status + "/" + lean, status), status)
        rows[item] = pd.Series(key).value_counts()
    cols = [Status.PASS.value, Status.FAIL.value,
            f"{Status.INDETERMINATE.value}/{Lean.LIKELY_PASS.value}",
            f"{Status.INDETERMINATE.value}/{Lean.LIKELY_FAIL.value}", Status.INDETERMINATE.value]
    return pd.DataFrame(rows).T.reindex(columns=cols).fillna(0).astype(int)


# ---------------------------------------------------------------- district screening
def _vila_points(store) -> pd.DataFrame:
    vilas = store.vilas[["cod_distrito", "lat", "lon"]].rename(
        columns={"lat": "vila_lat", "lon": "vila_lon"})
    seats = store.seats[["cod_ibge", "lat", "lon"]].rename(columns={"lat": "sede_lat", "lon": "sede_lon"})
    return vilas, seats


def _gap_bound(row) -> Figure | None:
    """Geodesic metres from the origin's IBGE seat to the district's vila point (art. 4 II bound),
    both IBGE Localidades 2022; ``None`` when either point is missing.
    """
    from ..geo.distance import geodesic_distance_m

    if pd.isna(row.get("vila_lat")) or pd.isna(row.get("sede_lat")):
        return None
    d = geodesic_distance_m(shapely.Point(row["sede_lon"], row["sede_lat"]),
                            shapely.Point(row["vila_lon"], row["vila_lat"]))
    return Figure(round(d, 1), "m", Basis.MEASURED, SRC_POINTS, "2022", precision=POINT_M,
                  note="distância geodésica entre a sede municipal (IBGE) e o ponto da vila sede "
                       "do distrito (IBGE, Localidades 2022): limite superior da distância entre o "
                       "perímetro urbano da origem e o território do distrito")


def district_cases(store, settings: Settings | None = None) -> list[tuple[dict, Candidate, Profile]]:
    """Every non-seat district as the candidate "create a municipality from this district".

    Each district is profiled exactly as a single study profiles that candidate
    (:func:`viabilidade.profile.build.build_profile`): population certified (Censo 2022, revised
    aggregates by district), electors estimated from the municipality's electorate (TSE profile of 2026)
    by population share, buildings estimated by occupied private dwellings; the origin's
    remainder is the municipality without the district. The profile's territory carries the
    art. 4 II bound of :func:`_gap_bound` when the district has a vila point.

    Parameters
    ----------
    store : Store
        Needs ``districts``, ``municipalities``, ``electorate_profile``, ``state_revenue``,
        ``seats`` and ``vilas``.
    settings : Settings, optional

    Returns
    -------
    list of (dict, Candidate, Profile)
        81 for Goiás (DTB 2022), ordered by ``cod_distrito``. The dict holds cod_distrito,
        nome, cod_ibge, nome_municipio, area_km2, the area's screening columns
        (:func:`unit_row`), the remainder's with prefix ``origem_``, receita_estadual (BRL),
        vila_lat, vila_lon, sede_lat, sede_lon and distancia_sede_m (NaN when the district
        has no vila point).
    """
    settings = settings or Settings()
    vilas, seats = _vila_points(store)
    vilas = vilas.set_index("cod_distrito")
    seats = seats.set_index("cod_ibge")
    out = []
    for d in non_seat_districts(store.districts).itertuples(index=False):
        code, origin = str(d.cod_distrito), str(d.cod_ibge)
        row = {"cod_distrito": code, "nome": str(d.nome), "cod_ibge": origin,
               "nome_municipio": str(d.nome_municipio)}
        for k in ("vila_lat", "vila_lon"):
            row[k] = vilas.at[code, k] if code in vilas.index else np.nan
        for k in ("sede_lat", "sede_lon"):
            row[k] = seats.at[origin, k] if origin in seats.index else np.nan
        bound = _gap_bound(row)
        row["distancia_sede_m"] = np.nan if bound is None else bound.value
        cand = Candidate(path=Path(f"{SCREENING_NOTEBOOK}/{code}.toml"), slug=code,
                         operation="create-municipality", name=row["nome"], seat=row["nome"],
                         districts=(code,), origins=(origin,),
                         seat_point=None if pd.isna(row["vila_lat"])
                         else (float(row["vila_lat"]), float(row["vila_lon"])))
        prof = build_profile(cand, store, settings,
                             Territory(gap_bound_m=bound, source=SRC_POINTS if bound else ""))
        row["area_km2"] = None if prof.area.area_km2 is None else prof.area.area_km2.value
        row.update(unit_row(prof.area))
        row.update(unit_row(prof.remainders[origin], "origem_"))
        row["receita_estadual"] = (np.nan if prof.state_tax_revenue is None
                                   else float(prof.state_tax_revenue.value))
        out.append((row, cand, prof))
    return out


def _basis_of(r) -> str:
    """``"published"`` or ``"measured"`` for a result decided only on published data or on
    the tool's measurement (art. 4 II: the seat-to-vila distance), else ``""``."""
    if on_published_data(r):
        return Basis.PUBLISHED.value
    return Basis.MEASURED.value if on_measured_data(r) else ""


def verdict_words(results) -> str:
    """A screened district's conclusion in words: ``"inviável na medição (a certificar pelo
    IBGE)"`` when the failing requirements failed on the tool's measurement (art. 4 II, which
    § 2 gives the IBGE to certify), with "nos dados publicados e" when published data fail
    too — never "não cumprido" (issue 29 § 2); else the verdict, with "nos dados publicados"
    when it rests on them (:func:`viabilidade.rules.certification.verdict_on_published_data`)."""
    applicable = [r for r in results if Status(r.status) != Status.NOT_APPLICABLE]
    v = verdict(applicable) if applicable else Verdict.INDETERMINADO
    failed = [r for r in applicable if Status(r.status) == Status.FAIL]
    if (v == Verdict.INVIAVEL and any(on_measured_data(r) for r in failed)
            and all(on_measured_data(r) or on_published_data(r) for r in failed)):
        return (f"inviável nos dados publicados e na medição{MEASURED_TAIL}"
                if any(on_published_data(r) for r in failed) else MEASURED_VERDICT)
    return fmt.verdict_label(v) + (" nos dados publicados"
                                   if verdict_on_published_data(applicable) else "")


def screening(store=None, settings: Settings | None = None, *, data_root: Path | None = None
              ) -> pd.DataFrame:
    """Screen every non-seat district of Goiás as a candidate municipality under art. 4.

    Items IV–VII of the district are decided by :func:`viabilidade.rules.vectorised.screen`
    on all districts at once (full thresholds: no district is declared of special interest);
    art. 4 I, II, III, VI (with its five areas) and § 1 (the origin's remainder) come from
    :func:`viabilidade.rules.art4.evaluate_art4` on each district's profile, with its reasons.

    Parameters
    ----------
    store : Store, optional
        Processed data; default :func:`viabilidade.data.store.load_store` at ``data_root``.
    settings : Settings, optional

    Returns
    -------
    DataFrame
        One row per district (81), the columns of :func:`district_cases`, then for each item X
        of IV–VII the area's ``X_status``, ``X_lean``, ``X_valor``, ``X_limite``, ``X_margem``,
        ``X_margem_pct`` and the remainder's as ``origem_X_…``; for each art. 4 rule id R
        (:data:`ART4_RULES`) ``R`` (status), ``R_lean``, ``R_motivo`` (Portuguese reason) and
        ``R_base`` (``"published"`` when decided on published data, else ``""``);
        ``veredito_art4`` (verdict of those rules), ``veredito_rotulo`` (it in words,
        :func:`verdict_words`: "inviável na medição (a certificar pelo IBGE)" on a measured
        art. 4 II), ``falham`` and ``indeterminados`` (tuples
        of rule ids), ``resultados`` (the list of RuleResult), ``veredito_publicado`` (the
        verdict rests on published data:
        :func:`viabilidade.rules.certification.verdict_on_published_data`) and ``alertas_dados`` (the
        origin municipality's conflicting published figures, from which the district's
        electorate is apportioned; ``""`` when none).
        Source: LC 02/1990 art. 4; IBGE DTB 2022, Censo 2022; TSE electorate profile 2026; IBGE Localidades 2022.
    """
    from ..rules.art4 import evaluate_art4
    from ..rules.vectorised import screen

    store = _store(store, data_root)
    settings = settings or Settings()
    cases = district_cases(store, settings)
    frame = pd.DataFrame([c[0] for c in cases])
    area = screen(frame, settings)
    rem_cols = {c: c[len("origem_"):] for c in frame.columns if c.startswith("origem_")}
    rem = screen(frame[list(rem_cols)].rename(columns=rem_cols)
                 .assign(receita_estadual=frame["receita_estadual"]), settings)
    out = pd.concat([frame, area, rem.add_prefix("origem_")], axis=1)
    per_rule: dict[str, list] = {}
    results_col, verdicts, fails, opens = [], [], [], []
    for _, cand, prof in cases:
        results = evaluate_art4(cand, prof, settings)
        by_id = {r.rule_id: r for r in results}
        for rid in ART4_RULES:
            r = by_id[rid]
            per_rule.setdefault(rid, []).append(str(r.status))
            per_rule.setdefault(f"{rid}_lean", []).append("" if r.lean is None else str(r.lean))
            per_rule.setdefault(f"{rid}_motivo", []).append(r.reason)
            per_rule.setdefault(f"{rid}_base", []).append(_basis_of(r))
        results_col.append(results)
        verdicts.append(str(verdict(results)))
        fails.append(tuple(r.rule_id for r in results if r.status == Status.FAIL))
        opens.append(tuple(r.rule_id for r in results if r.status == Status.INDETERMINATE))
    for k, v in per_rule.items():
        out[k] = v
    out["veredito_art4"] = verdicts
    out["falham"] = fails
    out["indeterminados"] = opens
    out["resultados"] = results_col
    out["veredito_publicado"] = [verdict_on_published_data(r) for r in results_col]
    out["veredito_rotulo"] = [verdict_words(r) for r in results_col]
    out["alertas_dados"] = out["cod_ibge"].map(_flags(store, settings)).fillna("")
    return out



def fpm_dilution_sentence(table: pd.DataFrame, store) -> str:
    """The screening's statewide FPM line: "se os N distritos que atingem o item IV fossem
    criados, cada município do interior perderia X % do FPM".

    Parameters
    ----------
    table : DataFrame
        :func:`screening`'s result (``IV_status``, ``cod_ibge`` of the origin, ``populacao``
        of the district).
    store : Store
        For the origins' population and the TCU's Goiás sum of coefficients
        (:func:`viabilidade.fiscal.economy.pool`).

    Returns
    -------
    str
        The sentence (pt-BR), or one saying why it cannot be computed. Coefficients by
        bracket (DL 1.881/1981) on the Censo 2022; each origin's remainder loses all its
        districts that pass; source: TCU, DN 2023 (254,8).
    """
    from ..fiscal.economy import pool, statewide_dilution
    from ..fiscal.icms import MUNICIPALITIES, equal_part_loss

    pl = pool(store)
    passing = table[table["IV_status"] == "pass"]
    if pl is None:
        return ("A diluição do FPM não pode ser calculada: o repositório de dados não tem a soma "
                "dos coeficientes publicada pelo TCU.")
    if not len(passing):
        return "Nenhum distrito atinge o item IV: nenhuma diluição do FPM a calcular."
    pop = store.municipalities.set_index("cod_ibge")["populacao"]
    n, delta, loss = statewide_dilution(passing[["cod_ibge", "populacao"]], pop, pl.total)
    who = ("Se o único distrito que atinge o item IV fosse criado" if n == 1 else
           f"Se os {fmt.number(n)} distritos que atingem o item IV fossem criados")
    return (f"{who}, cada "
            f"município do interior de Goiás perderia {fmt.percent(100 * loss, 2)} do FPM-Interior "
            f"(a soma dos coeficientes passaria de {fmt.number(pl.total, 1)} para "
            f"{fmt.number(pl.total + delta, 1)}; coeficientes pela faixa de população do Censo "
            f"2022, DL 1.881/1981; soma publicada pelo TCU para {pl.year}), e "
            f"{fmt.percent(100 * equal_part_loss(MUNICIPALITIES, n), 2)} da sua cota igual do ICMS (LC "
            "estadual nº 177/2022, art. 2º, II)." + _reserve_clause(passing)
            + _loss_in_reais(store, pl.total, loss))


def _loss_in_reais(store, total: float, loss: float) -> str:
    """`` Em reais (estimado, FPM de 2022 a preços correntes): cerca de R$ … por ponto …``:
    the screening's dilution in reais (:func:`viabilidade.fiscal.economy.point_value`);
    ``""`` when the store lacks the Tesouro's tables."""
    from ..fiscal.economy import point_value

    point = point_value(store, total)
    if point is None:
        return ""
    per_point = point.gross * loss
    verb = "perderia" if per_point > 0 else "ganharia"
    return (f" Em reais (estimado, FPM de {point.year} a preços correntes), cada município "
            f"{verb} {fmt.money_about(abs(per_point))} brutos por ano por ponto de coeficiente; "
            f"um município de coeficiente 0,6, {fmt.money_about(abs(0.6 * per_point))}.")


def paid_comparison(store) -> str:
    """The screening's comparison of the bracket coefficients (Censo 2022) with those the
    Tesouro paid (March 2023), with the reason and a table of those that differ; ``""``
    when the store lacks the Tesouro's credits."""
    from ..fiscal.economy import paid_coefficients
    from ..report.writers.tables import table as html_table

    t = paid_coefficients(store)
    if t is None:
        return ""
    month = t.attrs["month"]
    diff = t[(t["pago"] - t["coeficiente"]).abs() > 1e-9].sort_values("nome")
    rows = [[esc(r.nome), fmt.number(r.populacao), fmt.number(r.coeficiente, 1),
             fmt.number(r.pago, 1)] for r in diff.itertuples()]
    return (f"<p>Os coeficientes do mapa e da conta acima são os da faixa de população do Censo 2022. "
            f"Nos créditos "
            f"do FPM de {month} (Tesouro Nacional; 1º e 2º decêndios, líquidos do FUNDEB: "
            f"{fmt.money(t.attrs['point_brl'])} por ponto de coeficiente), "
            f"{fmt.number(len(t) - len(diff))} dos {fmt.number(len(t))} municípios do interior "
            f"recebiam o coeficiente da sua faixa e {fmt.number(len(diff))} recebiam outro; a "
            f"soma dos coeficientes pagos era {fmt.number(t['pago'].sum(), 1)}, contra "
            f"{fmt.number(t['coeficiente'].sum(), 1)} pela faixa e 254,8 na decisão normativa "
            "do TCU para 2023. Duas causas explicam as diferenças: no início de 2023 o TCU "
            "aplicou as faixas à prévia da população do Censo 2022, não aos resultados "
            "revisados usados aqui, e a LC nº 198/2023 manteve depois os coeficientes de "
            "municípios que perderam população, o que elevou a soma a 254,8 ainda em 2023. Os "
            "dados disponíveis não trazem a população usada pelo TCU nem separam as duas causas "
            "município a município.</p>"
            + html_table(["Município", "População (Censo 2022)", "Coeficiente pela faixa",
                          f"Coeficiente pago em {month}"], rows,
                         caption=f"Municípios cujo coeficiente pago em {month} difere do da "
                                 "faixa do Censo 2022", numeric=(1, 2, 3),
                         widths=(40, 20, 20, 20)))


def fpm_dilution_section(table: pd.DataFrame, store, number: int = 2) -> Html:
    """The screening's section "Quem paga" (``sec-fpm``): :func:`fpm_dilution_sentence` and
    the map of Goiás by FPM coefficient with the origins of the districts that pass item IV
    highlighted (:func:`viabilidade.report.economic.coefficient_map`, figure ``number``)."""
    from ..fiscal.economy import pool
    from ..report.economic import MAP_CAPTION_END, coefficient_map

    sentence = fpm_dilution_sentence(table, store)
    passing = table[table["IV_status"] == "pass"]
    body = f"<p>{esc(sentence)}</p>"
    pl = pool(store)
    if pl is not None and len(passing):
        origins = set(passing["cod_ibge"])
        caption = ("Municípios do interior de Goiás pelo coeficiente do FPM-Interior; destacados "
                   "os municípios de origem dos distritos que atingem o item IV. Cada um dos "
                   "demais perderia a mesma fração da sua cota; "
                   + MAP_CAPTION_END.format(source=pl.source, who="própria"))
        body += coefficient_map(store, origins, "município de origem de distrito que atinge o "
                                "item IV", caption, number)
    body += paid_comparison(store)
    return section("sec-fpm", "Quem paga: o FPM se os distritos fossem criados", body)

def _reserve_clause(passing: pd.DataFrame) -> str:
    """`` Nova Brasília teria mais de 142.633 habitantes …``: districts that would also join
    the FPM reserve (DL 1.881/1981), which the dilution leaves out; ``""`` when none."""
    from ..fiscal.fpm import RESERVE_ABOVE

    big = passing[passing["populacao"] > RESERVE_ABOVE]
    if not len(big):
        return ""
    names = fmt.and_list([str(x) for x in big["nome"]]) if "nome" in big else fmt.number(len(big))
    verb = "teria" if len(big) == 1 else "teriam"
    return (f" {names} {verb} mais de {fmt.number(RESERVE_ABOVE)} habitantes e participaria"
            f"{'' if len(big) == 1 else 'm'} também da reserva do FPM (Decreto-Lei nº "
            "1.881/1981), que esta conta não inclui.")

# ----------------------------------------------------------------------------- maps
#: Resolution of the polygon layers of the maps (text and points stay vector in the SVG).
MAP_DPI = 150
#: Text style of the maps (as the study charts: DejaVu Sans, 9 pt).
MAP_RC = {"font.family": "DejaVu Sans", "font.size": 9}
#: Map categories of the art. 8 audit: (key, Portuguese legend label, colour).
AUDIT_CLASSES = (
    ("fail", "não atinge ao menos um item (IV a VII) com os dados publicados", COLOURS[Status.FAIL]),
    ("likely-fail", "indeterminado, com provável não atendimento", "#ef9a9a"),
    ("indeterminate", "indeterminado (dado estimado ou não publicado)", "#f0cf8a"),
    ("pass", "atinge todos os itens com os dados publicados", COLOURS[Status.PASS]),
)
#: Colour of each art. 4 verdict on the screening map.
VERDICT_COLOURS = {Verdict.INVIAVEL.value: COLOURS[Status.FAIL],
                   Verdict.INDETERMINADO.value: COLOURS[Status.INDETERMINATE],
                   Verdict.VIAVEL.value: COLOURS[Status.PASS]}


def audit_class(table: pd.DataFrame) -> pd.Series:
    """Map category of each municipality of an :func:`audit` table (see :data:`AUDIT_CLASSES`).

    ``fail`` / ``pass`` as art. 8's ``situacao`` says; an indeterminate municipality is
    ``likely-fail`` when an item leans fail, else ``indeterminate``.
    """
    ln = table[[f"{i}_lean" for i in ITEMS]].fillna("").astype(str)
    fail = table["situacao"] == Status.FAIL.value
    likely = (ln == Lean.LIKELY_FAIL.value).any(axis=1)
    allpass = table["situacao"] == Status.PASS.value
    return pd.Series(np.select([fail, likely, allpass], ["fail", "likely-fail", "pass"],
                               "indeterminate"), index=table.index)


def _map_axes(boundaries):
    return state_axes(boundaries, dpi=MAP_DPI)


_label_enclaves = label_enclaves


def source_note(store, tables) -> str:
    """``"Fonte: IBGE — Malha municipal (2021); TSE — … (02/10/2022)."`` — a figure's data and
    their reference dates, from the store's provenance of ``tables``."""
    seen: list[str] = []
    for p in provenance_records(store, tables):
        item = " — ".join(x for x in (p.get("publisher"), p.get("source")) if x)
        if p.get("vintage"):
            item += f" ({p['vintage']})"
        item = fmt.dates_in_text(item)
        if item and item not in seen:
            seen.append(item)
    return "Fonte: " + "; ".join(seen) + ". Elaboração própria." if seen else ""


def audit_map(table: pd.DataFrame, boundaries, source: str = "") -> Chart:
    """Choropleth of the art. 8 audit: each municipality coloured by :func:`audit_class`.

    Parameters
    ----------
    table : DataFrame
        Output of :func:`audit` (cod_ibge and the item status/lean columns).
    boundaries : GeoDataFrame
        The store's ``boundaries_map`` (cod_ibge, geometry in EPSG:4674; the mesh simplified
        for maps).

    Returns
    -------
    Chart
        Static SVG (matplotlib), caption and alternative text in Portuguese; the municipalities
        failing art. 4 IV are outlined in black.

    Raises
    ------
    DataError
        If a municipality of the table has no boundary.
    """
    cls = audit_class(table).rename("classe")
    geo = boundaries[["cod_ibge", "geometry"]].merge(
        pd.concat([table[["cod_ibge", "IV_status"]], cls], axis=1), on="cod_ibge", how="right")
    if geo["geometry"].isna().any():
        code = geo.loc[geo["geometry"].isna(), "cod_ibge"].iloc[0]
        raise DataError(f"o município {code} não tem limite; esperado o limite de todos os "
                        "municípios auditados",
                        file="boundaries", column="cod_ibge")
    geo = gpd.GeoDataFrame(geo, geometry="geometry", crs=boundaries.crs)
    with matplotlib.rc_context(MAP_RC):
        fig, ax = _map_axes(boundaries)
        handles, counts = [], {}
        for key, label, colour in AUDIT_CLASSES:
            part = geo[geo["classe"] == key]
            counts[key] = len(part)
            if len(part):
                part.plot(ax=ax, color=colour, edgecolor="white", linewidth=0.3, rasterized=True)
                handles.append(Patch(facecolor=colour, label=f"{label} ({len(part)})"))
        iv = geo[geo["IV_status"] == Status.FAIL.value]
        iv.boundary.plot(ax=ax, color="#1a1a1a", linewidth=0.8, rasterized=True)
        handles.append(Patch(facecolor="none", edgecolor="#1a1a1a",
                             label=f"população de até 3.000 habitantes — art. 4º, IV ({len(iv)})"))
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), frameon=False,
                  fontsize=8)
        fig.tight_layout()
        svg = figure_svg(fig)
    alt = ("Mapa dos municípios de Goiás. "
           + "; ".join(f"{label}: {counts[k]}" for k, label, _ in AUDIT_CLASSES)
           + f"; contornados em preto os {len(iv)} que não cumprem o item IV.")
    return Chart(svg=svg, alt=alt, caption="Situação de cada município perante os itens IV a VII "
                 "do art. 4º (art. 8º da LC 02/1990), requisitos integrais. DF: Distrito Federal."
                 + (f" {source}" if source else ""))


def screening_map(table: pd.DataFrame, boundaries, source: str = "", *,
                  column: str = "veredito_art4", classes: dict[str, tuple[str, str]] | None = None,
                  what: str = "pela conclusão quanto ao art. 4º") -> Chart:
    """The non-seat districts' vila points over the municipal boundaries, coloured by verdict.

    Parameters
    ----------
    table : DataFrame
        Output of :func:`screening` (vila_lat, vila_lon, cod_ibge, veredito_art4).
    boundaries : GeoDataFrame
        The store's ``boundaries_map`` (the mesh simplified for maps).

    Returns
    -------
    Chart
        Origin municipalities shaded; a filled circle for each vila point. Districts with no
        point are counted in the caption.

    ``column``, ``classes`` (value → (legend label, colour)) and ``what`` (end of the caption's
    first sentence) colour the points by another column, e.g. a ruleset's status
    (:mod:`viabilidade.statewide.rulesets`); default the art. 4 verdict.
    """
    if classes is None:
        classes = {v: (fmt.verdict_label(v), c) for v, c in VERDICT_COLOURS.items()}
    with matplotlib.rc_context(MAP_RC):
        fig, ax = _map_axes(boundaries)
        boundaries.plot(ax=ax, color="#f4f4f4", edgecolor="#b0b0b0", linewidth=0.3, rasterized=True)
        origins = boundaries[boundaries["cod_ibge"].isin(set(table["cod_ibge"]))]
        origins.plot(ax=ax, color="#dde6f0", edgecolor="#8da2b8", linewidth=0.4, rasterized=True)
        handles = [Patch(facecolor="#dde6f0", edgecolor="#8da2b8",
                         label=f"município de origem ({len(origins)})")]
        pts = table.dropna(subset=["vila_lat", "vila_lon"])
        for v, (label, colour) in classes.items():
            sel = pts[column] == v
            if not sel.any():
                continue
            a = pts[sel]
            ax.scatter(a["vila_lon"], a["vila_lat"], s=22, color=colour, edgecolor="#1a1a1a",
                       linewidth=0.4, zorder=3)
            handles.append(Line2D([], [], marker="o", linestyle="", color=colour,
                                  label=f"{label} ({int(sel.sum())})"))
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), frameon=False,
                  fontsize=8, ncol=2)
        fig.tight_layout()
        svg = figure_svg(fig)
    missing = len(table) - len(pts)
    counts = table[column].value_counts()
    alt = (f"Mapa de Goiás com os {len(pts)} pontos de vila sede dos distritos não sede: "
           + "; ".join(f"{label}: {int(counts.get(v, 0))}" for v, (label, _) in classes.items())
           + ".")
    caption = ("Vilas sede dos distritos não sede (IBGE, Localidades 2022) sobre os limites "
               f"municipais, {what}.")
    if missing:
        caption += (f" {fmt.count(missing, 'distrito', 'distritos')} sem ponto de vila.")
    caption += " DF: Distrito Federal." + (f" {source}" if source else "")
    return Chart(svg=svg, alt=alt, caption=caption)


# ------------------------------------------------------------------ presentation helpers
#: Short status labels for wide tables: (status, lean) -> label.
SHORT_LABELS = {(Status.PASS, ""): "cumpre", (Status.FAIL, ""): "não cumpre",
                (Status.INDETERMINATE, ""): "indet.",
                (Status.INDETERMINATE, Lean.LIKELY_PASS.value): "indet., provável atendimento",
                (Status.INDETERMINATE, Lean.LIKELY_FAIL.value): "indet., provável não atendimento",
                (Status.NOT_APPLICABLE, ""): "não se aplica"}


#: Short labels of a pass or fail decided on published data (Censo, TSE): never "cumpre".
SHORT_PUBLISHED = {Status.PASS: "atinge (dado publicado)", Status.FAIL: "não atinge (dado publicado)"}
#: Short labels of a pass or fail decided on the tool's measurement (art. 4 II, which art. 4
#: § 2 gives the IBGE to certify): never "cumpre" / "não cumpre".
SHORT_MEASURED = {Status.PASS: "atinge na medição (a certificar pelo IBGE)",
                  Status.FAIL: "não atinge na medição (a certificar pelo IBGE)"}
#: The verdict of a screened district that fails on the tool's measurement (art. 4 II).
MEASURED_TAIL = " (a certificar pelo IBGE)"
MEASURED_VERDICT = f"inviável na medição{MEASURED_TAIL}"


def status_cell(status: str, lean: str | None = None, *, short: bool = False,
                basis: str | None = None) -> Html:
    """Coloured Portuguese status label for a table cell.

    ``("indeterminate", "likely pass")`` gives ``"indeterminado (provável atendimento)"``,
    or ``"indet., provável atendimento"`` with ``short`` (:data:`SHORT_LABELS`). With
    ``basis="published"`` a pass or fail reads ``"atingido nos dados publicados (a
    certificar)"`` / ``"não atingido nos dados publicados"``
    (:func:`viabilidade.report.writers.format.status_label`), short ``"atinge (dado publicado)"`` /
    ``"não atinge (dado publicado)"``.
    """
    st = Status(status)
    published = basis is not None and str(basis) == Basis.PUBLISHED.value and st in SHORT_PUBLISHED
    measured = basis is not None and str(basis) == Basis.MEASURED.value and st in SHORT_MEASURED
    if short and published:
        label = SHORT_PUBLISHED[st]
    elif measured:
        label = SHORT_MEASURED[st]
    elif short:
        label = SHORT_LABELS[(st, lean or "")] if st == Status.INDETERMINATE else SHORT_LABELS[(st, "")]
    else:
        label = fmt.status_label(st, lean or None, basis or None)
    return Html(f'<span class="status {STATUS_CLASS[st]}">{esc(label)}</span>')


def verdict_cell(value: str, published: bool = False, label: str | None = None) -> Html:
    """Verdict badge (``viável`` / ``inviável`` / ``indeterminado``); ``published`` (the
    verdict rests on published data, :func:`viabilidade.rules.certification.verdict_on_published_data`)
    adds ``"nos dados publicados"``; ``label`` gives the words themselves (the screening's
    ``veredito_rotulo``, :func:`verdict_words`)."""
    v = Verdict(value)
    label = label or fmt.verdict_label(v) + (" nos dados publicados" if published else "")
    return Html(f'<span class="veredito v-{esc(v.value)}">{esc(label)}</span>')


def item_basis(table: pd.DataFrame, item: str, prefix: str = "") -> pd.Series:
    """The basis of art. 4 ``item``'s figure per row (``"published"``, ``"estimated"`` …) from
    the ``<prefix><column>_basis`` column of an audit or screening table; ``""`` without it."""
    from ..rules.vectorised import SCREEN_COLUMNS

    col = f"{prefix}{SCREEN_COLUMNS[item]}_basis"
    if col not in table.columns:
        return pd.Series("", index=table.index)
    return table[col].fillna("").astype(str)


def data_flags_body(flags, used_by: dict[str, str] | None = None) -> str:
    """The body of a report's "Dados publicados incoerentes" section.

    Parameters
    ----------
    flags : list of DataFlag
        :func:`viabilidade.data.incoherence.data_flags`.
    used_by : dict, optional
        ``{cod_ibge: text}``: where each municipality's figures are used (the screening's
        districts), shown in a column of its own.

    Returns
    -------
    str
        A table (código, município, dado, conflito[, onde é usado]) and, once per kind of
        conflict, what it means and the sources; a sentence when there is no flag.
    """
    from ..report.writers.tables import table

    if not flags:
        return "<p>Nenhum conflito entre as tabelas oficiais usadas.</p>"
    head = ["Código IBGE", "Município", "Dado", "Conflito"] + (["Onde é usado"] if used_by else [])
    rows = [[f.cod_ibge, f.nome, f.figure, f.conflict]
            + ([used_by.get(f.cod_ibge, "")] if used_by else []) for f in flags]
    kinds = list(dict.fromkeys((f.meaning, f.source) for f in flags))
    notes = "".join(f"<p>{esc(meaning)} Fontes: {esc(source)}.</p>" for meaning, source in kinds)
    return (f"<p>{fmt.count(len(flags), 'dado publicado', 'dados publicados')} em conflito com "
            "outra tabela oficial. O relatório usa os valores como publicados; o conflito deve "
            "ser esclarecido junto aos órgãos que os publicaram.</p>"
            + table(head, rows, caption="Dados publicados incoerentes") + notes)


def section(sid: str, title: str, body: str) -> Html:
    """One section of a statewide report: ``<h2 id="sec-…">`` (listed in the table of contents)."""
    return Html(f'<section class="secao" id="{esc(sid)}-s"><h2 id="{esc(sid)}">{esc(title)}</h2>'
                f"{body}</section>")


def cover(title: str, running: str, facts: list[tuple[str, object]]) -> Html:
    """Cover of a statewide report: title, facts, and the table-of-contents placeholder that
    :func:`viabilidade.report.writers.export.notebook_to_html` fills in. Every text is escaped."""
    return Html('<section class="capa">'
                f'<p class="cabecalho-corrente">{esc(running)}</p>'
                '<p class="titulo-corrente">LC nº 2/1990 (GO)</p>'
                '<p class="orgao">Estado de Goiás · Lei Complementar nº 2, de 16 de janeiro de 1990</p>'
                f'<h1 class="titulo">{esc(title)}</h1>' + key_values(facts)
                + '<nav id="sumario" class="sumario"><h3>Sumário</h3></nav></section>')


def provenance_records(store, tables) -> list[dict]:
    """Provenance of the store tables used (for :func:`viabilidade.report.writers.tables.provenance_table`)."""
    out = []
    for t in tables:
        for p in store.provenance(t):
            out.append({"table": t, **p})
    return out


# ------------------------------------------------------------------------- runners
def _run(name: str, out_dir: Path, parameters: dict, notebook: Path | None) -> dict[str, Path]:
    from ..report import runner
    from ..report.writers import export
    from ..report.writers.atomic import check_output_folder, write_files_atomically

    import nbformat

    template = Path(notebook) if notebook else NOTEBOOKS / f"{name}.ipynb"
    check_output_folder(Path(out_dir))  # before the notebook runs: exists, writable, has space
    run = runner.execute(template, parameters, cwd=template.parent)
    if run.error is not None:
        e = run.error
        where = f" na célula {e.cell_index}" if getattr(e, "cell_index", None) is not None else ""
        what = (f"{e.ename}: {e.evalue}" if getattr(e, "ename", None)
                else f"{type(e).__name__}: {e}")
        raise ReportError(f"o caderno estadual {template.name} falhou{where}: {what}")
    html = export.notebook_to_html(run.notebook)
    pdf = export.html_to_pdf(html)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {"ipynb": f"{name}.ipynb", "html": f"{name}.html", "pdf": f"{name}.pdf"}
    write_files_atomically(out_dir, {files["ipynb"]: nbformat.writes(run.notebook).encode("utf-8"),
                                files["html"]: html.encode("utf-8"), files["pdf"]: pdf})
    return {k: out_dir / v for k, v in files.items()}


def _parameters(data_root, settings: Settings | None, reference_date) -> dict:
    return {"data_root": None if data_root is None else str(Path(data_root).resolve()),
            "settings": {} if settings is None else settings.to_dict(),
            "reference_date": (reference_date or dt.date.today()).isoformat()}


def run_audit(out_dir: Path, *, data_root: Path | None = None, settings: Settings | None = None,
              reference_date: dt.date | None = None, notebook: Path | None = None) -> dict[str, Path]:
    """Execute the art. 8 audit notebook with papermill and export it to HTML and PDF.

    Parameters
    ----------
    out_dir : Path
        Folder to write ``auditoria_art8.ipynb``, ``.html`` and ``.pdf`` into (created);
        the three files are replaced together only when all succeeded.
    data_root : Path, optional
        Processed store (default ``$VIABILIDADE_DATA`` or ``data/processed``).
    settings : Settings, optional
        Thresholds and readings (population vintage: revised by default).
    reference_date : date, optional
        Date of the audit, which fixes the next audit year (default today).
    notebook : Path, optional
        Another copy of the notebook (default ``notebooks/auditoria_art8.ipynb``).

    Returns
    -------
    dict
        ``{"ipynb": Path, "html": Path, "pdf": Path}``.

    Raises
    ------
    ReportError
        If the notebook fails or cannot be exported (nothing is written).
    """
    return _run(AUDIT_NOTEBOOK, out_dir, _parameters(data_root, settings, reference_date), notebook)


def run_screening(out_dir: Path, *, data_root: Path | None = None, settings: Settings | None = None,
                  reference_date: dt.date | None = None, notebook: Path | None = None,
                  rulesets=None) -> dict[str, Path]:
    """Execute the district screening notebook with papermill and export it to HTML and PDF.

    Same parameters, files (``triagem_distritos.*``) and errors as :func:`run_audit`;
    ``rulesets`` (``--regras``: ids or ``.toml`` paths) adds the section comparing the
    districts under each ruleset (:mod:`viabilidade.statewide.rulesets`), checked before the
    notebook runs (:class:`~viabilidade.rules.ruleset.RulesetError`).
    """
    params = _parameters(data_root, settings, reference_date)
    if rulesets:
        from ..rules.ruleset import portable

        params["rulesets"] = portable(rulesets)
    return _run(SCREENING_NOTEBOOK, out_dir, params, notebook)
