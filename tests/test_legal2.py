"""The legal consultant's second reading (N1 …): each finding with the exact pt-BR text."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")

#: N1: the art. 8 extinction is itself an incorporation, barred like the creation.
EXTINCTION = ("extinção e reincorporação ao município de origem, que é incorporação de Município "
              "(CF, art. 18, § 4º): hoje vedada, enquanto não editada a lei complementar federal, "
              "e, mesmo depois dela, feita só por lei estadual, precedida dos Estudos de "
              "Viabilidade Municipal e de plebiscito das populações dos Municípios envolvidos (Lei "
              "nº 9.709/1998, arts. 5º e 7º)")


def _text(html: str) -> str:
    html = re.sub(r"</?(?:strong|b)\b[^>]*>", "", html)
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


@pytest.fixture(scope="module")
def analysed(store):
    from viabilidade.profile.analysis import analyse

    cache = {}

    def get(path):
        if path not in cache:
            cache[path] = analyse(ROOT / path, store=store)
        return cache[path]
    return get


POSSE = "data/candidates/posse-dabadia.toml"
NOVA = "data/candidates/nova-iguacu-de-goias.toml"
FUSION = "data/candidates/fusao-anhanguera-cumari.toml"
TRANSFER = "tests/fixtures/transferencia-posse-dabadia.toml"


def test_n1_the_thin_margin_warning_says_the_extinction_is_barred_too(analysed):
    from viabilidade.report import frame
    from viabilidade.report.sections import thin_margin_note

    assert frame.EXTINCTION_BARRED == EXTINCTION
    text = _text(thin_margin_note(analysed(POSSE)))
    # Posse's thin margin is the area's (3.045 inhabitants): no word on the origin (legal
    # review 3, item 12)
    assert ("depois de instalado o Município, essa perda é causa de " + EXTINCTION + ".") in text


def test_n1_the_installed_municipality_lead_says_the_extinction_is_barred_too(analysed):
    from viabilidade.report.sections import _what_would_change

    text = _text(_what_would_change(analysed(NOVA)))
    assert ("que levaria a Assembleia Legislativa a decretar a sua " + EXTINCTION
            + "; não é condição da criação, já feita.") in text


@pytest.fixture(scope="module")
def redated(store, tmp_path_factory):
    """The certified fixture with its study date moved before its documents (01/12/2026)."""
    from viabilidade.profile.analysis import analyse

    text = (ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml").read_text(
        encoding="utf-8")
    assert "study_date = 2027-06-01" in text
    path = tmp_path_factory.mktemp("n7") / "posse-dabadia-certificada.toml"
    path.write_text(text.replace("study_date = 2027-06-01", "study_date = 2026-12-01"),
                    encoding="utf-8")
    return analyse(path, store=store)


def test_n7_a_future_act_sets_no_value_threshold_nor_margin(redated):
    from viabilidade.report.writers.tables import margin_text, rule_table, threshold_text, value_text

    by_id = {r.rule_id: r for r in redated.results}
    rows = {k: (value_text(by_id[k]), threshold_text(by_id[k]), margin_text(by_id[k]))
            for k in ("art2", "art7.par1", "art7.par2", "art4.VII")}
    assert rows == {
        "art2": ("— (ato futuro)", "no mínimo 100\u00a0eleitores inscritos na área", "—"),
        "art7.par1": ("— (ato futuro)", "—", "—"),
        "art7.par2": ("— (ato futuro)", "—", "—"),
        # the SEFAZ-GO certificate of 01/03/2027 sets no limit: the study's own, as uncertified
        # legal review 3, finding 4: an approximate limit without centavos
        "art4.VII": ("—", "mais de R$\u00a02,90\u00a0milhões (aproximado, por excesso; receita estadual de 2023)", "—"),
    }
    assert by_id["art7.par1"].reason.startswith(
        "Indeterminado (ato futuro: datado de 16/05/2027, posterior à data do estudo "
        "(01/12/2026)): Compareceram 7.020")
    table = _text(rule_table(redated.results))
    assert "412 assinaturas" not in table and "+312" not in table
    assert "7.020 eleitores" not in table and "+1.613" not in table
    assert "3.340.000,00" not in table


def test_n5_one_count_rule_for_transfer_and_fusion(analysed):
    from viabilidade.rules.art7 import COMBINED

    def par1(path):
        return next(r for r in analysed(path).results if r.rule_id == "art7.par1")

    transfer, fusion = par1(TRANSFER), par1(FUSION)
    for r in (transfer, fusion):
        assert r.details["contagem"] == "em cada município (a contagem única é leitura alternativa)"
        assert "o estudo exige quórum e maioria em cada um — " in r.reason
        assert COMBINED in r.reason
    assert transfer.details["quorum_por_municipio"] == "Abadiânia: 6.308; Corumbá de Goiás: 3.976"
    assert fusion.details["quorum_por_municipio"] == "Anhanguera: 873; Cumari: 1.309"
    effective = (" Em qualquer leitura, o quórum efetivo será o da lista de eleitores aptos "
                 "fechada pelo TRE-GO para a consulta.")
    assert transfer.reason.endswith(
        COMBINED + ": 20.564 eleitores (publicado (cópia não conferida); TSE, perfil do eleitorado de 2026, agregação "
        "não conferida), quórum mínimo de 10.283 comparecimentos e, nesse caso, 5.142 votos "
        "“sim”." + effective)
    assert fusion.reason.endswith(
        COMBINED + ": 4.360 eleitores (publicado (cópia não conferida); TSE, perfil do eleitorado de 2026, agregação "
        "não conferida), quórum mínimo de 2.181 comparecimentos e, nesse caso, 1.091 votos "
        "“sim”." + effective)


def test_n4_the_fusion_economic_text_is_its_own(analysed, store):
    from viabilidade.report.economic import economic_section

    fusion = _text(economic_section(analysed(FUSION), store))
    assert "Um novo município de Goiás toma o seu coeficiente" not in fusion
    assert ("Na fusão, o município resultante recebe um só coeficiente, pela sua população, no "
            "lugar dos coeficientes dos municípios que se fundem, e a soma dos coeficientes do "
            "interior de Goiás muda pela diferença: os demais Estados não são afetados, e cada um "
            "dos demais municípios do interior goiano recebe uma fração maior, porque a soma "
            "diminui.") in fusion
    creation = _text(economic_section(analysed(POSSE), store))
    assert ("Um novo município de Goiás toma o seu coeficiente da parcela de Goiás: os demais "
            "Estados não são afetados, e cada município do interior goiano recebe uma fração "
            "menor.") in creation


def test_n4_the_fusion_sensitivity_lists_only_its_readings(analysed):
    assert [d for d, _, _ in analysed(FUSION).alternatives] == [
        "leitura adotada", "I-8: quórum: metade mais um, literal (⌈n/2 + 1⌉)",
        "I-9: prevalece a legislação da origem de maior receita per capita"]


def test_n3_the_fusion_memorial_is_informative_and_gives_both_areas(analysed, store):
    from viabilidade.report.study_cells import memorial_html, split_or_none

    a = analysed(FUSION)
    text = _text(memorial_html(a, split_or_none(a, store), store))
    assert text.startswith(
        "Memorial descritivo (informativo) Memorial informativo, traçado sobre os polígonos da "
        "Malha Municipal 2022 do IBGE, e não um levantamento: na fusão, os limites do novo "
        "Município são os atuais de Anhanguera e Cumari, fixados nas leis vigentes.")
    assert "a mesma do estudo" not in text
    # The 2022 mesh measures the published area (635,56 km² on the pre-2020 simplified mesh).
    # legal review 3, finding 4: measured on the mesh, the published area and the difference
    assert ("Área: 623,93 km² (62.393 ha), área geodésica (elipsoide GRS80); medida sobre a Malha "
            "Municipal 2022 do IBGE; a área publicada, que o estudo usa, é de 623,93 km², "
            "diferença de 0,001 km²; área no plano UTM") in text
    assert "Área geodésica: 623,93 km² (medida sobre a Malha Municipal 2022 do IBGE;" in text


def test_n2_an_installed_municipality_can_lose_only_items_iv_to_vii(analysed):
    from viabilidade.operations.restored import NOT_LOST
    from viabilidade.rules.result import Status

    a = analysed(NOVA)
    art4 = {r.rule_id: r for r in a.results if r.rule_id.startswith("art4")}
    assert sorted(art4) == ["art4.I", "art4.II", "art4.III", "art4.IV", "art4.V", "art4.VI",
                            "art4.VII", "art4.par1"]
    for rid in ("art4.I", "art4.II", "art4.III", "art4.par1"):
        assert (art4[rid].status, art4[rid].reason) == (Status.NOT_APPLICABLE, NOT_LOST)
    assert NOT_LOST == (
        "não se aplica (condições da criação, na leitura do estudo): o art. 8º trata da perda, por "
        "município já instalado, dos requisitos que ele pode perder — população, eleitorado, "
        "edificações e arrecadação (art. 4º, IV a VII), verificados quadrienalmente com as "
        "informações que a Assembleia Legislativa requisita dos organismos competentes (art. 8º, "
        "§ 1º); o art. 8º fala em “qualquer dos requisitos previstos no art. 4º”, e limitá-lo aos "
        "itens IV a VII é leitura do estudo (ver a capa e os Apêndices).")
    assert (art4["art4.IV"].status, art4["art4.IV"].value) == (Status.PASS, 3010)


def test_12_the_installed_municipality_is_not_called_proposed(analysed, store):
    from viabilidade.report import sections

    a = analysed(NOVA)
    area = _text(sections.area(a, store))
    assert area.startswith("O território do Município Sede: Nova Iguaçu de Goiás. Municípios "
                           "inteiros na área: Nova Iguaçu de Goiás (5214879).")
    assert "Números do Município — Nova Iguaçu de Goiás" in area
    assert "proposta" not in area and "proposto" not in area
    assert _text(sections.group(a, "sec-art4")).startswith(
        "Requisitos do art. 4º que o Município pode perder (art. 8º)")
    assert _text(sections.group(a, "sec-origem")).startswith(
        "O município de origem (art. 4º, § 1º)")
    fusion = _text(sections.area(analysed(FUSION), store))
    assert "Municípios inteiros na área: Anhanguera (5201207) e Cumari (5206602)." in fusion


def test_n14_what_would_make_it_viable_repeats_the_bar(analysed):
    from viabilidade.report.sections import _what_would_change

    text = _text(_what_would_change(analysed(POSSE)))
    assert text.startswith(
        "A conclusão depende de 12 requisitos ainda não comprovados com dados certificados ou "
        "evidências; basta um deles não cumprido para torná-la inviável:")
    # new-user review 4: item IV, met only on published data (margin 1,50 %), is listed too
    assert ("Art. 4º, IV: População de mais de três mil habitantes — atingido nos dados "
            "publicados (a certificar)") in text
    assert "O motivo de cada um está na seção do respectivo artigo do estudo." in text
    assert text.endswith(
        "Mesmo com todos os requisitos da LC nº 2/1990 comprovados, a criação está vedada "
        "enquanto não editada a lei complementar federal (CF, art. 18, § 4º).")
    fusion = _text(_what_would_change(analysed(FUSION)))
    assert fusion.endswith("Mesmo com todos os requisitos da LC nº 2/1990 comprovados, a fusão "
                           "está vedada enquanto não editada a lei complementar federal (CF, art. "
                           "18, § 4º).")


def test_14_the_transfer_pending_list_asks_for_the_declarations(analysed):
    from viabilidade.rules.certification import pending

    first = pending(analysed(TRANSFER).results)[0]
    assert (first.item, first.body, first.field) == (
        "LC 02/1990, art. 5º, § 1º", "Proponentes", "process.residence_declarations")
    assert first.what == (
        "representação assinada por no mínimo cinquenta eleitores residentes na área, com firmas "
        "reconhecidas e mediante declarações destes (de residência e domicílio na área)")


def test_n12_art21_source_and_computed_dates_of_a_past_creation(analysed):
    from viabilidade.rules import calendar

    a = analysed(NOVA)
    art21 = next(r for r in a.results if r.rule_id == "art21")
    # final legal read, item 12: the pass rests on the law's text; the creation law is the
    # compilation's, named in the reason
    assert art21.source == "LC nº 2/1990, art. 21"
    from viabilidade.operations import operation_of

    events = [(e["evento"], e["data"]) for e in calendar.timeline(
        a.candidate, a.settings, phases=operation_of(a.candidate).phases)]
    assert ("Envio dos livros pelo município de origem (calculado)", "1993-01-16") in events
    assert ("Fim do prazo de opção dos servidores (calculado)", "1993-04-01") in events
    posse = [e["evento"] for e in calendar.timeline(
        analysed(POSSE).candidate, analysed(POSSE).settings,
        phases=operation_of(analysed(POSSE).candidate).phases)]
    assert "Fim do prazo de opção dos servidores" in posse


def test_n13_the_fusion_representation_says_how_it_is_read(analysed):
    from viabilidade.operations.fusion import CONSULTATION

    fusion = next(r for r in analysed(FUSION).results if r.rule_id == "art5.par1")
    assert fusion.reason.endswith(
        " Na fusão, a “respectiva área” são todos os municípios que se fundem: o estudo lê uma só "
        "representação, com no mínimo cinquenta eleitores residentes e domiciliados em qualquer "
        "deles (leitura do estudo; a lei não diz se são cinquenta em cada município, leitura mais "
        "exigente que a proposta pode atender para evitar a dúvida).")
    transfer = next(r for r in analysed(TRANSFER).results if r.rule_id == "art5.par1")
    assert CONSULTATION.petition_note in fusion.reason
    assert CONSULTATION.petition_note not in transfer.reason


def test_n9_the_correction_tolerance_is_the_studys_and_the_change_one_way(analysed, store):
    from viabilidade.report import sections
    from viabilidade.report.operation_chapters import correction_section
    from viabilidade.report.writers.tables import threshold_text

    a = analysed("tests/fixtures/correcao-abadiania-alexania.toml")
    r = next(r for r in a.results if r.rule_id == "art6.area")
    assert threshold_text(r) == "no máximo 1\u00a0km² — tolerância do estudo (leitura)"
    assert "1 km² — tolerância do estudo (leitura)" in _text(sections.sensitivity(a))
    chapter = _text(correction_section(a, store))
    assert ("Sentido da mudança um só: todo o território entre as linhas sai de Alexânia; a "
            "correção não compensa área entre os municípios") in chapter


def test_n11_a_source_does_not_repeat_its_date_and_quotes_are_curly(analysed):
    from viabilidade.report.sections import DETAIL_LABELS
    from viabilidade.report.writers.tables import source_text

    by_id = {r.rule_id: r for r in analysed("tests/candidates/posse-dabadia-certificada.toml").results}
    assert source_text(by_id["art4.IV"]) == (
        "IBGE, Ofício nº 101/2027 — Superintendência Estadual do IBGE em Goiás, de 10/03/2027")
    assert source_text(by_id["art4.VII"]) == (
        "Secretaria de Estado da Economia de Goiás, Ofício nº 77/2027 — Secretaria de Estado da "
        "Economia, de 01/03/2027 (exercício de 2026)")
    assert (DETAIL_LABELS["sim"], DETAIL_LABELS["nao"], DETAIL_LABELS["minimo_sim"]) == (
        "Votos “sim”", "Votos “não”", "Mínimo de votos “sim”")


def test_n8_a_limit_from_revenue_with_fines_is_approximate_by_excess(analysed):
    from viabilidade.report.writers.tables import threshold_text

    vii = next(r for r in analysed(POSSE).results if r.rule_id == "art4.VII")
    assert threshold_text(vii) == "mais de R$\u00a02,90\u00a0milhões (aproximado, por excesso; receita estadual de 2023)"
    assert vii.details["nota_exigencia"].endswith(
        "A exigência é aproximada, por excesso: a receita da fonte (SEFAZ-GO, Receita Gerencial) "
        "inclui multas, que não são receita de impostos, e o adicional de 2 % do ICMS.")


def test_2_the_estudo_command_prints_the_fusion_by_its_seat(monkeypatch, capsys, tmp_path):
    from viabilidade.cli import main
    from viabilidade.operations import study_name
    from viabilidade.proposal.candidate import load_candidate

    assert study_name(load_candidate(ROOT / FUSION)) == "Cumari"
    monkeypatch.setattr("viabilidade.report.study.run_study", lambda c, out, **kw: {
        "name": "Anhanguera-Cumari", "study_name": "Cumari", "verdict": "indeterminado",
        "conclusion": "x.", "folder": str(out)})
    assert main(["estudo", str(ROOT / FUSION), "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Estudo de Cumari: x."


def test_n10_the_appendix_names_every_processed_table_in_portuguese():
    from viabilidade.report.writers.tables import TABLE_LABELS, table_label

    names = [p.stem for p in STORE.glob("*.parquet")]
    assert "fpm_interior" in names
    assert [n for n in names if n not in TABLE_LABELS] == []
    assert (table_label("fpm_interior"), table_label("pib")) == (
        "coeficientes do FPM-Interior", "PIB dos municípios")


def test_n10_the_census_file_of_the_history_table_is_not_called_history():
    from viabilidade.report.writers.tables import _row_label

    record = {"table": "history"}
    assert _row_label(record, {"path": "census/CD2022_Agregados_por_municipios_basico_GO.csv"}) \
        == "nomes e códigos dos municípios do histórico"
    assert _row_label(record, {"path": "history/go_criacao_municipios_fatos_legais.csv"}) == \
        "histórico de criação de municípios"


def test_n2_the_installed_municipality_sensitivity_lists_only_its_readings(analysed):
    descriptions = [d for d, _, _ in analysed(NOVA).alternatives]
    assert [d.split(":")[0] for d in descriptions] == [
        "leitura adotada", "I-1", "I-1", "I-1b", "População", "I-2"]
