"""geo.plot.plot_polygons draws what GeoSeries.plot draws, without a class per call."""

import io

import geopandas as gpd
import matplotlib
import shapely
from matplotlib.figure import Figure
from matplotlib.legend import Legend

from viabilidade.geo.plot import plot_polygons

matplotlib.use("Agg")

#: A polygon with a hole, a multipolygon, an empty polygon, a collection holding a polygon and
#: a line (only the polygon is a polygon's to draw), and nothing at all.
GEOMS = [shapely.box(0, 0, 4, 4).difference(shapely.box(1, 1, 2, 2)),
         shapely.MultiPolygon([shapely.box(5, 0, 6, 1), shapely.box(7, 0, 8, 2)]),
         shapely.Polygon(),
         shapely.GeometryCollection([shapely.box(0, 5, 1, 6), shapely.LineString([(0, 0), (1, 1)])]),
         None]


def _svg(draw) -> str:
    fig = Figure(figsize=(3, 3), dpi=100)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(-1, 9)
    ax.set_ylim(-1, 7)
    ax.set_aspect("equal")   # as geo.maps._frame sets it; geopandas sets it for a series too
    ax.set_axis_off()        # the maps have no ticks; geopandas names the axes
    draw(ax)
    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "t"}):
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    return buf.getvalue()


def test_polygons_are_drawn_as_geopandas_draws_them():
    polys = gpd.GeoSeries(GEOMS[:3] + GEOMS[4:])
    style = dict(color="#e3e3e3", edgecolor="#333333", linewidth=0.9, hatch="//", alpha=0.5)
    ours = _svg(lambda ax: plot_polygons(ax, polys, **style))
    theirs = _svg(lambda ax: polys.plot(ax=ax, **style))
    assert "PatchCollection_1" in ours and "_GeoPandasPolyCollection_1" in theirs
    assert ours == theirs.replace("_GeoPandasPolyCollection_", "PatchCollection_")
    # the figure's background, the two patches (the third geometry is empty) and the hatch
    assert ours.count("<path ") == 4


def test_facecolor_and_a_collections_polygon_are_drawn_too():
    geoms = gpd.GeoSeries(GEOMS[3:4] + GEOMS[:1])
    ours = _svg(lambda ax: plot_polygons(ax, geoms, facecolor="#fafafa", edgecolor="#b8b8b8"))
    # geopandas draws the collection's line in a collection of its own: compare the polygons
    theirs = _svg(lambda ax: gpd.GeoSeries(list(GEOMS[3].geoms)[:1] + GEOMS[:1]).plot(
        ax=ax, facecolor="#fafafa", edgecolor="#b8b8b8"))
    assert ours == theirs.replace("_GeoPandasPolyCollection_", "PatchCollection_")


def test_nothing_to_draw_adds_nothing():
    fig = Figure()
    ax = fig.add_subplot()
    plot_polygons(ax, gpd.GeoSeries([shapely.Polygon(), None]), color="red")
    assert len(ax.collections) == 0


def test_no_class_is_left_in_the_legend_handler_map():
    before = len(Legend.get_default_handler_map())
    fig = Figure()
    ax = fig.add_subplot()
    for _ in range(3):
        plot_polygons(ax, gpd.GeoSeries(GEOMS[:2]), color="red")
    assert len(Legend.get_default_handler_map()) == before
    assert [type(c).__name__ for c in ax.collections] == ["PatchCollection"] * 3
    gpd.GeoSeries(GEOMS[:2]).plot(ax=ax)      # geopandas registers one class per call
    assert len(Legend.get_default_handler_map()) == before + 1
