"""The fiscal model (lib/viabilidade/fiscal): FPM brackets and dilution, the TCU's Goiás
total, the ICMS equal part, the Câmara and councillors' caps, and the chapter "Viabilidade
econômico-financeira" of a creation (Posse d'Abadia) and a fusion (Anhanguera-Cumari)."""

import shutil
from pathlib import Path

import pandas as pd
import pytest

from viabilidade.profile.analysis import analyse
from viabilidade.data.store import load_store
from viabilidade.errors import DataError
from viabilidade.fiscal import economy as eco
from viabilidade.fiscal import fpm, icms, legislature, minimums
from viabilidade.report.writers import format as fmt

REPO = Path(__file__).resolve().parents[1]
PROCESSED = REPO / "data" / "processed"
CANDIDATES = REPO / "data" / "candidates"
#: The raw data folder: beside the repository (``/work/shared/data`` for ``/work/main``).
RAW = next((p for p in (REPO.parent / "shared" / "data", REPO.parents[1] / "shared" / "data")
            if p.is_dir()), REPO.parent / "shared" / "data")
BRACKETS_CSV = RAW / "fiscal" / "fpm_dl1881_faixas_coeficientes.csv"


@pytest.fixture(scope="module")
def store():
    return load_store(PROCESSED)


# ----------------------------------------------------------------------------- FPM brackets
EXPECTED = [(10_188, 0.6), (13_584, 0.8), (16_980, 1.0), (23_772, 1.2), (30_564, 1.4),
            (37_356, 1.6), (44_148, 1.8), (50_940, 2.0), (61_128, 2.2), (71_316, 2.4),
            (81_504, 2.6), (91_692, 2.8), (101_880, 3.0), (115_464, 3.2), (129_048, 3.4),
            (142_632, 3.6), (156_216, 3.8)]


@pytest.mark.parametrize("top,coef", EXPECTED)
def test_both_sides_of_every_fpm_bracket(top, coef):
    assert fpm.coefficient(top) == pytest.approx(coef)
    assert fpm.coefficient(top + 1) == pytest.approx(round(coef + 0.2, 1))


def test_fpm_bracket_words_and_ends():
    assert len(fpm.BRACKETS) == 18
    assert fpm.coefficient(0) == 0.6 and fpm.coefficient(10_000_000) == 4.0
    assert fpm.bracket(10_189).words() == "mais de 10.188 até 13.584 habitantes"
    assert fpm.bracket(5).words() == "até 10.188 habitantes"
    assert fpm.bracket(156_217).words() == "mais de 156.216 habitantes"
    with pytest.raises(ValueError):
        fpm.bracket(-1)


def test_maintenance_keeps_the_previous_coefficient_only_when_larger():
    assert fpm.maintained(1.2, 1.0) == 1.2  # LC 91/1997 art. 5º-A (LC 198/2023)
    assert fpm.maintained(0.6, 0.8) == 0.8


def test_dilution_of_the_goias_pool():
    assert fpm.dilution(254.8, 0.6) == pytest.approx(1 - 254.8 / 255.4)
    assert round(fpm.dilution(254.8, 0.6), 7) == 0.0023493
    assert fpm.dilution(254.8, -0.6) < 0  # a fusion: the others gain
    with pytest.raises(ValueError):
        fpm.dilution(0.6, -0.6)


@pytest.mark.skipif(not BRACKETS_CSV.is_file(), reason="raw data absent")
def test_the_raw_bracket_table_agrees_with_the_law(tmp_path):
    from viabilidade.data.fiscal import check_brackets

    check_brackets(BRACKETS_CSV)
    bad = tmp_path / "faixas.csv"
    shutil.copy(BRACKETS_CSV, bad)
    bad.write_text(bad.read_text().replace("10189,13584,0.8", "10189,13584,0.9"))
    with pytest.raises(DataError) as info:
        check_brackets(bad)
    assert str(info.value) == ("arquivo faixas.csv, linha 3, coluna 'coeficiente': encontrado 0.9; "
                               "esperado 0.8 (faixa 'mais de 10.188 até 13.584 habitantes', "
                               "CTN art. 91 § 2, DL 1.881/1981)")


# ----------------------------------------------------------------------------- the TCU total
def test_tcu_goias_pool_2023_is_in_the_store(store):
    pl = eco.pool(store)
    assert (pl.year, pl.state_share_percent, pl.total, pl.municipalities, pl.population) == (
        2023, 3.7318, 254.8, 245, 5_621_806)
    assert pl.source.startswith("TCU, decisão normativa do FPM para o exercício de 2023")


def test_recomputing_the_tcu_total_names_the_gap_and_its_cause(store):
    """The brackets on the Censo 2022 give 250,8 for the 245 interior municipalities; the TCU
    published 254,8. The gap of 4,0 is the coefficients kept under LC 91/1997 art. 5º-A (LC
    198/2023) by municipalities that fell a bracket; which ones cannot be told without the
    2022 coefficients (the TCU's per-municipality annex for Goiás was not found). The
    populations differ too: the TCU used 5.621.806, the census tables give 5.619.129
    (revised) and 5.617.991 (first release, 3.815 fewer)."""
    t = fpm.interior_coefficients(store.municipalities)
    assert len(t) == 245 and fpm.CAPITAL not in set(t["cod_ibge"])
    assert round(t["coeficiente"].sum(), 1) == 250.8
    assert round(254.8 - t["coeficiente"].sum(), 1) == 4.0  # the LC 198/2023 maintenance
    assert t["coeficiente"].value_counts()[0.6] == 150
    assert int(t["populacao"].sum()) == 5_619_129
    first = fpm.interior_coefficients(store.municipalities, "populacao_1a_divulgacao")
    assert 5_621_806 - int(first["populacao"].sum()) == 3_815
    assert round(first["coeficiente"].sum(), 1) == 250.8
    # A maintained coefficient is never below its bracket: the published sum is an upper bound.
    assert t["coeficiente"].sum() <= 254.8


def test_interior_coefficients_are_made_once_per_table_and_each_caller_gets_its_copy(store):
    """Made once per table object (issue 30: a study asked five times); a copy each time, and
    a table changed in place or another table is computed again."""
    m = store.municipalities.copy()
    first = fpm.interior_coefficients(m)
    first.loc[0, "coeficiente"] = 99.0           # the caller's own copy
    again = fpm.interior_coefficients(m)
    assert again is not first and again["coeficiente"].iloc[0] != 99.0
    assert round(again["coeficiente"].sum(), 1) == 250.8
    small = m["cod_ibge"] == again["cod_ibge"].iloc[0]
    m.loc[small, "populacao"] = 60_000           # changed in place: 2,2, not its 1,2
    changed = fpm.interior_coefficients(m)
    assert (again["coeficiente"].iloc[0], changed["coeficiente"].iloc[0]) == (1.2, 2.2)
    assert round(changed["coeficiente"].sum(), 1) == 251.8
    other = m.copy()                              # another table, same content
    assert fpm.interior_coefficients(other).equals(changed)


# ----------------------------------------------------------------------------- ICMS
def test_icms_shares():
    assert icms.MUNICIPAL_SHARE == pd.Series([0.25]).iloc[0]
    assert sum(icms.COMPONENTS.values()) == 1
    assert icms.equal_part(246) == pytest.approx(0.10 / 246)
    assert icms.equal_part_loss(246, 1) == pytest.approx(1 / 247)
    assert icms.equal_part_loss(246, -1) == pytest.approx(-1 / 245)
    assert icms.value_added_share_by_population(3_045, 17_232) == pytest.approx(0.1767061)
    with pytest.raises(ValueError):
        icms.value_added_share_by_population(20_000, 17_232)


# ----------------------------------------------------------------------------- Câmara
@pytest.mark.parametrize("pop,item,pct", [
    (100_000, "I", 7), (100_001, "II", 6), (300_000, "II", 6), (300_001, "III", 5),
    (500_000, "III", 5), (500_001, "IV", 4.5), (3_000_000, "IV", 4.5), (3_000_001, "V", 4),
    (8_000_000, "V", 4), (8_000_001, "VI", 3.5)])
def test_both_sides_of_the_camara_caps(pop, item, pct):
    cap = legislature.camara_cap(pop)
    assert (cap.item, float(cap.percent)) == (item, pct)


@pytest.mark.parametrize("pop,item,pct", [
    (10_000, "a", 20), (10_001, "b", 30), (50_000, "b", 30), (50_001, "c", 40),
    (100_000, "c", 40), (100_001, "d", 50), (300_000, "d", 50), (300_001, "e", 60),
    (500_000, "e", 60), (500_001, "f", 75)])
def test_both_sides_of_the_councillors_pay_caps(pop, item, pct):
    cap = legislature.councillor_pay_cap(pop)
    assert (cap.item, float(cap.percent)) == (item, pct)


def test_fixed_percentages():
    assert (legislature.PAYROLL_PERCENT, legislature.TOTAL_PAY_PERCENT) == (70, 5)
    assert (minimums.EDUCATION_PERCENT, minimums.HEALTH_PERCENT) == (25, 15)


# ----------------------------------------------------------------------------- a creation
def test_creation_posse_dabadia(store):
    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    e = eco.economy(a, store)
    assert (e.new.population.value, e.new.coefficient) == (3_045, 0.6)
    (before,), (after,) = e.before, e.after
    assert (before.population.value, before.coefficient) == (17_232, 1.2)
    assert (after.population.value, after.coefficient) == (14_187, 1.0)  # drops a bracket
    assert e.delta == pytest.approx(0.4)
    assert e.new.share == pytest.approx(0.6 / 255.2)
    assert e.others_loss == pytest.approx(1 - 254.8 / 255.2)  # 0,157 %
    assert after.share / before.share - 1 == pytest.approx(1.0 / 255.2 / (1.2 / 254.8) - 1)
    assert e.equal_part == pytest.approx(0.10 / 247)
    assert e.icms_year == 2023 and e.icms_brl == pytest.approx(24_492_316_786.84)
    assert e.equal_part_brl == pytest.approx(24_492_316_786.84 * 0.25 * 0.10 / 247)
    assert e.art14_share == pytest.approx(3_045 / 17_232) and e.art14_basis == "estimated"
    assert [y for y, _, _ in e.art14_quota] == [2027, 2028, 2029]
    cam = e.obligations[0]
    assert (cam.law, cam.percent) == ("CF, art. 29-A, I", 7.0)
    # the known revenue: the ICMS equal part and the FPM estimated in reais (issue 33)
    assert e.revenue_base_brl == pytest.approx(e.equal_part_brl + e.money["novo"])
    assert cam.amount_brl == pytest.approx(round(e.revenue_base_brl * 0.07, 2))


def test_creation_chapter_text(store):
    from viabilidade.report.economic import economic_section

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    html = economic_section(a, store)
    assert '<h2 id="sec-economico">Viabilidade econômico-financeira</h2>' in html
    for text in ("3,7318", "254,8", "Coeficiente do novo município", "0,2351", "+0,4",
                 "sua cota do FPM-Interior varia −16,80", "perde 0,157", "17,67",
                 "CF, art. 29-A, I", "Fontes e anos:", "LC nº 02/1990, art. 14"):
        assert text in html, text
    # legal review 3, finding 4: estimated money to the thousand, after "cerca de"
    nb = "\u00a0"
    assert (f"Receita já conhecida em reais: cerca de R${nb}14,77{nb}milhões por ano") in html
    # 7 % (CF, art. 29-A, I) of R$ 14.771.692,95
    assert f"<td class=\"num\">cerca de R${nb}1,03{nb}milhão</td>" in html
    assert "14.771.692,95" not in html and "1.034.018,51" not in html


# ----------------------------------------------------------------------------- a fusion
def test_fusion_anhanguera_cumari_gives_up_a_coefficient(store):
    from viabilidade.report.economic import economic_section

    a = analyse(CANDIDATES / "fusao-anhanguera-cumari.toml", store=store)
    e = eco.economy(a, store)
    assert [b.coefficient for b in e.before] == [0.6, 0.6]
    assert (e.new.population.value, e.new.coefficient, e.after) == (3_851, 0.6, [])
    assert e.delta == pytest.approx(-0.6)
    assert e.others_loss == pytest.approx(1 - 254.8 / 254.2)  # negative: the others gain
    assert e.equal_part == pytest.approx(0.10 / 245)
    assert e.art14_share is None
    # new-user review 13: the fused municipality's one equal ICMS share and its FPM (issue
    # 33, in reais) are a known floor
    assert e.revenue_base_brl == pytest.approx(e.equal_part_brl + e.money["novo"])
    assert fmt.money(e.revenue_base_brl) == "R$\u00a014.840.287,95"
    education = next(o for o in e.obligations if o.law == "CF, art. 212")
    assert fmt.money(education.amount_brl) == "R$\u00a03.710.071,99"
    html = economic_section(a, store)
    assert "Receita já conhecida em reais: cerca de R$\u00a014,84\u00a0milhões por ano" in html
    assert "cerca de R$\u00a03,71\u00a0milhões" in html and "3.710.071,99" not in html
    assert ("Falta a parte do ICMS pelo valor adicionado dos municípios fundidos: os valores "
            "abaixo são pisos") in html
    assert "a fusão abre mão de 0,6 de coeficiente" in html
    assert "ganha 0,236" in html


def test_only_creation_and_fusion_have_the_chapter():
    from viabilidade.operations import operation_for

    assert {code for code in ("create-municipality", "fusion", "transfer-area", "create-district",
                              "boundary-correction")
            if "sec-economico" in operation_for(code).chapters} == {"create-municipality", "fusion"}


# ----------------------------------------------------------------------------- statewide
def test_statewide_dilution(store):
    pop = store.municipalities.set_index("cod_ibge")["populacao"]
    districts = pd.DataFrame({"cod_ibge": ["5200100"], "populacao": [3_045]})
    n, delta, loss = eco.statewide_dilution(districts, pop, 254.8)
    assert (n, round(delta, 1)) == (1, 0.4)
    assert loss == pytest.approx(1 - 254.8 / 255.2)


def test_screening_sentence(store):
    from viabilidade.statewide.who_pays import fpm_dilution_sentence

    table = pd.DataFrame({"IV_status": ["pass", "fail"], "cod_ibge": ["5200100", "5200100"],
                          "populacao": [3_045, 900]})
    assert fpm_dilution_sentence(table, store) == (
        "Se o único distrito que atinge o item IV fosse criado, cada município do interior de "
        "Goiás perderia 0,16\u00a0% do FPM-Interior (a soma dos coeficientes passaria de 254,8 "
        "para 255,2; coeficientes pela faixa de população do Censo 2022, DL 1.881/1981; soma "
        "publicada pelo TCU para 2023), e 0,40\u00a0% da sua cota igual do ICMS (LC estadual nº "
        "177/2022, art. 2º, II). Em reais (estimado, FPM de 2022 a preços correntes), cada "
        "município perderia cerca de R$\u00a032\u00a0mil brutos por ano por ponto de coeficiente; "
        "um município de coeficiente 0,6, cerca de R$\u00a019\u00a0mil.")


def test_slide_deck_has_the_economic_slide(store):
    from viabilidade.report.slides import slides_html

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    deck = slides_html(a, store=store, map_html="<p>mapa</p>")
    slide = deck.split('id="s-economico"')[1].split("</section>")[0]
    assert "Viabilidade econômico-financeira" in slide
    assert "Abadiânia: coeficiente 1,2 → 1,0; cota do FPM-Interior −16,80" in slide
    assert "perde 0,157" in slide and "17,67" in slide


def test_who_pays_map_colours_every_municipality(store):
    import re

    from viabilidade.report.economic import who_pays_map

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    html = who_pays_map(eco.economy(a, store), store, 3)
    assert html.startswith('<figure class="grafico"><img src="data:image/svg+xml;base64,')
    caption = re.search(r"<figcaption>(.*?)</figcaption>", html).group(1)
    assert caption.startswith("Figura 3. Quem paga: cada município do interior de Goiás perde "
                              "0,157\u00a0% da sua cota do FPM-Interior")
    alt = re.search(r'alt="([^"]*)"', html).group(1)
    # 244 others by coefficient, Goiânia apart, the origin outlined: all 246
    assert ("coeficiente 0,6 (150); coeficiente 0,8 a 1,0 (29); coeficiente 1,2 a 2,0 (42); "
            "coeficiente 2,2 a 3,0 (9); coeficiente 3,2 a 4,0 (14); Goiânia") in alt


def test_an_estimated_population_straddling_a_bracket_is_said(store):
    import dataclasses

    from viabilidade.report.economic import _fpm_part
    from viabilidade.rules.result import Basis, Figure

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    e = eco.economy(a, store)
    pop = Figure(10_100, "habitantes", Basis.ESTIMATED, "estimativa", "2022", uncertainty=200)
    e = dataclasses.replace(e, new=dataclasses.replace(e.new, population=pop))
    assert ("A população da área é estimada com incerteza de 200\u00a0habitantes: o coeficiente "
            "pode ir de 0,6 a 0,8.") in _fpm_part(e)


def test_several_origins_leave_the_art14_share_to_sefaz(store):
    import dataclasses

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    p = a.profile
    two = dataclasses.replace(p, origins={**p.origins, "5205802": p.origins["5200100"]})
    share, basis, method, quota = eco._art14(dataclasses.replace(a, profile=two), (2027, 2028, 2029))
    assert (share, basis) == (None, None)
    assert method.startswith("com mais de um município de origem, a participação do art. 14 é uma por origem")
    assert quota == [(2027, None, None), (2028, None, None), (2029, None, None)]


@pytest.mark.skipif(not (RAW / "fiscal").is_dir(), reason="raw data absent")
def test_a_tcu_item_without_its_exercise_is_refused(tmp_path):
    from viabilidade.data.fiscal import read_tcu_fpm

    src = RAW / "fiscal" / "fpm_interior_2023_tcu_dou_20230706.csv"
    assert len(read_tcu_fpm(src)) == 7
    bad = tmp_path / "tcu.csv"
    bad.write_text(src.read_text().replace("soma_coeficientes_fpm_interior_2023,GO",
                                           "soma_coeficientes_fpm_interior,GO"))
    with pytest.raises(DataError) as info:
        read_tcu_fpm(bad)
    assert str(info.value) == ("arquivo tcu.csv, linha 3, coluna 'item': encontrado "
                               "'soma_coeficientes_fpm_interior'; esperado um item terminado no "
                               "exercício (p. ex. 'soma_coeficientes_fpm_interior_2023')")


def test_fusion_deck_says_the_coefficient_given_up(store):
    from viabilidade.report.slides import slides_html

    a = analyse(CANDIDATES / "fusao-anhanguera-cumari.toml", store=store)
    deck = slides_html(a, store=store, map_html="<p>mapa</p>")
    slide = deck.split('id="s-economico"')[1].split("</section>")[0]
    assert ("A fusão abre mão de 0,6 de coeficiente do FPM (cerca de R$\u00a012,28\u00a0milhões "
            "brutos por ano, estimado).") in slide
    assert "ganha 0,236" in slide


def test_own_revenue_and_value_added_from_the_candidate_file(store, tmp_path):
    """[fiscal] figures: the value added gives art. 14's share (publicado, not estimated) and
    its amount with the origin's quota of the creation year; the own revenue joins the known
    revenue on which the caps and minimums are computed."""
    text = (CANDIDATES / "posse-dabadia.toml").read_text(encoding="utf-8")
    text += '''
[settings]
creation_year = 2027

[fiscal.value_added_area]
value_brl = 12000000
year = 2025
source = "SEFAZ-GO, valor adicionado publicado (exemplo)"

[fiscal.value_added_origin]
value_brl = 150000000
year = 2025
source = "SEFAZ-GO, valor adicionado publicado (exemplo)"

[fiscal.origin_icms_quota]
value_brl = 9000000
year = 2027
source = "SEFAZ-GO, cota-parte (exemplo)"

[fiscal.own_revenue]
value_brl = 800000
year = 2027
source = "estimativa dos proponentes (exemplo)"
'''
    path = tmp_path / "posse.toml"
    path.write_text(text, encoding="utf-8")
    a = analyse(path, store=store)
    e = eco.economy(a, store)
    assert e.art14_share == pytest.approx(0.08) and e.art14_basis == "published"
    assert e.art14_quota[0] == (2027, 9_000_000.0, 720_000.0)
    assert e.art14_quota[1][1:] == (None, None)  # the quota of 2028 was not given
    assert e.revenue_base_brl == pytest.approx(800_000 + e.equal_part_brl + 720_000
                                               + e.money["novo"])
    education = next(o for o in e.obligations if o.law == "CF, art. 212")
    assert education.amount_brl == pytest.approx(round(e.revenue_base_brl * 0.25, 2))


def test_who_pays_names_each_bracket_in_a_paragraph_not_a_table_cell(store):
    # new-user review 2: a cell of 150 names cannot split and left most of a page blank
    import re

    from viabilidade.report.economic import _who_pays_part

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    html = _who_pays_part(eco.economy(a, store), store).split("<figure")[0]
    table_html = html.split("</table>")[0]
    assert "Formosa" not in table_html and "Municípios (Censo 2022" not in table_html
    text = re.sub(r"<[^>]+>", "", html.split("</table>")[1])
    assert text.startswith("Os municípios de cada coeficiente (pela faixa de população do Censo "
                           "2022):Coeficiente 0,6 (150 municípios): Adelândia, Água Fria de Goiás, Água "
                           "Limpa, Aloândia,")
    assert "Coeficiente 3,4 (1 município): Formosa." in text
