"""The legal consultant's third reading (items 1, 3, 6, 7, 8, 11, 12 of review-legal3): each
finding with the exact pt-BR text, which the old text fails."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")

POSSE = "data/candidates/posse-dabadia.toml"
FUSION = "data/candidates/fusao-anhanguera-cumari.toml"
TRANSFER = "tests/fixtures/transferencia-posse-dabadia.toml"
DISTRICT = "tests/fixtures/distrito-abadiania-leste.toml"
CORRECTION = "tests/fixtures/correcao-abadiania-alexania.toml"


# The text helper and the store/analysis fixtures are test_legal2's (one copy).
from test_legal2 import _text, analysed, store  # noqa: E402,F401


# ---------------------------------------------------------------- item 7

def test_item7_transfer_block_counts_the_plebiscite_in_each_municipality(analysed):
    from viabilidade.report.sections import rule_block

    block = _text(rule_block(analysed(TRANSFER).result("art7.par1")))
    assert ("Contagem do plebiscito em cada município (a contagem única é leitura "
            "alternativa)") in block
    assert "da fusão" not in block


def test_item7_fusion_quorum_is_art7_par1_by_analogy(analysed):
    from viabilidade.report.bill.justification import _findings

    a = analysed(FUSION)
    assert a.result("art7.par1").article == "LC 02/1990, art. 7º, § 1º, I, por analogia"
    assert [r[0] for r in _findings(a)][-2:] == ["art. 7º, § 1º, I, por analogia",
                                                 "art. 7º, § 2º, por analogia"]
    # a creation and a transfer: § 1, I applies as written ("emancipada ou transferida")
    assert analysed(POSSE).result("art7.par1").article == "LC 02/1990, art. 7º, § 1º, I"
    assert analysed(TRANSFER).result("art7.par1").article == "LC 02/1990, art. 7º, § 1º, I"


def test_item7_fusion_economic_heading_is_the_effect_not_who_pays(analysed, store):
    from viabilidade.fiscal.economy import economy
    from viabilidade.report.economic import economic_section, who_pays_title

    fusion = economy(analysed(FUSION), store)
    assert who_pays_title(fusion) == "Efeito nos demais municípios do interior de Goiás"
    assert who_pays_title(economy(analysed(POSSE), store)) == (
        "Quem paga: os demais municípios do interior de Goiás")
    text = _text(economic_section(analysed(FUSION), store, figure=3))
    assert "Quem paga" not in text
    assert "Efeito nos demais municípios do interior de Goiás Com a soma dos coeficientes" in text
    assert "Efeito nos demais municípios: cada município do interior de Goiás ganha" in text


# ---------------------------------------------------------------- item 12

def test_item12_thin_margin_of_the_area_says_nothing_of_the_origin(analysed):
    from viabilidade.rules.art8 import thin_margin_warning
    from viabilidade.rules.result import RuleResult, Status

    a = analysed(POSSE)
    text = thin_margin_warning(a.results, a.settings)
    assert "depois de instalado o Município, essa perda é causa de extinção" in text
    assert "desde já" not in text
    # a remainder's thin margin: the origin is installed, exposed now
    remainder = RuleResult(rule_id="art4.par1", title="Remanescente", status=Status.PASS,
                           reason="", subject="Abadiânia (remanescente)",
                           details={"subchecks": {"IV": {"status": "pass", "valor": 3040,
                                                         "limite": 3000,
                                                         "unidade": "habitantes"}}})
    text = thin_margin_warning([remainder], a.settings)
    assert ("depois de instalado o Município (e, para o município de origem, desde já), essa "
            "perda é causa de extinção") in text


def test_item12_transfer_shows_each_municipality_roll(analysed):
    from viabilidade.report.sections import rule_block

    block = _text(rule_block(analysed(TRANSFER).result("art7.par1")))
    assert ("Eleitores do rol em cada município (leitura adotada) Abadiânia: 12.614; Corumbá de "
            "Goiás: 7.950") in block
    assert "Eleitores somados (só na leitura alternativa, de contagem única) 20.564" in block
    assert "Eleitores do rol do plebiscito" not in block


def test_item12_district_electors_not_required(analysed, store):
    from viabilidade.report.sections import area

    text = _text(area(analysed(DISTRICT), store))
    assert "Eleitores não exigido (art. 17) — —" in text
    assert not re.search(r"Eleitores \d", text)
    # a creation keeps its electors' figure
    assert re.search(r"Eleitores [\d.]+ ±", _text(area(analysed(POSSE), store)))


# ---------------------------------------------------------------- items 1 and 11: the bill

CREATION_HEADER = ("MINUTA PARA ESTUDO — não apresentável: criação vedada enquanto não editada a "
                   "lei complementar federal (CF, art. 18, § 4º; ADI 2.240) e antes de "
                   "comprovados os requisitos e do plebiscito favorável (LC nº 2/1990, art. 7º, "
                   "§ 2º)")


@pytest.fixture(scope="module")
def author():
    from viabilidade.report.oficios_settings import OficiosSettings

    return OficiosSettings.from_toml(ROOT / "tests" / "fixtures" / "oficios.toml").proposer


@pytest.fixture(scope="module")
def posse_bill(analysed, store, author):
    from viabilidade.report.bill import build_bill

    return build_bill(analysed(POSSE), store, author=author, process="2027/000123")


def test_item1_bill_is_a_minuta_with_the_bar_on_every_page(posse_bill, analysed, store, author,
                                                           tmp_path):
    from docx import Document

    from viabilidade.report import bill as b
    from viabilidade.report.writers.typst import to_typst

    assert posse_bill.minuta == CREATION_HEADER
    html = b.bill_html(posse_bill, "Projeto")
    assert f'<main class="oficio projeto-lei"><p class="minuta">{CREATION_HEADER}</p>' in html
    # the PDF's page header (every page), read from p.minuta
    assert to_typst(html).inputs["minuta"] == CREATION_HEADER
    # the DOCX header
    d = Document(__import__("io").BytesIO(b.bill_docx(posse_bill, "Projeto")))
    assert d.sections[0].header.paragraphs[0].text == CREATION_HEADER
    # per operation: a fusion's and a transfer's own bar; a district's law is municipal
    fusion = b.build_bill(analysed(FUSION), store, author=author)
    assert fusion.minuta == (
        "MINUTA PARA ESTUDO — não apresentável: fusão vedada enquanto não editada a lei "
        "complementar federal (CF, art. 18, § 4º; ADI 2.240) e antes do plebiscito favorável "
        "sobre a fusão e a sede (LC nº 2/1990, art. 5º, § 2º)")
    transfer = b.build_bill(analysed(TRANSFER), store, author=author)
    assert transfer.minuta == (
        "MINUTA PARA ESTUDO — não apresentável: desmembramento e incorporação vedados enquanto "
        "não editada a lei complementar federal (CF, art. 18, § 4º; ADI 2.240) e antes do "
        "plebiscito favorável (LC nº 2/1990, arts. 5º e 7º)")
    district = b.build_bill(analysed(DISTRICT), store)
    assert district.minuta == ("MINUTA PARA ESTUDO — lei municipal (LC nº 2/1990, art. 16), a "
                               "apresentar depois de comprovados os requisitos do art. 17")
    assert "18, § 4º" not in district.minuta


def test_item1_pdf_pages_all_carry_the_header(posse_bill, tmp_path):
    import shutil

    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext not installed")
    from conftest import pdf_text

    from viabilidade.report import bill as b
    from viabilidade.report.writers.export import html_to_pdf

    pdf = tmp_path / "projeto.pdf"
    pdf.write_bytes(html_to_pdf(b.bill_html(posse_bill, "Projeto")))
    count = int(re.search(r"Página 1 de (\d+)", pdf_text(pdf, 1, 1)).group(1))
    pages = [pdf_text(pdf, n, n) for n in range(1, count + 1)]
    assert count > 2
    assert all(p.startswith(CREATION_HEADER) for p in pages)


def test_item1_art1_names_the_federal_law_as_not_yet_made(posse_bill):
    # its number and date as visible blanks (issue 29 § 4); the notes say it is not yet made
    art1 = posse_bill.numbered()[0][1]
    assert ("nos termos do art. 18, § 4º, da Constituição Federal, da Lei Complementar federal "
            "nº [número], de [data], e da Lei Complementar nº 2, de 16 de janeiro de 1990.") in art1
    assert any("a lei federal não foi editada" in n for n in posse_bill.notes)
    assert "nele prevista" not in art1


def test_item1_no_filing_date_leaves_year_and_date_blank(posse_bill):
    assert posse_bill.epigrafe == "PROJETO DE LEI Nº ______, DE ______ DE ____________ DE ______"
    assert posse_bill.place_date == ("Sala das Sessões da Assembleia Legislativa do Estado de "
                                     "Goiás, em Goiânia, ______\u00a0de\u00a0____________\u00a0"
                                     "de\u00a0______.")
    assert not re.search(r"\b20\d\d\b", posse_bill.epigrafe + posse_bill.place_date)
    assert "(a)" not in posse_bill.epigrafe + posse_bill.place_date
    # no filing date: no note compares the process's year with a date that is not there
    assert not any(n.startswith("processo nº") for n in posse_bill.notes)


def test_item11_readings_labelled_and_art3_without_incisos(posse_bill, analysed, store, author):
    from viabilidade.report import bill as b

    text = " ".join(c + " ".join(t for _, t in i) + " ".join(t for _, t in p)
                    for _, c, i, p in posse_bill.numbered())
    assert not re.search(r"art\. 3º, [IVX]+", text)
    assert not any(re.search(r"art\. 3º, [IVX]+", n) for n in posse_bill.notes)
    assert ("art. 3º: no texto consolidado da LC nº 2/1990, os complementos da lei de criação "
            "são itens sem numeração; o projeto cita o art. 3º sem inciso (numerá-los seria "
            "leitura do redator); conferir com o texto publicado no Diário Oficial do "
            "Estado") in posse_bill.notes
    assert ("Art. 7º (servidores): leitura do redator, não do texto da lei: o art. 12 da LC nº "
            "2/1990 fala dos “servidores do município de origem”, sem a restrição aos “lotados "
            "em órgãos e unidades situados no território” do novo Município, que o artigo "
            "acrescenta; conferir na redação final") in posse_bill.notes
    fusion = b.build_bill(analysed(FUSION), store, author=author)
    assert ("Art. 7º (servidores): leitura do redator, não do texto da lei: o artigo não "
            "resguarda o direito de opção do art. 12 da LC nº 2/1990, que não teria objeto na "
            "fusão, porque os Municípios que se fundem se extinguem (art. 5º, § 2º); na outra "
            "leitura, o servidor pode optar por não integrar o quadro do novo Município, e o "
            "prazo de três meses se conta da instalação; decidir na redação final") in fusion.notes


# ---------------------------------------------------------------- item 6: the art. 8 audit

def test_item6_audit_item_vii_says_what_the_study_says(analysed, store):
    import datetime as dt

    from viabilidade.statewide import views as sw

    said = sw.revenue_requirement(store, dt.date(2026, 12, 1))
    assert said == {
        "referencia_exigencia": "receita estadual de 2023",
        "natureza_exigencia": "aproximada, por excesso",
        "nota_exigencia": (
            "A exigência foi calculada com a receita estadual de impostos de 2023; a lei pede a do "
            "último exercício (2025), que os arquivos do estudo ainda não trazem (a receita "
            "completa vai até 2023). O limite legal é o da receita de 2025, certificada pela "
            "Secretaria de Estado da Economia de Goiás. A exigência é aproximada, por excesso: a "
            "receita da fonte (SEFAZ-GO, Receita Gerencial) inclui multas, que não são receita de "
            "impostos, e o adicional de 2 % do ICMS.")}
    # the same words as the study dated 01/12/2026 (one helper, not a copy)
    details = analysed(POSSE).result("art4.VII").details
    assert {k: details[k] for k in said} == said
    # the verification of 2027 (art. 8, § 1) asks for 2026's
    later = sw.revenue_requirement(store, dt.date(2027, 6, 1))["nota_exigencia"]
    assert "a lei pede a do último exercício (2026)" in later
    assert sw.FULL_REQUIREMENTS.startswith("Leitura do estudo, não do texto da lei (como as "
                                           "leituras I-1 a I-11): o art. 8º fala na perda de "
                                           "“qualquer dos requisitos previstos no art. 4º”")


# ---------------------------------------------------------------- item 3: art. 6 documents

def test_item3_each_art6_document_needs_body_number_and_date(tmp_path):
    from viabilidade.errors import CandidateError
    from viabilidade.proposal.candidate import load_candidate

    text = (ROOT / CORRECTION).read_text(encoding="utf-8")
    for name in ("linha-antiga", "linha-nova"):
        src = ROOT / "tests" / "fixtures" / f"correcao-abadiania-alexania-{name}.geojson"
        (tmp_path / src.name).write_bytes(src.read_bytes())
    text = text.replace('number = "Parecer técnico nº 1/2026"\n', "")
    text = text.replace('{body = "Câmara Municipal de Alexânia", number = "Resolução nº 7/2026", '
                        'date = 2026-02-24}', '{body = "Câmara Municipal de Alexânia", '
                        'number = "Resolução nº 7/2026"}')
    path = tmp_path / "c.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        load_candidate(path)
    msg = str(e.value)
    assert "c.toml" in msg
    assert ("c.toml, linha 16, campo 'boundary_correction.technical_error.number': campo "
            "obrigatório ausente; esperado o "
            "número do ato (texto): cada documento da correção de limites (art. 6º) precisa de "
            "órgão, número e data") in msg
    assert ("c.toml, linha 23, campo 'boundary_correction.council_resolutions.documents[1].date': "
            "campo obrigatório ausente; esperado a data do ato (uma data (AAAA-MM-DD)): cada documento da correção "
            "de limites (art. 6º) precisa de órgão, número e data") in msg


# ---------------------------------------------------------------- item 8: the ofícios

@pytest.fixture(scope="module")
def letters(store, tmp_path_factory):
    import datetime as dt

    from viabilidade.proposal.candidate import load_candidate
    from viabilidade.report.oficios import write_oficios
    from viabilidade.report.oficios_settings import OficiosSettings

    out = tmp_path_factory.mktemp("oficios")
    settings = OficiosSettings.from_toml(ROOT / "tests" / "fixtures" / "oficios.toml")
    return write_oficios(load_candidate(ROOT / POSSE), out, store=store, settings=settings,
                         request_date=dt.date(2027, 1, 15))


def test_item8_number_with_sigla_and_named_addressees(letters):
    ibge = _text(letters["oficio-ibge.html"].read_text(encoding="utf-8"))
    assert "Ofício nº 15/2027/CCJR-ALEGO" in ibge
    assert ("À Senhora Ana Maria Costa Superintendente Estadual do IBGE em Goiás Instituto "
            "Brasileiro de Geografia e Estatística — IBGE Goiânia — GO") in ibge
    sefaz = _text(letters["oficio-sefaz-go.html"].read_text(encoding="utf-8"))
    assert "Ofício nº 402/2027/GP-ALEGO" in sefaz  # the Presidency's series
    assert ("A Sua Excelência o Senhor Francisco Sales Secretário de Estado da Economia de Goiás "
            "Goiânia — GO") in sefaz
    # the deadline once: no box repeating paragraph 4
    assert 'class="prazo"' not in letters["oficio-sefaz-go.html"].read_text(encoding="utf-8")
    assert "Prazo para resposta" not in sefaz
    assert sefaz.count("prestadas no prazo de sessenta dias") == 1


def test_item8_sigla_setting_is_checked():
    from viabilidade.errors import SettingsError
    from viabilidade.report.oficios_settings import OficiosSettings

    base = {"committee": "C", "president": "P", "president_gender": "feminino",
            "process": "2027/1", "proposer": "D", "proposer_gender": "masculino",
            "first_number": 1}
    assert OficiosSettings.from_dict(base).sigla == ""
    assert OficiosSettings.from_dict({**base, "sigla": " CCJR-ALEGO "}).sigla == "CCJR-ALEGO"
    with pytest.raises(SettingsError) as e:
        OficiosSettings.from_dict({**base, "sigla": ""})
    assert ("encontrado um texto vazio; esperada a sigla da unidade que expede os ofícios, entre "
            "aspas (p. ex. \"CCJR-ALEGO\")") in str(e.value)


def test_item8_signature_never_alone_on_a_page(letters):
    import shutil

    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext not installed")
    from conftest import pdf_text

    html = letters["oficio-ibge.html"].read_text(encoding="utf-8")
    # last paragraph, closing, signature and attachments in one unbreakable block
    assert re.search(r'<div class="fecho"><p>4\. [^<]+</p><p>Atenciosamente,</p><div '
                     r'class="assinatura">.*?</div><p>Anexos?: [^<]+</p></div>', html)
    assert sorted(n for n in letters if n.endswith(".pdf")) == [  # the loop checks each
        f"oficio-{k}.pdf" for k in ("camara-abadiania", "cartorio-eleitoral", "ibge",
                                    "prefeitura-abadiania", "sefaz-go")]
    for name, path in letters.items():
        if not name.endswith(".pdf"):
            continue
        # the requisition to SEFAZ-GO is signed by the Assembly's President
        signer, role = (("Deputado Rubens Teixeira", "Assembleia Legislativa do Estado de Goiás")
                        if "sefaz-go" in name else
                        ("Deputada Maria Aparecida Souza",
                         "Comissão de Constituição, Justiça e Redação"))
        count = int(re.search(r"Página 1 de (\d+)", pdf_text(path, 1, 1)).group(1))
        page = next(pdf_text(path, n, n) for n in range(1, count + 1)
                    if signer in pdf_text(path, n, n))
        assert re.search(rf"4\. .* Atenciosamente, {signer} Presidente da {role} Anexos?: ",
                         page), name


def test_reading_i1_does_not_attribute_the_published_wording_to_the_header():
    """Legal review item 16: the consolidated text's header cites only "DOE Nº 16.010,
    24/07/90"; the wording "os dos itens, IV, V e VI" was never seen in the DOE."""
    from viabilidade.report.readings import READINGS

    i1 = next(r for r in READINGS if r.code == "I-1")
    assert "segundo o cabeçalho" not in i1.law
    assert ("teria sido publicada com “os dos itens, IV, V e VI”, redação que não foi vista no "
            "Diário Oficial: o cabeçalho do texto consolidado cita apenas o DOE nº 16.010, de "
            "24/07/1990, cuja página não pôde ser vista para este estudo e deve ser conferida no "
            "original.") in i1.law
