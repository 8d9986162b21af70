"""The information requests of art. 4 § 3 (`viabilidade oficios`): three ofícios, HTML and PDF.

The PDFs are rendered once per module (three Typst documents, well under a second); their text
is read with pdftotext and whitespace-normalised (line breaks depend on the layout only).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from viabilidade.candidate import load_candidate
from viabilidade.cli import main
from viabilidade.data.store import load_store
from viabilidade.errors import CandidateError
from viabilidade.report import oficios

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
FUSION = ROOT / "data" / "candidates" / "fusao-anhanguera-cumari.toml"
NOVA_IGUACU = ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml"
needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                     reason="poppler-utils (pdftotext) not installed")


@pytest.fixture(scope="module")
def store():
    return load_store()


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("oficios")
    code = main(["oficios", str(POSSE), "--data-pedido", "2027-01-30", "--saida", str(out)])
    return code, out


def _text(pdf: Path) -> str:
    raw = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=True, text=True).stdout
    text = re.sub(r"(?<=\w)[\u00ad\u2010-]\s+(?=\w)", "", raw)  # words hyphenated at line ends
    return re.sub(r"\s+", " ", text).strip()


def test_command_writes_three_requests_in_html_and_pdf(written):
    code, out = written
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "oficio-cartorio-eleitoral.html", "oficio-cartorio-eleitoral.pdf", "oficio-ibge.html",
        "oficio-ibge.pdf", "oficio-sefaz-go.html", "oficio-sefaz-go.pdf"]
    for pdf in out.glob("*.pdf"):
        assert pdf.read_bytes().startswith(b"%PDF")


def test_requests_are_a4_letters_the_pdf_writer_fully_knows(written):
    """Every tag and class of a request has its Typst form; one A4 page, no running header."""
    from viabilidade.report import export

    _, out = written
    for html in out.glob("*.html"):
        doc = export.render(html.read_text(encoding="utf-8"))
        assert doc.unknown == frozenset(), html.name
        assert doc.ua_error is None, (html.name, doc.ua_error)
        assert len(doc.pages) == 1, html.name
        assert (round(doc.pages[0].width_mm), round(doc.pages[0].height_mm)) == (210, 297)


@needs_pdftotext
@pytest.mark.parametrize("stem, body, items", [
    ("oficio-ibge", "À Superintendência Estadual do IBGE em Goiás",
     ["art. 4º, II", "art. 4º, IV", "art. 4º, VI", "art. 4º, § 1º"]),
    ("oficio-cartorio-eleitoral", "Ao Cartório Eleitoral da 87ª Zona Eleitoral de Goiás",
     ["art. 4º, V ", "art. 4º, § 1º"]),
    ("oficio-sefaz-go", "À Secretaria de Estado da Economia de Goiás (SEFAZ-GO)",
     ["art. 4º, VII", "art. 4º, § 1º"]),
])
def test_each_request_names_area_items_body_and_deadline(written, stem, body, items):
    _, out = written
    text = _text(out / f"{stem}.pdf")
    assert "criação do Município de Posse d'Abadia" in text
    assert ("A área proposta é formada pelo distrito de Posse d'Abadia (código IBGE 520010010), "
            "do Município de Abadiânia (código IBGE 5200100).") in text
    assert body in text
    for item in items:
        assert item in text
    # 60 days after 30 January 2027 (art. 4 § 3).
    assert "Prazo para resposta: até 31 de março de 2027" in text
    assert "para o pedido recebido em 30 de janeiro de 2027, até 31 de março de 2027" in text
    assert "Goiânia, 30 de janeiro de 2027." in text
    assert "Presidente da Comissão Assembleia Legislativa do Estado de Goiás" in text
    assert len(re.findall(r"Página \d de (\d)", text)) == 1  # one page, ready to sign


@needs_pdftotext
def test_items_say_exactly_what_is_to_be_certified(written):
    _, out = written
    ibge = _text(out / "oficio-ibge.pdf")
    assert ("art. 4º, VI — o número de edificações do núcleo urbano de Posse d'Abadia, sede "
            "proposta (a lei exige no mínimo duzentas);") in ibge
    assert "para o que resta do Município de Abadiânia: a população residente" in ibge
    sefaz = _text(out / "oficio-sefaz-go.pdf")
    # The last closed fiscal year before the request (art. 4 VII, "no último exercício").
    assert "contribuintes estabelecidos na área proposta no exercício de 2026, último exercício encerrado" in sefaz
    assert ("que atribui à Secretaria de Estado da Fazenda (hoje Secretaria de Estado da "
            "Economia, SEFAZ-GO) a apuração") in sefaz
    assert "pelos contribuintes estabelecidos no que resta do Município de Abadiânia." in sefaz
    eleitoral = _text(out / "oficio-cartorio-eleitoral.pdf")
    assert ("art. 4º, V — o número de eleitores com domicílio eleitoral na área proposta (a lei "
            "exige mais de mil);") in eleitoral


def test_request_date_defaults_to_the_candidates(store, tmp_path):
    c = dataclasses.replace(load_candidate(POSSE), request_date=dt.date(2027, 1, 15))
    files = oficios.write_oficios(c, tmp_path, store=store, pdf=False)
    html = files["oficio-ibge.html"].read_text(encoding="utf-8")
    assert "até <strong>16 de março de 2027</strong>" in html
    assert sorted(files) == ["oficio-cartorio-eleitoral.html", "oficio-ibge.html", "oficio-sefaz-go.html"]


def test_whole_municipality_area_and_committee(store):
    c = load_candidate(NOVA_IGUACU)
    assert oficios.area_description(c, store) == (
        "formada pelo território do Município de Nova Iguaçu de Goiás (código IBGE 5214879)")
    r = oficios.build_requests(c, store, dt.date(2027, 1, 30))[0]
    html = oficios.oficio_html(r, c, store, dt.date(2027, 1, 30), committee="Comissão de Teste")
    assert "Presidente da Comissão de Teste" in html


def test_drawn_area_is_described_by_its_memorial_and_map(store, tmp_path):
    c = dataclasses.replace(load_candidate(POSSE), districts=(), boundary=tmp_path / "area.kml")
    assert oficios.area_description(c, store) == (
        "delimitada no memorial descritivo e no mapa anexos (arquivo de limites area.kml)")


def test_electoral_zones_of_a_municipality_with_several(store):
    assert oficios.electoral_zones(store, ["5208707"]) == [
        "1", "2", "127", "133", "134", "135", "136", "146", "147"]  # Goiânia, TSE 2022
    assert oficios.electoral_zones(store, ["5200100"]) == ["87"]  # Abadiânia


def test_fusion_has_no_requests_and_nothing_is_written(tmp_path, capsys):
    out = tmp_path / "saida"
    assert main(["oficios", str(FUSION), "--saida", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        f"erro: {FUSION}, campo 'operation': encontrado operation = 'fusion'; os pedidos do "
        "art. 4º, § 3º só existem para a criação de município (operation = \"create-municipality\"): "
        "as demais operações não dependem dos requisitos do art. 4º")
    assert not out.exists()


def test_bad_request_date_is_refused_before_anything(tmp_path, capsys):
    out = tmp_path / "saida"
    assert main(["oficios", str(POSSE), "--data-pedido", "30/01/2027", "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        "erro: --data-pedido: encontrado '30/01/2027'; esperada uma data válida no formato "
        "AAAA-MM-DD (p. ex. 2027-01-30)")
    assert not out.exists()


@pytest.mark.parametrize("given, shown", [("9999-12-31", "31/12/9999"), ("0001-01-01", "01/01/0001")])
def test_request_date_out_of_bounds_is_refused_without_a_traceback(tmp_path, capsys, monkeypatch,
                                                                    given, shown):
    import viabilidade.plausibility as plausibility

    monkeypatch.setattr(plausibility, "study_date", lambda: dt.date(2026, 12, 1))
    out = tmp_path / "saida"
    assert main(["oficios", str(POSSE), "--data-pedido", given, "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: --data-pedido: encontrada a data {shown}; esperada uma data entre 01/01/1990 "
        "(LC 02/1990) e 01/12/2028 (a data do estudo mais 2 anos)")
    assert not out.exists()


def test_build_requests_refuses_other_operations(store):
    c = dataclasses.replace(load_candidate(POSSE), operation="transfer-area")
    with pytest.raises(CandidateError) as e:
        oficios.build_requests(c, store, dt.date(2027, 1, 30))
    assert e.value.field == "operation"


def test_help_lists_the_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "oficios" in capsys.readouterr().out


@pytest.mark.slow
def test_drawn_area_requests_carry_the_memorial_and_the_map(store, tmp_path):
    c = load_candidate(ROOT / "tests" / "fixtures" / "posse-dabadia-desenhada.toml")
    files = oficios.write_oficios(c, tmp_path, store=store, request_date=dt.date(2027, 1, 30), pdf=False)
    html = files["oficio-ibge.html"].read_text(encoding="utf-8")
    assert ("A área proposta é delimitada no memorial descritivo e no mapa anexos (arquivo de "
            "limites posse-dabadia-desenhada.kml).") in html
    assert "<h2>Anexo — área proposta de Posse d&#x27;Abadia</h2>" in html
    assert "<h3>Memorial descritivo</h3>" in html and '<img src="data:image/svg+xml;base64,' in html
    assert "Perímetro 1: Começa no marco M-01" in html


def test_titles_agree_with_each_body(written):
    """Browser tab and PDF title agree in gender with the body: "Ofício à SEFAZ-GO"."""
    _, out = written
    titles = {stem: (out / f"{stem}.html").read_text(encoding="utf-8").split("<title>")[1]
              .split(" — ")[0] for stem in ("oficio-ibge", "oficio-cartorio-eleitoral", "oficio-sefaz-go")}
    assert titles == {"oficio-ibge": "Ofício ao IBGE",
                      "oficio-cartorio-eleitoral": "Ofício ao Cartório Eleitoral",
                      "oficio-sefaz-go": "Ofício à SEFAZ-GO"}
