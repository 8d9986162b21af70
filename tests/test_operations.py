"""The operations registry: one module per operation of LC 02/1990, each declaring its
articles, chapters, ofícios and appendix (viabilidade.operations)."""

import pytest

from viabilidade.proposal.candidate import OPERATIONS
from viabilidade.errors import CandidateError
from viabilidade.operations import CHAPTERS, REGISTRY, operation_for


def test_every_candidate_operation_has_its_module_in_the_same_order():
    assert list(REGISTRY) == list(OPERATIONS)
    assert {op.rules.__module__.rsplit(".", 1)[1] for op in REGISTRY.values()} == \
        {"creation", "fusion", "transfer", "boundary_correction", "district"}


def test_unknown_operation_is_a_pt_br_error_naming_the_field():
    with pytest.raises(CandidateError) as e:
        operation_for("fusao", file="x.toml")
    assert str(e.value) == ("x.toml, campo 'operation': encontrado 'fusao'; esperada uma operação "
                            "entre create-municipality, create-district, transfer-area, fusion, "
                            "boundary-correction")


def test_titles_and_labels():
    assert (operation_for("fusion").subtitle("Cumari", "Anhanguera e Cumari")
            == "fusão de Anhanguera e Cumari — Município de Cumari")
    # a name that begins with the noun the title puts before it is not doubled
    district = operation_for("create-district")
    assert district.subtitle("Distrito Leste") == "criação do Distrito Leste"
    assert district.subtitle("Posse d'Abadia") == "criação do Distrito de Posse d'Abadia"
    assert district.subtitle("Distritão") == "criação do Distrito de Distritão"
    assert operation_for("create-municipality").label == "criação de município (arts. 1º a 4º)"
    assert operation_for("create-district").words == "criação de distrito"


def test_chapters_are_known_and_in_study_order():
    for op in REGISTRY.values():
        assert list(op.chapters) == sorted(op.chapters, key=CHAPTERS.index), op.code
    assert "sec-distrito" not in operation_for("create-municipality").chapters
    assert operation_for("create-district").chapters == ("sec-distrito",)


def test_only_the_creation_sends_the_art4_letters():
    assert operation_for("create-municipality").letters == (
        "ibge", "cartorio-eleitoral", "sefaz-go", "prefeitura", "camara")
    assert [op.code for op in REGISTRY.values() if op.letters] == ["create-municipality"]


def test_only_transfer_has_no_proposed_seat_and_a_destination():
    # the transfer joins an existing municipality; the correction has no area at all
    assert [op.code for op in REGISTRY.values() if not op.proposed_seat] == \
        ["transfer-area", "boundary-correction"]
    assert [op.code for op in REGISTRY.values() if not op.proposed_area] == ["boundary-correction"]
    assert [op.code for op in REGISTRY.values() if op.receiving] == ["transfer-area"]
    assert [op.code for op in REGISTRY.values() if op.merges] == ["fusion"]


def test_transfer_correction_and_district_declare_their_own_articles_and_readings():
    t, b, d = (operation_for(c) for c in ("transfer-area", "boundary-correction", "create-district"))
    # the FPM of both municipalities (issue 29): declared by the operation
    assert t.chapters == ("sec-transferencia", "sec-fiscal-transferencia", "sec-processo")
    assert t.law_articles == ("5", "7")
    assert t.readings == ("quorum", "plebiscite_roll", "population_vintage")
    assert (b.chapters, b.law_articles, b.readings) == (("sec-correcao",), ("6",), ())
    assert d.law_articles == ("15", "16", "17", "18", "19", "20") and d.readings == ()
    assert d.instrument == "lei municipal (art. 16)"
    assert b.subject_label == "Limite corrigido" and t.subject_label == "Área transferida"
    assert operation_for("create-municipality").readings is None  # every reading


def test_an_unknown_reading_is_refused():
    import dataclasses
    with pytest.raises(ValueError, match=r"create-district: unknown readings \['quorun'\]"):
        dataclasses.replace(operation_for("create-district"), readings=("quorun",))


# ------------------------------------------------------------------ studies of real candidates
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def fusion_study():
    from viabilidade.report.study_cells import load_study
    return load_study(str(ROOT / "data" / "candidates" / "fusao-anhanguera-cumari.toml"),
                      study_date="2026-12-01")


def test_fusion_study_carries_art3_with_the_seats_name_art10_and_no_remainder(fusion_study):
    from viabilidade.report import sections
    from viabilidade.report.study_cells import chapters

    a = fusion_study.analysis
    html = chapters(fusion_study)
    assert 'id="sec-origem"' not in html and "remanescente" not in html
    assert 'id="sec-lei"' in html and 'id="sec-processo"' in html
    assert "<th scope=\"row\">Nome (o da sede)</th><td>Cumari</td>" in html
    assert ("nome: o arquivo propõe “Anhanguera-Cumari”, mas o art. 3º manda que o nome seja o da "
            "sede; a lei de criação, se vier a ser editada, daria ao Município o nome “Cumari”") in html
    assert "<th scope=\"row\">Vereadores na primeira legislatura (CF, art. 29, IV)</th><td>9</td>" in html
    assert ("Participação no ICMS da origem (art. 14)</th><td>não se aplica: a fusão extingue os "
            "municípios de origem (art. 5º, § 2º; art. 14)") in html
    assert ("Com dois ou mais municípios de origem, prevalece, até que o novo Município aprove a "
            "sua, a legislação daquele de maior renda (art. 10, parágrafo único); leitura adotada "
            "(I-9): prevalece a legislação da origem de maior receita total. Na fusão, o parágrafo "
            "único se aplica por analogia: ele trata da área desmembrada de mais de um município, e "
            "na fusão os municípios se extinguem (art. 5º, § 2º). Falta a receita total "
            "do último exercício de: Anhanguera e Cumari (art. 10, parágrafo único).") in html
    # barred (CF art. 18 § 4): no installation year (final legal read, items 7 and N3)
    assert ("Art. 11: os bens públicos municipais de Anhanguera e Cumari passam à propriedade do "
            "novo Município na data da instalação.") in html
    # the economic chapter dates its revenues by a year it states as a hypothesis of a law
    # barred today (16bf603, as the creation's); no other 2029 (calendar, art. 11)
    import re

    years = [html[m.start():m.start() + 160] for m in re.finditer("2029", html)]
    assert len(years) == 2 and all("na hipótese de a lei da fusão ser de 2027, lei hoje vedada"
                                   in y for y in years), years
    assert "Envio dos livros" not in html                 # art. 14 § 3: no origin remains
    assert [r.rule_id for r in a.results] == [
        "art4",
        "art5.par1", "art5.par2", "art7.par1", "art7.par2"]
    # the plebiscite roll of a fusion is the two municipalities, not an absent remainder
    # the fusion's plebiscite: quorum and majority in each municipality; one count is the
    # alternative reading (TSE, perfil do eleitorado de 2026: Anhanguera 1.744, Cumari 2.616
    # electors; 1.229 and 2.571 in the 2022 general election)
    assert ("o estudo exige quórum e maioria em cada um — Anhanguera: 1.744 eleitores (publicado (cópia não conferida); "
            "TSE, perfil do eleitorado de 2026, agregação não conferida), quórum mínimo de 873 "
            "comparecimentos e, nesse caso, 437 votos “sim”; Cumari: 2.616 eleitores (publicado (cópia não conferida); "
            "TSE, perfil do eleitorado de 2026, agregação não conferida), quórum mínimo de 1.309 "
            "comparecimentos e, nesse caso, 655 votos "
            "“sim”. Leitura alternativa, não adotada: uma só contagem no eleitorado somado") \
        in a.result("art7.par1").reason
    assert a.result("art7.par1").reason.endswith(
        "4.360 eleitores (publicado (cópia não conferida); TSE, perfil do eleitorado de 2026, agregação não conferida), "
        "quórum mínimo de 2.181 comparecimentos e, nesse caso, 1.091 votos “sim”. Em qualquer "
        "leitura, o quórum efetivo será o da lista de eleitores aptos fechada pelo TRE-GO para a "
        "consulta.")
    assert a.result("art7.par1").details["quorum_por_municipio"] == "Anhanguera: 873; Cumari: 1.309"
    # art. 4 waived in one line, not seven rows "não se aplica"
    assert a.result("art4").reason.startswith("art. 4º dispensado (art. 5º, § 2º)")
    assert html.count("st-na") == 1
    # art. 7 § 2 is about the law "que crie município" after art. 4: by analogy, with its basis
    assert a.result("art7.par2").article == "LC 02/1990, art. 7º, § 2º, por analogia"
    assert a.result("art7.par2").reason.startswith(
        "O art. 7º, § 2º, trata da lei que cria município depois de comprovados os requisitos do "
        "art. 4º; para a fusão a regra da maioria dos que comparecem se aplica por analogia (art. "
        "5º, § 2º: consulta plebiscitária sobre a fusão e a sede, com o art. 4º dispensado; Lei nº "
        "9.709/1998, art. 10: aprovação por maioria)")
    assert "Somente será admitida a elaboração de lei que crie município" not in html
    # art. 12: both origins are extinguished, so no option and no option deadline
    # a reading, labelled as such (legal review 3, item 11)
    assert ("Leitura do estudo, não do texto da lei: o direito de opção que o art. 12 resguarda "
            "não teria objeto na fusão, porque os municípios que se fundem se extinguem (art. 5º, "
            "§ 2º) e não resta administração de origem pela qual optar; por isso o estudo não conta "
            "o prazo de três meses. Na outra leitura, o servidor pode optar por não integrar o "
            "quadro do novo Município.") in html
    assert "Fim do prazo de opção dos servidores" not in html
    cover = sections.cover(a, fusion_study.date)
    # art. 3, I: the name is the seat's everywhere; the file's name only as the nonconformity
    assert sections.study_title(a) == ("Estudo de viabilidade — fusão de Anhanguera e Cumari — "
                                       "Município de Cumari")
    assert '<p class="cabecalho-corrente">Cumari</p>' in cover
    assert "<th scope=\"row\">Novo município</th><td>Cumari</td>" in cover
    assert "Anhanguera-Cumari" not in cover and a.profile.area.label == "Cumari"
    # the fused unit's sums name their units as pt-BR lists them (polish10)
    assert [getattr(a.profile.area, k).note for k in ("population", "electors", "buildings")] == [
        "soma de Anhanguera e Cumari"] * 3
    assert html.count("Anhanguera-Cumari") == 1
    assert "<th scope=\"row\">Municípios que se fundem</th><td>Anhanguera (5201207); Cumari (5206602)</td>" in cover
    appendix = sections.appendices(a)
    for n in ("3º", "5º", "7º", "9º", "10", "11", "12", "13"):
        assert f"<h4>Art. {n}</h4>" in appendix, n
    assert sections.other_rules(a) == ""


def test_art21_process_is_declared_checked_and_read_back(tmp_path):
    from viabilidade.proposal.candidate import load_candidate
    from viabilidade.operations import RESTORED, operation_of

    c = load_candidate(ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml")
    assert c.restored_process == "2.126/85" and operation_of(c) is RESTORED
    assert RESTORED.chapters == ("sec-art4", "sec-origem", "sec-processo")
    text = (ROOT / "data" / "candidates" / "posse-dabadia.toml").read_text(encoding="utf-8")
    bad = tmp_path / "posse.toml"
    bad.write_text(text + '\n[process]\nrestored_process = "2.126/85"\n', encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        load_candidate(bad)
    assert ("campo 'process.restored_process': o processo 2.126/85 cria o Município de Nova "
            "Iguaçu de Goiás (art. 21), mas o candidato é \"Posse d'Abadia\"") in str(e.value)
    bad.write_text(text + '\n[process]\nrestored_process = "9.999/88"\n', encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        load_candidate(bad)
    assert ("encontrado '9.999/88'; esperado um dos processos restabelecidos pelo art. 21: "
            "1.425/87 (Cocalzinho de Goiás); 2.126/85 (Nova Iguaçu de Goiás); 1.651/87 "
            "(Santo Antônio de Goiás)") in str(e.value)


def test_conclusion_phrases_are_the_operations_own():
    from viabilidade.report import conclusion
    from viabilidade.rules.result import Verdict

    assert operation_for("create-district").conclusion[Verdict.VIAVEL] == \
        "requisitos do art. 17 cumpridos perante a LC nº 2/1990"
    assert operation_for("fusion").conclusion[Verdict.INDETERMINADO] == \
        "viabilidade indeterminada perante a LC nº 2/1990"
    assert conclusion.VERDICT_PHRASES == {code: op.conclusion for code, op in REGISTRY.items()}


def test_law_articles_in_leaves_out_other_texts_articles():
    from viabilidade.report.sections import law_articles_in
    assert law_articles_in("(art. 2º) ou ≥ 50 (art. 5º, § 1º); CF, art. 18, § 4º; arts. 15 a 17; "
                           "Lei 9.709/1998, art. 7º; Constituição Federal, art. 30, IV; a Emenda "
                           "Constitucional nº 15, de 12 de setembro de 1996, o art. 18, § 4º; a "
                           "lei complementar federal exigida pelo art. 18, § 4º; o art. 96 do ADCT; "
                           "arts. 11, 13 e 14; <b>art. 8º</b>") == \
        ["2", "5", "15", "16", "17", "11", "13", "14", "8"]


@pytest.mark.parametrize("slug", ["posse-dabadia", "fusao-anhanguera-cumari", "nova-iguacu-de-goias"])
def test_every_article_the_study_cites_is_in_its_law_text_appendix(slug):
    import re
    from viabilidade.report import sections
    from viabilidade.report.frame import study_frame
    from viabilidade.report.study_cells import chapters, load_study

    st = load_study(str(ROOT / "data" / "candidates" / f"{slug}.toml"), study_date="2026-12-01")
    a = st.analysis
    body = (sections.cover(a, st.date, after=study_frame(a)) + sections.summary(a)
            + sections.area(a, st.store, map_html="") + chapters(st) + sections.other_rules(a)
            + sections.sensitivity(a))
    appendix = sections.appendices(a)
    law = appendix.index("Texto dos artigos citados")
    printed = set(re.findall(r"<h4>Art\. (\d+)", appendix[law:]))
    cited = sections.law_articles_in(body + appendix[:law])
    assert {"7", "9"} <= set(cited)                 # the timing condition and the calendar
    assert [n for n in cited if n not in printed] == []
