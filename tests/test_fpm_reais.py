"""The FPM in reais (issue 33 §§ 1, 2, 5; issue 29 § 5): the Tesouro's tables in the store,
one coefficient point's value checked against what was paid, the coefficients the Tesouro
paid beside the brackets, the IBGE official areas against the mesh, and the economic
chapter's amounts and dates (Posse d'Abadia, Anhanguera-Cumari), the screening's in reais."""

from pathlib import Path

import pandas as pd
import pytest

from viabilidade.data.store import load_store
from viabilidade.fiscal import economy as eco
from viabilidade.fiscal import fpm, paid
from viabilidade.profile.analysis import analyse

REPO = Path(__file__).resolve().parents[1]
CANDIDATES = REPO / "data" / "candidates"
NB = "\u00a0"


@pytest.fixture(scope="module")
def store():
    return load_store(REPO / "data" / "processed")


@pytest.fixture(scope="module")
def paid_table(store):
    return paid.paid_coefficients(store.fpm_credits, store.municipalities)


def test_the_tesouro_tables_are_in_the_store(store):
    m = store.fpm_monthly
    year = m[m["ano"] == 2022].groupby("serie")["valor_brl"].sum()
    assert year["FPM"] == pytest.approx(5_443_004_518.74, abs=0.005)
    assert year["FPMCAPITAIS"] == pytest.approx(530_499_701.87, abs=0.005)
    assert paid.last_complete_year(m) == 2022  # 2023 stops in September
    c = store.fpm_credits
    assert len(c) == 246 and set(c["mes"]) == {3} and set(c["ano"]) == {2023}
    assert (c["decendio_3_brl"] == 0).all()  # the copy was taken before the 3rd decêndio
    abadia = c[c["cod_ibge"] == "5200050"].iloc[0]  # Abadia de Goiás, paid 0,6
    assert (abadia["decendio_1_brl"], abadia["decendio_2_brl"]) == (387_928.05, 85_513.71)
    prov = store.provenance("fpm_credits")[0]
    assert prov["publisher"] == "Tesouro Nacional" and "Rodslater/transferencias" in prov["via"]


def test_the_coefficients_the_tesouro_paid(paid_table):
    t = paid_table
    assert t.attrs["point_brl"] == pytest.approx(789_069.60)  # a 0,6 municipality ÷ 0,6
    assert t.attrs["month"] == "março de 2023"
    assert len(t) == 245 and round(t["pago"].sum(), 1) == 250.2
    assert round(t["coeficiente"].sum(), 1) == 250.8
    reserve = t[t["reserva_brl"] > 0]
    assert sorted(reserve["nome"]) == ["Anápolis", "Aparecida de Goiânia", "Luziânia",
                                       "Rio Verde", "Valparaíso de Goiás", "Águas Lindas de Goiás"]
    assert (reserve["pago"] == 4.0).all()
    assert reserve["reserva_brl"].iloc[0] == pytest.approx(1_349_922.93)


def test_the_35_municipalities_whose_bracket_differs_from_what_was_paid(paid_table):
    """Censo 2022 on the brackets against the Tesouro's March 2023 credits: 210 of 245 agree.
    The others reflect the population the TCU used early in 2023 and LC 198/2023."""
    d = paid_table[paid_table["pago"] != paid_table["coeficiente"]]
    got = {r.nome: (r.coeficiente, r.pago) for r in d.itertuples()}
    assert len(got) == 35
    assert got == {
        "Abadia de Goiás": (1.2, 0.6), "Alto Paraíso de Goiás": (0.8, 0.6),
        "Aruanã": (0.6, 0.8), "Bonfinópolis": (0.8, 0.6), "Buriti Alegre": (0.8, 0.6),
        "Caiapônia": (1.0, 1.2), "Carmo do Rio Verde": (0.6, 0.8),
        "Cidade Ocidental": (3.0, 2.6), "Cocalzinho de Goiás": (1.4, 1.2),
        "Firminópolis": (0.8, 1.0), "Flores de Goiás": (1.0, 1.2), "Goianápolis": (1.0, 0.8),
        "Goianira": (2.6, 2.0), "Guapó": (1.2, 1.0), "Hidrolândia": (1.4, 1.2),
        "Iaciara": (0.8, 1.0), "Indiara": (1.2, 1.0), "Itapaci": (1.2, 1.4),
        "Jaraguá": (2.0, 2.2), "Maurilândia": (0.8, 1.0), "Minaçu": (1.4, 1.6),
        "Montividiu": (0.8, 1.0), "Morrinhos": (2.2, 2.0), "Niquelândia": (1.6, 2.0),
        "Nova Veneza": (0.6, 0.8), "Novo Gama": (3.2, 3.4), "Palmeiras de Goiás": (1.6, 1.4),
        "Paranaiguara": (0.6, 0.8), "Petrolina de Goiás": (0.6, 0.8),
        "Planaltina": (3.2, 2.8), "Posse": (1.6, 1.8), "Quirinópolis": (2.0, 2.2),
        "Santa Terezinha de Goiás": (0.8, 0.6), "Senador Canedo": (3.8, 3.4),
        "São Domingos": (0.6, 0.8)}


def test_one_point_from_the_2022_total_and_from_the_march_2023_credits(store, paid_table):
    """One coefficient point's year, gross, derived twice:

    A. from the state's 2022 total (Tesouro, interior with reserve, gross): minus the reserve
       (its share measured in the credits, 3,94 %), over the sum the Tesouro was paying (250,2);
    B. from the March 2023 credits: R$ 789.069,60 per point, net, 1st + 2nd decêndios; ÷ 0,8
       (FUNDEB), × the state's March total over the interior credits ÷ 0,8 (the 3rd decêndio
       the copy lacks), × the twelve months to March 2023 over March.

    They differ by the window (April 2022–March 2023 against the calendar year 2022: the FPM
    grew 2,32 % in nominal terms), so the margin is 3 %; once the window is taken out they agree
    to 0,01 %, which checks the FUNDEB ÷ 0,8, the reserve kept apart and the sum of 250,2."""
    m = store.fpm_monthly
    interior = m[m["serie"] == "FPM"]
    total_2022 = interior.loc[interior["ano"] == 2022, "valor_brl"].sum()
    window = interior[((interior["ano"] == 2022) & (interior["mes"] >= 4))
                      | ((interior["ano"] == 2023) & (interior["mes"] <= 3))]["valor_brl"].sum()
    march = interior.loc[(interior["ano"] == 2023) & (interior["mes"] == 3), "valor_brl"].item()
    reserve = paid_table["reserva_brl"].sum() / paid_table["credito_brl"].sum()
    assert reserve == pytest.approx(0.0394, abs=0.0001)
    a = total_2022 * (1 - reserve) / 250.2
    credited_gross = paid_table["credito_brl"].sum() / 0.8  # 1st + 2nd decêndios, interior
    assert credited_gross / march == pytest.approx(0.706, abs=0.001)  # the 3rd is ~29 %
    b = 789_069.60 / 0.8 * (march / credited_gross) * (window / march)
    assert a == pytest.approx(20_897_285, rel=1e-6)
    assert b / a - 1 == pytest.approx(0.0232, abs=0.0005)
    assert abs(b / a - 1) < 0.03
    assert b / (a * window / total_2022) == pytest.approx(1, abs=1e-4)
    # the study divides the same pool by the TCU's 2023 sum (254,8), the sum of its shares
    point = eco.point_value(store, 254.8)
    assert (point.year, point.total) == (2022, 254.8)
    assert point.gross == pytest.approx(a * 250.2 / 254.8)
    assert point.gross == pytest.approx(20_520_019, rel=1e-6)
    assert point.net == pytest.approx(point.gross * 0.8)
    assert fpm.net_of_fundeb(100.0) == pytest.approx(80.0)


def test_official_areas_against_the_mesh(store):
    a = store.official_areas
    assert len(a) == 246
    assert a["area_oficial_km2"].sum() == pytest.approx(340_242.858, abs=0.0005)
    diff = (a["area_malha_km2"] - a["area_oficial_km2"])
    worst = a.loc[diff.abs().idxmax()]
    assert worst["cod_ibge"] == "5213103"  # Mineiros
    assert (worst["area_oficial_km2"], round(worst["area_malha_km2"], 3)) == (9_042.844, 9_042.878)
    relative = diff.abs() / a["area_oficial_km2"]
    assert a.loc[relative.idxmax(), "cod_ibge"] == "5201702"
    assert relative.max() == pytest.approx(2.94e-5, abs=0.01e-5)  # 0,0029 %


def test_the_store_builds_without_the_fourth_pass_files(tmp_path):
    from viabilidade.data.store import _optional_tables

    assert _optional_tables(tmp_path, pd.DataFrame(columns=["cod_ibge", "nome"]), {}) == {}


# ----------------------------------------------------------------------------- the chapter
def test_posse_dabadia_in_reais(store):
    from viabilidade.report.economic import economic_section

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    e = eco.economy(a, store)
    p = e.point
    assert e.money["novo"] == pytest.approx(0.6 * p.pool_gross / 255.2)
    (name, c0, c1, before, after), = e.money["origens"].values()
    assert (name, c0, c1) == ("Abadiânia", 1.2, 1.0)
    assert before == pytest.approx(1.2 * p.pool_gross / 254.8)
    assert after == pytest.approx(1.0 * p.pool_gross / 255.2)
    assert e.money["por_ponto"] == pytest.approx(p.gross * (1 - 254.8 / 255.2))
    assert e.money["menor"][:3] == ("Anhanguera", 924, 0.6)
    assert e.money["mediano"][:3] == ("Joviânia", 7_159, 0.6)
    assert e.installation == 2029
    html = economic_section(a, store)
    for text in (f"cerca de R${NB}20,52{NB}milhões brutos (cerca de R${NB}16,42{NB}milhões "
                 "líquidos do FUNDEB) por ano",
                 f"R${NB}5.443.004.518,74", f"3,94{NB}%", "créditos de março de 2023",
                 "O FPM em reais por ano (estimado, FPM de 2022 a preços correntes)",
                 f"cerca de R${NB}12,29{NB}milhões brutos (cerca de R${NB}9,83{NB}milhões "
                 "líquidos do FUNDEB), a partir da instalação (em 2029, na hipótese de a lei de criação ser de 2027, lei hoje vedada)",
                 f"Perda do remanescente de Abadiânia", f"cerca de R${NB}4,14{NB}milhões brutos",
                 "Perda do menor dos demais municípios em população: Anhanguera "
                 f"(924{NB}habitantes, coeficiente 0,6)", "Joviânia",
                 f"cada um perde cerca de R${NB}32{NB}mil brutos por ano por ponto de "
                 f"coeficiente: um município de coeficiente 0,6, cerca de R${NB}19{NB}mil",
                 f"−R${NB}129{NB}mil"):
        assert text in html, text
    assert "O valor em reais não é dado" not in html
    # legal review 15:44, item 13: "líquidos do FUNDEB" deducts the 20 % only, not the PASEP
    assert ("Do valor bruto, 20 % ficam retidos para o FUNDEB (Lei nº 14.113/2020, art. 3º), que "
            "os redistribui no Estado conforme as matrículas. Os valores “líquidos do FUNDEB” "
            "deduzem apenas essa retenção de 20 %; a contribuição do Município ao PASEP, de 1 % "
            "das transferências correntes recebidas (Lei nº 9.715/1998, arts. 2º, III, e 8º, "
            "III), não foi deduzida.") in html


def test_the_chapter_dates_each_revenue(store):
    from viabilidade.report.economic import economic_section

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    html = economic_section(a, store)
    for text in ("O FPM e a cota igual do ICMS pertencem ao novo município só depois de "
                 "instalado, em 1º de janeiro de 2029 (art. 9º), na hipótese de a lei de "
                 "criação ser de 2027, lei hoje vedada enquanto não editada a lei complementar "
                 "federal (CF, art. 18, § 4º)",
                 "a Prefeitura do município de origem faz em separado a contabilidade",
                 "(art. 14, § 2º)",
                 "Em 2029, ano da instalação nessa hipótese, a participação do art. 14 já é "
                 "receita do novo "
                 "município, e o mínimo de 80 % a aplicar na área não se aplica",
                 "receita efetivamente realizada no exercício anterior, que o novo município "
                 "não tem no ano da instalação"):
        assert text in html, text


def test_art14_leaves_the_80_percent_empty_from_the_installation():
    from viabilidade.proposal.candidate import MoneyFigure
    from viabilidade.rules.art14 import INSTALLED_NOTE, icms_share

    def m(v, y):
        return MoneyFigure(v, y, "SEFAZ-GO")

    before = icms_share(m(25e6, 2025), m(200e6, 2025), m(40e6, 2028), 2027).table
    assert before[1]["minimo_na_area_brl"] == 4_000_000.0 and before[1]["nota"] == ""
    at = icms_share(m(25e6, 2025), m(200e6, 2025), m(40e6, 2029), 2027).table
    assert at[2]["ano"] == 2029 and at[2]["parcela_brl"] == 5_000_000.0
    assert at[2]["minimo_na_area_brl"] is None and at[2]["nota"] == INSTALLED_NOTE


def test_without_the_tesouro_tables_no_amount_is_given(store):
    from viabilidade.report.economic import economic_section

    class Without:
        def __getattr__(self, name):
            return None if name in ("fpm_monthly", "fpm_credits") else getattr(store, name)

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    e = eco.economy(a, Without())
    assert e.point is None and e.money == {}
    assert ("O valor em reais não é dado: o repositório de dados não tem os repasses do FPM "
            "publicados pelo Tesouro Nacional.") in economic_section(a, Without())


def test_the_fusion_in_reais(store):
    from viabilidade.report.economic import economic_section

    a = analyse(CANDIDATES / "fusao-anhanguera-cumari.toml", store=store)
    e = eco.economy(a, store)
    assert e.money["novo"] == pytest.approx(0.6 * e.point.pool_gross / 254.2)
    assert e.money["por_ponto"] < 0  # the others gain
    html = economic_section(a, store)
    assert e.money["fundidos_antes"] == pytest.approx(2 * 0.6 * e.point.pool_gross / 254.8)
    assert "Ganho de cada um dos demais municípios do interior, por ponto de coeficiente" in html
    assert (f"Anhanguera e Cumari, antes (coeficientes 0,6 e 0,6)</th><td>cerca de "
            f"R${NB}24,62{NB}milhões brutos") in html
    assert f"Perda de FPM com a fusão</th><td>cerca de R${NB}12,28{NB}milhões brutos" in html
    assert "Quando cada receita passa ao município resultante" in html


# ----------------------------------------------------------------------------- the screening
def test_the_screening_in_reais_and_the_paid_comparison(store):
    from viabilidade.statewide.who_pays import fpm_dilution_sentence, paid_comparison

    table = pd.DataFrame({"IV_status": ["pass"], "cod_ibge": ["5200100"], "populacao": [3_045]})
    assert fpm_dilution_sentence(table, store).endswith(
        f"Em reais (estimado, FPM de 2022 a preços correntes), cada município perderia cerca de "
        f"R${NB}32{NB}mil brutos por ano por ponto de coeficiente; um município de coeficiente "
        f"0,6, cerca de R${NB}19{NB}mil.")
    html = paid_comparison(store)
    assert (f"R${NB}789.069,60 por ponto de coeficiente), 210 dos 245 municípios do interior "
            "recebiam o coeficiente da sua faixa e 35 recebiam outro; a soma dos coeficientes "
            "pagos era 250,2, contra 250,8 pela faixa e 254,8") in html
    assert "à prévia da população do Censo 2022" in html and "LC nº 198/2023 manteve" in html
    assert "não trazem a população usada pelo TCU" in html
    assert html.count("<tr") == 36  # the header and the 35
    assert "Senador Canedo" in html and "Abadiânia" not in html


def test_the_deck_gives_the_fpm_in_reais(store):
    from viabilidade.report.slides import slides_html

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    deck = slides_html(a, store=store, map_html="<p>mapa</p>")
    slide = deck.split('id="s-economico"')[1].split("</section>")[0]
    for text in (f"FPM do novo município: cerca de R${NB}12,29{NB}milhões brutos por ano "
                 "(estimado, FPM de 2022 a preços correntes), a partir da instalação "
                 "(em 2029, na hipótese de a lei de criação ser de 2027, lei hoje vedada).",
                 f"cota do FPM-Interior −16,80{NB}%; cerca de R${NB}4,14{NB}milhões brutos por "
                 "ano a menos (estimado)",
                 f"perde 0,157{NB}% do FPM-Interior (um de coeficiente 0,6: cerca de "
                 f"R${NB}19{NB}mil por ano, estimado)"):
        assert text in slide, text


def test_a_whole_municipality_states_its_official_area(store):
    """Issue 33 § 5: a whole municipality's area is the IBGE's official area; a part
    (a district, the remainder made of districts) keeps the Censo's."""
    from viabilidade.data.sources import SRC_AREAS, SRC_CENSUS
    from viabilidade.profile.build import whole_area

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    origin = a.profile.origins["5200100"].area_km2
    assert (origin.value, origin.source) == (1_044.555, SRC_AREAS)
    assert a.profile.area.area_km2.source == SRC_CENSUS  # the district
    # Cidade Ocidental: official 389,984 km², the Censo's 389,985252
    assert whole_area(store, "5205497").value == 389.984

    class Without:
        _cache: dict = {}

        def __getattr__(self, name):
            return None if name == "official_areas" else getattr(store, name)

    old = whole_area(Without(), "5205497")
    assert (old.value, old.source) == (389.985, SRC_CENSUS)


# ----------------------------------------------------------------------------- bad raw files
def test_a_tesouro_file_naming_unknown_municipalities_names_them_all(store, tmp_path):
    from viabilidade.data.transfers import read_fpm_credits
    from viabilidade.errors import DataError

    head = ("Município;UF;ANO;Mês;1º Decêndio;2º Decêndio;3º Decêndio;Item transferência;"
            "Transferência;\n")
    path = tmp_path / "t.csv"
    path.write_text(head + "Abadiânia;GO;2023;03;1;2;0;FPM;FPM;\n"
                    "Xique;GO;2023;03;1;2;0;FPM;FPM;\n"
                    "Abadiânia;GO;2023;03;1;2;0;ITR;ITR;\n"
                    "Nova Brasilia;GO;2023;03;1;2;0;FPM;FPM;\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        read_fpm_credits(path, store.municipalities)
    assert str(e.value) == (
        "arquivo t.csv, coluna 'Município': municípios que não estão no Censo 2022 de Goiás: "
        "linha 3: 'Xique'; linha 5: 'Nova Brasilia'; esperado o nome de um dos 246 municípios")
    path.write_text(head + "Abadiânia;GO;2023;03;1;2;0;FPM;FPM;\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"faltam as linhas FPM de 245 municípios: Abadia de "
                                        r"Goiás \(5200050\), "):
        read_fpm_credits(path, store.municipalities)


def test_an_areas_file_with_other_codes_is_refused(store, tmp_path):
    from viabilidade.data.transfers import read_official_areas
    from viabilidade.errors import DataError

    path = tmp_path / "a.csv"
    path.write_text("CD_MUN,NM_MUN,AR_MUN_2022_km2\n5200050,Abadia de Goiás,143.357\n"
                    "5200100,Abadiânia,mil\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        read_official_areas(path, store.municipalities)
    assert str(e.value) == ("arquivo a.csv, linha 3, coluna 'AR_MUN_2022_km2': encontrado "
                            "'mil'; esperado um número")
    path.write_text("CD_MUN,NM_MUN,AR_MUN_2022_km2\n5200050,Abadia de Goiás,143.357\n",
                    encoding="utf-8")
    with pytest.raises(DataError, match=r"coluna 'CD_MUN': os códigos diferem dos do Censo 2022; "
                                        r"só neste arquivo: \[\], faltam: \['5200100'"):
        read_official_areas(path, store.municipalities)


def test_an_origin_paid_another_coefficient_is_said(store):
    """Goianira: bracket 2,6 (71.916 inhabitants), paid 2,0 in March 2023."""
    import dataclasses

    from viabilidade.report.economic import economic_section  # noqa: F401 (chapter module)
    from viabilidade.report import economic

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    e = eco.economy(a, store)
    assert "pago" in e.money and e.money["pago"] == {}  # Abadiânia: 1,2 paid and by bracket
    goianira = eco.Coefficient("Goianira", "5208806", None, 2.6, "", None)
    m = eco._money(e.point, eco.paid_coefficients(store), store, e.new, [goianira], [], 254.8, 255.4, e.others_loss)
    assert m["pago"] == {"5208806": ("Goianira", 2.6, 2.0, "março de 2023")}
    html = economic._fpm_money(dataclasses.replace(e, money={**e.money, "pago": m["pago"]}))
    assert ("Em março de 2023, o Tesouro Nacional pagou a Goianira o coeficiente 2,0, não o 2,6 "
            "da faixa do Censo 2022") in html
    assert f"com o pago, Goianira receberia antes cerca de R${NB}41,04{NB}milhões" in html


def test_the_results_record_the_fpm_in_reais(store):
    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    r = eco.record(eco.economy(a, store))["fpm_reais"]
    assert (r["ano"], r["base"], r["soma_coeficientes"]) == (
        2022, "estimado, FPM de 2022 a preços correntes", 254.8)
    assert r["interior_bruto_brl"] == pytest.approx(5_443_004_518.74)
    assert r["menor"]["nome"] == "Anhanguera" and r["menor"]["coeficiente"] == 0.6
    assert r["menor"]["perda_bruta_brl"] == pytest.approx(0.6 * r["perda_demais_por_ponto_brl"])
    assert r["novo_bruto_brl"] == pytest.approx(0.6 * r["ponto_bruto_brl"] * 254.8 / 255.2)


def test_the_cover_lists_the_tesouro_only_with_a_fiscal_chapter(store):
    """The Tesouro's tables feed only the chapters that give the FPM in reais
    (sections.TABLE_CHAPTERS): a creation's economic chapter and a transfer's fiscal chapter
    of both municipalities; a district or a boundary correction has neither. The official areas
    go with every study that states a whole municipality's area."""
    from viabilidade.report.sections import used_provenance

    def tables(path):
        return {p.get("table") for p in used_provenance(analyse(path, store=store))}

    tesouro = {"fpm_monthly", "fpm_credits"}
    assert tesouro | {"official_areas"} <= tables(CANDIDATES / "posse-dabadia.toml")
    assert tesouro | {"official_areas"} <= tables(
        REPO / "tests" / "fixtures" / "transferencia-posse-dabadia.toml")
    for name in ("distrito-posse-dabadia.toml", "correcao-abadiania-alexania.toml"):
        used = tables(REPO / "tests" / "fixtures" / name)
        assert "official_areas" in used and not tesouro & used, name


def test_credits_that_are_not_coefficients_are_refused(store):
    from viabilidade.data.transfers import check_credits
    from viabilidade.errors import DataError

    credits = store.fpm_credits.copy()
    check_credits(credits, store.municipalities, Path("t.csv"))  # the real month passes
    credits.loc[credits["cod_ibge"] == "5200100", "decendio_1_brl"] += 1000.0  # Abadiânia
    with pytest.raises(DataError) as e:
        check_credits(credits, store.municipalities, Path("t.csv"))
    assert str(e.value) == (
        "arquivo t.csv, coluna '1º Decêndio': créditos do FPM que não são múltiplos de 0,2 "
        "ponto de coeficiente (um ponto: R$ 789.069,60): Abadiânia (5200100), R$ 947.883,52; "
        "esperado, em cada município do interior, o coeficiente vezes o valor de um ponto (o "
        "menor crédito dividido por 0,6), ou 4,0 pontos mais a reserva")


def test_the_deck_dates_the_icms_shares(store):
    """Legal review item 11: slide 9 gave the equal ICMS share without its date, and the art. 14
    share without who keeps it until installation."""
    from viabilidade.report.economic import economic_points

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    lines = economic_points(eco.economy(a, store))
    assert ("Cota igual do ICMS: cerca de R$\u00a02,48\u00a0milhões por ano (estimado, sobre o ICMS de "
            "2023), a partir da instalação (em 2029, na hipótese de a lei de criação ser de 2027, lei hoje vedada).") in lines
    assert ("Participação transitória no ICMS da origem (art. 14): 17,67\u00a0% "
            "(estimado), em 2027–2029, na hipótese de a lei de criação ser de 2027, lei hoje "
            "vedada; até a instalação, contabilizada em separado pela Prefeitura de origem, "
            "que aplica na área no mínimo 80\u00a0% desses recursos (art. 14, § 2º).") in lines


def test_paid_differences_keeps_only_codes_paid_another_coefficient():
    """One helper for the creation's and the transfer's "paid another coefficient" (a code
    outside the table, or paid its bracket's within 10⁻⁹, is left out; unknown compares as 0)."""
    import pandas as pd

    from viabilidade.fiscal.economy import paid_differences
    from viabilidade.report.economic import paid_sentence

    t = pd.DataFrame({"cod_ibge": ["5208806", "5200308", "5201108"], "pago": [2.0, 1.2, 0.6]})
    t.attrs["month"] = "março de 2023"
    assert paid_differences(t, [("5208806", 2.6), ("5200308", 1.2 + 1e-10), ("5201108", None),
                                ("5200000", 1.0)]) == {"5208806": (2.0, "março de 2023"),
                                                       "5201108": (0.6, "março de 2023")}
    assert paid_differences(None, [("5208806", 2.6)]) == {}
    assert paid_sentence("Goianira", 2.6, 2.0, "março de 2023") == (
        "<p>Em março de 2023, o Tesouro Nacional pagou a Goianira o coeficiente 2,0, não o 2,6 "
        "da faixa do Censo 2022: os valores acima usam o da faixa.</p>")
