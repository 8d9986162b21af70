"""Census tracts in the store and in a drawn area's figures, with the FICTITIOUS tract fixture.

``tests/fixtures/setores_ficticios/`` (README there) holds six invented tracts over
Abadiânia (5200100), in the IBGE file formats and names: their counts are invented, summing
per district to the real Censo 2022 district totals. The product never ships them: the
committed store has no ``tracts`` table. The expected values below are the fixture's, not
facts about Abadiânia.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import shapely

from viabilidade.proposal.candidate import load_candidate
from viabilidade.data.store import build_store, load_store
from viabilidade.errors import DataError
from viabilidade.geo.area_file import read_area
from viabilidade.geo.districts import district_cells
from viabilidade.geo.measure import geodesic_area_km2
from viabilidade.geo.tracts import apportion_tracts, district_polygons
from viabilidade.profile.build import build_profile
from viabilidade.rules import Settings
from viabilidade.rules.result import Basis

REPO = Path(__file__).resolve().parents[1]
STORE = REPO / "data" / "processed"
RAW = REPO.parent.parent / "shared" / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
FICT = FIXTURES / "setores_ficticios"
MESH = FICT / "geo" / "GO_setores_CD2022.gpkg"
BASIC = FICT / "census" / "CD2022_Agregados_por_setores_basico_GO.csv"

pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")


def _raw_with_tracts(tmp: Path) -> Path:
    """The project's raw folder, copied file by file (a link leaving the raw folder is
    refused), plus the fictitious tract files."""
    raw = Path(os.environ.get("VIABILIDADE_RAW", "/work/shared/data"))
    if not raw.is_dir():
        pytest.skip("raw folder (shared/data) not available")
    out = tmp / "raw"
    for folder in raw.iterdir():
        if folder.is_dir():
            (out / folder.name).mkdir(parents=True)
            for f in folder.iterdir():
                shutil.copy(f, out / folder.name / f.name)
    shutil.copy(MESH, out / "geo" / MESH.name)
    shutil.copy(BASIC, out / "census" / BASIC.name)
    return out


def _inputs_key() -> str:
    """SHA-256 (first 12 digits) of what the tract store is built from: each raw file's path,
    size and modification time, and the two fixture files' bytes."""
    import hashlib

    raw = Path(os.environ.get("VIABILIDADE_RAW", "/work/shared/data"))
    h = hashlib.sha256()
    for f in sorted(raw.glob("*/*")) if raw.is_dir() else ():
        st = f.stat()
        h.update(f"{f.relative_to(raw)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    for f in (MESH, BASIC):
        h.update(hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()[:12]


def shared_tract_store(tmp_path_factory) -> Path:
    """The store of :func:`_raw_with_tracts`, built once per test run (conftest.once_per_run,
    keyed by :func:`_inputs_key`) for every module that reads it (this one and
    test_legal_items5, which built the same store again: about 10 s of a warm build each);
    the folder is only read. Its raw copy is removed once the store is built."""
    from conftest import once_per_run

    def build(folder: Path) -> None:
        build_store(_raw_with_tracts(folder), folder / "store")
        shutil.rmtree(folder / "raw")

    return once_per_run(tmp_path_factory, f"setores-{_inputs_key()}", build) / "store"


@pytest.fixture(scope="module")
def tract_store(tmp_path_factory):
    return load_store(shared_tract_store(tmp_path_factory))


@pytest.fixture(scope="module")
def drawn():
    return read_area(FIXTURES / "posse-dabadia-desenhada.kml")


def test_the_committed_store_ships_no_tracts():
    store = load_store(STORE)
    assert store.tracts is None and "tracts" not in store.manifest["tables"]


def test_data_build_takes_the_tracts_when_present(tract_store):
    t = tract_store.tracts
    assert list(t["cod_setor"]) == ["520010005900001", "520010005900002", "520010005900003",
                                    "520010010900001", "520010010900002", "520010010900003"]
    assert list(t["situacao"]) == ["Urbana", "Urbana", "Rural", "Urbana", "Rural", "Rural"]
    assert list(t["cd_sit"]) == ["1", "2", "8", "1", "8", "8"]
    assert t.groupby("cod_distrito")["populacao"].sum().to_dict() == {"520010005": 14187,
                                                                      "520010010": 3045}
    rec = tract_store.manifest["tables"]["tracts"]
    assert rec["rows"] == 6
    assert [f["path"] for p in rec["provenance"] for f in p["files"]] == [
        "geo/GO_setores_CD2022.gpkg", "census/CD2022_Agregados_por_setores_basico_GO.csv"]


def test_a_drawn_area_is_apportioned_by_tracts(tract_store, drawn):
    est = apportion_tracts(tract_store, drawn)
    u = est.units.set_index("cod_setor")
    assert list(u.index) == ["520010010900001", "520010010900002", "520010010900003"]
    assert list(u["split"]) == [False, True, True]
    assert u.at["520010010900002", "share"] == pytest.approx(0.065527, abs=1e-5)
    assert u.at["520010010900003", "share"] == pytest.approx(0.244190, abs=1e-5)
    assert est.counts() == (1, 2) and not est.exact()
    # 2.200 of the whole urban tract, exactly, + 500 × 0,0655 + 345 × 0,2442 of the split ones
    value, unc = est.value("populacao")
    assert value == pytest.approx(2200 + 500 * 0.065527 + 345 * 0.244190, abs=0.01)
    assert (round(value, 2), round(unc, 2)) == (2317.01, 727.99)
    # the uncertainty is the split tracts' only: 500 × (1 − 0,0655) + 345 × (1 − 0,2442)
    assert unc == pytest.approx(500 * (1 - 0.065527) + 345 * (1 - 0.244190), abs=0.01)
    # art. 4 VI: occupied households of the urban tracts inside — the one whole urban tract
    assert est.value("domicilios_ocupados", urban=True) == (850.0, 0.0)


def test_an_area_made_of_whole_tracts_is_exact(tract_store):
    t = tract_store.tracts.set_index("cod_setor").geometry
    union = shapely.union_all([t["520010010900001"], t["520010010900002"]])
    est = apportion_tracts(tract_store, union)
    assert est.exact() and est.counts() == (2, 0)
    assert est.value("populacao") == (2700.0, 0.0)
    assert est.value("domicilios_ocupados", urban=True) == (850.0, 0.0)


def test_profile_of_a_drawn_area_with_tracts(tract_store):
    p = build_profile(load_candidate(FIXTURES / "posse-dabadia-desenhada.toml"), tract_store,
                      Settings())
    pop = p.area.population
    assert (pop.value, pop.uncertainty, pop.basis) == (2317, 728.0, Basis.ESTIMATED)
    assert pop.note.startswith("estimado (população) pelos setores censitários: 1 setor inteiro "
                               "dentro da área conta exatamente; 2 setores cortados pela divisa "
                               "contam pela fração da área de cada um dentro dela (setor "
                               "520010010900002: 6,55\u00a0% da área do setor; setor "
                               "520010010900003: 24,42\u00a0% da área do setor); incerteza = o "
                               "maior erro possível nos setores cortados")
    assert "setor 520010010900002: 6,55\u00a0% da área do setor" in pop.note
    assert p.area.buildings.value == 850 and p.area.buildings.uncertainty == 425.0
    assert "setores urbanos" in p.area.buildings.note
    assert p.area.electors.basis == Basis.ESTIMATED
    assert "o TSE não publica eleitorado por setor censitário" in p.area.electors.note
    rem = p.remainders["5200100"]
    assert (rem.population.value, rem.population.uncertainty) == (14187 + 3045 - 2317, 728.0)


def test_profile_of_an_area_that_is_whole_tracts_is_published(tract_store, tmp_path):
    t = tract_store.tracts.set_index("cod_setor").geometry
    union = shapely.union_all([t["520010010900001"], t["520010010900002"]])
    (tmp_path / "area.geojson").write_text(json.dumps({
        "type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
                                                   "geometry": shapely.geometry.mapping(union)}]}),
        encoding="utf-8")
    (tmp_path / "c.toml").write_text(
        'operation = "create-municipality"\nname = "Posse d\'Abadia"\nseat = "Posse d\'Abadia"\n'
        '[area]\nboundary = "area.geojson"\n[origin]\nmunicipalities = ["5200100"]\n',
        encoding="utf-8")
    p = build_profile(load_candidate(tmp_path / "c.toml"), tract_store, Settings())
    pop = p.area.population
    assert (pop.value, pop.uncertainty, pop.basis) == (2700, None, Basis.PUBLISHED)
    assert pop.note == ("publicado: soma de população dos 2 setores censitários que formam a "
                        "área (a área é exatamente a união de setores inteiros)")
    assert p.area.electors.basis == Basis.ESTIMATED   # no electorate per tract exists


def test_district_limits_come_from_the_tracts(tract_store):
    polys = district_polygons(tract_store, ["5200100"]).set_index("cod_distrito")
    t = tract_store.tracts
    for code in ("520010005", "520010010"):
        parts = t[t["cod_distrito"] == code].geometry
        assert geodesic_area_km2(polys.geometry[code]) == pytest.approx(
            sum(geodesic_area_km2(g) for g in parts), rel=1e-9)
    cells = district_cells(tract_store, ["5200100"]).set_index("cod_distrito")
    assert list(cells["limite"]) == ["setores", "setores"]
    assert cells.geometry["520010010"].equals(polys.geometry["520010010"])
    # without tracts the same call gives the approximate cells
    assert set(district_cells(load_store(STORE), ["5200100"])["limite"]) == {"aproximado"}


def test_bad_tract_counts_are_all_named(tmp_path):
    text = BASIC.read_bytes().decode("latin-1").split("\r\n")
    rows = [text[0], text[1].replace('"520010005900001"', '"52001000590001"'),
            text[2].replace('"1200"', '"1200,5"'), text[3]]
    bad = tmp_path / "CD2022_Agregados_por_setores_basico_GO.csv"
    bad.write_bytes("\r\n".join(rows + [""]).encode("latin-1"))
    from viabilidade.data.tracts import read_tract_counts

    with pytest.raises(DataError) as e:
        read_tract_counts(bad)
    assert str(e.value) == (
        f"arquivo {bad.name}: 2 problemas: linha 2, coluna CD_SETOR: encontrado '52001000590001'; "
        "esperado um código de setor de Goiás com 15 algarismos (52…); linha 3, coluna "
        "v0001: encontrado '1200,5'; esperado um número inteiro maior ou igual a zero")


def test_the_map_and_study_name_the_ibge_district_limit(tract_store):
    import html as html_lib

    from viabilidade.profile.analysis import analyse
    from viabilidade.geo.maps import APPROX_LABEL
    from viabilidade.geo.study_map import candidate_map
    from viabilidade.geo.tracts import TRACT_LIMIT_LABEL
    from viabilidade.report import oficios
    from viabilidade.report.study_cells import map_html

    posse = REPO / "data" / "candidates" / "posse-dabadia.toml"
    c = load_candidate(posse)
    fig = candidate_map(c, tract_store, source="Fonte: teste.")
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert TRACT_LIMIT_LABEL in labels and APPROX_LABEL not in labels
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "limite de distrito\nsegundo a malha de setores do IBGE 2022" in texts
    a = analyse(posse, store=tract_store)
    from viabilidade.geo.territory import split_territory

    page = html_lib.unescape(map_html(a, tract_store, split_territory(c, tract_store.boundaries)))
    assert ("A área aparece pelo limite de distrito segundo a malha de setores do IBGE 2022 "
            "(os setores censitários de cada distrito reunidos).") in page
    assert "não é limite legal" not in page and "Malha de Setores Censitários" in page
    assert ("com o limite dos distritos da área segundo a malha de setores do IBGE 2022 "
            "hachurado e tracejado") in page and "território aproximado" not in page
    assert oficios.annex_words(c, tract_store, True, False) == (
        "Anexo: mapa de localização da área proposta (limite de distrito segundo a malha de "
        "setores do IBGE 2022).",
        "O mapa mostra o limite de distrito segundo a malha de setores do IBGE 2022 (os setores "
        "censitários de cada distrito reunidos). Os limites legais da área são os descritos na "
        "lei municipal de criação do distrito (art. 18), pedida à Prefeitura Municipal de "
        "Abadiânia, e por isso não se anexa memorial descritivo.")


def test_the_urban_core_of_districts_and_municipalities_counts_urban_tracts(tract_store):
    from viabilidade.profile.analysis import analyse

    posse = REPO / "data" / "candidates" / "posse-dabadia.toml"
    p = analyse(posse, store=tract_store).profile
    # Posse d'Abadia's one urban tract: 850 occupied households, not the district's 1.178
    b = p.area.buildings
    assert (b.value, b.uncertainty, b.basis) == (850, 425.0, Basis.ESTIMATED)
    assert b.note.startswith("domicílios particulares ocupados dos setores censitários urbanos "
                             "(situação urbana, CD_SIT 1 a 3; Censo 2022) como aproximação")
    # what stays of Abadiânia: its two urban tracts, 3.900 + 400
    assert p.remainders["5200100"].buildings.value == 4300
    assert p.origins["5200100"].buildings.value == 3900 + 400 + 850
    # without tracts, all occupied households of the district (Censo 2022)
    assert analyse(posse, store=load_store(STORE)).profile.area.buildings.value == 1178


def test_with_tracts_the_study_no_longer_says_the_data_have_no_district_polygons(tract_store):
    from viabilidade.profile.analysis import analyse
    from viabilidade.rules import art18

    posse = REPO / "data" / "candidates" / "posse-dabadia.toml"
    a = analyse(posse, store=tract_store)
    assert a.profile.territory.details["no_geometry_reason"] == (
        "nos dados, os distritos da área têm só o limite de distrito segundo a malha de setores "
        "do IBGE 2022: o estudo mede sobre ele só a continuidade do remanescente (art. 4º, "
        "III); para os demais requisitos territoriais falta o memorial descritivo ou o arquivo "
        "de limites da área (area.boundary)")
    assert art18.limits_note(a.candidate, tracts=True).startswith(
        "Memorial a elaborar: a área não tem divisas desenhadas (nos dados há só o limite de "
        "distrito segundo a malha de setores do IBGE 2022, não o da área)")
    plain = analyse(posse, store=load_store(STORE)).profile.territory.details
    assert plain["no_geometry_reason"].startswith("não há polígonos de distritos nos dados")


def test_item_III_is_measured_on_the_district_limits(tract_store, tmp_path, monkeypatch):
    """Legal item 1: art. 4 § 2 gives III to no body, so a creation by whole districts
    measures it on the districts' limits of the tract mesh (Abadiânia without Posse d'Abadia
    is the one district Abadiânia: one piece); the IBGE's statement is only a subsidy. With
    every act checked the certified creation is then proven, and still barred. Today is the
    fixture's study date, 01/06/2027, after its acts: before them, they are hypotheses of the
    simulation and prove nothing (legal10 S2, legal11 S3; test_legal11.held_certified)."""
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")
    from test_rules_fixtures import checked_copy
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import conclusion
    from viabilidade.rules.certification import summary

    posse = REPO / "data" / "candidates" / "posse-dabadia.toml"
    r = {x.rule_id: x for x in analyse(posse, store=tract_store).results}["art4.III"]
    assert (str(r.status), str(r.basis), r.certifier) == ("pass", "measured", "(geometria)")
    assert r.reason == ("Abadiânia: o remanescente permanece contínuo (medido sobre o limite de "
                        "distrito segundo a malha de setores do IBGE 2022).")
    assert r.source.startswith("IBGE, Malha de Setores Censitários")
    certified = REPO / "tests" / "candidates" / "posse-dabadia-certificada.toml"
    a = analyse(checked_copy(certified, tmp_path), store=tract_store)
    r = {x.rule_id: x for x in a.results}["art4.III"]
    assert str(r.status) == "pass" and r.reason.endswith(
        "Subsídio: a declaração do IBGE (IBGE, Ofício nº 101/2027 — Superintendência Estadual "
        "do IBGE em Goiás, de 10/03/2027) diz o remanescente contínuo; o art. 4º, § 2º não "
        "atribui o item III a órgão algum, e a declaração não decide o requisito.")
    assert summary(a.results, a.candidate)["conclusive"] is True
    assert conclusion.analysis_conclusion(a) == (
        "Requisitos dos arts. 2º e 4º da LC nº 2/1990 comprovados por documentos conferidos com "
        "os originais; plebiscito sem efeito (sem a lei complementar federal; TSE, PA "
        "0602003-69); estudo conclusivo; a criação está vedada enquanto não editada a lei "
        "complementar federal (CF, art. 18, § 4º).")
    # a statement that disagrees with the measurement does not decide: it is flagged
    text = checked_copy(certified, tmp_path).read_text(encoding="utf-8")
    other = tmp_path / "other"
    other.mkdir()
    (other / certified.name).write_text(text.replace("continuity = true", "continuity = false"),
                                        encoding="utf-8")
    r = {x.rule_id: x for x in analyse(other / certified.name, store=tract_store).results}["art4.III"]
    assert str(r.status) == "pass" and r.reason.endswith(
        "A declaração diverge da medição: é preciso conferir o traçado.")


def test_one_tract_file_without_the_other_is_refused(tmp_path):
    from viabilidade.data.tracts import tract_files

    assert tract_files(tmp_path) is None
    (tmp_path / "geo").mkdir()
    (tmp_path / "geo" / MESH.name).symlink_to(MESH)
    with pytest.raises(DataError) as e:
        tract_files(tmp_path)
    assert str(e.value) == (
        f"arquivo {MESH.name}: a malha de setores está na pasta, mas faltam os agregados por "
        "setores census/CD2022_Agregados_por_setores_basico_GO.csv; esperados os dois arquivos "
        "dos setores censitários, ou nenhum")


def test_the_area_chapter_says_what_the_tracts_give(tract_store):
    import html as html_lib

    from viabilidade.profile.analysis import analyse
    from viabilidade.report.sections import area as area_section

    posse = REPO / "data" / "candidates" / "posse-dabadia.toml"
    a = analyse(posse, store=tract_store)
    text = html_lib.unescape(str(area_section(a, tract_store, map_html="<svg/>")))
    assert ("A área não tem polígono nos dados usados (os distritos têm só o limite de distrito "
            "segundo a malha de setores do IBGE 2022, sobre o qual o estudo mede só a "
            "continuidade do art. 4º, III, e o "
            "candidato não trouxe arquivo de limites): o mapa mostra o limite de distrito "
            "segundo a malha de setores do IBGE 2022;") in text
    assert "território aproximado" not in text


def test_the_bill_note_says_the_data_hold_only_the_ibge_district_limit(tract_store):
    from viabilidade.profile.analysis import analyse
    import datetime as dt

    from viabilidade.report.bill import build_bill
    from viabilidade.report.oficios_settings import OficiosSettings

    author = OficiosSettings.from_toml(FIXTURES / "oficios.toml")
    posse = REPO / "data" / "candidates" / "posse-dabadia.toml"
    bill = build_bill(analyse(posse, store=tract_store), tract_store, author=author.proposer,
                      process=author.process, date=dt.date(2026, 12, 1))
    assert ("Anexo I (memorial descritivo dos limites; art. 3º da LC nº 2/1990): ainda a "
            "redigir. Os dados trazem só o limite de distrito segundo a malha de setores do IBGE "
            "2022, não um memorial da área, e a lei municipal que criou o distrito, cujos "
            "limites ele seguiria, não tem número nem data nos dados; o memorial virá do "
            "levantamento do agrimensor ou de um polígono desenhado, informado no arquivo da "
            "candidatura") in bill.notes
