"""Screening of the 81 non-seat districts (viabilidade.statewide.views.screening) on the processed store."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pandas as pd
import pytest

from viabilidade.statewide import maps, who_pays
from viabilidade.statewide import views as sw
from viabilidade.rules.settings import Settings

STORE = Path(__file__).resolve().parents[1] / "data" / "processed"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


@pytest.fixture(scope="module")
def screening(store):
    return sw.screening(store, Settings()).set_index("cod_distrito", drop=False)


def test_covers_the_81_non_seat_districts(screening, store):
    assert len(screening) == 81
    assert screening["cod_distrito"].is_unique
    d = store.districts.set_index("cod_distrito")
    assert not d.loc[screening["cod_distrito"], "sede"].any()
    assert screening["populacao"].sum() == 544_130
    assert screening["veredito_art4"].value_counts().to_dict() == {"inviável": 69, "indeterminado": 12}


def test_posse_dabadia_passes_item_iv(screening):
    r = screening.loc["520010010"]
    assert (r["nome"], r["nome_municipio"], r["cod_ibge"]) == ("Posse d'Abadia", "Abadiânia", "5200100")
    assert r["populacao"] == 3045
    assert r["IV_status"] == "pass" and r["art4.IV"] == "pass"
    assert r["IV_margem"] == 45
    # electors: 12,614 electors of Abadiânia (TSE, perfil do eleitorado de 2026) x 3,045 /
    # 17,232 inhabitants (estimated)
    assert r["eleitores"] == 2229  # 12.614 × 3.045 / 17.232 = 2.228,97, half up
    assert (r["V_status"], r["V_lean"]) == ("indeterminate", "likely pass")
    assert r["edificacoes"] == 1178 and r["VI_lean"] == "likely pass"
    assert r["VII_status"] == "indeterminate"
    assert r["veredito_art4"] == "indeterminado"
    # remainder: Abadiânia without Posse d'Abadia keeps 14,187 inhabitants
    assert r["origem_populacao"] == 14187 and r["origem_IV_status"] == "pass"
    assert r["art4.par1"] == "indeterminate"


def test_both_sides_of_item_iv(screening):
    passing = screening[screening["IV_status"] == "pass"]
    failing = screening[screening["IV_status"] == "fail"]
    assert len(passing) == 12 and len(failing) == 69
    assert passing["populacao"].min() == 3045
    assert failing["populacao"].max() == 2620
    assert (failing["veredito_art4"] == "inviável").all()
    assert screening.at["520140510", "populacao"] == 318_653  # Nova Brasília, the largest


def test_origin_remainder_failing_par1(screening):
    fail = screening[screening["art4.par1"] == "fail"]
    assert sorted(fail["cod_distrito"]) == ["521030715", "521160210", "521340010", "521935712"]
    r = screening.loc["521935712"]  # Cirilândia, of Santa Isabel
    assert r["origem_populacao"] == 1940
    assert r["origem_IV_status"] == "fail"
    assert r["art4.par1_motivo"] == "Santa Isabel (remanescente) perderia o requisito do art. 4º, IV (população)."
    assert "art4.par1" in r["falham"]


def test_gap_bound_for_every_vila_point(screening):
    """Localidades 2022 links each vila to its district by code: all 81 districts get the
    seat-to-vila bound (35 did when 46 links were by file order, unverified)."""
    assert "vila_atribuicao" not in screening.columns
    assert screening["distancia_sede_m"].notna().all()
    # Abadiânia's 2022 seat to the Posse d'Abadia vila (12.753,9 m from the 2010 seat).
    assert screening.at["520010010", "distancia_sede_m"] == pytest.approx(14_870.9, abs=0.1)
    # Davidópolis (Goiás) lies 3.152,9 m from its seat: art. 4 II fails whatever the perimeter
    # (its link was one of the 46 unverified ones, so it was not measured before).
    assert screening.at["520890530", "distancia_sede_m"] == pytest.approx(3_152.9, abs=0.1)
    assert screening.at["520890530", "art4.II"] == "fail"
    assert (screening.drop(index="520890530")["art4.II"] == "indeterminate").all()


def test_seat_closer_than_6_km_fails_art4_ii(store):
    """Move Abadiânia's seat 5 km and then 7 km from the Posse d'Abadia vila point."""
    from viabilidade.geo.measure import GEOD

    vila = store.vilas.set_index("cod_distrito").loc["520010010"]

    @dataclasses.dataclass
    class Moved:
        seats: pd.DataFrame
        districts: pd.DataFrame = dataclasses.field(  # Abadiânia's two districts only: fast
            default_factory=lambda: store.districts[store.districts["cod_ibge"] == "5200100"])

        def __getattr__(self, name):
            return getattr(store, name)

    out = {}
    for metres in (5_999.0, 6_001.0):
        lon, lat, _ = GEOD.fwd(vila["lon"], vila["lat"], 90.0, metres)
        seats = store.seats.copy()
        seats.loc[seats["cod_ibge"] == "5200100", ["lat", "lon"]] = [lat, lon]
        cases = sw.district_cases(Moved(seats), Settings())
        assert [row["cod_distrito"] for row, _, _ in cases] == ["520010010"]
        out[metres] = cases[0][2]
    from viabilidade.rules.art4 import item_II

    near, far = item_II(out[5_999.0], Settings()), item_II(out[6_001.0], Settings())
    assert near.status == "fail" and near.value == pytest.approx(5_999.0, abs=0.5)
    assert far.status == "indeterminate"


def test_screening_map_draws_every_vila_on_the_map_copy(screening, store):
    chart = maps.screening_map(screening.reset_index(drop=True), store.boundaries_map)
    assert chart.alt == ("Mapa de Goiás com os 81 pontos de vila sede dos distritos não sede: "
                         "inviável: 69; indeterminado: 12; viável: 0.")
    assert not re.search(r'(?:src|href)="https?:', chart.svg)


def test_statewide_maps_label_the_distrito_federal():
    """The DF is the white gap in Goiás: the maps name it (only when it is inside the map)."""
    import geopandas as gpd
    import shapely
    from matplotlib.figure import Figure

    from viabilidade.geo.maps import label_enclaves

    def labels(box):
        ax = Figure().add_subplot()
        label_enclaves(ax, gpd.GeoDataFrame(geometry=[shapely.box(*box)], crs="EPSG:4674"))
        return [t.get_text() for t in ax.texts]

    assert labels((-53.3, -19.5, -45.9, -12.4)) == ["DF"]   # Goiás's extent
    assert labels((-50.0, -17.0, -49.0, -16.0)) == []        # Goiânia only: no DF label


def test_statewide_fpm_dilution_of_the_districts_passing_item_iv(screening, store):
    """12 districts pass item IV (Nova Brasília, 318.653, and Jardim Ingá, 88.748, among
    them): created together they add 10,8 to Goiás's 254,8 (TCU 2023), and every interior
    municipality would lose 4,07 % of its FPM-Interior quota."""
    assert who_pays.fpm_dilution_sentence(screening, store) == (
        "Se os 12 distritos que atingem o item IV fossem criados, cada município do interior de "
        "Goiás perderia 4,07\u00a0% do FPM-Interior (a soma dos coeficientes passaria de 254,8 "
        "para 265,6; coeficientes pela faixa de população do Censo 2022, DL 1.881/1981; soma "
        "publicada pelo TCU para 2023), e 4,65\u00a0% da sua cota igual do ICMS (LC estadual nº "
        "177/2022, art. 2º, II). Nova Brasília teria mais de 142.633 habitantes e participaria "
        "também da reserva do FPM (Decreto-Lei nº 1.881/1981), que esta conta não inclui. "
        "Em reais (estimado, FPM de 2022 a preços correntes), cada município perderia cerca de "
        "R$\u00a0834\u00a0mil brutos por ano por ponto de coeficiente; um município de "
        "coeficiente 0,6, cerca de R$\u00a0501\u00a0mil.")


def test_fpm_section_has_the_sentence_and_the_map(screening, store):
    html = who_pays.fpm_dilution_section(screening, store, 2)
    assert html.startswith('<section class="secao" id="sec-fpm-s"><h2 id="sec-fpm">Quem paga: o FPM '
                           "se os distritos fossem criados</h2>") and html.endswith("</section>")
    assert "perderia 4,07" in html
    caption = re.search(r"<figcaption>(.*?)</figcaption>", html).group(1)
    assert caption.startswith("Figura 2. Municípios do interior de Goiás pelo coeficiente do FPM-Interior")
    # 12 districts from 11 origins (Bezerra and Santa Rosa are both of Formosa)
    assert "município de origem de distrito que atinge o item IV (11)" in html
