"""What makes one study cheap (issue 30): per-store caches (data.storecache, the tables shared
per process), maps at print resolution (geo.maps.print_geometry), the "quem paga" base layer
drawn once per store (report.economic), and no tract reader without tracts."""

from __future__ import annotations

import base64
import io
import re
import subprocess
import sys
from pathlib import Path

import geopandas as gpd
import pytest
import shapely

from viabilidade.data import storecache
from viabilidade.data.store import load_store
from viabilidade.geo.maps import DEGREE_M, print_geometry

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
CANDIDATES = ROOT / "data" / "candidates"


@pytest.fixture(scope="module")
def store():
    return load_store(STORE)


def test_a_table_is_read_once_per_process_and_file_version(store):
    again = load_store(STORE)
    assert again is not store                       # each study its own store (own memos)
    assert again.boundaries is store.boundaries     # but the 16 MB mesh read once
    assert again.municipalities is store.municipalities


def test_a_store_of_another_digest_reads_its_own_tables_and_one_without_reads_none(store):
    from viabilidade.data.store import Store
    from viabilidade.errors import DataError

    other = Store(root=STORE, manifest={"tables": {"municipalities": {"sha256": "0" * 64}}})
    assert other.municipalities is not store.municipalities
    assert other.municipalities.equals(store.municipalities)
    bare = Store(root=STORE, manifest={"tables": {"municipalities": {}}})
    with pytest.raises(DataError, match=r"o manifesto não registra o seu sha256"):
        bare.municipalities  # hostile trial 8: read unchecked before


def test_print_geometry_stays_within_its_tolerance_of_the_mesh(store):
    abadiania = store.boundaries.set_index("cod_ibge").geometry["5200100"]
    simple = print_geometry(abadiania, 25.0)
    n_full, n_simple = shapely.get_num_coordinates(abadiania), shapely.get_num_coordinates(simple)
    assert n_full == 8136 and n_simple < n_full / 3     # 1 972 with GEOS 3.13
    # measured in metres, in the map's projection: never farther than the tolerance (about
    # half of it, since a degree of longitude is shorter than DEGREE_M at 16° S)
    both = gpd.GeoSeries([abadiania, simple], crs="EPSG:4674").to_crs("EPSG:31982")
    assert 5.0 < both.iloc[0].hausdorff_distance(both.iloc[1]) <= 25.0
    assert print_geometry(abadiania, 0) is abadiania
    assert DEGREE_M == 111_320.0


def test_the_study_map_is_drawn_at_print_resolution(store):
    from viabilidade.report.study_cells import load_study

    study = load_study(str(CANDIDATES / "posse-dabadia.toml"), study_date="2026-11-30")
    svg = base64.b64decode(re.search(r"base64,([^\"]*)", study.map_html).group(1))
    # all of Abadiânia's and its neighbours' vertices made 2,52 MB; at 0,05 mm of paper, 0,48 MB
    assert 200_000 < len(svg) < 700_000


def test_a_studys_economy_is_computed_once_for_its_chapter_and_its_record(monkeypatch):
    from viabilidade.fiscal import economy as eco
    from viabilidade.report import study_cells

    study = study_cells.load_study(str(CANDIDATES / "posse-dabadia.toml"),
                                   study_date="2026-11-30")
    calls = []
    real = eco.economy
    monkeypatch.setattr(eco, "economy", lambda *a: calls.append(a) or real(*a))
    html = study_cells.chapters(study)
    record = study_cells.economy_record(study)
    assert len(calls) == 1 and study.economy is not None
    assert "sec-economico" in html and record == eco.record(real(study.analysis, study.store))
    fusion = study_cells.load_study(str(CANDIDATES / "fusao-anhanguera-cumari.toml"),
                                    study_date="2026-11-30")
    study_cells.economy_record(fusion)
    study_cells.chapters(fusion)
    assert len(calls) == 2                       # the fusion's own, once


def test_store_bytes_computes_once_per_store_then_reads_the_disk(store, tmp_path, monkeypatch):
    monkeypatch.setenv("VIABILIDADE_CACHE", str(tmp_path))
    monkeypatch.setattr(storecache, "_MEMO", {})
    calls = []

    def make() -> bytes:
        calls.append(1)
        return b"camada"

    assert storecache.store_bytes(store, "x.bin", make, versions=("1",)) == b"camada"
    assert storecache.store_bytes(store, "x.bin", make, versions=("1",)) == b"camada"
    assert len(calls) == 1
    key = storecache.store_key(store, versions=("1",))
    assert (tmp_path / "store" / key / "x.bin").read_bytes() == b"camada"
    monkeypatch.setattr(storecache, "_MEMO", {})       # a new process: read from the disk
    assert storecache.store_bytes(store, "x.bin", make, versions=("1",)) == b"camada"
    assert len(calls) == 1
    # another code version (or store) is another entry
    assert storecache.store_bytes(store, "x.bin", lambda: b"outra", versions=("2",)) == b"outra"
    assert storecache.store_key(object()) is None


def test_the_who_pays_map_embeds_the_cached_base_as_is(store, tmp_path, monkeypatch):
    from viabilidade.fiscal.economy import economy
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import economic

    monkeypatch.setenv("VIABILIDADE_CACHE", str(tmp_path))
    monkeypatch.setattr(storecache, "_MEMO", {})
    e = economy(analyse(CANDIDATES / "posse-dabadia.toml", store=store), store)
    html = economic.who_pays_map(e, store, 3)
    (entry,) = (tmp_path / "store").iterdir()
    png = (entry / "quem-paga-base.png").read_bytes()
    svg = base64.b64decode(re.search(r"svg\+xml;base64,([^\"]*)", html).group(1)).decode()
    assert base64.b64encode(png).decode() in svg      # the 64-colour picture, byte for byte
    from PIL import Image

    picture = Image.open(io.BytesIO(png))
    # opaque (no alpha, no transparent colour): Typst then writes no soft mask for it
    assert (picture.mode, "transparency" in picture.info) == ("P", False)
    assert picture.convert("RGB").getpixel((0, 0)) == (255, 255, 255)   # the page's white
    assert len(svg) < 400_000                          # 3,6 MB of vector polygons before

    def refuse(*a):
        raise AssertionError("drawn again")

    monkeypatch.setattr(economic, "_coefficient_base", refuse)
    monkeypatch.setattr(storecache, "_MEMO", {})
    assert economic.who_pays_map(e, store, 3) == html  # read back from the disk, same figure


def test_a_study_without_tracts_does_not_import_the_tract_reader():
    code = ("import sys\nfrom viabilidade.report import study_cells as s\n"
            f"study = s.load_study({str(CANDIDATES / 'posse-dabadia.toml')!r})\n"
            "s.chapters(study); s.economy_record(study)\n"
            "print(sorted(m for m in ('pandera', 'viabilidade.data.tracts', "
            "'viabilidade.data.tabular') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
