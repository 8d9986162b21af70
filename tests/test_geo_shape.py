"""Art. 3 shape metrics and their state percentiles (geo.shape)."""

from __future__ import annotations

import math
from pathlib import Path

import geopandas as gpd
import pandas as pd
import pytest
import shapely

from viabilidade.data.store import load_store
from viabilidade.errors import GeoError
from viabilidade.geo.shape import percentile, shape_metrics, shape_report, state_shape_table

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
needs_data = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason=f"processed store not found at {STORE}")

E0, N0 = 700_000.0, 8_200_000.0  # UTM 22S, central Goiás


def _lonlat(geom_m):
    return gpd.GeoSeries([geom_m], crs="EPSG:31982").to_crs("EPSG:4674").iloc[0]


def test_disc_is_compact_without_neck():
    m = shape_metrics(_lonlat(shapely.Point(E0, N0).buffer(10_000, quad_segs=64)))
    assert m.polsby_popper == pytest.approx(1.0, abs=0.01)
    assert m.convex_hull_ratio == pytest.approx(1.0, abs=1e-6)
    assert m.reock == pytest.approx(1.0, abs=0.01)
    assert m.narrowest_neck_m is None


def test_square_ratios():
    m = shape_metrics(_lonlat(shapely.box(E0, N0, E0 + 20_000, N0 + 20_000)))
    assert m.polsby_popper == pytest.approx(math.pi / 4, abs=1e-3)
    assert m.reock == pytest.approx(2 / math.pi, abs=1e-3)
    assert m.narrowest_neck_m is None


@pytest.mark.parametrize("width", [1_000.0, 3_000.0])
def test_dumbbell_neck_width(width):
    left = shapely.box(E0, N0, E0 + 10_000, N0 + 10_000)
    right = shapely.box(E0 + 15_000, N0, E0 + 25_000, N0 + 10_000)
    bar = shapely.box(E0 + 10_000, N0 + 5_000 - width / 2, E0 + 15_000, N0 + 5_000 + width / 2)
    m = shape_metrics(_lonlat(shapely.union_all([left, right, bar])))
    assert m.narrowest_neck_m == pytest.approx(width, rel=0.05)
    assert m.convex_hull_ratio == pytest.approx((200e6 + 5_000 * width) / 250e6, rel=1e-6)


def test_percentile_both_sides_and_missing_neck():
    ref = pd.Series([1.0, 2.0, 3.0, float("nan")])
    assert percentile(2.0, ref) == 50.0
    assert percentile(1.999, ref) == 25.0
    assert percentile(None, ref) == 100.0  # no neck ranks with the neckless
    assert percentile(1.0, pd.Series([], dtype=float)) is None


def test_empty_geometry():
    with pytest.raises(GeoError, match="shape_metrics: geometria vazia"):
        shape_metrics(shapely.Polygon())


@needs_data
def test_state_table_and_real_percentiles():
    b = load_store(STORE).boundaries   # IBGE Malha Municipal 2022, full resolution
    table = state_shape_table(b)
    assert len(table) == 246 and list(table.columns) == [
        "polsby_popper", "convex_hull_ratio", "reock", "narrowest_neck_m"]
    # Pilar de Goiás is the least compact municipality by Polsby–Popper on the full 2022 mesh
    # (Mineiros, 0,1242, on the pre-2020 simplified mesh: full-resolution perimeters are longer).
    assert table["polsby_popper"].idxmin() == "5216908"
    assert table.loc["5216908", "polsby_popper"] == pytest.approx(0.0849, abs=1e-4)
    sa = b.set_index("cod_ibge").geometry["5219738"]  # Santo Antônio de Goiás: compact
    rep = shape_report(sa, b)
    assert rep["polsby_popper"]["value"] == pytest.approx(0.4113, abs=1e-4)
    assert rep["polsby_popper"]["percentile"] == pytest.approx(95.53, abs=0.01)
    assert rep["convex_hull_ratio"]["percentile"] == pytest.approx(91.46, abs=0.01)
    assert rep["narrowest_neck_m"] == {"value": None, "percentile": 100.0}
    coc = shape_report(b.set_index("cod_ibge").geometry["5205513"], b)  # Cocalzinho de Goiás
    assert coc["narrowest_neck_m"]["value"] == pytest.approx(17_900, rel=0.03)
