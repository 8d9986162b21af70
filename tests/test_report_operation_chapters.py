"""The chapters and the slide-1 line of a transfer, a boundary correction and a district, built
from analyses of the fixtures (no notebook): report.operation_chapters, report.slides."""

import html
import re
from pathlib import Path

import pytest

from viabilidade.profile.analysis import analyse
from viabilidade.data.store import load_store
from viabilidade.report import operation_chapters, sections
from viabilidade.report.slides import _subject_line
from viabilidade.rules import Settings

FIX = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def store():
    return load_store()


def plain(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).replace("\u00a0", " ").split())


def test_transfer_chapter_and_slide(store):
    a = analyse(FIX / "transferencia-posse-dabadia.toml", store=store)
    t = plain(operation_chapters.transfer_section(a, store))
    assert t.startswith("Os dois municípios e o plebiscito (arts. 5º e 7º)")
    assert ("Eleitores 12.614 eleitores (publicado (cópia não conferida)) 10.385 ± 474 eleitores (estimado) "
            "7.950 eleitores (publicado (cópia não conferida)) 10.179 ± 474 eleitores (estimado)") in t
    assert "Área 1.044,56 km² (publicado) 742,79 km² (publicado)" in t
    assert "Posse d'Abadia 2.229 ± 474 eleitores (estimado)" in t
    assert plain(_subject_line(a, "Abadiânia")) == (
        "Área transferida: Posse d'Abadia · município de origem: Abadiânia · recebe a área: "
        "Corumbá de Goiás · por lei estadual, precedida de plebiscito (arts. 5º e 7º)")
    # under the literal reading the receiving municipality does not vote
    area_only = analyse(FIX / "transferencia-posse-dabadia.toml", store=store,
                        settings=Settings(plebiscite_roll="area"))
    t2 = plain(operation_chapters.transfer_section(area_only, store))
    assert "Posse d'Abadia 2.229 ± 474 eleitores (estimado) Total 2.229 eleitores (estimado)" in t2
    assert "Corumbá de Goiás 7.950 eleitores (publicado (cópia não conferida)) Total" not in t2
    assert "o eleitorado seria de 20.564 eleitores (publicado (cópia não conferida))" in t2


def test_without_tracts_the_transfer_says_the_district_limit_was_not_loaded(store):
    # legal review 3, finding 9: the IBGE does publish district limits (census tract mesh 2022)
    a = analyse(FIX / "transferencia-posse-dabadia.toml", store=store)
    t = plain(operation_chapters.transfer_section(a, store))
    assert ("Os dados usados neste estudo não trazem o limite do distrito (a malha de setores "
            "censitários do IBGE 2022 não foi carregada) e o candidato não trouxe arquivo de "
            "limites: a lei estadual deve descrever essa divisa") in t
    assert "não têm polígonos de distritos" not in t
    s = plain(sections.area(a, store))
    assert ("A área não tem polígono (os dados usados neste estudo não trazem o limite do "
            "distrito, pois a malha de setores censitários do IBGE 2022 não foi carregada, e o "
            "candidato não trouxe arquivo de limites)") in s
    assert "não têm malha publicada" not in s


def test_correction_has_no_area_section_and_a_slide_without_seat(store):
    a = analyse(FIX / "correcao-abadiania-alexania.toml", store=store)
    assert sections.area(a, store) == ""
    assert plain(_subject_line(a, "Abadiânia; Alexânia")) == (
        "Limite corrigido: Limite Abadiânia–Alexânia · municípios do limite: Abadiânia; "
        "Alexânia · por lei estadual, mediante prévio acordo dos Prefeitos autorizados pelas "
        "Câmaras Municipais (art. 6º)")
    t = plain(operation_chapters.correction_section(a))
    assert "Sairia de Abadiânia nenhuma área Sairia de Alexânia 0,05 km²" in t
    assert "Saldo de Alexânia −0,05 km²" in t
    assert a.alternatives == [("leitura adotada", a.verdict, [])]


def test_district_material_quotes_arts_16_19_20(store):
    a = analyse(FIX / "distrito-abadiania-leste.toml", store=store)
    t = plain(operation_chapters.district_material(a))
    assert t.startswith("O distrito é criado por lei municipal de Abadiânia (art. 16)")
    assert ("“A lei municipal poderá determinar forma de representação dos distritos junto à "
            "administração do município, respeitadas: I – a representação parlamentar "
            "existente; II – a escolha dos representantes, através do voto direto, universal e "
            "secreto, pela população distrital.”") in t
    assert "a lei não indica órgão que apure os requisitos do art. 17".lower() in t.lower()
    assert plain(_subject_line(a, "Abadiânia")).startswith(
        "Área proposta: Distrito Leste · sede: Distrito Leste · município: Abadiânia · por lei "
        "municipal (art. 16)")


def test_correction_map_and_no_ratio_chart(store):
    from viabilidade.report.charts import threshold_chart

    a = analyse(FIX / "correcao-abadiania-alexania.toml", store=store)
    assert threshold_chart(a.results) is None  # a ceiling (<=) would read the wrong way
    fig = operation_chapters.correction_map_html(a, store)
    assert fig.startswith('<figure class="grafico"><img src="data:image/svg+xml;base64,')
    assert ("Figura 1. A linha de limite atual (tracejada) e a corrigida (contínua) entre "
            "Abadiânia e Alexânia, e o território entre elas.") in fig
    assert operation_chapters.correction_map_html(a, None) == ""


def test_district_conclusion_names_its_articles():
    from viabilidade.report.conclusion import conclusion_line

    line = conclusion_line("create-district", "indeterminado", qualification="estudo preliminar")
    assert line.startswith("Requisitos do art. 17 indeterminados perante a LC nº "
                           "2/1990; estudo preliminar;")


def test_restored_cover_names_the_installed_municipality_not_a_proposal(store):
    import datetime as dt

    a = analyse(FIX.parent.parent / "data" / "candidates" / "nova-iguacu-de-goias.toml", store=store)
    cover = sections.cover(a, dt.date(2026, 12, 1))
    assert '<th scope="row">Município</th><td>Nova Iguaçu de Goiás</td>' in cover
    assert '<th scope="row">Sede</th><td>Nova Iguaçu de Goiás</td>' in cover
    assert "Área proposta" not in cover and "Sede proposta" not in cover


def test_district_title_does_not_double_the_word_distrito(store):
    a = analyse(FIX / "distrito-abadiania-leste.toml", store=store)
    assert sections.study_title(a) == "Estudo de viabilidade — criação do Distrito Leste"


def test_district_flags_art15_and_offers_the_memorial_for_art18(store):
    from viabilidade.report import certificates

    a = analyse(FIX / "distrito-abadiania-leste.toml", store=store)
    t = plain(operation_chapters.district_material(a))
    assert ("Sedes de distritos existentes (limite decorrente do sistema da lei, art. 15) O art. 15 "
            "não estabelece requisito para a criação de distrito") in t
    assert "É um alerta, não um requisito, e não entra na conclusão." in t
    assert "Divisas do distrito (art. 18) Memorial disponível para a lei municipal" in t
    assert "cumprido" not in t
    assert ("como o projeto de lei; essa lei ainda não existe para o Distrito Leste: por isso "
            "não há data.") in t
    # the figures still missing are art. 17's, not art. 4's
    box = plain(certificates.cover_box(a, ""))
    assert box.endswith("Ainda faltam, com quem deve fornecê-los: a comprovar (a lei não indica o "
                        "órgão) — sede do distrito com no mínimo cem edificações (art. 17, I); "
                        "população do distrito superior a um mil habitantes (art. 17, II).")
    assert "art. 4º" not in box


def test_nova_iguacu_is_read_as_the_installed_municipality_it_is(store):
    from viabilidade.operations import operation_of
    from viabilidade.rules import art7, calendar

    a = analyse(FIX.parent.parent / "data" / "candidates" / "nova-iguacu-de-goias.toml", store=store)
    # its creation law (shared/data/history, SOURCES.md), in the indicative: past facts
    assert a.result("art21").reason.endswith(
        "Segundo a compilação do estudo (IBGE, Formação Administrativa, reproduzida pela Câmara "
        "Municipal de Nova Iguaçu de Goiás), o processo terminou na Lei Estadual nº 11.406, de "
        "16/01/1991, que criou o Município, instalado em 01/01/1993: dado compilado, não "
        "conferido com a publicação oficial da lei, que não decide o requisito.")
    assert art7.timing_condition(a.candidate, a.settings)["texto"].endswith(
        "A lei de criação, Lei Estadual nº 11.406, de 16/01/1991 (dado compilado, não conferido), "
        "foi editada em 1991, que não era "
        "ano de eleições municipais; o Município foi instalado em 01/01/1993 (art. 9º).")
    from viabilidade.operations import operation_of

    assert calendar.timeline(a.candidate, a.settings,
                             phases=operation_of(a.candidate).phases)[0]["evento"] == (
        "Lei de criação: Lei Estadual nº 11.406, de 16/01/1991 (dado compilado, não conferido)")
    # what it checks today is art. 8's check, not "passa a ser viável se"
    t = plain(sections._what_would_change(a))
    assert t.startswith("4 requisitos do art. 4º dependem hoje de dados certificados ou de "
                        "evidências: Art. 4º, IV:")
    assert ("O município já está instalado: o que o estudo verifica com os números de hoje é o "
            "que o art. 8º manda verificar") in t
    assert "passa a ser viável" not in t and "passa a viável" not in t
    # the origin of 1991 was not today's Mara Rosa plus the area: Amaralina left it in 1995
    assert a.profile.origins["5212808"].label == "Mara Rosa + Nova Iguaçu de Goiás (territórios de hoje)"
    assert operation_of(a.candidate).chapter_note("sec-origem", a.candidate).endswith(
        "O município de origem de 1991 era maior que o de hoje: dele saiu depois Amaralina (Lei nº "
        "12.802, de 27/12/1995). A soma dos territórios de hoje não é, portanto, o município de "
        "origem de 1991, e os seus números não são os daquele ano.")
    cover = plain(sections.cover(a, __import__("datetime").date(2026, 12, 1)))
    assert "antes do desmembramento" not in cover
    assert ("Estudo preliminar. O município já está instalado: os requisitos do art. 4º que ele "
            "pode perder (IV a VII) são aqui verificados com os números de hoje, como o art. 8º "
            "manda verificar a perda de requisitos, com as informações que a Assembleia "
            "Legislativa requisita dos organismos competentes no ano anterior ao das eleições "
            "municipais (art. 8º, § 1º), e não como condição da criação, já feita; os itens I a "
            "III e o § 1º do art. 4º não se aplicam (condições da criação).") in cover
    assert ("Ainda faltam, com quem deve fornecê-los (art. 8º, § 1º): IBGE — art. 4º, IV "
            "(população) e VI (núcleo urbano);") in cover
    # an installed municipality: the bar reaches its extinction (art. 8), an incorporation
    assert ("a extinção e reincorporação ao município de origem que o art. 8º manda decretar é "
            "incorporação de Município, hoje vedada enquanto não editada essa lei (CF, art. 18, "
            "§ 4º)") in cover and "criação semelhante" not in cover


def test_the_creation_quorum_names_its_roll_and_the_effective_list(store):
    # legal review 3, finding 5: the roll's source beside the quorum, counted in comparecimentos
    a = analyse(FIX.parent.parent / "data" / "candidates" / "posse-dabadia.toml", store=store)
    r = a.result("art7.par1")
    assert ("Com o eleitorado da área e do remanescente de 12.614 eleitores (publicado (cópia "
            "não conferida); TSE, "
            "perfil do eleitorado de 2026, agregação não conferida), o quórum mínimo seria de "
            "6.308 comparecimentos e, nesse caso, a aprovação exigiria 3.155 votos “sim”; o "
            "quórum efetivo será o da lista de eleitores aptos fechada pelo TRE-GO para a "
            "consulta.") in r.reason
    assert r.unit == "comparecimentos" and r.threshold == 6308
    assert r.details["fonte_rol"] == "TSE, perfil do eleitorado de 2026, agregação não conferida"


def test_each_cover_lists_only_the_data_sets_its_study_uses(store):
    # legal review 3, finding 5: the TSE's 2022 roll only gives the ofícios' zone, so only a
    # creation, which has ofícios, lists it (final legal read, item 14: the letter and the
    # study cite one record of sources); the correction uses neither the 2026 profile nor the FPM
    from viabilidade.report.sections import _vintages

    creation = _vintages(analyse(FIX.parent.parent / "data" / "candidates" / "posse-dabadia.toml",
                                 store=store))
    correction = _vintages(analyse(FIX / "correcao-abadiania-alexania.toml", store=store))
    assert "TSE, eleitorado apto nas Eleições Gerais de 2022 (02/10/2022)" in creation
    assert not any("Eleições Gerais de 2022" in v for v in correction)
    assert any(v.startswith("TSE, perfil do eleitorado de 2026") for v in creation)
    assert any(v.startswith("TCU, decisão normativa do FPM") for v in creation)
    assert not any(v.startswith(("TSE, perfil", "TCU", "SEFAZ-GO", "IBGE, PIB", "TSE, cadastro",
                                 "Atos de criação"))
                   for v in correction)
    assert any(v.startswith("Atos de criação") for v in creation)
    assert "IBGE, Malha Municipal 2022" in correction


def test_the_remainders_revenue_limit_is_approximate_too(store):
    # legal review 3, finding 4: the remainder's art. 4 VII printed "mais de R$ 2.900.224,28"
    a = analyse(FIX.parent.parent / "data" / "candidates" / "posse-dabadia.toml", store=store)
    t = plain(sections._subchecks(a.result("art4.par1").details["subchecks"]))
    assert ("art. 4º, VII — mais de R$ 2,90 milhões (aproximado, por excesso; receita estadual de "
            "2023)") in t
    assert "2.900.224,28" not in t
