"""The legal consultant's read of every document type (legal8): each serious finding (S1–S4)
and the minors, asserted on the exact new text."""
from __future__ import annotations

from test_legal2 import _text, analysed, store  # noqa: F401
from test_legal11 import held_certified

CERTIFIED = "tests/candidates/posse-dabadia-certificada.toml"
POSSE = "data/candidates/posse-dabadia.toml"
NB = "\u00a0"


def test_the_slides_and_the_json_date_art14_as_the_study_does(analysed, store, monkeypatch):
    """S1: after the certified file's void plebiscite the slide read "(art. 14), 2027–2029:
    18,00 % (estimado)" and ``economia.icms.art14_exercicios`` held 2027–2029, while the study
    says "anos a definir após a lei complementar federal e novo plebiscito". m8: Posse's slide
    said "(na hipótese adotada, 2029)" and "2027–2029" without the study's "lei hoje vedada"."""
    from viabilidade.fiscal import economy as eco
    from viabilidade.report.economic import economic_points

    e = eco.economy(held_certified(monkeypatch, store), store)
    lines = economic_points(e)
    assert (f"Participação transitória no ICMS da origem (art. 14): 18,00{NB}% (estimado), no "
            "ano da lei de criação e nos dois seguintes, anos a definir após a lei complementar "
            "federal e novo plebiscito; até a instalação, contabilizada em separado pela "
            f"Prefeitura de origem, que aplica na área no mínimo 80{NB}% desses recursos (art. "
            "14, § 2º).") in lines
    assert not any(str(y) in " ".join(lines) for y in (2027, 2028, 2029))
    icms = eco.record(e)["icms"]
    assert icms["art14_anos"] == ("no ano da lei de criação e nos dois seguintes, anos a definir "
                                  "após a lei complementar federal e novo plebiscito")
    assert [x["ano"] for x in icms["art14_exercicios"]] == [None, None, None]

    e = eco.economy(analysed(POSSE), store)
    lines = economic_points(e)
    assert (f"Participação transitória no ICMS da origem (art. 14): 17,67{NB}% (estimado), em "
            "2027–2029, na hipótese de a lei de criação ser de 2027, lei hoje vedada; até a "
            "instalação, contabilizada em separado pela Prefeitura de origem, que aplica na "
            f"área no mínimo 80{NB}% desses recursos (art. 14, § 2º).") in lines
    assert all("hipótese adotada" not in x for x in lines)
    assert any(x.endswith("a partir da instalação (em 2029, na hipótese de a lei de criação ser "
                          "de 2027, lei hoje vedada).") for x in lines)
    icms = eco.record(e)["icms"]
    assert icms["art14_anos"] == ("em 2027–2029, na hipótese de a lei de criação ser de 2027, "
                                  "lei hoje vedada")
    assert [x["ano"] for x in icms["art14_exercicios"]] == [2027, 2028, 2029]


def _row(html: str, label: str) -> list[str]:
    import re

    for row in re.findall(r"<tr>(.*?)</tr>", str(html)):
        cells = [_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        if cells and cells[0] == label:
            return cells
    raise AssertionError(f"no row {label!r}")


def test_other_rules_never_say_cumpre_on_declared_documents(store):
    """S2: the certified file's federal_law study read "Sob LC 02/1990 (GO): cumpre todos os
    testes." and "viável nestes testes, na hipótese do PLP 137/2015" on declared documents of
    simulated future acts, each cell "conforme documento declarado"; the PLP's signatures row
    counted the representation's declared 412 signatures (≥ 411) where the Cartório Eleitoral
    certifies 398 registered signers (< 411)."""
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import other_rules
    from viabilidade.rules.settings import Settings

    from test_legal2 import ROOT as TROOT

    a = analyse(TROOT / CERTIFIED, store=store, settings=Settings(federal_law="plp-137-2015"))
    html = other_rules.section(a)
    text = _text(html)
    declared = "segundo documentos declarados (a conferir com o original)"
    assert (f"Sob LC 02/1990 (GO): atenderia todos os testes, {declared}.") in text
    assert (f"Sob PLP 137/2015: não atenderia, {declared}, população da área proposta (3.102 "
            "habitantes; exigido no mínimo 6.000 habitantes); assinaturas da representação da "
            "área proposta (398 assinaturas; exigido no mínimo 411 assinaturas (20 % do "
            "eleitorado)).") in text
    assert "cumpre todos os testes" not in text
    population = _row(html, "População — área proposta")
    assert population[2] == ("mais de 3.000 habitantes atingido na hipótese da simulação (ato "
                             "futuro)")
    signers = _row(html, "Assinaturas da representação — área proposta")
    assert signers[1] == "398 assinaturas"
    assert signers[3] == ("no mínimo 411 assinaturas (20 % do eleitorado)† não atingido na "
                          "hipótese da simulação (ato futuro)")
    assert _row(html, "Conclusão")[2:] == [
        f"viável nestes testes, na hipótese do PLP 137/2015, {declared}",
        f"inviável, {declared}"]
    assert other_rules.hypothesis_outcome(a).startswith(
        f"não atenderia o PLP 137/2015, {declared}: população da área proposta (3.102{NB}"
        "habitantes")


def _letters(store, path, day, settings):
    import re
    from html import unescape

    from test_legal2 import ROOT as TROOT
    from viabilidade.proposal.candidate import load_candidate
    from viabilidade.report import oficios

    c = load_candidate(TROOT / path)
    requests = oficios.build_requests(c, store, day, settings)
    def plain(html):
        body = html.split("<main", 1)[1]
        return " ".join(unescape(re.sub(r"<[^>]+>", "", body.split(">", 1)[1])).split())
    return {r.key: plain(oficios.oficio_html(r, c, store, day, settings, number=15 + i,
                                             annexes=("Anexo: mapa.", "")))
            for i, r in enumerate(requests)}


def test_letters_without_a_recorded_representation_cite_no_process(store, tmp_path):
    """S3: with no act recorded, every Posse letter said "Tramita … o Processo nº 2027/000123,
    em que o Deputado João Batista Lima propõe…", the Juiz Eleitoral's asked "c) art. 2º —
    quantos dos signatários da representação … em cópia anexa" with "cópia da representação"
    annexed, and letters of 7 de dezembro de 2026 cited a process numbered 2027."""
    import datetime as dt

    import pytest
    from test_legal2 import ROOT as TROOT
    from viabilidade.errors import SettingsError
    from viabilidade.report.oficios_settings import OficiosSettings

    settings = OficiosSettings.from_toml(TROOT / "tests" / "fixtures" / "oficios.toml")
    posse = _letters(store, POSSE, dt.date(2026, 12, 7), settings)
    judge = posse["cartorio-eleitoral"]
    assert ("1. Esta Assembleia Legislativa do Estado de Goiás elabora estudo preliminar de "
            "viabilidade da criação do Município de Posse d'Abadia, com sede em Posse d'Abadia, "
            "por desmembramento do Município de Abadiânia, para instruir eventual representação "
            "(LC nº 2/1990, art. 2º).") in judge
    assert ("Assunto: Solicitação de informações — estudo preliminar de viabilidade da criação "
            "do Município de Posse d'Abadia.") in judge
    assert "Para instruir o estudo," in judge
    for text in posse.values():
        assert "Tramita" not in text and "Processo nº" not in text
        assert "João Batista Lima" not in text
    assert "signatários" not in judge and "cópia da representação" not in judge
    assert "os valores se refiram exatamente à área descrita, para que sejam juntados ao estudo." \
        in judge and "processo legislativo" not in judge

    certified = _letters(store, CERTIFIED, dt.date(2027, 1, 15), settings)
    judge = certified["cartorio-eleitoral"]
    assert ("1. Tramita nesta Assembleia Legislativa do Estado de Goiás o Processo nº "
            "2027/000123, em que o Deputado João Batista Lima propõe a criação do Município de "
            "Posse d'Abadia, com sede em Posse d'Abadia") in judge
    assert ("art. 2º — quantos dos signatários da representação que iniciou o processo, em "
            "cópia anexa, são eleitores inscritos na área proposta.") in judge
    assert judge.endswith("Anexos: mapa e cópia da representação.")

    # a process numbered after the letters' date is refused, naming the file and the line
    bad = tmp_path / "oficios.toml"
    bad.write_text((TROOT / "tests" / "fixtures" / "oficios.toml").read_text(encoding="utf-8")
                   .replace('"2027/000123"', '"2028/000123"'), encoding="utf-8")
    with pytest.raises(SettingsError) as e:
        _letters(store, CERTIFIED, dt.date(2027, 1, 15), OficiosSettings.from_toml(bad))
    assert str(e.value) == (
        f"{bad}, linha 9, campo 'oficios.process': o número do processo '2028/000123' é "
        "de 2028, ano posterior à data dos ofícios (15/01/2027); informe o número do processo "
        "já autuado ou a data dos ofícios (--data-pedido)")


def test_the_district_bill_says_what_the_study_says_of_the_district_it_takes(analysed, store):
    """S4: the study says "a área contém a vila do distrito Posse d'Abadia (520010010): esse
    distrito perderia a sua sede. A lei municipal teria de alterar os limites dele ou
    extingui-lo"; the bill created "Distrito de Posse d'Abadia" without a word on it. One
    record (the findings' ``sedes``), read by the study's chapter, the justificação and a
    drafting note."""
    from viabilidade.report.bill import build_bill
    from viabilidade.report.findings import findings
    from viabilidade.report.operation_chapters import district_material

    a = analysed("tests/fixtures/distrito-posse-dabadia.toml")
    alert = ("a área contém a vila do distrito Posse d'Abadia (520010010): esse distrito "
             "perderia a sua sede")
    remedy = "A lei municipal teria de alterar os limites dele ou extingui-lo; corrija a área ou junte essa lei."
    study = _text(district_material(a, store))
    assert f"Alerta: {alert}. {remedy}" in study
    found = findings(a).of("sedes")
    assert (found.title, found.summary, found.detail) == (
        "Sede de distrito existente (art. 15)", alert, remedy)
    bill = build_bill(a, store)
    assert f"Sede de distrito existente (art. 15): {alert}. {remedy}" in bill.justification
    assert (f"distrito existente (art. 15): {alert}; a lei municipal teria de alterar os limites "
            "dele ou extingui-lo; corrija a área ou junte essa lei") in bill.notes
    # a creation of a municipality from the district is not flagged (its seat becomes the city)
    assert findings(analysed(POSSE)).of("sedes") is None


def test_processo_reads_the_void_ata_as_the_study_does(monkeypatch):
    """m2: ``processo`` listed the void plebiscite's ata "(documento declarado, a conferir com
    o original)" and counted it among the 12 documents to check, while the study says "a ata
    nada comprova"; one record, ``record.act_proof``."""
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the plebiscite of 16/05/2027 held (legal11 S3)
    from test_legal2 import ROOT as TROOT
    from viabilidade.proposal.candidate import load_candidate
    from viabilidade.report.process_file import process_state, state_lines

    c = load_candidate(TROOT / CERTIFIED)
    lines = state_lines(c, process_state(c))
    assert ("  16/05/2027  resultado do plebiscito proclamado pelo TRE (art. 7º, § 2º) — Ata "
            "geral de apuração do plebiscito, TRE-GO, Processo nº 0600123-45.2027.6.09.0000 (sem "
            "efeito (sem a lei complementar federal; TSE, PA 0602003-69): não é ato válido hoje "
            "(CF, art. 18, § 4º; o TSE recusou homologar plebiscito feito sem a lei complementar "
            "federal, PA 0602003-69): a ata nada comprova para este processo)") in lines
    assert any(x.startswith("  - conferência com os originais dos 11 documentos declarados:")
               for x in lines)


def test_acts_after_today_are_based_on_the_simulation_not_a_declared_document(analysed, store):
    """m1: the certified study's and bill's "Base" read "documento declarado" for the 2027 acts
    the cover calls hypotheses of the simulation (tests' today 2026-12-01)."""
    from viabilidade.report.bill import build_bill
    from viabilidade.report.writers import format as fmt
    from viabilidade.report.writers.tables import value_text

    a = analysed(CERTIFIED)
    population = a.result("art4.IV")
    assert fmt.result_basis_label(population, population.value) == "hipótese da simulação"
    assert value_text(population) == f"3.102{NB}habitantes (hipótese da simulação)"
    from viabilidade.report.oficios_settings import Person

    bill = build_bill(a, store, author=Person("João Batista Lima", "masculino"))
    assert ("“hipótese da simulação”, o de ato do registro datado depois de hoje, que o estudo "
            "lê como hipótese da simulação") in " ".join(bill.justification)
    # a published figure keeps its basis
    posse = analysed(POSSE).result("art4.IV")
    assert fmt.result_basis_label(posse, posse.value) == "publicado"


def test_resultados_json_never_passes_a_subcheck_on_a_declared_document(analysed):
    """m5: ``results[…].details.subchecks`` read ``status: "pass"`` on the certified file's
    declared (future) documents, and the evidence's ``checked`` was ``null``."""
    a = analysed(CERTIFIED)
    results = {r["rule_id"]: r for r in a.to_dict()["results"]}
    sub = results["art4.par1"]["details"]["subchecks"]["IV"]
    assert (sub["status"], sub["declared_status"], sub["base_decisiva"]) == (
        "indeterminate", "pass", "declared")
    assert results["art4.par1"]["details"]["subchecks"]["III"]["status"] == "indeterminate"
    evidence = results["art4.I"]["details"]["evidencias"]["prefeitura"]
    assert (evidence["checked"], evidence["checked_by"], evidence["checked_on"]) == (
        False, None, None)
    # the rule's own details are untouched (the study reads them)
    assert a.result("art4.par1").details["subchecks"]["IV"]["status"] == "pass"


def test_a_void_plebiscite_has_no_bar_and_its_margin_says_sem_efeito(analysed, monkeypatch):
    """m7: Figure 1 drew the void plebiscite's requirements like "indeterminado" at 1,30× and
    1,48×, and the Sensibilidade table listed their margins without "sem efeito"."""
    from viabilidade.report.charts import numeric_results, threshold_chart
    from viabilidade.report.writers.tables import margin_text

    a = held_certified(monkeypatch)
    turnout = a.result("art7.par1")
    assert margin_text(turnout).endswith("; sem efeito (sem a lei complementar federal)")
    assert not {r.rule_id for r in numeric_results(a.results)} & {"art7.par1", "art7.par2"}
    assert ("os requisitos do plebiscito, sem efeito (sem a lei complementar federal), não são "
            "representados") in threshold_chart(a.results).caption
    posse = analysed(POSSE)
    assert "sem efeito" not in threshold_chart(posse.results).caption


def test_art20_days_run_from_the_same_day_in_the_study_and_the_bill(analysed, store):
    """m14: the district bill counted art. 20's 180 days "da entrada em vigor" and the study
    "da publicação" (the law says neither): one wording, ``calendar.ART20_FROM``."""
    from viabilidade.report.bill import build_bill
    from viabilidade.report.operation_chapters import district_material
    from viabilidade.rules.calendar import ART20_FROM, timeline
    from viabilidade.rules.settings import Settings

    a = analysed("tests/fixtures/distrito-posse-dabadia.toml")
    assert ART20_FROM == "da entrada em vigor da lei municipal de criação"
    assert ("A lei não diz de quando se contam os 180 dias; o estudo os conta da entrada em vigor "
            "da lei municipal de criação, como o projeto de lei; essa lei ainda não existe para o "
            "Distrito de Posse d'Abadia: por isso não há data.") in _text(district_material(a, store))
    bill = build_bill(a, store)
    caput = next(x.caput for x in bill.articles if x.key == "instalacao-distrito")
    assert "dentro do prazo de 180 (cento e oitenta) dias contados da entrada em vigor desta Lei" \
        in caput
    rows = timeline(a.candidate, Settings(), phases=("instalacao-distrito",))
    assert rows[-1]["evento"] == ("Instalação do distrito pelo Prefeito: até 180 dias da entrada "
                                  "em vigor da lei municipal de criação")


def test_art14s_method_names_the_populations_real_basis(analysed, store):
    """m4: the method read "(Censo 2022)" while the certified file's 18,00 % uses the 3.102
    inhabitants of a declared IBGE letter (a simulated act) over the Censo's 17.232."""
    from viabilidade.fiscal import economy as eco

    e = eco.economy(analysed(CERTIFIED), store)
    assert e.art14_method.startswith(
        "estimado pela participação da área na população da origem (área: 3.102 habitantes, "
        "IBGE, Ofício nº 101/2027 — Superintendência Estadual do IBGE em Goiás, de 10/03/2027, "
        "hipótese da simulação; origem: 17.232 habitantes, Censo 2022), sem certidão")
    assert eco.economy(analysed(POSSE), store).art14_method.startswith(
        "estimado pela participação da área na população da origem (Censo 2022), sem certidão")


def test_style_no_clause_twice_and_no_alternative_heading_twice(analysed):
    """m6: art. 4 III's reason said "o art. 4º, § 2º não atribui o item III a órgão algum"
    twice in one paragraph; I-11 read "Alternativas: Leitura alternativa, não adotada:"."""
    from viabilidade.report.readings import reading, reading_body

    reason = analysed(CERTIFIED).result("art4.par1").details["subchecks"]["III"]["motivo"]
    assert reason.count("não atribui o item III a órgão algum") == 1
    assert reason.endswith("Subsídio: a declaração do IBGE (IBGE, Ofício nº 101/2027 — "
                           "Superintendência Estadual do IBGE em Goiás, de 10/03/2027) diz o "
                           "remanescente contínuo; a declaração não decide o requisito.")
    body = _text(reading_body(reading("I-11")))
    assert "Alternativas: Uma só contagem no eleitorado somado" in body
    assert "Leitura alternativa, não adotada" not in body


def test_nova_iguacu_states_its_creation_law_as_compiled(analysed):
    """m11: Nova Iguaçu's calendar stated "Lei de criação: Lei Estadual nº 11.406, de
    16/01/1991" as fact while art. 21's reason calls it "dado compilado, não conferido"; its
    art. 2º read "eleitores da área" where the law says "inscritos"."""
    from viabilidade.rules.calendar import timeline
    from viabilidade.rules.settings import Settings

    a = analysed("data/candidates/nova-iguacu-de-goias.toml")
    rows = timeline(a.candidate, Settings(), phases=("municipio",), barred=True)
    assert rows[0]["evento"] == ("Lei de criação: Lei Estadual nº 11.406, de 16/01/1991 (dado "
                                 "compilado, não conferido)")
    assert a.result("art2").title == ("Representação assinada por no mínimo cem eleitores "
                                      "inscritos na área")
    from viabilidade.rules.art7 import timing_condition

    assert ("A lei de criação, Lei Estadual nº 11.406, de 16/01/1991 (dado compilado, não "
            "conferido), foi editada em 1991") in str(timing_condition(a.candidate, Settings(),
                                                                      barred=True))
    assert a.result("art21").details["lei_de_criacao"] == (
        "Lei Estadual nº 11.406, de 16/01/1991 (dado compilado, não conferido)")
