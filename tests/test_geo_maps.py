"""Territory map: layers, Portuguese labels, deterministic output (geo.maps)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import shapely
from matplotlib.figure import Figure

from viabilidade.candidate import load_candidate
from viabilidade.data.geometry import read_boundaries
from viabilidade.errors import GeoError
from viabilidade.geo.maps import geodesic_circle, territory_map
from viabilidade.geo.measure import GEOD
from viabilidade.geo.territory import Split, split_territory

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
TBRUGZ = SHARED / "geo" / "go_municipios_tbrugz_geojs-52-mun.geojson"
needs_data = pytest.mark.skipif(not TBRUGZ.exists(), reason=f"shared data not found at {SHARED}")
MARA_ROSA_SEAT = (-14.0085688957, -49.1798231432)


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


def test_geodesic_circle_radius():
    c = geodesic_circle(-49.18, -14.01, 6000.0)
    lons, lats = c.exterior.xy
    d = [GEOD.inv(-49.18, -14.01, x, y)[2] for x, y in zip(lons, lats)]
    assert min(d) == pytest.approx(6000.0, abs=1e-6) and max(d) == pytest.approx(6000.0, abs=1e-6)


@needs_data
def test_nova_iguacu_map_is_labelled_and_deterministic():
    b = read_boundaries(TBRUGZ)
    c = load_candidate(ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml")
    s = split_territory(c, b)

    def draw():
        return territory_map(s, title="Nova Iguaçu de Goiás — desmembramento de Mara Rosa",
                             origin_seats={"5212808": MARA_ROSA_SEAT}, area_seat=c.seat_point,
                             names={"5212808": "Mara Rosa", "area": "Nova Iguaçu de Goiás"},
                             source="IBGE.")

    fig = draw()
    ax = fig.axes[0]
    assert ax.get_title() == "Nova Iguaçu de Goiás — desmembramento de Mara Rosa"
    # the legend is the figure's, below the map, so it never covers the territory
    assert ax.get_legend() is None and len(fig.legends) == 1
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert labels == ["município de origem (antes)", "remanescente da origem", "área proposta",
                      "6 km da sede de origem (art. 4º, II)", "sede do município de origem",
                      "sede proposta"]
    texts = [t.get_text() for t in ax.texts]
    assert "N" in texts and "20 km" in texts
    assert {"Mara Rosa", "Nova Iguaçu de Goiás"} <= set(texts)
    assert _png(fig) == _png(draw())


def test_area_without_geometry_is_captioned():
    s = Split(area=None, origins_before={"5200100": shapely.box(-49, -16.2, -48.6, -15.9)},
              note="não há polígonos de distritos nos dados")
    fig = territory_map(s, title="Posse d'Abadia", origin_seats={"5200100": (-16.18, -48.72)})
    caption = fig.texts[0].get_text()
    assert "Área sem geometria: não há polígonos de distritos nos dados." in caption
    with pytest.raises(GeoError, match="territory_map: no area and no origin geometry to draw"):
        territory_map(Split(area=None), title="x", origin_seats={})
