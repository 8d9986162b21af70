"""The draft bill (`viabilidade projeto-de-lei`, report/bill.py): LC 95/1998 numbering, the
articles each operation declares, the justificação headed by the constitutional bar, and the
HTML, PDF and DOCX outputs."""

from __future__ import annotations

import datetime as dt
import io
import shutil
from pathlib import Path

import pytest

from viabilidade.profile.analysis import analyse
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
    # LC 95/1998, art. 4º: number and date left to the Assembly; the process on its own line,
    # and its year checked against the bill's date.
    # the blanks are visible lines (legal review 3, item 1); the year is the filing date's,
    # given explicitly (DAY)
    assert bill.epigrafe == "PROJETO DE LEI Nº ______, DE ______ DE ____________ DE 2026"
    assert bill.process == "(Processo nº 2027/000123)"
    assert ("processo nº 2027/000123: o ano do número (2027) é posterior ao ano da data do "
            "projeto (2026); conferir o número ou a data") in bill.notes
    assert bill.autoria == "(Do Deputado João Batista Lima)"
    # the object, without "e dá outras providências" (LC 95/1998, art. 5º; issue 29 § 4)
    assert bill.ementa == ("Cria o Município de Posse d'Abadia, desmembrado do Município de "
                           "Abadiânia.")
    # a deputy's bill: the Assembly decrees; "e eu sanciono" is the Governor's, at sanction
    assert bill.preambulo == ("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE GOIÁS, nos termos do art. "
                              "10 da Constituição Estadual, decreta a seguinte Lei:")
    t = _text(bill)
    # Barred today: Art. 1 cites the federal frame before LC 02; the seat is a cidade.
    assert t["Art. 1º"][0] == ("Fica criado o Município de Posse d'Abadia, com sede na cidade de "
                               "Posse d'Abadia, desmembrado do Município de Abadiânia, nos termos "
                               "do art. 18, § 4º, da Constituição Federal, da Lei Complementar "
                               "federal nº [número], de [data], e da Lei Complementar nº 2, de 16 "
                               "de janeiro de 1990.")
    # No polygon: the limits are those of Anexo I, still to be drawn (art. 3º, II asks the
    # creation law itself to set them); the urban area is Anexo II (art. 3º, V).
    assert t["Art. 2º"][0] == ("Os limites do Município de Posse d'Abadia são os descritos no "
                               "memorial descritivo do Anexo I desta Lei, nos termos do art. 3º "
                               "da Lei Complementar nº 2, de 1990.")
    assert t["Art. 3º"][0] == ("Os limites da área urbana da sede do Município de Posse d'Abadia "
                               "são os descritos no memorial descritivo do Anexo II desta Lei, nos "
                               "termos do art. 3º da Lei Complementar nº 2, de 1990.")
    assert bill.annex == ()
    # Both annexes the articles cite are printed after the signature, still to be drawn.
    assert bill.annexes_to_draft == ("ANEXO I — MEMORIAL DESCRITIVO — POSSE D'ABADIA (a redigir)",
                                     "ANEXO II — MEMORIAL DESCRITIVO DA ÁREA URBANA DA SEDE — "
                                     "POSSE D'ABADIA (a redigir)")
    assert ("Anexo I (memorial descritivo dos limites; art. 3º da LC nº 2/1990): ainda a "
            "redigir. Os dados públicos não trazem o polígono da área, e a lei municipal que "
            "criou o distrito, cujos limites ele seguiria, não tem número nem data nos dados; o "
            "memorial virá do levantamento do agrimensor ou de um polígono desenhado, informado "
            "no arquivo da candidatura") in bill.notes
    assert ("Anexo II (memorial descritivo dos limites da área urbana da sede; art. 3º da LC "
            "nº 2/1990): ainda a redigir, na forma do memorial descritivo dos limites; os dados "
            "públicos não trazem o perímetro urbano") in bill.notes
    assert not any("[area]" in n for n in bill.notes)
    # No date is fixed while the federal law is missing (arts. 9 and 14 in relative words);
    # the installation year art. 3º requires stands as a visible blank.
    assert t["Art. 5º"][0] == (
        "O Município de Posse d'Abadia será instalado no ano de [ano], com a posse do Prefeito, "
        "do Vice-Prefeito e dos Vereadores eleitos nas primeiras eleições municipais gerais e "
        "simultâneas posteriores à sua criação, nos termos dos arts. 3º e 9º da Lei Complementar "
        "nº 2, de 1990, e do art. 29, I, da Constituição Federal.")
    # Art. 6º gives the Câmara's size only (the election is Art. 5º's).
    assert t["Art. 6º"] == ("A Câmara Municipal de Posse d'Abadia terá 9 (nove) Vereadores na "
                            "primeira legislatura, nos termos do art. 3º da Lei "
                            "Complementar nº 2, de 1990, e do art. 29, IV, a, da Constituição "
                            "Federal.", [], [])
    # Art. 12: the servants serving in the new territory, not every servant of Abadiânia.
    assert t["Art. 7º"][0] == ("Os servidores do Município de Abadiânia lotados em órgãos e "
                               "unidades situados no território do Município de Posse d'Abadia, "
                               "excetuados os ocupantes de cargos em comissão, passarão a integrar "
                               "a administração do novo Município, resguardado o direito de "
                               "opção, pelo prazo de 3 (três) meses, a contar da instalação, nos "
                               "termos do art. 12 da Lei Complementar nº 2, de 1990.")
    assert "(art." not in "".join(a.caput + "".join(a.paragraphs) for a in bill.articles)
    assert "art. 11" in t["Art. 8º"][0] and "art. 13" in t["Art. 9º"][0]
    assert [lab for lab, _ in t["Art. 9º"][2]] == ["§ 1º", "§ 2º", "§ 3º"]
    assert "80% (oitenta por cento)" in t["Art. 9º"][2][0][1]
    # Art. 14, §§ 2º to 4º: the municipality named, the period from the creation, the origin named.
    assert t["Art. 9º"][2][0][1].startswith("Enquanto o Município de Posse d'Abadia não for "
                                            "instalado, a contabilidade de sua receita e despesa")
    assert t["Art. 9º"][2][1][1] == ("Dentro de 15 (quinze) dias após a instalação, o Prefeito "
                                     "do Município de Abadiânia encaminhará ao Município de Posse "
                                     "d'Abadia cópia dos livros, balanços e balancetes de receita "
                                     "e despesa correspondentes ao período a partir da criação, "
                                     "nos termos do art. 14, § 3º, da Lei Complementar nº 2, de "
                                     "1990.")
    assert t["Art. 9º"][2][2][1] == ("O Estado não repassará o percentual do ICMS devido ao "
                                     "Município de Abadiânia enquanto não for cumprido o disposto "
                                     "no § 2º deste artigo, nos termos do art. 14, § 4º, da Lei "
                                     "Complementar nº 2, de 1990.")
    assert "art. 10 da" in t["Art. 10."][0]
    # Art. 14 in its own words; without value added, the rule and a note.
    assert t["Art. 11."][0] == (
        "No ano de sua criação e nos dois exercícios imediatamente seguintes, o Município de "
        "Posse d'Abadia participará com [percentual] do valor da parcela do ICMS devida ao "
        "Município de Abadiânia, percentual fixado com base na proporção entre o valor adicionado auferido pelos "
        "contribuintes estabelecidos na sua área e o valor adicionado apurado no Município de "
        "Abadiânia, incluída a área desmembrada, com base no movimento econômico-fiscal que deu "
        "origem ao último valor adicionado definitivo publicado no Diário Oficial do Estado no "
        "ano imediatamente anterior ao de sua criação, nos termos dos arts. 3º e 14 da Lei "
        "Complementar nº 2, de 1990.")
    assert not any(y in str(t) for y in ("2026", "2027", "2028", "2029"))
    assert any(n.startswith("percentual do ICMS") for n in bill.notes)
    assert ("datas: o ano de instalação que o art. 3º exige fica como lacuna ([ano]), e o número "
            "e a data da lei complementar federal (Constituição Federal, art. 18, § 4º) que o "
            "art. 1º cita ficam como [número] e [data]: a lei federal não foi editada, e as datas "
            "dependem dela e do plebiscito; preenchê-los na redação final, fora de ano de "
            "eleições municipais (art. 7º, § 3º)") in bill.notes
    assert ("plebiscito: a lei só pode ser elaborada depois do resultado favorável do plebiscito "
            "(art. 7º, § 2º); citar na justificação a data da consulta e o seu resultado "
            "(comparecimento e votos)") in bill.notes
    # LC 95/1998, art. 8º: a vacatio legis, its term for the final text
    assert t["Art. 12."][0] == ("Esta Lei entra em vigor após decorridos [número de dias] de sua "
                                "publicação oficial.")
    assert bill.place_date == ("Sala das Sessões da Assembleia Legislativa do Estado de Goiás, em "
                               "Goiânia, 1º de dezembro de 2026.")


def test_a_bill_dated_in_a_municipal_election_year_is_warned(store, author):
    _, bill = _bill(store, POSSE, author)
    assert not any(n.startswith("data do projeto") for n in bill.notes)
    a = analyse(POSSE, store=store)
    later = b.build_bill(a, store, author=author.proposer, date=dt.date(2028, 3, 2))
    assert ("data do projeto: 2028 é ano de eleições municipais, em que nenhum Município pode "
            "ser criado (art. 7º, § 3º)") in later.notes
    assert later.epigrafe.endswith("DE 2028") and later.process == ""
    assert not any(n.startswith("processo nº") for n in later.notes)
    assert "2027" not in str(later.numbered())


def test_the_process_year_is_checked_against_the_bill_date(store, author):
    a = analyse(POSSE, store=store)
    # later than the bill: the number or the date is wrong
    _, bill = _bill(store, POSSE, author)
    assert [n for n in bill.notes if n.startswith("processo nº")] == [
        "processo nº 2027/000123: o ano do número (2027) é posterior ao ano da data do projeto "
        "(2026); conferir o número ou a data"]
    # earlier: common (the petition precedes the bill), a mild note
    earlier = b.build_bill(a, store, author=author.proposer, process="2025/000044", date=DAY)
    assert [n for n in earlier.notes if n.startswith("processo nº")] == [
        "processo nº 2025/000044: autuado em 2025, antes do ano do projeto (2026); conferir se é "
        "o processo que o instrui"]
    same = b.build_bill(a, store, author=author.proposer, process="2026/000044", date=DAY)
    assert not any(n.startswith("processo nº") for n in same.notes)


def test_justification_is_headed_by_the_bar_and_gives_bases(store, author):
    _, bill = _bill(store, POSSE, author)
    # One paragraph states the bar (not the clause, then "Para Posse d'Abadia: …" again).
    assert bill.justification[0] == (
        "Quadro constitucional: a criação do Município está vedada enquanto não editada a lei "
        "complementar federal; uma lei estadual que hoje o criasse com base apenas na LC nº "
        "2/1990 seria inconstitucional (ADI 2.240/BA), e o plebiscito não seria realizado. O "
        "estudo de viabilidade que instrui este projeto confronta a proposta com os requisitos "
        "da LC nº 2/1990; não substitui os Estudos de Viabilidade Municipal.")
    assert not any(p.startswith("Para ") for p in bill.justification)
    assert ("art. 4º, IV", "mais de 3.000\u00a0habitantes", "3.045\u00a0habitantes (publicado)", "publicado",
            "atingido nos dados publicados (a certificar)") in bill.findings
    assert "população: IBGE" in bill.pending
    # art. 4 § 2 gives the IBGE II, IV and VI only: III has no body (legal review item 10)
    # it is measured: what is missing is the area's limits (legal item 1)
    assert ("limites da área (memorial descritivo ou arquivo de limites) para medir a "
            "continuidade territorial do município de origem: Sem órgão no art. 4º, § 2º") in bill.pending
    assert not any(p.startswith("continuidade") and p.endswith(": IBGE") for p in bill.pending)
    assert "número de eleitores: Cartório Eleitoral (TRE-GO)" in bill.pending
    # The bar is stated by the first paragraphs; the conclusion does not repeat it.
    assert bill.justification[1].endswith("Conclusão do estudo: Viabilidade indeterminada perante a LC nº "
                                          "2/1990; estudo preliminar, pendente de certificação e "
                                          "de documentos; plebiscito não realizável antes da lei "
                                          "complementar federal.")
    rows = {r[0]: r for r in bill.findings}
    # No empty requirement: a rule without a number reads its title.
    assert rows["art. 4º, I"][1] == "Condições para instalação da Prefeitura e da Câmara Municipal"
    # One level of brackets; the plebiscite quorum says whose electorate it counts.
    assert rows["art. 4º, § 1º — Abadiânia (remanescente)"][1] == "mais de 3.000\u00a0habitantes"
    # legal review 3, finding 5: comparecimentos, the roll's source and the effective roll
    assert rows["art. 7º, § 1º, I"][1] == (
        "no mínimo 6.308\u00a0comparecimentos — metade mais um de 12.614 eleitores, o eleitorado "
        "da área somado ao do remanescente do município de origem (TSE, perfil do eleitorado de "
        "2026, agregação não conferida); o quórum efetivo será o da lista de eleitores aptos "
        "fechada pelo TRE-GO para a consulta")


def test_fusion_bill(store, author):
    _, bill = _bill(store, FUSION, author)
    # art. 3, I: the name is the seat's, not the file's "Anhanguera-Cumari"; the origins are
    # "atuais" (one shares the new name: LC 95/1998, art. 11, II)
    assert bill.ementa == ("Cria o Município de Cumari, pela fusão dos atuais Municípios de "
                           "Anhanguera e de Cumari.")
    t = _text(bill)
    # Created on publication; the origins extinguished on installation (they are administered
    # by their Prefeitos until then, Art. 8º).
    assert t["Art. 1º"] == ("Fica criado, pela fusão das áreas territoriais integrais dos atuais "
                            "Municípios de Anhanguera e de Cumari, o Município de Cumari, com "
                            "sede na cidade de Cumari, nos termos do art. 18, § 4º, da "
                            "Constituição Federal, da Lei Complementar federal nº [número], de [data], "
                            "e do art. 5º, § 2º, da Lei Complementar nº 2, de 16 de janeiro de "
                            "1990.",
                            [], [("Parágrafo único.", "Os atuais Municípios de Anhanguera e de "
                                  "Cumari ficam extintos na data da instalação do Município de "
                                  "Cumari criado por esta Lei.")])
    # The limits in force: no state law redraws the interstate line or the neighbours' limits.
    assert t["Art. 2º"][0] == ("O território do Município de Cumari compreende as áreas "
                               "territoriais integrais dos atuais Municípios de Anhanguera e de "
                               "Cumari, e os seus limites são os limites externos desses "
                               "Municípios, definidos na legislação vigente, nos termos do art. "
                               "3º da Lei Complementar nº 2, de 1990.")
    # art. 3º, V: the seat's urban area, as in a creation; its annex is still to be drawn and
    # its heading follows the signature.
    assert t["Art. 3º"][0] == ("Os limites da área urbana da sede do Município de Cumari são os "
                               "descritos no memorial descritivo do Anexo Único desta Lei, nos "
                               "termos do art. 3º da Lei Complementar nº 2, de 1990.")
    assert bill.annexes_to_draft == ("ANEXO ÚNICO — MEMORIAL DESCRITIVO DA ÁREA URBANA DA SEDE — "
                                     "CUMARI (a redigir)",)
    # The seat district first.
    assert t["Art. 4º"][1] == [("I –", "Cumari, distrito-sede;"), ("II –", "Anhanguera.")]
    assert t["Art. 9º"][0].startswith("Até a instalação do Município de Cumari, cada um dos atuais "
                                      "Municípios de Anhanguera e de Cumari continuará")
    # The municipality of greater revenue is not in the data: a marked blank and a note.
    assert t["Art. 10."][0] == ("Vigorará no Município de Cumari, no que couber, até que este "
                               "aprove a sua, a legislação do Município de [A INDICAR NA REDAÇÃO "
                               "FINAL], o de maior renda entre os atuais Municípios de Anhanguera "
                               "e de Cumari, nos termos do art. 10, parágrafo único, da Lei "
                               "Complementar nº 2, de 1990, por analogia.")
    # A fusion extinguishes its municipalities (art. 5 § 2): the sole paragraph, written for an
    # area taken from several, applies by analogy, as the study's process chapter says.
    assert ("Art. 10, trecho entre colchetes (art. 10, parágrafo único, aplicado por analogia): "
            "a lei deve nomear o "
            "Município de maior renda entre os de origem; os dados do estudo não trazem a renda "
            "municipal (o PIB não é renda do Município)") in bill.notes
    assert t["Art. 11."][0] == b.VIGENCIA
    assert "icms" not in [x.key for x in bill.articles]
    # Justificação: what is waived and by which provision; the plebiscite's body is the
    # Electoral Justice, which does not hold it while the federal law is missing.
    assert ("Não se aplica a esta operação, e por isso não consta do quadro a seguir: art. 4º, "
            "dispensado pelo art. 5º, § 2º (fusão de área territorial integral de municípios, com "
            "a extinção destes).") in bill.justification
    # a plebiscite row without the Electoral Justice's result says so (it read "sem dado")
    assert ("art. 5º, § 2º", "Fusão: plebiscito sobre a fusão e a sede", "—",
            "consulta não registrada",
            "não realizável antes da lei complementar federal (CF, art. 18, § 4º)") in bill.findings
    assert ("Fusão: plebiscito sobre a fusão e a sede: Justiça Eleitoral, que não realiza o "
            "plebiscito enquanto não existir a lei complementar federal (TSE, PA nº 0602003-69, "
            "13/05/2021)") in bill.pending
    assert not any(p.endswith(": Plebiscito") for p in bill.pending)
    assert ("percentual do ICMS (arts. 3º e 14): não consta do projeto; esses "
            "dispositivos repartem a parcela do ICMS entre o Município criado e o de origem que "
            "subsiste, e na fusão os de origem se extinguem") in bill.notes
    # The memorial is informative, after the justificação, not an annex of the law.
    assert bill.annex_informative
    assert bill.annex_title == "MEMORIAL DESCRITIVO INFORMATIVO — CUMARI (não integra o projeto)"
    assert "Anhanguera-Cumari" not in " ".join(str(x) for x in t.values())
    # By confrontações: the neighbours of the merged territory, the state line, unnamed.
    heads = [p.split(":")[0] for p in bill.annex if p.startswith("COM ")]
    assert heads == ["COM O MUNICÍPIO DE CATALÃO", "COM OUTRA UNIDADE DA FEDERAÇÃO, PELA DIVISA "
                     "DO ESTADO DE GOIÁS", "COM O MUNICÍPIO DE CORUMBAÍBA", "COM O MUNICÍPIO DE "
                     "NOVA AURORA", "COM O MUNICÍPIO DE GOIANDIRA"]
    assert any("difere do da sede (Cumari)" in n for n in bill.notes)
    assert bill.justification[0].startswith("Quadro constitucional: a fusão de Municípios está "
                                            "no art. 18, § 4º, e está vedada enquanto não editada")
    assert bill.annex[0] == ("Memorial descritivo do contorno externo dos atuais Municípios de "
                             "Anhanguera e de Cumari.")


def test_transfer_bill_without_polygon(store, author):
    _, bill = _bill(store, TRANSFER, author)
    t = _text(bill)
    assert bill.ementa == ("Desmembra área do Município de Abadiânia e a incorpora ao Município "
                           "de Corumbá de Goiás.")
    assert t["Art. 2º"][0] == ("Os limites entre os Municípios de Abadiânia e Corumbá de Goiás "
                               "passam a ser os que resultam da incorporação da área de que trata "
                               "o art. 1º, nos termos do art. 5º da Lei Complementar nº 2, de "
                               "1990.")
    # the transition and the communication (issue 29), then the vigência
    assert [a.key for a in bill.articles] == ["transferencia", "limites", "transicao",
                                              "comunicacao", "vigencia"]
    # without a polygon, no article cites an annex, and none is attached
    assert "Anexo" not in " ".join(c for c, _, _ in t.values())
    assert bill.annex == () and bill.annexes_to_draft == ()


def test_district_bill_is_a_municipal_law(store):
    _, bill = _bill(store, DISTRICT)
    # signed by its author; the sanction formula belongs to the law, not to the bill (legal
    # review item 15)
    assert bill.level == "municipal" and bill.autoria == ""
    assert bill.place_date == "Abadiânia, 1º de dezembro de 2026."
    assert bill.signature == ("Autor do projeto (Prefeito ou Vereador)",)
    assert bill.preambulo == "A CÂMARA MUNICIPAL DE ABADIÂNIA, Estado de Goiás, aprova a seguinte Lei:"
    assert "sanciono" not in " ".join(_text(bill).get("preambulo", [])) + bill.preambulo
    t = _text(bill)
    assert bill.ementa == "Cria o Distrito Leste, no território do Município de Abadiânia."
    assert t["Art. 1º"][0].startswith("Fica criado o Distrito Leste, no Município "
                                      "de Abadiânia") and "art. 16" in t["Art. 1º"][0]
    assert t["Art. 2º"][0] == ("As divisas do Distrito Leste são as descritas no memorial "
                               "descritivo do Anexo Único desta Lei, nos termos do art. 18 da Lei "
                               "Complementar nº 2, de 1990.")
    # counted from when the law takes effect: art. 4º leaves a vacatio (legal review 15:44, 12)
    assert t["Art. 3º"][0] == ("O Distrito Leste será instalado em data marcada pelo Prefeito, em "
                               "solenidade por este presidida, dentro do prazo de 180 (cento e "
                               "oitenta) dias contados da entrada em vigor desta Lei, nos termos "
                               "do art. 20 da Lei Complementar nº 2, de 1990.")
    assert t["Art. 4º"][0] == b.VIGENCIA
    assert bill.justification[0].startswith("Quadro constitucional: a criação de distrito "
                                            "(arts. 15 a 20 da LC nº 2/1990) não é criação")
    assert bill.annex_title == "ANEXO ÚNICO — MEMORIAL DESCRITIVO — DISTRITO LESTE"
    assert bill.annex[0] == "Memorial descritivo do Distrito Leste."
    assert bill.annex[2].startswith("COM O RESTANTE DO TERRITÓRIO DO MUNICÍPIO DE ABADIÂNIA: "
                                    "Começa no marco M-01")
    # The annex is part of the law: the drafting notes are outside it, citing art. 18.
    assert not any("Os dados" in p or "a mesma do estudo" in p for p in bill.annex)
    assert bill.annex[-1].endswith("área geodésica (elipsoide GRS80); área no plano UTM (SIRGAS "
                                   "2000 / UTM 22S): 42,62 km².")
    assert ("Anexo Único (memorial descritivo): os marcos são os vértices do polígono da área, de "
            "coordenadas calculadas, e não marcos implantados em campo; os trechos seguem linhas "
            "retas entre eles. Os dados não registram rios, córregos, estradas nem outros "
            "acidentes: onde a divisa deva acompanhá-los (LC nº 2/1990, art. 18), a descrição "
            "fica para o levantamento do agrimensor.") in bill.notes
    assert bill.epigrafe.startswith("PROJETO DE LEI MUNICIPAL Nº ______, DE")


def test_refusals(store):
    a = analyse(POSSE, store=store)
    with pytest.raises(CandidateError, match="o projeto de lei estadual precisa do deputado autor"):
        b.build_bill(a, store)
    # an art. 21 municipality, installed long ago, has its law already: no bill
    c = analyse(ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml", store=store)
    with pytest.raises(CandidateError, match="o projeto de lei é escrito para criação, fusão, "
                                             "transferência de área, criação de distrito e "
                                             "correção de limites"):
        b.build_bill(c, store, author=OficiosSettings.from_toml(SETTINGS).proposer)


def test_html_docx_and_pdf_say_the_same(store, author, tmp_path):
    from docx import Document

    from viabilidade.report.writers.typst import to_typst

    a, bill = _bill(store, FUSION, author)
    html = b.bill_html(bill, "Projeto")
    assert to_typst(html).unknown == set()
    assert '<p class="dispositivo"><strong>Art. 11.</strong> Esta Lei entra em vigor' in html
    # The annex still to be drawn follows the signature; the informative memorial comes after
    # the justificação; place and date justified in both, kept with the signature (div.fecho,
    # a Typst block that does not break).
    assert (html.index("Deputado João Batista Lima</p>")
            < html.index('<section class="anexo"><h2>ANEXO ÚNICO — MEMORIAL DESCRITIVO DA ÁREA '
                         'URBANA DA SEDE — CUMARI (a redigir)</h2></section>')
            < html.index('<section class="justificacao">')
            < html.index("<h2>MEMORIAL DESCRITIVO INFORMATIVO"))
    assert ('<div class="fecho"><p>Sala das Sessões da Assembleia Legislativa do Estado de Goiás, '
            'em Goiânia, 1º de dezembro de 2026.</p><div class="assinatura">') in html
    source = to_typst(html).source
    assert ("#block(above: 1em, breakable: false, width: 100%)[Sala das Sessões da Assembleia "
            "Legislativa do Estado de Goiás\\, em Goiânia") in source
    # The incisos indented like the dispositivos (a paragraph's first-line indent).
    assert ("#block(above: 0.4em)[#par(first-line-indent: (amount: 2.5em, all: true))[I – "
            "Cumari\\, distrito\\-sede\\;]]") in source
    d = Document(io.BytesIO(b.bill_docx(bill, "Projeto")))
    paras = [p.text for p in d.paragraphs]
    # Word: pt-BR proofing language, page numbers, the table's caption and repeated header.
    from docx.oxml.ns import qn

    lang = d.styles.element.find(qn("w:docDefaults")).find(qn("w:rPrDefault")).find(
        qn("w:rPr")).find(qn("w:lang"))
    assert lang.get(qn("w:val")) == "pt-BR"
    assert d.styles["Normal"].element.rPr.find(qn("w:lang")).get(qn("w:val")) == "pt-BR"
    assert " PAGE " in d.sections[0].footer._element.xml
    assert "O que o estudo verificou" in paras
    from docx.enum.text import WD_ALIGN_PARAGRAPH

    place = next(p for p in d.paragraphs if p.text.startswith("Sala das Sessões"))
    assert place.alignment == WD_ALIGN_PARAGRAPH.JUSTIFY
    assert d.tables[0].rows[0]._tr.trPr.find(qn("w:tblHeader")) is not None
    assert "Art. 11. Esta Lei entra em vigor após decorridos [número de dias] de sua publicação oficial." in paras
    assert paras[paras.index("I – Cumari, distrito-sede;") + 1] == "II – Anhanguera."
    assert [p.paragraph_format.keep_with_next for p in d.paragraphs[
        paras.index(place.text):paras.index("Deputado João Batista Lima") + 1]] == [True, True, None]
    assert "ANEXO ÚNICO — MEMORIAL DESCRITIVO DA ÁREA URBANA DA SEDE — CUMARI (a redigir)" in paras
    assert d.tables[0].rows[0].cells[0].text == "Dispositivo"
    files = b.write_bill(a, store, tmp_path, author=author.proposer, process=author.process,
                         date=DAY)
    # The fusion's memorial traced on the full 2022 mesh has more than 200 marks: they go to a
    # CSV annex beside the bill.
    assert sorted(files) == ["memorial-marcos.csv", "projeto-de-lei.docx", "projeto-de-lei.html",
                             "projeto-de-lei.pdf"]
    if shutil.which("pdftotext"):
        from conftest import pdf_text

        text = pdf_text(files["projeto-de-lei.pdf"])
        assert "Art. 11. Esta Lei entra em vigor após decorridos [número de dias] de sua publicação oficial." in text
        # the signature on the page of the place and date
        pages = [pdf_text(files["projeto-de-lei.pdf"], n, n) for n in range(1, 4)]
        closing = next(p for p in pages if "Sala das Sessões" in p)
        assert ("Sala das Sessões da Assembleia Legislativa do Estado de Goiás, em Goiânia, 1º de "
                "dezembro de 2026. Deputado João Batista Lima") in closing
        assert "MEMORIAL DESCRITIVO INFORMATIVO — CUMARI (não integra o projeto)" in text


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
                               "memorial descritivo do Anexo I desta Lei, nos termos do art. "
                               "3º da Lei Complementar nº 2, de 1990.")
    assert bill.annex_title == "ANEXO I — MEMORIAL DESCRITIVO — POSSE D'ABADIA"
    assert bill.annex[0] == "Memorial descritivo do Município de Posse d'Abadia."
    # Anexo I drawn; Anexo II (the urban area) only its heading, still to be drawn.
    assert bill.annexes_to_draft == ("ANEXO II — MEMORIAL DESCRITIVO DA ÁREA URBANA DA SEDE — "
                                     "POSSE D'ABADIA (a redigir)",)
    assert not any("Os dados" in p for p in bill.annex)
    # Art. 4º, III decided on the geometry: its basis is the measurement, not "sem dado".
    assert ("art. 4º, III", "Continuidade territorial do município de origem", "—", "medido",
            "atingido na medição") in bill.findings
    # The enclave the study flags (art. 3º, relativa harmonia) is in the justificação.
    assert ("Conferência dos limites propostos: a área fica inteiramente cercada por Abadiânia, a "
            "1,6 km da divisa mais próxima: o município de origem a envolveria por todos os "
            "lados. O art. 3º pede que a configuração do município obedeça, “na medida do "
            "possível, a uma relativa harmonia, evitando-se formas anacrônicas, divisão de "
            "comunidades, exagerados estrangulamentos ou alargamentos”; um enclave é uma dessas "
            "formas, e cabe à Assembleia julgar se é admissível (o remanescente continua "
            "contínuo: art. 4º, III).") in bill.justification
    assert bill.annex[2] == ("COM O MUNICÍPIO DE ABADIÂNIA: Começa no marco M-01, de coordenadas "
                             "16°03'37,7\" S e 48°48'00,8\" W, ponto inicial desta descrição; "
                             "segue em 8 lados em linha reta, numa extensão de 25.157 m, até o "
                             "marco M-01, ponto inicial desta descrição.")
    assert not any("acidentes naturais" in p for p in bill.annex)
    # The drawn area does not follow the IBGE districts: the article names only the seat's.
    assert t["Art. 4º"][0] == ("O Município de Posse d'Abadia é constituído do distrito-sede, que "
                               "tem o seu nome.")


CERTIFIED = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"


def test_the_quadro_gives_each_row_its_real_basis(store, author):
    """Issue 29: the plebiscite rows read "Base: sem dado". Without a plebiscite in the record
    they say so; with the TRE-GO's ata declared and not checked, "documento declarado", and
    "certificado" once a person checked it; art. 4º, I, met on a declared document
    without a figure, read the document's basis; a proposal dated after the study, "ato
    futuro". The justificação explains every basis the quadro shows, and only those."""
    import dataclasses

    _, posse = _bill(store, POSSE, author)
    rows = {r[0]: r for r in posse.findings}
    for art in ("art. 7º", "art. 7º, § 1º, I", "art. 7º, § 2º"):
        assert rows[art][3] == "consulta não registrada", art
    assert rows["art. 4º, VII"][3] == "sem dado"          # no revenue figure at all
    assert rows["art. 4º, IV"][3] == "publicado"
    assert posse.justification[-1] == (
        "O quadro a seguir resume o que o estudo verificou, com a base de cada valor: "
        "“certificado” é o valor atestado por documento do órgão competente, conferido com o "
        "original; “publicado”, o de tabela oficial publicada; “medido”, o calculado pelo estudo "
        "sobre a geometria; “estimado”, o calculado pelo estudo por rateio ou modelo, com a sua "
        "incerteza; “consulta não registrada” indica que o registro do processo não traz o "
        "resultado do plebiscito; “sem dado” indica que não há valor.")
    a, certified = _bill(store, CERTIFIED, author)
    rows = {r[0]: r for r in certified.findings}
    # its plebiscite of 16/05/2027, after today, was not held (legal11 S3, M1)
    for art in ("art. 7º", "art. 7º, § 1º, I", "art. 7º, § 2º"):
        assert rows[art][3] == "hipótese da simulação", art
        assert rows[art][4] == "não realizável antes da lei complementar federal (CF, art. 18, § 4º)"
    assert rows["art. 4º, I"][3] == "documento declarado"
    # art. 4 III is measured, not certified: the IBGE's statement is a subsidy, and without the
    # districts' limits nothing is measured (legal item 1)
    assert rows["art. 4º, III"][3] == "sem dado"
    assert "“sem dado” indica que não há valor" in certified.justification[-1]
    assert "“documento declarado”, o de documento informado" in certified.justification[-1]
    # the drafter is told to cite the consultation still to be held: the record's, after
    # today, was not held (legal11 S3), as Posse d'Abadia has none
    for bill in (certified, posse):
        assert ("plebiscito: a lei só pode ser elaborada depois do resultado favorável do "
                "plebiscito (art. 7º, § 2º); citar na justificação a data da consulta e o seu "
                "resultado (comparecimento e votos)") in bill.notes
    # the same ata checked by a person: "certificado" (the other side)
    from viabilidade.proposal.record import Checked
    from viabilidade.report.bill.justification import _basis_cell

    # (held the day before today: one dated after today is a hypothesis, legal11 S3)
    seen = dataclasses.replace(a.candidate.plebiscite, date=dt.date(2026, 11, 30),
                               checked=Checked("Ana Souza", dt.date(2026, 12, 1)))
    art7 = next(r for r in a.results if r.rule_id == "art7.par1")
    assert _basis_cell(art7, seen) == "certificado"
    assert _basis_cell(art7, dataclasses.replace(seen, checked=None)) == "documento declarado"
    assert _basis_cell(art7, a.candidate.plebiscite) == "hipótese da simulação"
    assert _basis_cell(art7, None) == "consulta não registrada"
    _, transfer = _bill(store, TRANSFER, author)
    rows = {r[0]: r for r in transfer.findings}
    assert rows["art. 5º, § 1º"][2:4] == ("— (ato futuro)", "ato futuro")
    assert rows["art. 5º"][3] == "consulta não registrada"


def test_boundary_correction_bill(store, author, tmp_path):
    """Art. 6: a state law that corrects the description of the limit without change of area,
    citing the mayors' prior agreement and the councils' resolutions, fixing the limit as the
    corrected line's memorial (Anexo Único, 40 marks, 36.070 m), and revoking expressly the
    description it replaces (a visible blank: that law is not in the data)."""
    _, bill = _bill(store, CORRECTION, author)
    assert [a.key for a in bill.articles] == ["correcao", "limite-corrigido", "revogacao",
                                              "vigencia"]
    assert bill.ementa == ("Corrige a descrição do limite comum dos Municípios de Abadiânia e de "
                           "Alexânia.")
    assert bill.preambulo == b.STATE_PREAMBLE
    t = _text(bill)
    assert t["Art. 1º"][0] == (
        "Esta Lei corrige, sem alteração de área, a descrição do limite entre os Municípios de "
        "Abadiânia e de Alexânia, em virtude de falha técnica ou de erro na descrição desse "
        "limite, nos termos do art. 6º da Lei Complementar nº 2, de 16 de janeiro de 1990.")
    assert t["Art. 1º"][2] == [("Parágrafo único.", (
        "A correção é feita mediante o prévio acordo dos Prefeitos dos Municípios de Abadiânia "
        "e de Alexânia, firmado no Termo de acordo nº 1/2026, de 10 de março de 2026, "
        "autorizados pelas Câmaras Municipais em forma de resoluções (Resolução nº 5/2026, de 20 "
        "de fevereiro de 2026, da Câmara Municipal de Abadiânia; Resolução nº 7/2026, de 24 de "
        "fevereiro de 2026, da Câmara Municipal de Alexânia)."))]
    assert t["Art. 2º"][0] == ("O limite entre os Municípios de Abadiânia e de Alexânia é o "
                               "descrito no memorial descritivo do Anexo Único desta Lei, nos "
                               "termos do art. 6º da Lei Complementar nº 2, de 1990.")
    assert t["Art. 3º"][0] == ("Fica revogada a descrição do limite entre os Municípios de "
                               "Abadiânia e de Alexânia constante de [lei e dispositivo que "
                               "descrevem o limite].")
    assert t["Art. 4º"][0] == b.VIGENCIA
    # not barred (art. 6 is outside CF art. 18 § 4): no federal law cited, its own header
    assert "Complementar federal" not in " ".join(c for c, _, _ in t.values())
    assert bill.minuta.startswith("MINUTA PARA ESTUDO — lei estadual (LC nº 2/1990, art. 6º)")
    assert bill.annex_title == "ANEXO ÚNICO — MEMORIAL DESCRITIVO DO LIMITE CORRIGIDO"
    assert bill.annex[0] == "Memorial descritivo do limite entre os Municípios de Abadiânia e de Alexânia."
    assert bill.annex[1].startswith("Começa no marco M-01, de coordenadas 16°08'32,6\" S e "
                                    "48°36'45,1\" W; segue em linha reta, numa extensão de 893 m, "
                                    "até o marco M-02")
    assert bill.annex[1].endswith("numa extensão de 413 m, até o marco M-40, de coordenadas "
                                  "16°17'10,4\" S e 48°24'40,0\" W, onde termina.")
    assert bill.annex[2].startswith("Extensão total: 36.070 m.")
    assert not bill.annex_informative and bill.annexes_to_draft == ()
    assert any(n.startswith("cláusula de revogação (LC nº 95/1998, art. 9º)") for n in bill.notes)
    assert any(n.startswith("Anexo Único (memorial descritivo): os marcos são os vértices da "
                            "linha corrigida do arquivo correcao-abadiania-alexania-linha-nova"
                            ".geojson") for n in bill.notes)
    assert bill.justification[0].startswith("Quadro constitucional: a correção de limites do "
                                            "art. 6º da LC nº 2/1990 é feita sem alteração de área")
    # legal review 15:44, item 12: the declared acts of art. 6º are the row's basis, not "sem
    # dado"; the history names the municipalities of the limit, not an "origem"
    assert [(r[0], r[3], r[4]) for r in bill.findings] == [
        # the strip goes one way: undecided (final legal read, item 6)
        ("art. 6º", "medido", "indeterminado"),
        ("art. 6º", "documento declarado", "documentado (a conferir com os originais)")]
    assert "sem dado" not in [r[3] for r in bill.findings]
    assert [h[0] for h in bill.history] == ["Município de Abadiânia (município do limite)",
                                            "Município de Alexânia (município do limite)"]


def test_a_correction_without_its_acts_leaves_visible_blanks(store, author, tmp_path):
    """The other side: without the mayors' agreement nor the resolutions in the file, the
    paragraph carries visible blanks and the notes say what to fill."""
    src = CORRECTION.read_text(encoding="utf-8")
    cut = src[:src.index("[boundary_correction.council_resolutions]")]
    for name in ("correcao-abadiania-alexania-linha-antiga.geojson",
                 "correcao-abadiania-alexania-linha-nova.geojson"):
        shutil.copy(CORRECTION.parent / name, tmp_path / name)
    path = tmp_path / "correcao.toml"
    path.write_text(cut, encoding="utf-8")
    _, bill = _bill(store, path, author)
    para = _text(bill)["Art. 1º"][2][0][1]
    assert para == ("A correção é feita mediante o prévio acordo dos Prefeitos dos Municípios "
                    "de Abadiânia e de Alexânia, firmado no [termo de acordo, número e data], "
                    "autorizados pelas Câmaras Municipais em forma de resoluções ([resoluções das "
                    "Câmaras Municipais, número e data]).")
    assert ("art. 1º, parágrafo único: o arquivo da candidatura não traz o termo de acordo dos "
            "Prefeitos e as resoluções das Câmaras Municipais (art. 6º); o artigo traz a lacuna, a "
            "preencher com o número e a data de cada ato, que devem preceder o projeto") in bill.notes


def test_line_memorial_lists_or_summarises_its_marks():
    """Up to 200 marks each is listed; above, the first and the last, and the CSV."""
    import shapely

    from viabilidade.geo.line_memorial import LINE_ANNEX_FILE, line_csv, line_memorial

    short = line_memorial(shapely.LineString([(-48.6, -16.1), (-48.6, -16.0)]), heading="H.",
                          source="x.geojson")
    assert short.marks[1][0] == "M-02" and round(short.length_m) == 11066
    assert short.law_text[1] == ("Começa no marco M-01, de coordenadas 16°06'00,0\" S e "
                                 "48°36'00,0\" W; segue em linha reta, numa extensão de 11.066 m, "
                                 "até o marco M-02, de coordenadas 16°00'00,0\" S e 48°36'00,0\" "
                                 "W, onde termina.")
    assert not short.summarised
    long = line_memorial(shapely.LineString([(-48.6 + i * 1e-4, -16.0) for i in range(201)]),
                         heading="H.", source="x.geojson")
    assert long.summarised and long.marks[0][0] == "M-001" and long.marks[-1][0] == "M-201"
    assert f"pelos marcos relacionados no arquivo {LINE_ANNEX_FILE}" in long.law_text[1]
    assert line_csv(long).count("\n") == 202
    with pytest.raises(ValueError, match="menos de dois vértices distintos"):
        line_memorial(shapely.LineString([(-48.6, -16.0), (-48.6, -16.0)]), heading="H.",
                      source="x")


DRAWN_TRANSFER = ROOT / "tests" / "fixtures" / "transferencia-faixa-abadiania.toml"


def test_transfer_bill_describes_the_area_and_its_transition(store, author):
    """A drawn transfer (a strip of Abadiânia along Alexânia, 19,28 km²): Art. 1 moves the area
    described in the Anexo Único, which is attached (the memorial by confrontações, citing art.
    5º in its notes); Art. 3 fixes the day the area passes (a visible blank) and what happens
    until then to administration and services, property, revenue and records; Art. 4 informs
    the TRE-GO (electors), the IBGE (population) and the SEFAZ-GO (ICMS index)."""
    _, bill = _bill(store, DRAWN_TRANSFER, author)
    t = _text(bill)
    assert t["Art. 1º"][0].startswith(
        "Fica desmembrada do Município de Abadiânia e incorporada ao Município de Alexânia a "
        "área descrita no memorial descritivo do Anexo Único desta Lei, com 19,28 km², nos "
        "termos do art. 18, § 4º, da Constituição Federal")
    assert bill.annex_title == "ANEXO ÚNICO — MEMORIAL DESCRITIVO — FAIXA DE ABADIÂNIA JUNTO A ALEXÂNIA"
    heads = [p.split(":")[0] for p in bill.annex if p.startswith("COM ")]
    assert heads == ["COM O MUNICÍPIO DE ALEXÂNIA", "COM O MUNICÍPIO DE ABADIÂNIA"]
    assert bill.annexes_to_draft == ()
    assert t["Art. 3º"][0] == (
        "A área de que trata o art. 1º passa a integrar o Município de Alexânia em [data da "
        "transferência]; até essa data, continuará a ser administrada pelo Município de "
        "Abadiânia, que nela manterá os serviços públicos municipais, nos termos do art. 13 da "
        "Lei Complementar nº 2, de 1990, por analogia.")
    paras = [text for _, text in t["Art. 3º"][2]]
    assert [lab for lab, _ in t["Art. 3º"][2]] == ["§ 1º", "§ 2º", "§ 3º"]
    assert paras[0].startswith("Os bens públicos municipais situados na área passam à "
                               "propriedade do Município de Alexânia na data de que trata o caput")
    assert paras[1] == ("Pertencem ao Município de Abadiânia os tributos municipais cujos fatos "
                        "geradores tenham ocorrido na área até a data de que trata o caput, e ao "
                        "Município de Alexânia os posteriores.")
    assert paras[2].startswith("Dentro de 30 (trinta) dias da data de que trata o caput, o "
                               "Município de Abadiânia encaminhará ao Município de Alexânia cópia "
                               "dos cadastros imobiliário e fiscal da área")
    assert t["Art. 4º"][0].startswith("Esta Lei será comunicada ao Tribunal Regional Eleitoral "
                                      "de Goiás, para a atualização do cadastro dos eleitores")
    assert t["Art. 5º"][0] == b.VIGENCIA
    assert any(n.startswith("[data da transferência] (Art. 3º): a data em que a área passa ao "
                            "Município de Alexânia é da redação final") for n in bill.notes)
    assert any(n.startswith("comunicação (Art. 4º): a inscrição e a transferência dos eleitores "
                            "da área são da Justiça Eleitoral") for n in bill.notes)
    assert any("(LC nº 2/1990, art. 5º), a descrição fica para o levantamento" in n
               for n in bill.notes)
