"""What the store build derives from the Localidades 2022 archive, kept on disk between builds.

Reading the 246 KMLs (:func:`viabilidade.data.localidades.read_localidades`), measuring the
geodesic areas of their 1,46 million vertices, checking the coverage and simplifying it for
maps cost about 11 s of CPU, three quarters of a cold build; every result depends only on the
archive's bytes and on the code that reads and derives it. They are kept in
``<cache>/localidades/<key>/`` (:func:`viabilidade.common.cache.cache_dir`), where ``key`` is
the SHA-256 of the archive, of the source of the modules that read and derive it
(:data:`CODE`) and of the GEOS, GDAL and PROJ versions. Geometries are kept as WKB (every
coordinate exactly), so a build from the cache writes the same bytes as one without.

Best effort: an entry that cannot be written or read (full disk, a truncated file) is
computed again; the mesh of an archive the build refuses is not kept.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import shapely

from ..common.cache import cache_dir, prune
from .provenance import sha256

_HERE = Path(__file__).resolve().parent
#: The modules whose source is part of the key: the reader, the repair, the area measure,
#: this module (a change to any of them makes a new entry).
CODE = (_HERE / "localidades.py", _HERE / "geometry.py", _HERE.parent / "common" / "geodesy.py",
        Path(__file__).resolve())
#: Entries kept (the most recently used); older ones are removed when a new one is written.
KEEP = 3


def _versions() -> str:
    import pyogrio
    import pyproj

    return f"geos {shapely.geos_version_string}; gdal {pyogrio.__gdal_version_string__}; " \
           f"proj {pyproj.proj_version_str}"


def key(archive: Path) -> str:
    """The entry's key: SHA-256 of the archive's digest, the code's source and the versions."""
    h = hashlib.sha256(sha256(archive).encode())
    for f in CODE:
        h.update(f.read_bytes())
    h.update(_versions().encode())
    return h.hexdigest()


class MeshCache:
    """The cache entry of one archive; each value is computed at its first request.

    Parameters
    ----------
    archive : Path
        The Localidades 2022 archive.
    """

    def __init__(self, archive: Path):
        self.archive = Path(archive)
        try:
            self.root = cache_dir() / "localidades"
            self.folder = self.root / key(self.archive)
        except OSError:  # archive unreadable: the reader names it
            self.root = self.folder = None

    _pending = None

    def keep(self) -> None:
        """Keep the mesh, seats and vilas just read (once the build has checked them: a
        mesh refused by the build is not kept)."""
        loc, self._pending = self._pending, None
        if loc is None:
            return
        self.frame("seats", lambda: loc.seats)
        self.frame("vilas", lambda: loc.vilas)
        mesh = pd.DataFrame({"cod_ibge": loc.mesh["cod_ibge"], "nome": loc.mesh["nome"],
                             "wkb": shapely.to_wkb(loc.mesh.geometry.to_numpy())})
        self.frame("mesh", lambda: mesh)  # last: an entry without it is read again

    # -- storage -------------------------------------------------------------------------
    def _write(self, name: str, write: Callable[[Path], None]) -> None:
        if self.folder is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=f".{name}.")
            os.close(fd)
            write(Path(tmp))
            os.replace(tmp, self.folder / name)
        except OSError:
            try:
                os.unlink(tmp)
            except (OSError, UnboundLocalError):
                pass
            return
        self._prune()

    def _prune(self) -> None:
        prune(self.root, KEEP, self.folder)

    def _read(self, name: str, read: Callable[[Path], object]):
        if self.folder is None or not (self.folder / name).is_file():
            return None
        try:
            value = read(self.folder / name)
            os.utime(self.folder)  # recently used
            return value
        except Exception:  # noqa: BLE001 — a damaged entry is computed again
            return None

    def value(self, name: str, compute: Callable[[], object]):
        """A JSON value (``None``, text, numbers, lists, dicts of them)."""
        got = self._read(f"{name}.json", lambda p: json.loads(p.read_text(encoding="utf-8")))
        if got is not None:
            return got["value"]
        value = compute()
        self._write(f"{name}.json", lambda p: p.write_text(json.dumps({"value": value}),
                                                           encoding="utf-8"))
        return value

    def frame(self, name: str, compute: Callable[[], pd.DataFrame]) -> pd.DataFrame:
        """A table without geometry (columns and dtypes as computed)."""
        got = self._read(f"{name}.parquet", lambda p: pq.read_table(p).to_pandas())
        if got is not None:
            return got
        df = compute()
        self._write(f"{name}.parquet", lambda p: pq.write_table(
            pa.Table.from_pandas(df, preserve_index=False), p, compression="zstd",
            compression_level=1))
        return df

    def geometries(self, name: str, compute: Callable[[], np.ndarray]) -> np.ndarray:
        """An array of geometries, kept as WKB (exact coordinates)."""
        got = self._read(f"{name}.parquet", lambda p: shapely.from_wkb(
            pq.read_table(p).column("wkb").to_numpy(zero_copy_only=False)))
        if got is not None:
            return got
        geoms = compute()
        self._write(f"{name}.parquet", lambda p: pq.write_table(
            pa.table({"wkb": pa.array(list(shapely.to_wkb(geoms)), pa.binary())}), p,
            compression="zstd", compression_level=1))
        return geoms


def read_localidades_cached(archive: Path):
    """:func:`viabilidade.data.localidades.read_localidades` through the cache.

    Returns
    -------
    (Localidades, MeshCache)
        The archive's mesh, seats and vilas, equal to the reader's, and the entry where the
        build keeps what it derives from the mesh (areas, coverage, map geometry); a mesh
        just read is written to the cache by :meth:`MeshCache.keep`, once checked.
    """
    import geopandas as gpd

    from .geometry import SIRGAS2000
    from .localidades import Localidades, read_localidades

    entry = MeshCache(archive)
    parts = {}
    for name in ("mesh", "seats", "vilas"):
        parts[name] = entry._read(f"{name}.parquet", lambda p: pq.read_table(p).to_pandas())
    if any(v is None for v in parts.values()):
        entry._pending = read_localidades(archive)
        return entry._pending, entry
    m = parts["mesh"]
    mesh = gpd.GeoDataFrame({"cod_ibge": m["cod_ibge"], "nome": m["nome"]},
                            geometry=shapely.from_wkb(m["wkb"].to_numpy()), crs=SIRGAS2000)
    return Localidades(mesh=mesh, seats=parts["seats"], vilas=parts["vilas"]), entry


__all__ = ["CODE", "KEEP", "MeshCache", "key", "read_localidades_cached"]
