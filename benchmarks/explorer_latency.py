"""Latency of the explorer's Python side: from an interaction to the new conclusion, and to the end.

Run: ``.venv/bin/python benchmarks/explorer_latency.py [--repeat N] [--profile]``.
Prints figures; asserts nothing.

The :class:`viabilidade.explore.widgets.Explorer` is built with its real ipyleaflet map, and
driven as the kernel drives it when the browser sends a change: a control's ``value`` is set
(the picker, the Limiares boxes, the readings), the map's click and draw callbacks are called
with the event the front end sends (a GeoJSON feature's ``properties``, the DrawControl's
``geo_json``). Every widget message is serialised as the kernel's session serialises it
(:func:`jupyter_client.session.json_packer`), so sending a big layer costs here what it costs
in the kernel; the bytes sent per interaction are counted. The session is kept in a temporary
state file, as the notebook keeps it beside the candidates.

For each interaction:

* **conclusão**: from the change to the moment the verdict pane (the conclusion: verdict,
  its sentence, the area) is given its new value — a traitlets validator on that pane's
  ``value`` sees every assignment, even one that leaves the text as it was;
* **fim**: to the end of the update (the call returns: rule table, totals, margins and their
  chart, the map's layers, the territory image, the session).

Median and maximum over ``--repeat`` repetitions after one warm-up round. An interaction that
changes the area starts without the profiles the explorer keeps (:data:`NEW_AREA`); with
``--cold`` also without anything the package keeps per store or process (:func:`forget`: the
first visit of an origin in a new kernel). A reading or threshold change uses them, as in
the explorer. The result tabs are on «Regras»: the margin
chart and the territory map are drawn when their tab is opened, timed as two more rows. With ``--profile``
one more round runs under cProfile and the top costs (cumulative) are printed.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

POSSE, OLHOS = "520010010", "520030810"            # Posse d'Abadia (Abadiânia); Olhos d'Água (Alexânia)
SANTA_ROSA, BEZERRA = "520800410", "520800407"     # districts of Formosa
AGUAS_LINDAS, SANTO_ANTONIO = "5200258", "5219753"  # a municipality and the one it left


#: Interactions that change the area start with the explorer's profile memo emptied, as the
#: first visit of an area would (the store's caches, such as the district cells of an origin
#: already seen, stay: the warm-up round filled them).
NEW_AREA = ("escolher", "clique", "polígono")


class _Wire:
    """Counts and serialises every message the widgets send (as the kernel's session would)."""

    def __init__(self):
        self.bytes = 0

    def install(self):
        import comm
        from jupyter_client.session import json_packer

        wire = self

        class SerialisingComm(comm.DummyComm):
            def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
                wire.bytes += len(json_packer({"data": data, "metadata": metadata or {}}))
                wire.bytes += sum(len(memoryview(b)) for b in buffers or ())

        comm.create_comm = lambda *a, **k: SerialisingComm(*a, **k)


class _Clock:
    """Time of the first assignment to the verdict pane after :meth:`start`."""

    def __init__(self, pane):
        self.t0 = self.shown = None
        pane._register_validator(self._assigned, ("value",))

    def _assigned(self, _obj, proposal):
        if self.t0 is not None and self.shown is None:
            self.shown = time.perf_counter()
        return proposal["value"]

    def start(self):
        self.shown = None
        self.t0 = time.perf_counter()

    def stop(self):
        end = time.perf_counter()
        self.t0, t0 = None, self.t0
        return (None if self.shown is None else self.shown - t0), end - t0


def drawn_polygon(store, district: str) -> dict:
    """A polygon as the DrawControl delivers it: part of the district's municipality, a box of
    about 12 km around the district's seat point cut by the municipality, simplified to ~20
    vertices (longitude first, closed ring, 6 decimals as Leaflet gives)."""
    import shapely

    from viabilidade.geo.districts import seats_of_districts

    pt = seats_of_districts(store, (district,)).iloc[0]
    owner = store.districts.set_index("cod_distrito").at[district, "cod_ibge"]
    muni = store.boundaries.set_index("cod_ibge").loc[owner, "geometry"]
    box = shapely.box(pt["lon"] - 0.06, pt["lat"] - 0.06, pt["lon"] + 0.06, pt["lat"] + 0.06)
    part = muni.intersection(box).simplify(0.004)
    if part.geom_type != "Polygon":
        part = max(part.geoms, key=lambda g: g.area)
    ring = [[round(x, 6), round(y, 6)] for x, y in part.exterior.coords]
    return {"type": "Feature", "properties": {"style": {}},
            "geometry": {"type": "Polygon", "coordinates": [ring]}}


def interactions(ex, store):
    """(label, set-up, action) in the order run; set-up is untimed."""
    from viabilidade.explore.widgets import RESULT_TABS

    c = ex.controls
    polygon = drawn_polygon(store, POSSE)

    def pick(code):
        return lambda: setattr(c["unit"], "value", code)

    def click(code):
        return lambda: ex.map._clicked(properties={"code": code})

    def draw():
        ex.map._drawn(action="created", geo_json=polygon)

    def delete():
        ex.map._drawn(action="deleted", geo_json={**polygon, "geometry": ex.map.drawn})

    def reading(value):
        return lambda: setattr(c["perimeter"], "value", value)

    def threshold(text):
        return lambda: setattr(c["population"], "value", text)

    def tab(title):
        return lambda: setattr(ex._results_tab, "selected_index", RESULT_TABS.index(title))

    return [
        ("escolher distrito (Posse d'Abadia)", pick(OLHOS), pick(POSSE)),
        ("escolher município (Águas Lindas)", None, pick(AGUAS_LINDAS)),
        ("escolher a origem do município", None, lambda: setattr(c["origin"], "value", SANTO_ANTONIO)),
        ("clique: somar distrito (Bezerra)", pick(SANTA_ROSA), click(BEZERRA)),
        ("clique: retirar distrito (Bezerra)", None, click(BEZERRA)),
        ("leitura I-4: perímetro urbano", None, reading("all-urban")),
        ("leitura I-4: volta à sede", None, reading("seat")),
        ("limiar art. 4º, IV: 3.500", None, threshold("3.500")),
        ("limiar art. 4º, IV: volta a 3.000", None, threshold("3.000")),
        ("polígono desenhado (Abadiânia)", pick(POSSE), draw),
        ("polígono apagado", None, delete),
    ] + ([("abrir a aba Margens (gráfico)", None, tab("Margens")),
          ("abrir a aba Território (mapa)", tab("Regras"), tab("Território"))]
         if getattr(ex, "_results_tab", None) is not None else [])   # older explorers draw at once


def forget(ex, store, everything: bool) -> None:
    """Before an interaction that changes the area: the explorer's profiles are dropped; with
    ``everything`` also what the package keeps per store or process (district points and
    cells, tracts' unions, measured areas, projections, the map's district territories): the
    first visit of an origin in a new kernel."""
    if hasattr(ex, "_memo"):
        ex._memo = type(ex._memo)()
    if not everything:
        return
    import viabilidade.explore.leaflet_map as lm

    for key in [k for k in getattr(store, "_cache", {}) if not isinstance(k, str)]:
        del store._cache[key]
    getattr(lm, "_TERRITORIES", {}).clear()
    try:
        from viabilidade.common import geodesy
        from viabilidade.geo import distance

        from viabilidade.geo import shape

        geodesy._AREAS.clear()
        distance._AEQD.cache = {}
        shape._TABLE_OF.clear()
    except (ImportError, AttributeError):
        pass


def one_round(ex, store, clock, wire, times=None, cold=False):
    for label, setup, action in interactions(ex, store):
        if setup is not None:
            setup()
        if label.startswith(NEW_AREA):
            forget(ex, store, cold)
        sent = wire.bytes
        clock.start()
        action()
        shown, end = clock.stop()
        if times is not None:
            times.setdefault(label, []).append((shown, end, wire.bytes - sent))
    if getattr(ex, "_results_tab", None) is not None:
        ex._results_tab.selected_index = 0      # back on «Regras», as the round began


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--profile", action="store_true", help="profile one more round (cProfile)")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--cold", action="store_true",
                    help="before each change of area forget every cache, not only the profiles")
    args = ap.parse_args()

    wire = _Wire()
    wire.install()
    from viabilidade.data.store import load_store
    from viabilidade.explore.widgets import Explorer

    store = load_store(REPO / "data" / "processed")
    t = time.perf_counter()
    import tempfile

    # The session kept beside the candidates, as the notebook does (written at every change).
    state = Path(tempfile.mkdtemp(prefix="viabilidade-latencia-")) / "estado.json"
    ex = Explorer(store, state_file=state)
    ex.widget()                 # the layout, as the notebook and Voilà show it (result tabs)
    opened = time.perf_counter() - t
    clock = _Clock(ex.panes["verdict"])
    t = time.perf_counter()
    one_round(ex, store, clock, wire)             # warm-up: imports, first reads, caches
    warm = time.perf_counter() - t
    times: dict[str, list] = {}
    for _ in range(args.repeat):
        one_round(ex, store, clock, wire, times, cold=args.cold)

    load = os.getloadavg()
    print(f"Explorer (ipyleaflet map, widget messages serialised): aberto em {opened:.2f} s; "
          f"rodada de aquecimento {warm:.1f} s; {args.repeat} repetições; "
          f"{'todos os caches esquecidos' if args.cold else 'perfis esquecidos'} a cada nova área; "
          f"carga média (1/5 min) {load[0]:.1f}/{load[1]:.1f} em {os.cpu_count()} núcleos")
    print(f"{'interação':<38} {'conclusão med/máx (s)':>22} {'fim med/máx (s)':>18} {'enviado (kB)':>13}")
    for label, rows in times.items():
        shown = [r[0] for r in rows if r[0] is not None]
        end = [r[1] for r in rows]
        kb = statistics.median(r[2] for r in rows) / 1000
        concl = (f"{statistics.median(shown):>10.3f} / {max(shown):<9.3f}" if shown
                 else f"{'—':>10}   {'':<9}")
        print(f"{label:<38} {concl} {statistics.median(end):>8.3f} / {max(end):<7.3f} {kb:>12.1f}")
    allshown = [r[0] for rows in times.values() for r in rows if r[0] is not None]
    allend = [r[1] for rows in times.values() for r in rows]
    print(f"{'pior caso':<38} {'':>10}   {max(allshown):<9.3f} {'':>8}   {max(allend):<7.3f}"
          "   (metas: conclusão < 0,3 s; fim < 0,8 s)")

    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        one_round(ex, store, clock, wire)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats("viabilidade|json|ipyleaflet|comm", args.top)
        print(out.getvalue())


if __name__ == "__main__":
    main()
