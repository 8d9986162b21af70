"""`oficios` reads the record of acts and the operation (legal review 15:44, items 3, 4, 10).

Item 3: a request the record shows as sent, received or answered is not written again; a
notice names the act. A planned request takes the number the record gives it. Item 4: an
installed municipality (art. 21, art. 8) has no ofício: refused with the reason. Item 10: the
SEFAZ-GO requisition's basis and the Cartório's annex (see also test_oficios.py).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest

from viabilidade.cli import main
from viabilidade.data.store import load_store
from viabilidade.errors import CandidateError
from viabilidade.proposal.candidate import load_candidate
from viabilidade.proposal.record import Act
from viabilidade.report import oficios
from viabilidade.report.oficios_record import planned_numbers, recorded
from viabilidade.report.oficios_settings import OficiosSettings

ROOT = Path(__file__).resolve().parents[1]
CERTIFIED = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
SETTINGS = ROOT / "tests" / "fixtures" / "oficios.toml"
INSTALLED = [ROOT / "data" / "candidates" / f"{slug}.toml"
             for slug in ("nova-iguacu-de-goias", "cocalzinho-de-goias", "santo-antonio-de-goias")]

#: The three notices of the certified file: each request went out 15/01/2027 and was answered.
CERTIFIED_NOTICES = [
    "aviso: ofício ao IBGE não escrito: o registro de atos já tem a requisição de informações "
    "enviada (art. 4º, § 3º) — Ofício nº 15/2027/CCJR-ALEGO, de 15/01/2027 (linha 49), "
    "respondida por Ofício nº 101/2027 — Superintendência Estadual do IBGE em Goiás, de "
    "10/03/2027 (linha 111)",
    "aviso: ofício ao Cartório Eleitoral não escrito: o registro de atos já tem a requisição de "
    "informações enviada (art. 4º, § 3º) — Ofício nº 16/2027/CCJR-ALEGO, de 15/01/2027 (linha "
    "55), respondida por Certidão nº 12/2027 — 87ª Zona Eleitoral, de 22/02/2027 (linha 85)",
    "aviso: ofício à SEFAZ-GO não escrito: o registro de atos já tem a requisição de "
    "informações enviada (art. 4º, § 3º) — Ofício nº 402/2027/GP-ALEGO, de 15/01/2027 (linha "
    "61), respondida por Ofício nº 77/2027 — Secretaria de Estado da Economia, de 01/03/2027 "
    "(linha 99)",
]


#: The notice of letters dated after request_date, at the record's last act (final legal read, N2).
DATED_AFTER_THE_RECORD = (
    "aviso: ofícios datados de 11/03/2027, o primeiro dia útil depois do último ato válido do "
    "registro (10/03/2027, linha 111: informação ou certidão do órgão recebida (art. 4º, § 2º) "
    "— IBGE — Ofício nº 101/2027 — Superintendência Estadual do IBGE em Goiás), e não de "
    "15/01/2027 (request_date do candidato), que o precede; para outra data, use --data-pedido")
# legal8 m3: it read "datados de 16/05/2027, a data do último ato do registro (linha 127:
# resultado do plebiscito …)", a Sunday and a void act


@pytest.fixture(scope="module")
def store():
    return load_store()


@pytest.fixture(scope="module")
def settings():
    return OficiosSettings.from_toml(SETTINGS)


def test_requests_already_sent_and_answered_are_not_written_again(tmp_path, capsys):
    """The certified file's record: Ofícios nº 15 and 16/2027/CCJR-ALEGO and 402/2027/GP-ALEGO
    sent on 15/01/2027, received and answered. Only the letters the record has no act for (the
    origin's Prefeitura and Câmara) are written, next in the [oficios] first_number series
    (17, 18: no gap, one sigla, final legal read item 13); the notices name each act left out
    and its answer."""
    assert main(["oficios", str(CERTIFIED), "--configuracoes", str(SETTINGS), "--saida",
                 str(tmp_path)]) == 0
    out = capsys.readouterr()
    # final legal read, N2: request_date (15/01/2027) precedes the record's last act, the
    # plebiscite of 16/05/2027: the letters take that date and say why
    from viabilidade.report.oficios_settings import example_notice

    assert out.err.strip().splitlines() == [DATED_AFTER_THE_RECORD] + CERTIFIED_NOTICES + [
        f"aviso: {example_notice(SETTINGS)}"]  # the tests' example: fictitious names
    folder = tmp_path / "posse-dabadia-certificada" / "oficios"
    assert sorted(p.name for p in folder.iterdir()) == [
        "oficio-camara-abadiania.html", "oficio-camara-abadiania.pdf",
        "oficio-prefeitura-abadiania.html", "oficio-prefeitura-abadiania.pdf"]
    pref = (folder / "oficio-prefeitura-abadiania.html").read_text(encoding="utf-8")
    # numbered in the committee's series after the record's IBGE 15 and Cartório 16
    assert "Ofício nº 17/2027/CCJR-ALEGO" in pref and "Goiânia, 11 de março de 2027." in pref
    # final legal read, item 13: art. 4 I and VI are declared ([evidence.*]): not asked again,
    # the declared documents named for confirmation
    assert "a indicação dos imóveis" not in pref and "a indicação das áreas" not in pref
    assert ('<span class="item">art. 4º, I e VI</span> — cópia dos documentos já declarados no '
            "processo, com a confirmação de que correspondem aos originais: Termo de cessão nº "
            "3/2027 (imóvel cedido para a Prefeitura); Termo de cessão nº 4/2027 (imóvel cedido "
            "para a Câmara Municipal); Matrícula nº 1.201 (área para escola); Matrícula nº 1.202 "
            "(área para unidade de saúde); Matrícula nº 1.203 (área para posto telefônico); "
            "Matrícula nº 1.204 (área para praça de esporte); Matrícula nº 1.205 (área para "
            "cemitério).</li>") in pref
    camara = (folder / "oficio-camara-abadiania.html").read_text(encoding="utf-8")
    assert "Ofício nº 18/2027/CCJR-ALEGO" in camara


def test_what_shows_a_request_made(store):
    c = load_candidate(CERTIFIED)
    made = recorded(c, ["ibge", "cartorio-eleitoral", "sefaz-go", "prefeitura-abadiania"])
    assert {k: (m.act.kind, m.act.document, m.answer.document) for k, m in made.items()} == {
        "ibge": ("requisicao-enviada", "Ofício nº 15/2027/CCJR-ALEGO",
                 "Ofício nº 101/2027 — Superintendência Estadual do IBGE em Goiás"),
        "cartorio-eleitoral": ("requisicao-enviada", "Ofício nº 16/2027/CCJR-ALEGO",
                               "Certidão nº 12/2027 — 87ª Zona Eleitoral"),
        "sefaz-go": ("requisicao-enviada", "Ofício nº 402/2027/GP-ALEGO",
                     "Ofício nº 77/2027 — Secretaria de Estado da Economia")}
    # the art. 2 certificate of the signers' registration (12/01/2027) is not the answer to the
    # art. 4 request; a planned sending is not a request made
    art2 = [a for a in c.events if a.kind == "certidao" and a.body == "cartorio-eleitoral"
            and "registered_signers" in a.figures]
    assert [a.document for a in art2] == [
        "Certidão nº 3/2027 — 87ª Zona Eleitoral (inscrição dos signatários da representação)"]
    planned = Act("requisicao-enviada", dt.date(2027, 1, 15), "Ofício nº 10/2027/CCJR-ALEGO",
                  body="ibge", planned=True, line=20)
    assert recorded(dataclasses.replace(c, events=(*art2, planned)),
                    ["ibge", "cartorio-eleitoral"]) == {}
    # a receipt alone, with no sending recorded, is a request made
    got = Act("requisicao-recebida", dt.date(2027, 1, 18), "protocolo nº 5/2027", body="ibge",
              line=30)
    only = recorded(dataclasses.replace(c, events=(got,)), ["ibge"])
    assert only["ibge"].words() == (
        "ofício ao IBGE não escrito: o registro de atos já tem a requisição recebida pelo órgão "
        "(art. 4º, § 3º) — protocolo nº 5/2027, de 18/01/2027 (linha 30)")


def test_a_planned_request_takes_the_records_number(store, settings, tmp_path):
    planned = Act("requisicao-enviada", dt.date(2027, 1, 15), "Ofício nº 10/2027/CCJR-ALEGO",
                  body="ibge", planned=True, line=20)
    c = dataclasses.replace(load_candidate(POSSE), events=(planned,))
    notices: list[str] = []
    files = oficios.write_oficios(c, tmp_path, store=store, settings=settings,
                                  request_date=dt.date(2027, 1, 15), pdf=False, notices=notices)
    text = {p.name: p.read_text(encoding="utf-8") for p in files.values()}
    assert "Ofício nº 10/2027/CCJR-ALEGO" in text["oficio-ibge.html"]
    assert "Ofício nº 16/2027/CCJR-ALEGO" in text["oficio-cartorio-eleitoral.html"]
    assert "Ofício nº 402/2027/GP-ALEGO" in text["oficio-sefaz-go.html"]
    # no request made: every letter written; the only notice is the SEFAZ-GO basis to confirm
    assert len(text) == 5 and notices == [oficios.SEFAZ_NOTICE]
    assert oficios.SEFAZ_NOTICE == (
        "a requisição à SEFAZ-GO cita a Constituição do Estado, art. 9º, § 3º, e é feita pela "
        "Mesa da Assembleia, assinada pelo seu Presidente: a confirmar com a Procuradoria da "
        "Assembleia antes de assinar (docs/GUIA.md, Ofícios)")
    sigla = Act("requisicao-enviada", dt.date(2027, 1, 15), "Ofício nº 7/2027-CCJR",
                body="cartorio-eleitoral", planned=True, line=26)
    assert planned_numbers(dataclasses.replace(c, events=(planned, sigla)),
                           ["ibge", "cartorio-eleitoral", "sefaz-go"], 2027) == {
        "ibge": (10, "CCJR-ALEGO"), "cartorio-eleitoral": (7, "CCJR")}


def test_a_planned_number_of_another_year_is_refused(store, settings, tmp_path):
    planned = Act("requisicao-enviada", dt.date(2026, 12, 15), "Ofício nº 10/2026/CCJR-ALEGO",
                  body="ibge", planned=True, line=20)
    c = dataclasses.replace(load_candidate(POSSE), events=(planned,))
    with pytest.raises(CandidateError) as e:
        oficios.write_oficios(c, tmp_path / "x", store=store, settings=settings,
                              request_date=dt.date(2027, 1, 15), pdf=False)
    assert str(e.value) == (
        f"{POSSE}, campo 'process.events': o registro de atos (linha 20) dá ao ofício ao IBGE o "
        "número 10/2026, mas o ofício é datado de 2027; corrija o número no registro ou a data "
        "do pedido (--data-pedido)")
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("path", INSTALLED, ids=lambda p: p.stem)
def test_an_installed_municipality_has_no_oficio(path, tmp_path, capsys):
    """Art. 21's municipalities are installed: their study is the art. 8 check and
    `projeto-de-lei` refuses them; the art. 4 § 3 requests instruct a creation, and art. 8 § 1's
    requisition is the Assembly's quadrennial act for every installed municipality."""
    name = load_candidate(path).seat
    assert main(["oficios", str(path), "--configuracoes", str(SETTINGS), "--saida",
                 str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: {path}, campo 'operation': "
        f"o Município de {name} já está instalado (processo restabelecido pelo art. 21): os "
        "pedidos do art. 4º, § 3º, instruem a criação de município, e este comando não os "
        "escreve para ele. A perda de requisitos por município instalado (art. 8º) é verificada "
        "com as informações que a Assembleia Legislativa requisita dos organismos competentes "
        "quadrienalmente, no ano anterior ao das eleições municipais, para todos os municípios "
        "instalados (art. 8º, § 1º): um ato da Assembleia, não um pedido deste processo. O "
        "estudo (viabilidade estudo) mostra os itens IV a VII do art. 4º com os dados de hoje")
    assert list(tmp_path.iterdir()) == []


def test_the_cartorios_annex_joins_the_attachments_line():
    assert oficios.with_annex("Anexo: mapa da área proposta.", "cópia da representação") == (
        "Anexos: mapa da área proposta e cópia da representação.")
    assert oficios.with_annex("Anexos: I — mapa da área proposta; II — memorial descritivo da "
                              "área proposta.", "cópia da representação") == (
        "Anexos: I — mapa da área proposta; II — memorial descritivo da área proposta; III — "
        "cópia da representação.")
    assert oficios.with_annex("", "cópia da representação") == "Anexo: cópia da representação."
    assert oficios.with_annex("Anexo: mapa.", "") == "Anexo: mapa."


def test_the_letters_left_to_write_keep_their_place_in_the_series(store, settings, tmp_path):
    """The process fixture sent 15/2027 (IBGE), 16/2027 (Cartório) and 402/2027/GP-ALEGO
    (SEFAZ-GO) on 15/02/2027: the Prefeitura's and Câmara's letters are 17 and 18, as when all
    five are written, never 15 again; a first_number that would repeat a sent number is
    refused with the act's line."""
    c = load_candidate(ROOT / "tests" / "fixtures" / "processo-posse-dabadia.toml")
    date = dt.date(2027, 2, 15)
    files = oficios.write_oficios(c, tmp_path / "a", store=store, settings=settings,
                                  request_date=date, pdf=False)
    text = {p.name: p.read_text(encoding="utf-8") for p in files.values()}
    assert sorted(text) == ["oficio-camara-abadiania.html", "oficio-prefeitura-abadiania.html"]
    assert "Ofício nº 17/2027/CCJR-ALEGO" in text["oficio-prefeitura-abadiania.html"]
    assert "Ofício nº 18/2027/CCJR-ALEGO" in text["oficio-camara-abadiania.html"]
    with pytest.raises(CandidateError) as e:
        oficios.write_oficios(c, tmp_path / "b", store=store,
                              settings=dataclasses.replace(settings, first_number=13),
                              request_date=date, pdf=False)
    assert str(e.value) == (
        f"{c.path}, campo 'process.events': o ofício 'prefeitura-abadiania' teria o número "
        "15/2027/CCJR-ALEGO, já usado no registro de atos (linha 24: Ofício nº "
        "15/2027/CCJR-ALEGO, ao IBGE); o ofício 'camara-abadiania' teria o número "
        "16/2027/CCJR-ALEGO, já usado no registro de atos (linha 36: Ofício nº "
        "16/2027/CCJR-ALEGO, ao Cartório Eleitoral); ajuste first_number em [oficios] (ou "
        "presidencia.number) para um número ainda não usado")
    assert not (tmp_path / "b").exists()


def test_the_prefeitura_is_asked_only_what_the_file_lacks(store):
    """Final legal read, item 13: without [evidence.*] the Prefeitura is asked for every item
    of art. 4 I and VI; with two declared, only the others, and those two to be confirmed; a
    checked document is not mentioned."""
    from viabilidade.proposal.candidate import Evidence
    from viabilidade.proposal.record import Checked

    c = load_candidate(POSSE)
    assert oficios.local_items(c) == [
        ("art. 4º, I", "a indicação dos imóveis, públicos ou particulares, existentes em Posse "
                       "d'Abadia em condições de abrigar a Prefeitura e a Câmara Municipal do "
                       "novo Município"),
        ("art. 4º, VI", "a indicação das áreas do núcleo urbano de Posse d'Abadia utilizáveis "
                        "para escola, unidade de saúde, posto telefônico, praça de esporte e "
                        "cemitério, e dos equipamentos existentes")]
    evidence = {"camara": Evidence("imóvel para a Câmara", "Rua 2", "Termo nº 4/2027"),
                "escola": Evidence("área para escola", "Quadra 5", "Matrícula nº 1.201",
                                   checked=Checked("Consultor", dt.date(2027, 5, 20)))}
    assert oficios.local_items(dataclasses.replace(c, evidence=evidence)) == [
        ("art. 4º, I", "a indicação dos imóveis, públicos ou particulares, existentes em Posse "
                       "d'Abadia em condições de abrigar a Prefeitura do novo Município"),
        ("art. 4º, VI", "a indicação das áreas do núcleo urbano de Posse d'Abadia utilizáveis "
                        "para unidade de saúde, posto telefônico, praça de esporte e cemitério, "
                        "e dos equipamentos existentes"),
        ("art. 4º, I e VI", "cópia dos documentos já declarados no processo, com a confirmação "
                            "de que correspondem aos originais: Termo nº 4/2027 (imóvel para a "
                            "Câmara)")]


def _proposed_by(tmp_path: Path, by: str) -> tuple[Path, int]:
    """The certified fixture as ``tmp_path/c.toml``, its proposal recorded ``by`` that deputy;
    the file and the act's line (1-based)."""
    text = CERTIFIED.read_text(encoding="utf-8").replace(
        'kind = "proposta"\n', f'kind = "proposta"\nby = "{by}"\n', 1)
    candidate = tmp_path / "c.toml"
    candidate.write_text(text, encoding="utf-8")
    return candidate, text.splitlines().index('kind = "proposta"') + 1


def _not_the_proposer(settings: Path, proposer: str, candidate: Path, line: int, by: str) -> str:
    """The refusal of a settings' proposer that is not the record's author."""
    return (f"erro: {settings}, linha 10, campo 'oficios.proposer': o proponente '{proposer}' "
            f"não é quem o registro dá como autor da representação ({candidate}, linha {line}: "
            f"by = '{by}'); os ofícios citariam outro proponente: escreva em [oficios] proposer o "
            "mesmo nome do registro")


@pytest.mark.parametrize("by, refused", [("Dep. Fulana de Tal", True),
                                         ("Dep. João Batista Lima (PXX)", False),
                                         ("deputado JOAO BATISTA LIMA", False),
                                         # hostile trial 8: a name within another's words
                                         ("Dep. Ana Maria João Batista Limaverde", True),
                                         ("Dep. João Batista", True)])
def test_the_letters_and_the_bill_name_the_proposer_the_record_names(tmp_path, capsys, by, refused):
    """New-user review (2026-12-07): a representation recorded by one deputy, and letters
    saying "o Deputado João Batista Lima propõe" (the settings' proposer)."""
    candidate, line = _proposed_by(tmp_path, by)
    for command in (["oficios", str(candidate)], ["projeto-de-lei", str(candidate)]):
        code = main(command + ["--configuracoes", str(SETTINGS), "--saida", str(tmp_path / "out")])
        err = capsys.readouterr().err
        if refused:
            assert code == 2
            assert err.splitlines() == [
                _not_the_proposer(SETTINGS, "João Batista Lima", candidate, line, by)]
            assert not (tmp_path / "out").exists()
        else:
            assert code == 0, err


@pytest.mark.parametrize("proposer, refused", [("Ana Souza", True), ("...", True), ("Souza", True),
                                               ("Mariana Souza", False)])
def test_a_proposer_within_the_recorded_name_is_not_the_same_person(tmp_path, capsys, proposer,
                                                                    refused):
    """Hostile trial 8: 'Ana Souza' passed for 'Dep. Mariana Souza', and '...' (an empty key)
    for anyone; one word ('Souza') is not a name. The recorded name itself passes."""
    candidate, line = _proposed_by(tmp_path, "Dep. Mariana Souza")
    settings = tmp_path / "oficios.toml"
    settings.write_text(SETTINGS.read_text(encoding="utf-8").replace(
        'proposer = "João Batista Lima"', f'proposer = "{proposer}"'), encoding="utf-8")
    code = main(["oficios", str(candidate), "--configuracoes", str(settings), "--saida",
                 str(tmp_path / "out")])
    err = capsys.readouterr().err
    if not refused:
        assert code == 0, err
        folder = tmp_path / "out" / "posse-dabadia-certificada" / "oficios"
        # the record has every art. 4 § 3 request: only the municipal letters are written
        assert sorted(p.name for p in folder.iterdir()) == [
            f"oficio-{who}-abadiania.{ext}" for who in ("camara", "prefeitura")
            for ext in ("html", "pdf")]
        assert "o Deputado Mariana Souza propõe" in (
            folder / "oficio-prefeitura-abadiania.html").read_text(encoding="utf-8")
        return
    assert code == 2, err
    assert err.splitlines() == [
        _not_the_proposer(settings, proposer, candidate, line, "Dep. Mariana Souza")]
    assert not (tmp_path / "out").exists()
