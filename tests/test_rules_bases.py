"""Bases that say what a figure is (issue 19, item 1): a published table is ``publicado``,
only a certificate of ``[certified]`` is ``certificado`` (real Censo 2022 / TSE 2022 figures
from the committed store)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from viabilidade.proposal.candidate import MoneyFigure, load_candidate
from viabilidade.data.store import load_store
from viabilidade.profile.build import build_profile
from viabilidade.rules import Settings
from viabilidade.rules.art2 import art2
from viabilidade.rules.common import money_figure
from viabilidade.rules.result import Basis, weakest

from test_rules_fixtures import CHECKER, candidate, checked_copy, measured_continuity, registered

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
CERTIFIED = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"


@pytest.fixture(scope="module")
def store():
    return load_store()


def test_posse_dabadia_figures_are_published_not_certified(store):
    p = build_profile(load_candidate(POSSE), store, Settings())
    assert (p.area.population.value, p.area.population.basis) == (3045, Basis.PUBLISHED)
    assert (p.area.area_km2.value, p.area.area_km2.basis) == (pytest.approx(301.761, abs=1e-3),
                                                              Basis.PUBLISHED)
    rem = p.remainders["5200100"]
    assert (rem.population.value, rem.population.basis) == (14187, Basis.PUBLISHED)
    origin = p.origins["5200100"]
    # TSE, perfil do eleitorado de 2026 (10.812 in the 2022 general election)
    assert (origin.electors.value, origin.electors.basis) == (12614, Basis.PUBLISHED)
    assert p.state_tax_revenue.basis == Basis.PUBLISHED and p.state_tax_revenue.vintage == "2023"
    assert p.area.collection.value is None and p.area.collection.basis != Basis.CERTIFIED


def test_only_the_certificates_are_certified(store, tmp_path):
    p = build_profile(load_candidate(CERTIFIED), store, Settings(study_date="2027-06-01"))
    # declared in the record, not checked against the original
    assert (p.area.population.value, p.area.population.basis) == (3102, Basis.DECLARED)
    p = build_profile(load_candidate(checked_copy(CERTIFIED, tmp_path)), store,
                      Settings(study_date="2027-06-01"))
    assert (p.area.population.value, p.area.population.basis) == (3102, Basis.CERTIFIED)
    assert p.area.population.source == ("IBGE, Ofício nº 101/2027 — Superintendência Estadual "
                                        "do IBGE em Goiás, de 10/03/2027")
    assert (p.area.electors.value, p.area.electors.basis) == (2054, Basis.CERTIFIED)
    assert p.area.area_km2.basis == Basis.PUBLISHED  # no certificate of the area in km²
    assert p.remainders["5200100"].population.basis == Basis.CERTIFIED


def test_money_of_fiscal_is_published_of_certified_is_certified():
    fiscal = MoneyFigure(2_760_601.80, 2022, "SEFAZ-GO, arrecadação por município 2022")
    import datetime as dt

    from viabilidade.proposal.record import Checked

    cert = MoneyFigure(3_150_000.0, 2023, "SEFAZ-GO, Ofício nº 77/2027, de 01/03/2027",
                       certificate=True)
    assert money_figure(fiscal).basis == Basis.PUBLISHED
    assert money_figure(cert).basis == Basis.DECLARED
    checked = dataclasses.replace(cert, checked=Checked(CHECKER, dt.date(2027, 3, 5)))
    assert money_figure(checked).basis == Basis.CERTIFIED
    assert load_candidate(CERTIFIED).collection.certificate is True


def test_weakest_basis_of_a_sum():
    assert weakest([Basis.CERTIFIED, Basis.CERTIFIED]) == Basis.CERTIFIED
    assert weakest([Basis.CERTIFIED, Basis.PUBLISHED]) == Basis.PUBLISHED
    assert weakest(["published", "measured"]) == Basis.PUBLISHED
    assert weakest([Basis.MEASURED, Basis.CERTIFIED]) == Basis.MEASURED
    assert weakest([Basis.CERTIFIED, Basis.ESTIMATED, Basis.PUBLISHED]) == Basis.ESTIMATED
    assert weakest([None, ""]) is None
    assert weakest([Basis.CERTIFIED, Basis.DECLARED]) == Basis.DECLARED
    assert weakest([Basis.DECLARED, Basis.PUBLISHED]) == Basis.PUBLISHED


def test_petition_signatures_claim_no_basis():
    import datetime as dt

    from viabilidade.rules.art5 import par1

    petition = dict(petition_signatures=412, petition_document="Representação nº 1/2027",
                    petition_date=dt.date(2027, 1, 8),
                    residence_declarations="Declarações anexas à Representação nº 1/2027")
    r = par1(candidate("transfer-area", **petition), Settings(study_date="2027-06-01"))
    assert (r.value, r.status, r.basis) == (None, "indeterminate", None)  # no certificate
    # art. 5 § 1: the certificate counts, the typed declarations keep it declared (item 2)
    r = par1(candidate("transfer-area", events=registered(398), **petition),
             Settings(study_date="2027-06-01"))
    assert (r.value, r.status, r.basis) == (398, "pass", Basis.DECLARED)
    # art. 2: the Cartório Eleitoral's certificate of registration carries the basis
    r = art2(candidate(events=registered(398), **petition), Settings(study_date="2027-06-01"))
    assert (r.value, r.status, r.basis) == (398, "pass", Basis.CERTIFIED)


# ---------------------------------------------------------------- wording of a published basis
from viabilidade.profile.analysis import analyse  # noqa: E402
from viabilidade.batch.index import rule_label  # noqa: E402
from viabilidade.report.writers import format as fmt  # noqa: E402
from viabilidade.rules.result import Status, deciding_basis, on_published_data  # noqa: E402

PUBLISHED_PASS = "atingido nos dados publicados (a certificar)"
PUBLISHED_FAIL = "não atingido nos dados publicados"


@pytest.fixture(scope="module")
def posse(store):
    return analyse(POSSE, store=store)


@pytest.fixture(scope="module")
def posse_certified(store, tmp_path_factory):
    """The certified candidate with every original checked."""
    # art. 4 III measured as the districts' limits give it (legal item 1: no body certifies it);
    # checked, the acts exist: today after them, the plebiscite of 16/05/2027 held (legal11 S3)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("VIABILIDADE_HOJE", "2027-06-01")
        return measured_continuity(analyse(checked_copy(CERTIFIED,
                                                        tmp_path_factory.mktemp("conferido")),
                                           store=store))


def test_status_words_of_published_data():
    assert fmt.status_label("pass", basis="published") == PUBLISHED_PASS
    assert fmt.status_label("fail", basis="published") == PUBLISHED_FAIL
    assert fmt.status_label("pass", basis="certified") == "cumprido"
    # legal review: a figure the tool measured is not a certificate
    assert fmt.status_label("pass", basis="measured") == "atingido na medição"
    assert fmt.status_label("fail", basis="measured") == "não atingido na medição"
    assert fmt.status_tally({(Status.PASS, "measured"): 2, (Status.PASS, None): 1}) == \
        "2 requisitos atingidos na medição; 1 cumprido"
    assert fmt.status_label("indeterminate", "likely pass", "published") == \
        "indeterminado (provável atendimento)"
    assert fmt.status_tally({(Status.PASS, None): 1, (Status.PASS, "published"): 2,
                             (Status.INDETERMINATE, None): 3}) == \
        "1 requisito cumprido; 2 atingidos nos dados publicados (a certificar); 3 indeterminados"
    assert rule_label("pass", None, "published") == PUBLISHED_PASS
    assert rule_label("fail", None, "certified") == "não cumprido"


def test_a_measured_distance_is_met_in_the_measurement_to_be_certified():
    from viabilidade.rules.result import RuleResult

    ii = RuleResult("art4.II", "Distância", Status.PASS, "medido", value=12_753.884,
                    threshold=6000, unit="m", basis=Basis.MEASURED)
    assert fmt.result_status_label(ii) == "atingido na medição (a certificar)"
    certified = dataclasses.replace(ii, basis=Basis.CERTIFIED)
    assert fmt.result_status_label(certified) == "cumprido"
    iii = RuleResult("art4.III", "Continuidade", Status.PASS, "contínuo", basis=Basis.MEASURED)
    assert fmt.result_status_label(iii) == "atingido na medição"  # § 2 names no body for III


def test_nova_iguacu_continuity_is_a_condition_of_the_creation_not_checked_by_art8(store):
    # an installed municipality cannot lose item III (legal review 2, N2)
    a = analyse(ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml", store=store)
    iii = next(r for r in a.results if r.rule_id == "art4.III")
    assert iii.status == Status.NOT_APPLICABLE
    assert iii.reason.startswith("não se aplica (condições da criação, na leitura do estudo): o art. 8º "
                                "trata da perda, por município já instalado")


def test_posse_dabadia_item_iv_is_met_on_published_data_only(posse):
    iv = posse.result("art4.IV")
    assert (iv.value, iv.threshold, iv.status, iv.basis) == (3045, 3000, Status.PASS, "published")
    assert on_published_data(iv)
    assert fmt.result_status_label(iv) == PUBLISHED_PASS
    assert iv.to_dict()["deciding_basis"] == "published" and iv.to_dict()["status"] == "pass"
    # new-user review 4: a machine reader sees the pass is not final
    record = {r["rule_id"]: r for r in posse.to_dict()["results"] if r["subject"] == "área"}
    assert (record["art4.IV"]["status"], record["art4.IV"]["settled"]) == ("pass", False)
    assert (record["art4.V"]["status"], record["art4.V"]["settled"]) == ("indeterminate", False)
    # the remainder (Abadiânia without Posse d'Abadia, 14.187 inhabitants) is undecided
    # (estimated electors), so it is not "atingido"
    par1 = posse.result("art4.par1")
    assert par1.status == Status.INDETERMINATE and fmt.result_status_label(par1) != PUBLISHED_PASS


def test_certified_candidate_is_plain_cumprido_except_the_state_revenue(posse_certified):
    iv = posse_certified.result("art4.IV")
    assert (iv.value, iv.basis, fmt.result_status_label(iv)) == (3102, "certified", "cumprido")
    assert fmt.result_status_label(posse_certified.result("art4.V")) == "cumprido"


def test_certified_collection_against_a_published_state_revenue_is_not_plain_cumprido(store, tmp_path):
    """Art. 4 VII rests on two figures: a certified collection compared with a published
    state revenue of the same exercise is decided on published data."""
    import dataclasses

    from viabilidade.rules.art4 import numeric_item, state_revenue

    a = analyse(checked_copy(CERTIFIED, tmp_path), store=store)
    published = build_profile(load_candidate(POSSE), store, Settings()).state_tax_revenue
    assert (published.value, published.basis) == (29_002_242_835.22, Basis.PUBLISHED)  # 2023
    certified_rev = state_revenue(a.profile, a.candidate)
    assert certified_rev.basis == Basis.CERTIFIED
    published = dataclasses.replace(certified_rev, basis=Basis.PUBLISHED)   # same exercise
    vii = numeric_item("VII", a.profile.area, Settings(), state_rev=published)
    assert (vii.status, vii.basis, deciding_basis(vii)) == (Status.PASS, Basis.CERTIFIED,
                                                            Basis.PUBLISHED)
    assert fmt.result_status_label(vii) == PUBLISHED_PASS
    assert fmt.result_status_label(a.result("art4.VII")) == "cumprido"
    assert dataclasses.asdict(a.result("art4.VII"))["details"]["receita_estadual_base"] == "certified"


# ---------------------------------------------------------------- conclusive or preliminary
import re  # noqa: E402

from viabilidade.report.certificates import cover_box  # noqa: E402
from viabilidade.report.sections import COVER_NOTE  # noqa: E402
from viabilidade.rules import certification  # noqa: E402

FUSION = ROOT / "data" / "candidates" / "fusao-anhanguera-cumari.toml"


def _box(a) -> str:
    return re.sub(r"<[^>]+>", "", cover_box(a, COVER_NOTE))


def test_published_population_keeps_the_study_preliminary(posse, posse_certified):
    assert certification.qualification(posse_certified.results) == "estudo conclusivo"
    assert certification.qualification(posse.results) == (
        "estudo preliminar, pendente de certificação e de documentos; plebiscito não realizável "
        "antes da lei complementar federal")
    iv = [p for p in certification.pending(posse.results) if p.field == "certified.population"]
    assert [(p.item, p.body) for p in iv] == [("art. 4º, IV", "IBGE")]
    assert certification.settled("pass", "published", "IV") is False
    assert certification.settled("pass", "certified", "IV") is True
    assert certification.settled("pass", "measured", "III") is True   # no certifier in § 2
    assert certification.settled("pass", "measured", "II") is False   # IBGE, § 2
    record = {r["rule_id"]: r for r in posse_certified.to_dict()["results"]
              if r["subject"] == "área"}
    assert (record["art4.IV"]["status"], record["art4.IV"]["settled"]) == ("pass", True)


def test_every_rule_met_but_one_figure_published_is_viable_only_on_published_data(store, tmp_path,
                                                                                 monkeypatch):
    """The certified candidate without its population certificate: the Censo's 3.045
    inhabitants meet item IV, every rule passes, the verdict is viável — on published data, in
    the hypothesis of a federal law (without it the plebiscite is "sem efeito")."""
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the checked acts exist (legal11 S3)
    text = checked_copy(CERTIFIED, tmp_path).read_text(encoding="utf-8")
    text = text.replace("population = 3102\n", "", 1)
    path = tmp_path / "sem-certidao-populacao.toml"
    path.write_text(text, encoding="utf-8")
    a = measured_continuity(analyse(path, store=store, settings=Settings(federal_law="plp-137-2015")))
    assert "population" not in a.candidate.certified.area
    # the plebiscite of 16/05/2027 is "sem efeito" in the hypothesis too (legal review 15:44,
    # item 1): the verdict is indeterminate, every other requirement met
    assert str(a.verdict) == "indeterminado"
    assert [r.rule_id for r in a.results if str(r.status) != "pass"
            and str(r.status) != "not_applicable"] == ["art7", "art7.par1", "art7.par2"]
    iv = a.result("art4.IV")
    assert (iv.value, iv.basis, fmt.result_status_label(iv)) == (3045, "published", PUBLISHED_PASS)
    assert certification.verdict_on_published_data(a.results) is False  # indeterminate
    met = [r for r in a.results if r.rule_id not in certification.PLEBISCITE_RULES]
    assert certification.verdict_on_published_data(met) is True
    s = certification.summary(met, a.candidate)
    assert (s["conclusive"], s["on_published_data"]) == (False, True)
    assert s["qualification"] == "nos dados publicados; estudo preliminar, pendente de certificação"
    assert [(m["item"], m["body"]) for m in s["missing"]] == [("art. 4º, IV", "IBGE")]
    from viabilidade.report.sections import _what_would_change

    assert ("A conclusão depende da comprovação de 1 requisito com dados certificados ou "
            "evidências e de novo plebiscito: o registrado está sem efeito (anterior à lei "
            "complementar federal e a este estudo; a consulta terá de ser feita de novo)") in \
        _what_would_change(a)
    assert "estão cumpridos" not in _what_would_change(a)


def test_fusion_box_names_its_own_pending_acts_not_art4(store):
    a = analyse(FUSION, store=store)
    text = _box(a)
    assert "art. 4º" not in text and "certificados" not in text
    assert text == (
        "Estudo preliminar. Este estudo aplica a Lei Complementar nº 2/1990 aos dados públicos "
        "listados nos Apêndices. Os requisitos ainda não decididos dependem dos atos e documentos "
        "abaixo. Ainda faltam, com quem deve fornecê-los: Proponentes — representação assinada por "
        "no mínimo cinquenta eleitores residentes na área, com firmas reconhecidas e mediante "
        "declarações destes (de residência e domicílio na área) (art. 5º, § 1º). Plebiscito (art. 5º, "
        "§ 2º; art. 7º, § 1º, I, por analogia; art. 7º, § 2º, por analogia): não realizável "
        "antes da lei "
        "complementar federal "
        "(CF, art. 18, § 4º).")
    assert "Tribunal Regional Eleitoral" not in text
    assert certification.qualification(a.results) == (
        "estudo preliminar, pendente de documentos; plebiscito não realizável antes da lei "
        "complementar federal")


def test_fusion_with_one_combined_plebiscite_count_is_not_conclusive(store, tmp_path):
    # Anhanguera (5201207) and Cumari (5206602): TSE 2022 electors 1.229 + 2.571 = 3.800.
    path = tmp_path / "fusao.toml"
    path.write_text(FUSION.read_text(encoding="utf-8") + (
        "\n[process]\npetition_signatures = 60\npetition_document = \"Representação nº 2/2027\"\n"
        "petition_date = 2027-01-08\nresidence_declarations = \"Declarações dos signatários, "
        "anexas à Representação nº 2/2027\"\n\n[process.plebiscite]\neligible = 3800\n"
        "turnout = 2900\nyes = 2100\nno = 700\nblank = 60\nvoid = 40\ndate = 2027-05-16\n"
        "seat_question_approved = true\ndocument = \"Ata geral de apuração, TRE-GO\"\n"),
        encoding="utf-8")
    a = analyse(path, store=store, settings=Settings(study_date="2027-06-01"))
    # quorum and majority are counted in each municipality (CF, art. 18, § 4º): one count for
    # the two together leaves the plebiscite pending, whatever it says
    assert [p.item for p in certification.pending(a.results)] == [
        "LC 02/1990, art. 5º, § 1º",  # the Cartório Eleitoral's certificate (item 2)
        "LC 02/1990, art. 5º, § 2º", "LC 02/1990, art. 7º, § 1º, I, por analogia",
        "LC 02/1990, art. 7º, § 2º, por analogia"]
    text = _box(a)
    assert text.startswith("Estudo preliminar.") and "art. 4º" not in text
    assert ("Cartório Eleitoral (TRE-GO) — certidão do Cartório Eleitoral de que os signatários "
            "são eleitores inscritos no município (art. 5º, § 1º)") in text


# ---------------------------------------------------------------- thin margins (art. 8)
from viabilidade.rules.art8 import thin_margin_warning, thin_margins  # noqa: E402

ART8 = ("“No caso de perda, por município já instalado, de qualquer dos requisitos previstos no "
        "art. 4º desta lei, a Assembléia Legislativa decretará sua extinção e reincorporação ao "
        "município ou municípios de que se originou.”")


def test_posse_dabadia_item_iv_margin_of_45_carries_the_art8_warning(posse):
    thin = thin_margins(posse.results, posse.settings)
    assert [(t.item, t.subject, t.value, t.threshold, t.margin) for t in thin] == \
        [("IV", "área", 3045, 3000, 45.0)]
    assert thin[0].margin_pct == pytest.approx(1.5)
    text = thin_margin_warning(posse.results, posse.settings)
    assert text.startswith("Margem estreita (art. 8º). Requisito atingido com folga de até "
                           "5,00\u00a0% do limite: art. 4º, IV (população): 3.045 habitantes, 45 "
                           "acima do limite de 3.000 (margem de 1,50\u00a0%).")
    assert ART8 in text and "(art. 8º, § 1º)" in text


def test_thin_margin_threshold_both_sides(posse):
    # 45 inhabitants are 1,5 % of 3.000: a 1,5 % setting still warns, 1,49 % does not.
    assert len(thin_margins(posse.results, Settings(thin_margin_pct=1.5))) == 1
    assert thin_margins(posse.results, Settings(thin_margin_pct=1.49)) == []
    assert thin_margin_warning(posse.results, Settings(thin_margin_pct=1.49)) == ""


def test_the_warning_is_in_the_study_summary(posse):
    from viabilidade.report.sections import thin_margin_note

    assert "Margem estreita (art. 8º)" in thin_margin_note(posse)
    assert "3.045 habitantes, 45 acima do limite de 3.000" in thin_margin_note(posse)


def test_thin_margin_setting_is_bounded():
    from viabilidade.errors import SettingsError

    with pytest.raises(SettingsError, match=r"settings.thin_margin_pct.*encontrado 101; esperado "
                                            r"um número finito entre 0 e 100"):
        Settings(thin_margin_pct=101)


# ---------------------------------------------------------------- incoherent published data
from viabilidade.data.incoherence import (ELECTORS_ABOVE_POPULATION,  # noqa: E402
                                          RELEASE_ACROSS_THRESHOLD, data_flags)

ANHANGUERA_FLAG = (
    "Anhanguera (5201207) — eleitorado: 1.744 eleitores. O eleitorado é maior que a "
    "população residente (924 habitantes): 1,89 eleitor por habitante. O cadastro eleitoral "
    "registra o domicílio eleitoral, que pode não ser a residência; esse eleitorado não mede a "
    "população do lugar, e o eleitorado de um distrito estimado a partir dele herda o desvio. "
    "Fontes: TSE, perfil do eleitorado de 2026 (julho de 2026, data não conferida); IBGE, Censo "
    "Demográfico 2022 — Agregados por municípios/distritos (resultados do universo).")


def test_electors_above_residents_in_85_municipalities(store):
    # the roll studies read (TSE, perfil do eleitorado de 2026): 85 municipalities; 57 with the
    # 2022 general election's roll
    flags = data_flags(store)
    above = [f for f in flags if f.kind == ELECTORS_ABOVE_POPULATION]
    assert len(above) == 85
    by_code = {f.cod_ibge: f for f in above}
    assert by_code["5201207"].text() == ANHANGUERA_FLAG
    assert by_code["5206909"].figure == "eleitorado: 4.156 eleitores"   # Davinópolis, 1.902 hab.
    assert "5200100" not in by_code   # Abadiânia: 12.614 electors, 17.232 inhabitants


def test_a_census_release_across_the_threshold(store):
    # At 3.000 no municipality of Goiás changes side between the releases.
    assert [f for f in data_flags(store) if f.kind == RELEASE_ACROSS_THRESHOLD] == []
    # Abadiânia: 17.232 (revised) and 17.228 (first release, 28/06/2023).
    # "mais de": at 17.227 both releases are above, at 17.232 neither; 17.228 … 17.231 split them
    at = {t: data_flags(store, ["5200100"], population_threshold=t)
          for t in (17227, 17228, 17230, 17231, 17232)}
    assert at[17227] == [] and at[17232] == []
    assert len(at[17228]) == len(at[17231]) == 1
    (flag,) = at[17230]
    assert (flag.kind, flag.figure) == (RELEASE_ACROSS_THRESHOLD, "população: 17.232 habitantes "
                                        "(agregados revisados) e 17.228 (primeira divulgação)")
    assert "lados opostos do limite do art. 4º, IV (mais de 17.230 habitantes)" in flag.conflict


def test_the_audit_and_the_screening_carry_the_flags(store):
    from viabilidade.statewide import views as sw

    audit = sw.audit(store).set_index("cod_ibge")
    assert audit.at["5201207", "alertas_dados"] == ANHANGUERA_FLAG
    assert audit.at["5200100", "alertas_dados"] == ""
    assert (audit["alertas_dados"] != "").sum() == 85
    screening = sw.screening(store).set_index("cod_distrito")
    flagged = screening[screening["alertas_dados"] != ""]
    assert sorted(flagged.index) == ["520017510", "521030715", "521160210", "521340010",
                                     "521935712", "522230210"]
    assert flagged.at["521030715", "alertas_dados"].startswith("Israelândia (5210307) — eleitorado: "
                                                               "2.993 eleitores.")


def test_the_study_names_the_flag_of_a_municipality_it_uses(store):
    from viabilidade.report.sections import data_flags_note

    a = analyse(FUSION, store=store)
    assert [f.cod_ibge for f in a.data_flags] == ["5201207"]   # Cumari: 2.616 for 2.927
    assert a.to_dict()["data_flags"][0]["kind"] == ELECTORS_ABOVE_POPULATION
    note = data_flags_note(a)
    assert ("<strong>Dado publicado incoerente.</strong> Valores de tabelas oficiais que se "
            "contradizem, usados pelo estudo como publicados: Anhanguera (5201207), eleitorado: "
            "1.744 eleitores:") in note
    # named once, explained below (legal review item 17)
    assert note.count("Anhanguera (5201207)") == 1
    assert "<li>O eleitorado é maior que a população residente (924 habitantes)" in note
    assert analyse(POSSE, store=store).data_flags == []


def test_explorer_margins_word_published_passes(posse):
    from viabilidade.explore.margins import margins
    from viabilidade.explore.views import margins_frame

    frame = margins_frame(margins(posse.results))
    row = frame[frame["Regra"].str.contains("IV") & (frame["Sujeito"] == "área")].iloc[0]
    assert row["Situação"] == PUBLISHED_PASS


def test_every_certificate_checked_names_the_documents_not_the_public_data(store, tmp_path):
    """Legal review 15:44, item 6: every act checked, art. 4 III not measurable: the cover
    read "aplica … aos dados públicos …; os valores aqui apresentados orientam o pedido dessas
    certidões e não as substituem" beside eight rows "cumprido (certificado)". It names the
    checked documents, as the conclusive note does."""
    from viabilidade.report.certificates import CHECKED_NOTE

    a = analyse(checked_copy(CERTIFIED, tmp_path), store=store)
    assert _box(a).startswith(f"Estudo preliminar. {CHECKED_NOTE} Documentos: Cartório "
                              "Eleitoral (TRE-GO), Certidão nº 12/2027")  # exact: test_certified
    assert "orientam o pedido" not in _box(a)
