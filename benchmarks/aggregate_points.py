"""Benchmark: sum 1,000,000 synthetic points inside a district-sized polygon.

Prints the wall-clock time of :func:`viabilidade.geo.aggregate.aggregate_points` (spatial
join) for a fixed seed. Run: ``.venv/bin/python benchmarks/aggregate_points.py``.
"""

from __future__ import annotations

import time

import geopandas as gpd
import numpy as np
import shapely

from viabilidade.geo.aggregate import aggregate_points

N = 1_000_000


def main() -> None:
    rng = np.random.default_rng(20221)
    # A ~300 km² irregular polygon near Posse d'Abadia (a district's size), lon/lat degrees.
    centre = shapely.Point(-48.95, -16.05)
    target = centre.buffer(0.09, quad_segs=32).intersection(
        shapely.box(-49.06, -16.16, -48.86, -15.99))
    lon = rng.uniform(-49.1, -48.8, N)
    lat = rng.uniform(-16.2, -15.9, N)
    t0 = time.perf_counter()
    pts = gpd.GeoDataFrame({"pessoas": rng.integers(0, 6, N)},
                           geometry=gpd.points_from_xy(lon, lat), crs="EPSG:4674")
    t1 = time.perf_counter()
    out = aggregate_points(pts, target, ["pessoas"])
    t2 = time.perf_counter()
    print(f"points: {N:,}")
    print(f"build GeoDataFrame: {t1 - t0:.2f} s")
    print(f"aggregate_points (sjoin within): {t2 - t1:.2f} s")
    print(f"points inside: {int(out['n_points'].iloc[0]):,}; pessoas: {int(out['pessoas'].iloc[0]):,}")


if __name__ == "__main__":
    main()
