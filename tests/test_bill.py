"""The draft bill (`viabilidade projeto-de-lei`, report/bill.py): LC 95/1998 numbering, the
articles each operation declares, the justificação headed by the constitutional bar, and the
HTML, PDF and DOCX outputs."""

from __future__ import annotations

import datetime as dt
import io
import shutil
from pathlib import Path

import pytest

from viabilidade.analysis import analyse
from viabilidade.cli import main
from viabilidade.data.store import load_store
from viabilidade.errors import CandidateError
from viabilidade.operations import operation_for
from viabilidade.report import bill as b
from viabilidade.report.oficios_settings import OficiosSettings

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
FUSION = ROOT / "data" / "candidates" / "fusao-anhanguera-cumari.toml"
DISTRICT = ROOT / "tests" / "fixtures" / "distrito-abadiania-leste.toml"
DRAWN = ROOT / "tests" / "fixtures" / "posse-dabadia-desenhada.toml"
TRANSFER = ROOT / "tests" / "fixtures" / "transferencia-posse-dabadia.toml"
CORRECTION = ROOT / "tests" / "fixtures" / "correcao-abadiania-alexania.toml"
SETTINGS = ROOT / "tests" / "fixtures" / "oficios.toml"
DAY = dt.date(2026, 12, 1)


@pytest.fixture(scope="module")
def store():
    return load_store()


@pytest.fixture(scope="module")
def author():
    return OficiosSettings.from_toml(SETTINGS)


def _bill(store, path, author=None, **kw):
    a = analyse(path, store=store)
    return a, b.build_bill(a, store, author=author.proposer if author else None,
                           process=author.process if author else None, date=DAY, **kw)


def _text(bill):
    return {label: (caput, items, paras) for label, caput, items, paras in bill.numbered()}


def test_numbering_follows_lc_95():
    assert [b.article_label(n) for n in (1, 9, 10, 11)] == ["Art. 1º", "Art. 9º", "Art. 10.", "Art. 11."]
    assert b.paragraph_labels(1) == ["Parágrafo único."]
    assert b.paragraph_labels(3) == ["§ 1º", "§ 2º", "§ 3º"]
    assert b.in_words(9) == "9 (nove)"
    assert b.in_words(180) == "180 (cento e oitenta)"


def test_posse_dabadia_bill_cites_the_articles_of_lc_02(store, author):
    a, bill = _bill(store, POSSE, author)
    assert [x.key for x in bill.articles] == list(operation_for("create-municipality").bill)
    assert bill.epigrafe == "PROJETO DE LEI — PROCESSO Nº 2027/000123"
    assert bill.autoria == "(Do Deputado João Batista Lima)"
    assert bill.ementa == ("Cria o Município de Posse d'Abadia, desmembrado do Município de "
                           "Abadiânia, e dá outras providências.")
    assert bill.preambulo == ("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE GOIÁS, nos termos do art. "
                              "10 da Constituição Estadual, decreta e eu sanciono a seguinte Lei:")
    t = _text(bill)
    assert t["Art. 1º"][0].startswith("Fica criado o Município de Posse d'Abadia, com sede na "
                                      "localidade de igual nome, desmembrado do Município de "
                                      "Abadiânia")
    # No polygon: the limits are the district's, and the memorial is a note for the drafter.
    assert t["Art. 2º"][0] == ("Os limites do Município de Posse d'Abadia são os do Distrito de "
                               "Posse d'Abadia, do Município de Abadiânia, definidos na lei "
                               "municipal que o criou, nos termos do art. 3º, II, da Lei "
                               "Complementar nº 2, de 1990.")
    assert bill.annex == () and any(n.startswith("memorial descritivo") for n in bill.notes)
    assert t["Art. 4º"][0].endswith("instalado em 1º de janeiro de 2029, com a posse do Prefeito, "
                                    "do Vice-Prefeito e dos Vereadores eleitos nas eleições "
                                    "municipais gerais e simultâneas de 2028, nos termos do art. 9º "
                                    "da Lei Complementar nº 2, de 1990, e do art. 29, I, da "
                                    "Constituição Federal.")
    assert t["Art. 5º"][2] == [("Parágrafo único.", "A Câmara Municipal de Posse d'Abadia terá 9 "
                                "(nove) Vereadores na primeira legislatura, nos termos do art. 29, "
                                "IV, a, da Constituição Federal.")]
    assert t["Art. 6º"][0].endswith("pelo prazo de 3 (três) meses, a contar da instalação, nos "
                                    "termos do art. 12 da Lei Complementar nº 2, de 1990.")
    assert "(art." not in "".join(a.caput + "".join(a.paragraphs) for a in bill.articles)
    assert "art. 11" in t["Art. 7º"][0] and "art. 13" in t["Art. 8º"][0]
    assert [lab for lab, _ in t["Art. 8º"][2]] == ["§ 1º", "§ 2º", "§ 3º"]
    assert "80% (oitenta por cento)" in t["Art. 8º"][2][0][1]
    assert "art. 10 da" in t["Art. 9º"][0]
    # Art. 14: 2027 and the two following exercises; without value added, the rule and a note.
    assert t["Art. 10."][0].startswith("No ano de sua criação, 2027, e nos dois exercícios "
                                       "imediatamente seguintes, 2028 e 2029,")
    assert any(n.startswith("percentual do ICMS") for n in bill.notes)
    assert t["Art. 11."][0] == "Esta Lei entra em vigor na data de sua publicação."
    assert bill.place_date == ("Sala das Sessões da Assembleia Legislativa do Estado de Goiás, em "
                               "Goiânia, 1º de dezembro de 2026.")


def test_justification_is_headed_by_the_bar_and_gives_bases(store, author):
    _, bill = _bill(store, POSSE, author)
    assert bill.justification[0] == ("Quadro constitucional: a criação está vedada enquanto não "
                                     "editada a lei complementar federal (CF, art. 18, § 4º).")
    assert ("art. 4º, IV", "mais de 3.000\u00a0habitantes", "3.045\u00a0habitantes (publicado)", "publicado",
            "atingido nos dados publicados (a certificar)") in bill.findings
    assert "população: IBGE" in bill.pending
    assert "número de eleitores: Cartório Eleitoral (TRE-GO)" in bill.pending


def test_fusion_bill(store, author):
    _, bill = _bill(store, FUSION, author)
    # art. 3, I: the name is the seat's, not the file's "Anhanguera-Cumari"
    assert bill.ementa == ("Cria o Município de Cumari, pela fusão dos Municípios de "
                           "Anhanguera e Cumari, e dá outras providências.")
    t = _text(bill)
    assert "Ficam extintos os Municípios de Anhanguera e Cumari" in t["Art. 1º"][0]
    assert "art. 5º, § 2º" in t["Art. 1º"][0]
    assert t["Art. 3º"][1] == [("I –", "Anhanguera;"), ("II –", "Cumari (sede).")]
    assert "maior renda" in t["Art. 9º"][0]
    assert t["Art. 10."][0] == b.VIGENCIA
    assert "icms" not in [x.key for x in bill.articles]
    # The whole territory has a polygon: the memorial is the annex.
    assert bill.annex_title == "ANEXO ÚNICO — MEMORIAL DESCRITIVO — CUMARI"
    assert "Anhanguera-Cumari" not in " ".join(str(x) for x in t.values())
    # By confrontações: the neighbours of the merged territory, the state line (Minas Gerais).
    heads = [p.split(":")[0] for p in bill.annex if p.startswith("COM ")]
    assert heads == ["COM O MUNICÍPIO DE CATALÃO", "COM A DIVISA ESTADUAL (fora do Estado de "
                     "Goiás; a unidade vizinha não consta dos dados)", "COM O MUNICÍPIO DE "
                     "CORUMBAÍBA", "COM O MUNICÍPIO DE NOVA AURORA", "COM O MUNICÍPIO DE GOIANDIRA"]
    assert any("difere do da sede (Cumari)" in n for n in bill.notes)
    assert bill.justification[0].startswith("Quadro constitucional: a fusão está vedada")


def test_transfer_bill_without_polygon(store, author):
    _, bill = _bill(store, TRANSFER, author)
    t = _text(bill)
    assert bill.ementa == ("Desmembra área do Município de Abadiânia e a incorpora ao Município "
                           "de Corumbá de Goiás.")
    assert t["Art. 2º"][0] == ("Os limites entre os Municípios de Abadiânia e Corumbá de Goiás "
                               "passam a ser os que resultam da incorporação da área de que trata "
                               "o art. 1º, nos termos do art. 5º da Lei Complementar nº 2, de "
                               "1990.")
    assert len(t) == 3


def test_district_bill_is_a_municipal_law(store):
    _, bill = _bill(store, DISTRICT)
    assert bill.level == "municipal" and bill.autoria == "" and bill.signature == ()
    assert bill.preambulo == ("A CÂMARA MUNICIPAL DE ABADIÂNIA, Estado de Goiás, aprova e eu, "
                              "Prefeito Municipal, sanciono a seguinte Lei:")
    t = _text(bill)
    assert bill.ementa == "Cria o Distrito Leste, no território do Município de Abadiânia, e dá outras providências."
    assert t["Art. 1º"][0].startswith("Fica criado o Distrito Leste, no Município "
                                      "de Abadiânia") and "art. 16" in t["Art. 1º"][0]
    assert t["Art. 2º"][0].endswith(", nos termos do art. 18 da Lei Complementar nº 2, de 1990.")
    assert "180 (cento e oitenta) dias" in t["Art. 3º"][0]
    assert t["Art. 4º"][0] == b.VIGENCIA
    assert bill.justification[0].startswith("Quadro constitucional: a criação de distrito não "
                                            "está vedada")
    assert bill.annex_title.startswith("ANEXO ÚNICO")
    assert bill.annex[2].startswith("COM O RESTANTE DO TERRITÓRIO DO MUNICÍPIO DE ABADIÂNIA: "
                                    "Começa no marco M-01")


def test_refusals(store):
    a = analyse(POSSE, store=store)
    with pytest.raises(CandidateError, match="o projeto de lei estadual precisa do deputado autor"):
        b.build_bill(a, store)
    c = analyse(CORRECTION, store=store)
    with pytest.raises(CandidateError, match="o projeto de lei é escrito para criação, fusão, "
                                             "transferência de área e criação de distrito"):
        b.build_bill(c, store)


def test_html_docx_and_pdf_say_the_same(store, author, tmp_path):
    from docx import Document

    from viabilidade.report.typst import to_typst

    a, bill = _bill(store, FUSION, author)
    html = b.bill_html(bill, "Projeto")
    assert to_typst(html).unknown == set()
    assert '<p class="dispositivo"><strong>Art. 10.</strong> Esta Lei entra em vigor' in html
    d = Document(io.BytesIO(b.bill_docx(bill, "Projeto")))
    paras = [p.text for p in d.paragraphs]
    assert "Art. 10. Esta Lei entra em vigor na data de sua publicação." in paras
    assert "I – Anhanguera;" in paras
    assert d.tables[0].rows[0].cells[0].text == "Dispositivo"
    files = b.write_bill(a, store, tmp_path, author=author.proposer, process=author.process,
                         date=DAY)
    assert sorted(files) == ["projeto-de-lei.docx", "projeto-de-lei.html", "projeto-de-lei.pdf"]
    if shutil.which("pdftotext"):
        from conftest import pdf_text

        text = pdf_text(files["projeto-de-lei.pdf"])
        assert "Art. 10. Esta Lei entra em vigor na data de sua publicação." in text
        assert "ANEXO ÚNICO — MEMORIAL DESCRITIVO" in text


def test_cli_writes_the_district_bill(tmp_path, capsys):
    root = tmp_path / "pl"
    assert main(["projeto-de-lei", str(DISTRICT), "--saida", str(root),
                 "--data-projeto", "2026-12-01"]) == 0
    # --saida is the root, as for estudo: <root>/<slug>/projeto-de-lei/
    assert [p.name for p in root.iterdir()] == ["distrito-abadiania-leste"]
    out = root / "distrito-abadiania-leste" / "projeto-de-lei"
    assert sorted(p.name for p in out.iterdir()) == ["projeto-de-lei.docx", "projeto-de-lei.html",
                                                     "projeto-de-lei.pdf"]
    assert main(["projeto-de-lei", str(POSSE), "--saida", str(tmp_path / "x")]) == 2
    assert "erro: o projeto de lei estadual precisa do deputado autor" in capsys.readouterr().err


def test_closing_citations_read_as_law_text():
    assert b.law_form("Os bens passarão na instalação (art. 11 da Lei Complementar nº 2, de 1990).") \
        == "Os bens passarão na instalação, nos termos do art. 11 da Lei Complementar nº 2, de 1990."
    assert b.law_form("O percentual (arts. 3º, IX, e 14 da Lei Complementar nº 2, de 1990).") \
        == "O percentual, nos termos dos arts. 3º, IX, e 14 da Lei Complementar nº 2, de 1990."
    assert b.law_form("Sem citação.") == "Sem citação."


def test_a_drawn_creation_annexes_its_memorial_by_confrontacoes(store, author):
    _, bill = _bill(store, DRAWN, author)
    t = _text(bill)
    assert t["Art. 2º"][0] == ("Os limites do Município de Posse d'Abadia são os descritos no "
                               "memorial descritivo do Anexo Único desta Lei, nos termos do art. "
                               "3º, II, da Lei Complementar nº 2, de 1990.")
    assert bill.annex_title == "ANEXO ÚNICO — MEMORIAL DESCRITIVO — POSSE D'ABADIA"
    assert bill.annex[2] == ("COM O MUNICÍPIO DE ABADIÂNIA: Começa no marco M-01, de coordenadas "
                             "16°03'37,69\" S e 48°48'00,76\" W, ponto inicial desta descrição; "
                             "segue em 8 lados em linha reta, numa extensão de 25.157,29 m, até o "
                             "marco M-01, ponto inicial desta descrição.")
    assert not any("acidentes naturais" in p for p in bill.annex)
    # The drawn area does not follow the IBGE districts: the article names only the seat's.
    assert t["Art. 3º"][0] == ("O Município de Posse d'Abadia é constituído do distrito-sede, que "
                               "tem o seu nome.")
