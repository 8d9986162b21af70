"""Statewide views of LC 02/1990: the art. 8 audit of every municipality and the screening of
every non-seat district of Goiás as a candidate municipality.

These are the computations the two statewide notebooks (``notebooks/auditoria_art8.py`` and
``notebooks/triagem_distritos.py``) show; their text is :mod:`.audit_doc` and
:mod:`.screening_doc`, their maps :mod:`.maps`, their cells :mod:`.cells`, the screening's FPM
:mod:`.who_pays`, and the runners the command line calls :mod:`.run`. Figures come from the processed store
(:func:`viabilidade.data.store.load_store`); districts' figures are built by
:func:`viabilidade.profile.build.build_profile` (the same estimates as a single study); thresholds,
comparators and leans are decided by :mod:`viabilidade.rules` (``art8.audit`` and
``vectorised.screen``), never here.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import numpy as np
import pandas as pd
import shapely

from ..proposal.candidate import Candidate
from ..errors import DataError
from ..proposal.generate import non_seat_districts
from ..profile.build import BUILDINGS_PROXY_UNCERTAINTY, build_profile
from ..profile.types import Profile, Territory
from ..report.writers import format as fmt
from ..report.writers.tables import esc
from ..rules.art8 import ITEMS_READING
from ..rules.certification import verdict_on_published_data
from ..common.precision import POINT_M
from ..rules.result import (Basis, Figure, Lean, Status, Verdict, on_measured_data, on_published_data,
                            verdict)
from ..rules.vectorised import unit_row
from ..rules.settings import Settings
from .cells import MEASURED_TAIL, MEASURED_VERDICT
from .run import SCREENING_NOTEBOOK

#: Art. 4 items audited under art. 8 and screened for districts, with Portuguese titles.
ITEMS = {"IV": "população", "V": "eleitorado", "VI": "edificações do núcleo urbano",
         "VII": "arrecadação estadual"}
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
     "A lei os alcança: o art. 8º, § 2º, manda que, “nos municípios já instalados”, a primeira "
     "verificação do atendimento aos requisitos do art. 4º se faça após a publicação do "
     "recenseamento do IBGE do ano 2000. Por isso a auditoria mostra os 246 municípios de "
     "Goiás, também os criados antes de 16 de janeiro de 1990, sob a legislação anterior, que "
     "nunca tiveram de provar os requisitos do art. 4º. Leitura do estudo: um desses municípios "
     "que não atinja um requisito é tratado como quem o perdeu, porque a verificação do art. 8º "
     "é de uma situação presente e o § 2º a manda fazer neles sem distinguir. Na outra leitura, "
     "só se perde o que se teve, e o município que nunca atingiu o requisito não o “perde”; a "
     "data de criação de cada município não está nos dados da auditoria, e a comissão deve "
     "separá-los antes de qualquer conclusão nessa leitura."),
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
