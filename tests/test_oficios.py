"""The ofícios of a creation (`viabilidade oficios`): the three requests of art. 4 § 3 and the
letters to the origin's Prefeitura and Câmara, HTML and PDF, ready to sign.

The PDFs are rendered once per module (five Typst documents, about a second); their text is
read with pdftotext and whitespace-normalised (line breaks depend on the layout only).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from viabilidade.proposal.candidate import load_candidate
from viabilidade.cli import main
from viabilidade.data.store import load_store
from viabilidade.errors import CandidateError, SettingsError
from viabilidade.report import oficios
from viabilidade.report.oficios_settings import OficiosSettings, Person
from viabilidade.rules import calendar
from viabilidade.rules.business_days import next_business_day, non_business_reason
from viabilidade.rules.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
FUSION = ROOT / "data" / "candidates" / "fusao-anhanguera-cumari.toml"
NOVA_IGUACU = ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml"
SETTINGS = ROOT / "tests" / "fixtures" / "oficios.toml"
STEMS = ["oficio-camara-abadiania", "oficio-cartorio-eleitoral", "oficio-ibge",
         "oficio-prefeitura-abadiania", "oficio-sefaz-go"]
needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                     reason="poppler-utils (pdftotext) not installed")


@pytest.fixture(scope="module")
def store():
    return load_store()


@pytest.fixture(scope="module")
def settings():
    return OficiosSettings.from_toml(SETTINGS)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """Letters dated 15/01/2027, no receipt date, written under ``--saida <root>``: into
    ``<root>/posse-dabadia/oficios/``, as ``estudo`` writes into ``<root>/<slug>/``."""
    root = tmp_path_factory.mktemp("saida")
    code = main(["oficios", str(POSSE), "--data-pedido", "2027-01-15", "--configuracoes",
                 str(SETTINGS), "--saida", str(root)])
    assert [p.name for p in root.iterdir()] == ["posse-dabadia"]
    assert [p.name for p in (root / "posse-dabadia").iterdir()] == ["oficios"]
    return code, root / "posse-dabadia" / "oficios"


@pytest.fixture(scope="module")
def html(store, settings):
    """The HTML of each letter (no PDF), dated 15/01/2027."""
    c = load_candidate(POSSE)
    requests = oficios.build_requests(c, store, dt.date(2027, 1, 15), settings)
    annexes = ("Anexo: mapa.", "")
    return {r.key: oficios.oficio_html(r, c, store, dt.date(2027, 1, 15), settings,
                                       number=15 + i, annexes=annexes)
            for i, r in enumerate(requests)}


def _text(pdf: Path) -> str:
    raw = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=True, text=True).stdout
    text = re.sub(r"(?<=\w)[\u00ad\u2010-]\s+(?=\w)", "", raw)  # words hyphenated at line ends
    return re.sub(r"\s+", " ", text).strip()


def _plain(html: str) -> str:
    """The letter's text without tags or the stylesheet, entities undone."""
    import html as h

    body = html.split("<body>")[1]
    letters = iter("abcdefgh")
    body = re.sub(r"<li>", lambda _: f"{next(letters)}) ", body)  # the PDF's list markers
    return re.sub(r"\s+", " ", h.unescape(re.sub(r"<[^>]+>", " ", body))).strip()


# ------------------------------------------------------------------ business days, deadline
@pytest.mark.parametrize("day, expected, reasons", [
    (dt.date(2027, 1, 30), dt.date(2027, 2, 1), ["sábado", "domingo"]),
    (dt.date(2027, 4, 21), dt.date(2027, 4, 22), ["feriado: Tiradentes"]),
    (dt.date(2027, 3, 26), dt.date(2027, 3, 29),  # Good Friday (Easter 28/03/2027)
     ["feriado: Sexta-feira Santa", "sábado", "domingo"]),
    (dt.date(2027, 2, 8), dt.date(2027, 2, 10),  # Carnaval; Ash Wednesday opens at 14h
     ["ponto facultativo: Carnaval", "ponto facultativo: Carnaval"]),
    (dt.date(2027, 5, 27), dt.date(2027, 5, 28), ["ponto facultativo: Corpus Christi"]),
    (dt.date(2027, 7, 26), dt.date(2027, 7, 27), ["feriado: Fundação da cidade de Goiás"]),
    (dt.date(2026, 12, 24), dt.date(2026, 12, 28),
     ["ponto facultativo: Véspera de Natal", "feriado: Natal", "sábado", "domingo"]),
    (dt.date(2027, 1, 29), dt.date(2027, 1, 29), []),  # a Friday
    (dt.date(2027, 10, 28), dt.date(2027, 10, 28), []),  # Dia do Servidor: moved by decree
])
def test_next_business_day(day, expected, reasons):
    got, skipped = next_business_day(day)
    assert got == expected
    assert [r for _, r in skipped] == reasons
    assert non_business_reason(expected) is None


@pytest.mark.parametrize("receipt, due", [
    (dt.date(2026, 12, 1), dt.date(2027, 2, 1)),   # 60th day: Saturday 30/01/2027
    (dt.date(2027, 2, 20), dt.date(2027, 4, 22)),  # 60th day: Tiradentes
    (dt.date(2027, 3, 1), dt.date(2027, 4, 30)),   # 60th day: a Friday
])
def test_agencies_deadline_counts_from_receipt_to_a_business_day(receipt, due):
    assert calendar.agencies_deadline(receipt) == due


# ------------------------------------------------------------------------ the command
def test_command_writes_five_letters_in_html_and_pdf(written):
    code, out = written
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [f"{s}.html" for s in STEMS] + [f"{s}.pdf" for s in STEMS])
    for pdf in out.glob("*.pdf"):
        assert pdf.read_bytes().startswith(b"%PDF")


def test_letters_are_a4_the_pdf_writer_fully_knows_and_the_letter_fits_page_one(written):
    """Every tag and class has its Typst form; page 1 is the letter, page 2 the annex."""
    from viabilidade.report.writers import export

    _, out = written
    for html in out.glob("*.html"):
        doc = export.render(html.read_text(encoding="utf-8"))
        assert doc.unknown == frozenset(), html.name
        assert doc.ua_error is None, (html.name, doc.ua_error)
        assert len(doc.pages) == 2, html.name
        assert (round(doc.pages[0].width_mm), round(doc.pages[0].height_mm)) == (210, 297)


@needs_pdftotext
def test_page_one_is_the_whole_letter_signed(written):
    _, out = written
    for stem in STEMS:
        pages = subprocess.run(["pdftotext", str(out / f"{stem}.pdf"), "-"], capture_output=True,
                               check=True, text=True).stdout.split("\f")
        first = re.sub(r"\s+", " ", pages[0])
        signer = ("Deputado Rubens Teixeira Presidente da Assembleia Legislativa do Estado de "
                  "Goiás" if stem == "oficio-sefaz-go" else "Deputada Maria Aparecida Souza "
                  "Presidente da Comissão de Constituição, Justiça e Redação")
        assert f"Atenciosamente, {signer}" in first, stem
        # no representation recorded: no copy of it attached (legal8 S3)
        assert "Anexo: mapa de localização da área proposta (território aproximado)." in first
        assert "cópia da representação" not in first
        assert "Página 1 de 2" in first
        assert re.sub(r"\s+", " ", pages[1]).startswith(
            "Anexo — Mapa de localização da área proposta de Posse d'Abadia"), stem


COMMITTEE = "COMISSÃO DE CONSTITUIÇÃO, JUSTIÇA E REDAÇÃO"


@needs_pdftotext
@pytest.mark.parametrize("stem, unit, number, address, vocative", [
    # every addressee named in the fixture's [oficios.destinatarios] with name, gender and
    # (judge, mayor, council) address (Manual de Redação: name, then office); no gender presumed
    ("oficio-ibge", COMMITTEE, "15/2027/CCJR-ALEGO",
     "À Senhora Ana Maria Costa Superintendente Estadual do IBGE em Goiás Instituto Brasileiro "
     "de Geografia e Estatística — IBGE Goiânia — GO", "Senhora Superintendente,"),
    ("oficio-cartorio-eleitoral", COMMITTEE, "16/2027/CCJR-ALEGO",
     "A Sua Excelência o Senhor Pedro Alves Moreira Juiz Eleitoral da 87ª Zona Eleitoral de "
     "Goiás Cartório da 87ª Zona Eleitoral Abadiânia — GO", "Senhor Juiz Eleitoral,"),
    # the requisition to a Secretário de Estado: the Presidency's letter, its own series
    ("oficio-sefaz-go", "PRESIDÊNCIA", "402/2027/GP-ALEGO",
     "A Sua Excelência o Senhor Francisco Sales Secretário de Estado da Economia de Goiás "
     "Goiânia — GO", "Senhor Secretário,"),
    ("oficio-prefeitura-abadiania", COMMITTEE, "17/2027/CCJR-ALEGO",
     "A Sua Excelência o Senhor José Diniz Filho Prefeito Municipal de Abadiânia Praça da "
     "Matriz, s/n, Centro Abadiânia — GO", "Senhor Prefeito,"),
    ("oficio-camara-abadiania", COMMITTEE, "18/2027/CCJR-ALEGO",
     "A Sua Excelência a Senhora Luzia Rocha Presidente da Câmara Municipal de Abadiânia Rua "
     "1, nº 10, Centro, Abadiânia — GO", "Senhora Presidente,"),
])
def test_each_letter_heads_addresses_and_names_the_process(written, stem, unit, number, address,
                                                           vocative):
    _, out = written
    text = _text(out / f"{stem}.pdf")
    assert text.startswith(f"ASSEMBLEIA LEGISLATIVA DO ESTADO DE GOIÁS {unit} Ofício nº "
                           f"{number} Goiânia, 15 de janeiro de 2027. {address} Assunto:")
    # no representation recorded: no process "tramita" (legal8 S3)
    assert f"{vocative} 1. Esta Assembleia Legislativa" in text
    assert ("1. Esta Assembleia Legislativa do Estado de Goiás elabora estudo preliminar de "
            "viabilidade da criação do Município de Posse d'Abadia, com sede em Posse d'Abadia, "
            "por desmembramento do Município de Abadiânia, para instruir eventual representação "
            "(LC nº 2/1990, art. 2º). A área proposta é formada pelo distrito de Posse d'Abadia (código IBGE "
            "520010010), do Município de Abadiânia (código IBGE 5200100), como mostra o mapa "
            "anexo. A criação de Município está vedada enquanto não for editada a lei "
            "complementar federal exigida pelo art. 18, § 4º, da Constituição Federal; as "
            "informações solicitadas destinam-se a instruir o estudo de viabilidade da proposta "
            "perante a Lei Complementar estadual nº 2/1990. 2.") in text
    assert "(a)" not in text and "Excelentíssim" not in text and "lacuna" not in text
    assert "Respeitosamente" not in text


def test_no_letter_states_its_receipt_nor_a_date_for_its_deadline(html):
    plain = html
    for key, letter in plain.items():
        text = _plain(letter)
        assert not re.search(r"até \d", text), key
        assert "Recebido este ofício" not in text and "termina em" not in text, key
        assert re.findall(r"\d+º? de \w+ de \d{4}", text) == ["15 de janeiro de 2027",
                                                             "16 de janeiro de 1990"], key
    # Only SEFAZ-GO, a state body, is given a deadline; a state law sets none for the IBGE
    # or a Juiz Eleitoral, who are asked to answer in the law's time (review item 13).
    sefaz = _plain(plain["sefaz-go"])
    # the deadline said once, in paragraph 4 (no box repeating it: legal review 3, item 8)
    assert ("Assunto: Requisição de informações — estudo preliminar de viabilidade da criação "
            "do Município de Posse d'Abadia. Senhor Secretário,") in sefaz
    assert ("4. As informações devem ser prestadas no prazo de sessenta dias, a contar da data "
            "do recebimento deste ofício (art. 4º, § 3º).") in sefaz
    for key, vocative in (("ibge", "Senhora Superintendente,"),
                          ("cartorio-eleitoral", "Senhor Juiz Eleitoral,")):
        text = _plain(plain[key])
        assert f"Município de Posse d'Abadia. {vocative}" in text, key
        assert "Processo nº" not in text, key
        assert "Solicita-se, se possível, a resposta em até sessenta" not in text, key
        assert ("4. A mesma lei prevê que as informações sejam prestadas no prazo de sessenta "
                "dias, a contar da data do recebimento do pedido (art. 4º, § 3º); solicita-se, "
                "se possível, a resposta nesse prazo. Atenciosamente,") in text, key
    for key in ("ibge", "cartorio-eleitoral", "sefaz-go", "prefeitura-abadiania",
                "camara-abadiania"):
        assert "Prazo para resposta" not in _plain(plain[key]), key
    pref = _plain(plain["prefeitura-abadiania"])
    # a request without a legal deadline does not print a "prazo" (review item 13)
    assert "Município de Posse d'Abadia. Senhor Prefeito," in pref
    assert "sem prazo legal)" not in pref
    assert ("4. A lei não fixa prazo para este pedido; pede-se, se possível, a resposta em até "
            "sessenta dias do recebimento deste ofício, o prazo dos órgãos do art. 4º, § 2º.") in pref


def test_federal_bodies_are_asked_and_sefaz_is_required(html):
    plain = html
    t = {k: _plain(v) for k, v in plain.items()}
    # Art. 4 § 3 gives the power to the Assembly: the committee acts for it (review item 13).
    assert ("Para instruir o estudo, a Assembleia Legislativa do Estado de Goiás, por "
            "intermédio da Comissão de Constituição, Justiça e Redação, solicita a Vossa "
            "Senhoria que certifique:") in t["ibge"]
    assert ("Para instruir o estudo, a Assembleia Legislativa do Estado de Goiás, por "
            "intermédio da Comissão de Constituição, Justiça e Redação, solicita a Vossa "
            "Excelência que determine ao Cartório da 87ª Zona Eleitoral de Goiás a certificação "
            "de:") in t["cartorio-eleitoral"]
    # the requisition to a Secretário de Estado is the Mesa's (CE-GO art. 9º, § 3º), signed by
    # the Assembly's President (legal review 15:44, item 10: one basis, said consistently)
    assert ("Para instruir o estudo, a Assembleia Legislativa do Estado de Goiás, por sua "
            "Mesa, requisita a Vossa Excelência que certifique:") in t["sefaz-go"]
    assert "Presidência, requisita" not in t["sefaz-go"] and "simetria" not in t["sefaz-go"]
    assert t["sefaz-go"].startswith("Assembleia Legislativa do Estado de Goiás Presidência "
                                    "Ofício nº 17/2027/GP-ALEGO")
    assert t["sefaz-go"].endswith("Atenciosamente, Deputado Rubens Teixeira Presidente da "
                                  "Assembleia Legislativa do Estado de Goiás Anexo: mapa.")
    # the municipal letters are not art. 4 § 3 requests: the committee asks
    assert ("Para instruir o estudo, solicita-se a Vossa Excelência o envio de:"
            in t["prefeitura-abadiania"])
    assert "Assunto: Requisição de informações — estudo preliminar" in t["sefaz-go"]
    assert ("atribui à Secretaria de Estado da Fazenda, hoje Secretaria de Estado da Economia "
            "(SEFAZ-GO), a apuração do requisito do item VII do mesmo artigo, e o § 3º manda a "
            "Assembleia Legislativa requisitar as informações; a Constituição do Estado de "
            "Goiás, art. 9º, § 3º, prevê o pedido escrito de informações a Secretário de Estado, "
            "que a Mesa da Assembleia Legislativa encaminha, como o art. 50, § 2º, da "
            "Constituição Federal o atribui às Mesas da Câmara dos Deputados e do Senado "
            "Federal. Para instruir o estudo") in t["sefaz-go"]  # the Mesa's basis, cited
    assert ("atribui ao Cartório Eleitoral, que integra a Justiça Eleitoral (Tribunal Regional "
            "Eleitoral de Goiás), a apuração do requisito do item V") in t["cartorio-eleitoral"]
    # legal review 3, finding 5: the zone's source and its confirmation
    assert ("do mesmo artigo. A zona indicada vem de TSE, eleitorado apto nas Eleições Gerais "
            "de 2022 (02/10/2022) e deve ser confirmada com o TRE-GO; se a área pertencer a "
            "outra zona, pede-se o encaminhamento ao cartório competente.") in t["cartorio-eleitoral"]
    for key in ("ibge", "cartorio-eleitoral", "prefeitura-abadiania", "camara-abadiania"):
        assert "requisit" not in t[key].replace("requisito", ""), key
        assert "Assunto: Solicitação de" in t[key]


def test_requests_state_no_threshold(html):
    """The letters ask for the figure, never whether it passes the law's threshold."""
    plain = html
    for key, letter in plain.items():
        text = _plain(letter)
        for word in ("exige", "três mil", "um mil", "duzentas", "seis quilômetros", "6 km",
                     "dez milésimos", "superior a", "mais de", "no mínimo", "acima de"):
            assert word not in text, (key, word)
    ibge = _plain(plain["ibge"])
    # The limits the letter attaches: no memorial for a district, so the district's law.
    assert ("a) art. 4º, II — a distância, em metros, entre a linha de divisa do novo "
            "Município, dada pelo limite do distrito de Posse d'Abadia fixado na lei municipal que "
            "o criou, e o perímetro urbano do Município de Abadiânia, fixado em lei municipal; "
            "b) art. 4º, IV — a população residente na área proposta; c) art. 4º, VI — o número "
            "de edificações do núcleo urbano de Posse d'Abadia, sede proposta; d) art. 4º, § 1º "
            "— para o que resta do Município de Abadiânia: a população residente e o número de "
            "edificações do núcleo urbano da sede (itens IV e VI) e, como subsídio ao exame do "
            "item III, que o § 2º não atribui a órgão, se o território remanescente permanece "
            "contínuo.") in ibge
    assert "art. 4º, III e § 1º" not in ibge  # III has no body in § 2 (legal review item 10)
    assert ("a) art. 4º, V — o número de eleitores com domicílio eleitoral na área proposta;"
            in _plain(plain["cartorio-eleitoral"]))
    # art. 2: the signers' registration is asked only of a recorded representation, whose
    # copy the letter attaches (legal review 15:44, item 10); Posse records none (legal8 S3)
    assert "signatários" not in _plain(plain["cartorio-eleitoral"])
    assert _plain(plain["cartorio-eleitoral"]).endswith("Anexo: mapa.")
    sefaz = _plain(plain["sefaz-go"])
    # The last closed fiscal year before the request (art. 4 VII, "no último exercício").
    assert ("a) art. 4º, VII — o total arrecadado de impostos estaduais (ICMS, IPVA e ITCD) "
            "pelos contribuintes estabelecidos na área proposta no exercício de 2026, último "
            "exercício encerrado; b) art. 4º, VII — a receita estadual de impostos do exercício "
            "de 2026; c) art. 4º, § 1º — o total arrecadado no exercício de 2026 pelos "
            "contribuintes estabelecidos no que resta do Município de Abadiânia.") in sefaz


def test_the_prefeitura_and_the_camara_are_asked_for_the_municipal_laws(html):
    plain = html
    pref = _plain(plain["prefeitura-abadiania"])
    assert ("2. O art. 4º, II, da Lei Complementar estadual nº 2, de 16 de janeiro de 1990, mede "
            "a distância a partir do perímetro urbano do Município de origem, fixado em lei "
            "municipal; o distrito foi criado por lei municipal, que descreve os seus limites "
            "(arts. 16 e 18); e os itens I e VI do art. 4º dependem de condições locais da sede "
            "proposta. Para instruir o estudo, solicita-se a Vossa Excelência o envio de: "
            "a) art. 4º, II — cópia da lei municipal vigente que fixa o perímetro urbano da "
            "sede do Município de Abadiânia (e dos distritos, se houver), com o mapa ou a "
            "descrição do perímetro; b) arts. 16 e 18 — cópia da lei municipal que criou o "
            "distrito de Posse d'Abadia, com a descrição dos limites; c) art. 4º, I — a "
            "indicação dos imóveis, públicos ou particulares, existentes em Posse d'Abadia em "
            "condições de abrigar a Prefeitura e a Câmara Municipal do novo Município; d) art. "
            "4º, VI — a indicação das áreas do núcleo urbano de Posse d'Abadia utilizáveis para "
            "escola, unidade de saúde, posto telefônico, praça de esporte e cemitério, e dos "
            "equipamentos existentes.") in pref
    camara = _plain(plain["camara-abadiania"])
    assert "b) arts. 16 e 18 — cópia da lei municipal que criou o distrito de Posse d'Abadia" in camara
    assert "art. 4º, I " not in camara
    assert ("3. Pede-se que cada lei venha com a indicação da data e do meio da sua publicação, "
            "para que seja juntada ao estudo.") in camara


def test_named_addressees_take_their_gender(store, settings):
    named = dataclasses.replace(settings, addressees={
        "cartorio-eleitoral": Person("Ana Maria Costa", "feminino"),
        "sefaz-go": Person("Carlos Pereira", "masculino"),
        "ibge": Person("Beatriz Lima", "feminino")})
    r = {x.key: x for x in oficios.build_requests(load_candidate(POSSE), store,
                                                   dt.date(2027, 1, 15), named)}
    judge = r["cartorio-eleitoral"].authority
    # without an address given, the office's seat
    assert judge.address() == ("A Sua Excelência a Senhora", "Ana Maria Costa",
                               "Juíza Eleitoral da 87ª Zona Eleitoral de Goiás",
                               "Tribunal Regional Eleitoral de Goiás")
    assert judge.salutation() == "Senhora Juíza Eleitoral,"
    assert r["sefaz-go"].authority.address() == (
        "A Sua Excelência o Senhor", "Carlos Pereira", "Secretário de Estado da Economia de Goiás",
        "Goiânia — GO")
    assert r["ibge"].authority.address()[:3] == ("À Senhora", "Beatriz Lima",
                                                 "Superintendente Estadual do IBGE em Goiás")
    assert r["ibge"].authority.salutation() == "Senhora Superintendente,"
    # a letter whose addressee is not named has no form of address: none is presumed (29 § 4)
    with pytest.raises(SettingsError) as e:
        r["prefeitura-abadiania"].authority.salutation()
    assert str(e.value) == ("campo 'oficios.destinatarios': falta o destinatário (Prefeito "
                            "Municipal de Abadiânia) em [oficios.destinatarios]; esperados name "
                            "e gender (nenhum gênero é presumido)")


def test_several_zones_address_the_president_of_the_tre(store, settings):
    c = dataclasses.replace(load_candidate(POSSE), origins=("5208707",))  # Goiânia: 9 zones
    named = dataclasses.replace(settings, addressees={
        "cartorio-eleitoral": Person("Leila Souto", "feminino", ("Praça Cívica, 300",
                                                                 "Goiânia — GO"))})
    r = oficios.build_requests(c, store, dt.date(2027, 1, 15), named)[1]
    assert r.authority.address() == ("A Sua Excelência a Senhora", "Leila Souto",
                                     "Desembargadora Presidente do Tribunal Regional Eleitoral de "
                                     "Goiás", "Praça Cívica, 300", "Goiânia — GO")
    assert r.authority.salutation() == "Senhora Presidente,"
    assert r.what == ("que determine aos Cartórios das 1ª, 2ª, 127ª, 133ª, 134ª, 135ª, 136ª, "
                      "146ª e 147ª Zonas Eleitorais de Goiás a certificação de")


def test_signer_and_proposer_in_their_gender(store, settings):
    swapped = dataclasses.replace(settings, president=Person("José Alves", "masculino"),
                                  proposer=Person("Helena Dias", "feminino"))
    # the proposer is named only with a recorded representation (legal8 S3)
    c = load_candidate(ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml")
    r = oficios.build_requests(c, store, dt.date(2027, 1, 15), swapped)[0]
    text = _plain(oficios.oficio_html(r, c, store, dt.date(2027, 1, 15), swapped, number=3))
    assert "em que a Deputada Helena Dias propõe" in text
    assert ("Atenciosamente, Deputado José Alves Presidente da Comissão de Constituição, Justiça "
            "e Redação") in text
    assert "Ofício nº 3/2027" in text


def test_request_date_defaults_to_the_candidates(store, settings, tmp_path, monkeypatch):
    monkeypatch.setattr(oficios, "annex", lambda c, s, files=None: ("", False, False))
    c = dataclasses.replace(load_candidate(POSSE), request_date=dt.date(2027, 3, 2))
    files = oficios.write_oficios(c, tmp_path, store=store, settings=settings, pdf=False)
    html = files["oficio-ibge.html"].read_text(encoding="utf-8")
    assert "Goiânia, 2 de março de 2027." in html and "Ofício nº 15/2027" in html
    assert sorted(files) == sorted(f"{s}.html" for s in STEMS)


def test_whole_municipality_area(store):
    # Nova Iguaçu de Goiás as if it were proposed today (not the installed municipality of
    # art. 21, whose letters are refused: test_oficios_record.py)
    c = dataclasses.replace(load_candidate(NOVA_IGUACU), restored_process=None)
    assert oficios.area_description(c, store) == (
        "formada pelo território do Município de Nova Iguaçu de Goiás (código IBGE 5214879)")
    keys = [r.key for r in oficios.build_requests(c, store, dt.date(2027, 1, 30))]
    assert keys == ["ibge", "cartorio-eleitoral", "sefaz-go", "prefeitura-mara-rosa",
                    "camara-mara-rosa"]
    pref = oficios.build_requests(c, store, dt.date(2027, 1, 30))[3]
    assert [cite for cite, _ in pref.items] == ["art. 4º, II", "art. 4º, I", "art. 4º, VI"]


def test_drawn_area_is_described_by_its_memorial_and_map(store, tmp_path):
    c = dataclasses.replace(load_candidate(POSSE), districts=(), boundary=tmp_path / "area.kml")
    assert oficios.area_description(c, store) == (
        "delimitada no memorial descritivo e no mapa anexos (arquivo de limites area.kml)")


def test_the_ibge_measures_from_the_limits_the_letter_attaches(store):
    """Art. 4 II, "linha de divisa do novo Município": the memorial attached, or, for an area
    of districts (no polygon, no memorial), the districts' creating laws (art. 18)."""
    posse = load_candidate(POSSE)
    assert oficios.dividing_line(posse, store) == (
        "a linha de divisa do novo Município, dada pelo limite do distrito de Posse d'Abadia "
        "fixado na lei municipal que o criou")
    two = dataclasses.replace(posse, districts=("520110810", "520110815"), origins=("5201108",))
    assert oficios.dividing_line(two, store) == (
        "a linha de divisa do novo Município, dada pelos limites dos distritos de Goialândia e "
        "Interlândia fixados nas leis municipais que os criaram")
    whole = load_candidate(NOVA_IGUACU)
    assert oficios.dividing_line(whole, store) == (
        "a linha de divisa do novo Município, descrita no memorial descritivo anexo")
    assert oficios.dividing_line(whole, store, memorial=False) == (
        "a linha de divisa do novo Município, dada pelo limite do território do Município de "
        "Nova Iguaçu de Goiás (código IBGE 5214879)")
    drawn = dataclasses.replace(posse, districts=(), boundary=Path("area.kml"))
    assert oficios.dividing_line(drawn, store) == (
        "a linha de divisa do novo Município, descrita no memorial descritivo anexo")
    assert oficios.dividing_line(drawn, store, memorial=False) == (
        "a linha de divisa do novo Município, descrita no arquivo de limites area.kml")
    ibge = oficios.build_requests(posse, store, dt.date(2027, 1, 15))[0]
    assert "linha de divisa proposta" not in ibge.items[0][1]


def test_district_area_annex_says_why_there_is_no_memorial(store):
    c = load_candidate(POSSE)
    assert oficios.annex_words(c, store, True, False) == (
        "Anexo: mapa de localização da área proposta (território aproximado).",
        "Os dados usados não trazem o polígono dos distritos: os limites da área são os "
        "descritos na lei municipal de criação do distrito (art. 18), pedida à Prefeitura "
        "Municipal de Abadiânia, e por isso não se anexa memorial descritivo. O mapa mostra um "
        "território aproximado, que não é limite legal.")
    assert oficios.annex_words(c, store, True, True)[0] == (
        "Anexos: I — mapa da área proposta; II — memorial descritivo da área proposta.")


def test_annexed_map_has_no_band_nor_measured_distance(written):
    _, out = written
    html = (out / "oficio-ibge.html").read_text(encoding="utf-8")
    assert '<img src="data:image/svg+xml;base64,' in html
    assert "faixa de 6 km" not in html and "distância medida" not in html
    assert "não é limite legal" in html


def test_electoral_zones_of_a_municipality_with_several(store):
    assert oficios.electoral_zones(store, ["5208707"]) == [
        "1", "2", "127", "133", "134", "135", "136", "146", "147"]  # Goiânia, TSE 2022
    assert oficios.electoral_zones(store, ["5200100"]) == ["87"]  # Abadiânia


# ------------------------------------------------------------------------ settings
def _write(tmp_path, text: str) -> Path:
    p = tmp_path / "config.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_settings_file_keeps_the_readings_beside_the_oficios_section():
    assert Settings.from_toml(SETTINGS).perimeter == "seat"


def test_settings_file_with_top_level_readings_and_an_oficios_section(tmp_path):
    p = _write(tmp_path, 'perimeter = "all-urban"\n\n' + SETTINGS.read_text(encoding="utf-8")
               .split("[oficios]", 1)[1].join(["[oficios]", ""]))
    assert Settings.from_toml(p).perimeter == "all-urban"
    assert OficiosSettings.from_toml(p).committee == "Comissão de Constituição, Justiça e Redação"


ALL_LETTERS = ("ibge", "cartorio-eleitoral", "sefaz-go", "prefeitura-abadiania",
               "camara-abadiania")


def _no_addressee(p, line: int, keys) -> list[str]:
    """The CLI's lines for letters without an addressee (with the address where needed)."""
    return [f"erro: {p}, linha {line}, campo 'oficios.destinatarios.{key}': falta o "
            f"destinatário do ofício '{key}'; esperado {key} = {{ name = \"…\", gender = "
            f"\"feminino\" ou \"masculino\""
            + ("" if key in ("ibge", "sefaz-go") else ', address = "…"')
            + " } em [oficios.destinatarios] (o nome e o gênero dão a forma de tratamento; "
            "nenhum gênero é presumido)" for key in keys]


def _no_presidency(p) -> str:
    return (f"erro: {p}, linha 1, campo 'oficios.presidencia': ausente; esperado presidencia = "
            "{ name = \"…\", gender = \"feminino\" ou \"masculino\", number = 1, sigla = "
            "\"GP-ALEGO\" } em [oficios]: o ofício 'sefaz-go' requisita informações a Secretário "
            "de Estado e é assinado pelo Presidente da Assembleia, com o número da série da "
            "Presidência")


def test_every_missing_or_bad_key_is_named_at_once(tmp_path, capsys):
    p = _write(tmp_path, '[oficios]\ncommittee = "Comissão de Constituição, Justiça e Redação"\n'
                         'president = "  "\npresident_gender = "f"\nprocess = 2027123\n'
                         'proposer_gender = "masculino"\nfirst_number = 0\nsigner = "x"\n')
    out = tmp_path / "saida"
    assert main(["oficios", str(POSSE), "--configuracoes", str(p), "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"erro: {p}, linha 8, campo 'oficios.signer': chave desconhecida 'signer'; permitidas: "
        "committee, president, president_gender, process, proposer, proposer_gender, "
        "first_number, destinatarios, sigla, presidencia",
        f"erro: {p}, linha 3, campo 'oficios.president': encontrado um texto vazio; esperado o "
        "nome do Presidente da comissão, que assina os ofícios, entre aspas",
        f"erro: {p}, linha 4, campo 'oficios.president_gender': encontrado o texto 'f'; esperado "
        "\"feminino\" ou \"masculino\" (para escrever Deputada ou Deputado)",
        f"erro: {p}, linha 5, campo 'oficios.process': encontrado o número 2027123; esperado o número "
        "do processo legislativo como texto, entre aspas (p. ex. \"2027/000123\")",
        f"erro: {p}, linha 1, campo 'oficios.proposer': ausente; esperado o nome do deputado "
        "autor da proposta (LC 02/1990, art. 2º), entre aspas",
        f"erro: {p}, linha 7, campo 'oficios.first_number': encontrado o número 0; esperado o número do "
        "primeiro ofício, um inteiro de 1 a 99.999 (os demais seguem em ordem)",
        # every letter's addressee, with the address of the judge, the mayor and the council
        *_no_addressee(p, 1, ALL_LETTERS), _no_presidency(p)]
    assert not out.exists()


def test_no_settings_file_or_no_section_is_refused(tmp_path, capsys):
    out = tmp_path / "saida"
    assert main(["oficios", str(POSSE), "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        "erro: os ofícios precisam de um arquivo de configurações (--configuracoes ARQUIVO) "
        "com a seção [oficios]: committee, president, president_gender, process, proposer, "
        "proposer_gender, first_number (ver docs/GUIA.md, Ofícios)")
    p = _write(tmp_path, '[settings]\nperimeter = "seat"\n')
    assert main(["oficios", str(POSSE), "--configuracoes", str(p), "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: {p}, campo 'oficios': falta a seção [oficios]; esperada com committee, "
        "president, president_gender, process, proposer, proposer_gender, first_number (quem "
        "assina e o processo; ver docs/GUIA.md, Ofícios)")
    assert not out.exists()


def test_a_folder_as_settings_file_is_refused(tmp_path, capsys):
    out = tmp_path / "saida"
    assert main(["oficios", str(POSSE), "--configuracoes", str(tmp_path), "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: {tmp_path}: não foi possível ler o arquivo de configurações: é uma pasta, não "
        "um arquivo")
    assert not out.exists()


def test_an_addressee_of_no_letter_is_refused(tmp_path, capsys):
    p = _write(tmp_path, SETTINGS.read_text(encoding="utf-8")
               + 'prefeitura-goiania = { name = "X", gender = "feminino" }\n')
    out = tmp_path / "saida"
    assert main(["oficios", str(POSSE), "--configuracoes", str(p), "--saida", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"erro: {p}, linha ")
    assert err.endswith(
        "campo 'oficios.destinatarios.prefeitura-goiania': não há ofício 'prefeitura-goiania' "
        "para este candidato (seria 'prefeitura-abadiania'?); esperado um de ibge, cartorio-eleitoral, sefaz-go, "
        "prefeitura-abadiania, camara-abadiania")
    assert not out.exists()


def test_oficios_settings_are_checked_in_one_pass_with_toml_values_and_suggestions(tmp_path,
                                                                                   capsys):
    """A bad addressee key is reported with the section's other problems, at once; values
    as TOML writes them (true, ausente, the text); the closest key suggested."""
    p = _write(tmp_path, '[oficios]\ncommittee = "Comissão de Constituição, Justiça e Redação"\n'
                         'presidente = "Maria Aparecida Souza"\npresident_gender = "feminino"\n'
                         'process = true\nproposer = "João Batista Lima"\n'
                         'proposer_gender = "masculino"\nfirst_number = 15\n\n'
                         '[oficios.destinatarios]\nibge = { gender = "feminino" }\n'
                         'cartorio-eleitoral = "Dr. Fulano"\n'
                         'sefaz = { name = "Carlos Fulano", gender = "masculino" }\n'
                         'prefeitura = { name = "Zé", gender = "masculino" }\n')
    out = tmp_path / "saida"
    assert main(["oficios", str(POSSE), "--configuracoes", str(p), "--saida", str(out)]) == 2
    letters = "ibge, cartorio-eleitoral, sefaz-go, prefeitura-abadiania, camara-abadiania"
    assert capsys.readouterr().err.strip().splitlines() == [
        f"erro: {p}, linha 3, campo 'oficios.presidente': chave desconhecida 'presidente' "
        "(seria 'president'?); permitidas: committee, president, president_gender, process, "
        "proposer, proposer_gender, first_number, destinatarios, sigla, presidencia",
        f"erro: {p}, linha 1, campo 'oficios.president': ausente; esperado o nome do Presidente "
        "da comissão, que assina os ofícios, entre aspas",
        f"erro: {p}, linha 5, campo 'oficios.process': encontrado o valor true; esperado o "
        "número do processo legislativo como texto, entre aspas (p. ex. \"2027/000123\")",
        f"erro: {p}, linha 11, campo 'oficios.destinatarios.ibge.name': ausente; esperado o "
        "nome da autoridade, entre aspas",
        f"erro: {p}, linha 12, campo 'oficios.destinatarios.cartorio-eleitoral': encontrado o "
        "texto 'Dr. Fulano'; esperado { name = \"…\", gender = \"feminino\" ou \"masculino\", "
        "address = \"…\" }",
        f"erro: {p}, linha 13, campo 'oficios.destinatarios.sefaz': não há ofício 'sefaz' para "
        f"este candidato (seria 'sefaz-go'?); esperado um de {letters}",
        f"erro: {p}, linha 14, campo 'oficios.destinatarios.prefeitura': não há ofício "
        f"'prefeitura' para este candidato (seria 'prefeitura-abadiania'?); esperado um de "
        f"{letters}",
        *_no_addressee(p, 10, ALL_LETTERS[2:]), _no_presidency(p)]
    assert not out.exists()


# ------------------------------------------------------------------------ refusals
def test_fusion_has_no_requests_and_nothing_is_written(tmp_path, capsys):
    out = tmp_path / "saida"
    assert main(["oficios", str(FUSION), "--configuracoes", str(SETTINGS), "--saida", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        f"erro: {FUSION}, campo 'operation': encontrado operation = 'fusion'; os pedidos do "
        "art. 4º, § 3º só existem para a criação de município (operation = \"create-municipality\"): "
        "as demais operações não dependem dos requisitos do art. 4º")
    assert not out.exists()


@pytest.mark.parametrize("args, message", [
    (["--data-pedido", "30/01/2027"], "erro: --data-pedido: encontrado '30/01/2027'; esperada "
                                      "uma data válida no formato AAAA-MM-DD (p. ex. 2027-01-30)"),
])
def test_bad_dates_are_refused_before_anything(tmp_path, capsys, args, message):
    out = tmp_path / "saida"
    assert main(["oficios", str(POSSE), *args, "--configuracoes", str(SETTINGS),
                 "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip() == message
    assert not out.exists()


@pytest.mark.parametrize("given, shown", [("9999-12-31", "31/12/9999"), ("0001-01-01", "01/01/0001")])
def test_request_date_out_of_bounds_is_refused_without_a_traceback(tmp_path, capsys, monkeypatch,
                                                                    given, shown):
    import viabilidade.common.plausibility as plausibility

    monkeypatch.setattr(plausibility, "study_date", lambda: dt.date(2026, 12, 1))
    out = tmp_path / "saida"
    assert main(["oficios", str(POSSE), "--data-pedido", given, "--configuracoes", str(SETTINGS), "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: --data-pedido: encontrada a data {shown}; esperada uma data entre 01/01/1990 "
        "(LC 02/1990) e 01/12/2028 (a data do estudo mais 2 anos)")
    assert not out.exists()


def test_the_receipt_option_is_gone(tmp_path, capsys):
    # no letter states its receipt (issue 29 § 4): the receipt is an act of the process
    # record and `processo` counts the deadline from it
    out = tmp_path / "saida"
    with pytest.raises(SystemExit):
        main(["oficios", str(POSSE), "--data-recebimento", "2027-02-01", "--configuracoes",
              str(SETTINGS), "--saida", str(out)])
    assert "--data-recebimento" in capsys.readouterr().err
    assert not out.exists()


def test_build_requests_refuses_other_operations(store):
    c = dataclasses.replace(load_candidate(POSSE), operation="transfer-area")
    with pytest.raises(CandidateError) as e:
        oficios.build_requests(c, store, dt.date(2027, 1, 30))
    assert e.value.field == "operation"


def test_help_lists_the_command_and_its_options(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "oficios" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["oficios", "--help"])
    out = capsys.readouterr().out
    assert "--data-recebimento" not in out and "--configuracoes" in out and "--comissao" not in out
    assert "registre o recebimento como ato do processo" in re.sub(r"\s+", " ", out)
    # legal review 15:44, items 3 and 4: the record of acts and the installed municipality
    assert ("Um pedido que o registro de atos do candidato já mostra enviado, recebido ou "
            "respondido não é escrito de novo (um aviso diz qual e por quê). Município já "
            "instalado (art. 21): recusado; a verificação do art. 8º é requisitada pela "
            "Assembleia quadrienalmente (art. 8º, § 1º).") in re.sub(r"\s+", " ", out)


@pytest.mark.slow
def test_drawn_area_letters_carry_the_memorial_and_the_map(store, settings, tmp_path):
    c = load_candidate(ROOT / "tests" / "fixtures" / "posse-dabadia-desenhada.toml")
    files = oficios.write_oficios(c, tmp_path, store=store, settings=settings,
                                  request_date=dt.date(2027, 1, 30), pdf=False)
    html = files["oficio-ibge.html"].read_text(encoding="utf-8")
    assert ("A área proposta é delimitada no memorial descritivo e no mapa anexos (arquivo de "
            "limites posse-dabadia-desenhada.kml).") in html
    assert "Anexos: I — mapa da área proposta; II — memorial descritivo da área proposta." in html
    assert "<h2>Anexo I — Mapa da área proposta de Posse d&#x27;Abadia</h2>" in html
    assert "<h2>Anexo II — Memorial descritivo da área proposta de Posse d&#x27;Abadia</h2>" in html
    assert '<img src="data:image/svg+xml;base64,' in html
    assert "Perímetro 1: Começa no marco M-01" in html
    assert ("a distância, em metros, entre a linha de divisa do novo Município, descrita no "
            "memorial descritivo anexo, e o perímetro urbano do Município de Abadiânia, fixado "
            "em lei municipal;") in html
    assert "<h3>Memorial descritivo</h3>" not in html  # the annex heading names it once
    pref = files["oficio-prefeitura-abadiania.html"].read_text(encoding="utf-8")
    assert "arts. 16 e 18" not in pref  # no district, no district law


def test_titles_agree_with_each_body(written):
    """Browser tab and PDF title agree in gender with the body: "Ofício à SEFAZ-GO"."""
    _, out = written
    titles = {stem: (out / f"{stem}.html").read_text(encoding="utf-8").split("<title>")[1]
              .split(" — ")[0] for stem in STEMS}
    assert titles == {"oficio-ibge": "Ofício ao IBGE",
                      "oficio-cartorio-eleitoral": "Ofício ao Cartório Eleitoral",
                      "oficio-sefaz-go": "Ofício à SEFAZ-GO",
                      "oficio-prefeitura-abadiania": "Ofício à Prefeitura de Abadiânia",
                      "oficio-camara-abadiania": "Ofício à Câmara Municipal de Abadiânia"}


def test_a_long_memorial_goes_with_its_annex_of_marks(tmp_path):
    """An area of 3.000 marks: the letters' memorial refers to memorial-marcos.csv, which is
    written beside them."""
    import math

    from viabilidade.data.store import load_store
    from viabilidade.report.oficios import write_oficios

    n = 3000
    pts = [(-48.60 + 0.035 * math.cos(2 * math.pi * i / n), -16.20 + 0.035 * math.sin(2 * math.pi * i / n))
           for i in range(n)]
    coords = " ".join(f"{x:.7f},{y:.7f}" for x, y in pts + pts[:1])
    (tmp_path / "denso.kml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2">'
        "<Document><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>"
        f"{coords}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>"
        "</Document></kml>", encoding="utf-8")
    cand = tmp_path / "denso.toml"
    cand.write_text('operation = "create-municipality"\nname = "Denso"\n[area]\nboundary = '
                    '"denso.kml"\n[origin]\nmunicipalities = ["5200100"]\n', encoding="utf-8")
    files = write_oficios(load_candidate(cand), tmp_path / "oficios", store=load_store(),
                          settings=OficiosSettings.from_toml(SETTINGS),
                          request_date=dt.date(2027, 1, 15), pdf=False)
    assert "memorial-marcos.csv" in files
    lines = files["memorial-marcos.csv"].read_text(encoding="utf-8").splitlines()
    assert len(lines) == n + 1
    page = next(p for name, p in files.items() if name.endswith(".html")).read_text(encoding="utf-8")
    assert "O limite tem 3.000 marcos." in page and "memorial-marcos.csv" in page


def test_the_letters_cite_only_data_sets_the_study_lists(store, html):
    """Final legal read, item 14: the Cartório's letter cited the TSE's 2022 roll (its zone),
    which the study's "Dados utilizados" did not list. One record of the sources: every data
    set a letter names is one the study of the same candidate lists."""
    from viabilidade.data.provenance import dataset_label
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.sections import LETTER_TABLES, _vintages

    listed = _vintages(analyse(POSSE, store=store))
    cited = {oficios.zone_dataset(store)}
    assert cited == {"TSE, eleitorado apto nas Eleições Gerais de 2022 (02/10/2022)"}
    assert cited <= {dataset_label(p) for table in LETTER_TABLES
                     for p in store.provenance(table)}
    assert cited <= set(listed)
    for label in cited:
        assert label in html["cartorio-eleitoral"]
