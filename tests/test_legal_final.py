"""The final legal read (2026-12-07): items 9 and 10, the words of the cover and of Quadro 1's
requirement for the representation. Items 1-3 are in ``test_certified.py``."""

from __future__ import annotations

import datetime as dt

from test_rules_fixtures import candidate, registered

from viabilidade.proposal.candidate import OPERATIONS
from viabilidade.report.writers.tables import threshold_text
from viabilidade.rules import Settings
from viabilidade.rules.art2 import art2
from viabilidade.rules.art5 import par1
from viabilidade.rules.result import Status

S = Settings(study_date="2027-06-01")


def test_the_transfer_is_an_operation_of_art_5_not_of_its_paragraph_1():
    """Item 9: art. 5 caput permits the transfer; § 1 is only its representation."""
    assert OPERATIONS["transfer-area"] == "desmembramento e transferência de área (art. 5º)"
    assert OPERATIONS["fusion"] == "fusão de municípios (art. 5º, § 2º)"


def test_the_representation_asks_for_electors_not_signatures():
    """Item 10: Quadro 1's requirement is the law's (art. 2: "cem eleitores inscritos na área";
    art. 5 § 1: "cinqüenta eleitores inscritos no município, residentes e domiciliados na
    respectiva área"), with and without the count, met or not."""
    assert threshold_text(art2(candidate(), S)) == "no mínimo 100\u00a0eleitores inscritos na área"
    for n, status in ((99, Status.FAIL), (100, Status.PASS)):
        r = art2(candidate(petition_signatures=n, petition_document="Representação nº 1/2027",
                           petition_date=dt.date(2027, 1, 8), events=registered(n)), S)
        assert r.status == status
        assert threshold_text(r) == "no mínimo 100\u00a0eleitores inscritos na área"
    r = par1(candidate("transfer-area"), S)
    assert threshold_text(r) == ("no mínimo 50\u00a0eleitores inscritos no município, residentes e "
                                 "domiciliados na área")


# The text helper and the store/analysis fixtures are test_legal2's (one copy).
from test_legal2 import _text, analysed, store  # noqa: E402,F401
from test_legal11 import held_certified  # noqa: E402

CORRECTION = "tests/fixtures/correcao-abadiania-alexania.toml"


def test_a_correction_with_every_document_declared_waits_for_their_check(analysed):
    """Item 8: the technical error, the mayors' agreement and both resolutions are in the file
    (art. 6 "documentado (a conferir com os originais)"): nothing is missing but their check
    against the originals, in the conclusion line and in the cover's box."""
    from viabilidade.report.certificates import cover_box
    from viabilidade.rules import certification

    a = analysed(CORRECTION)
    # the documents are no longer "missing"; what is (item 6) is the proof that the one-way
    # strip is only drafting
    assert certification.qualification(a.results) == (
        "estudo preliminar, pendente de documentos e da conferência dos documentos declarados com "
        "os originais")
    box = _text(cover_box(a, ""))
    assert box == (
        "Estudo preliminar. Este estudo aplica a Lei Complementar nº 2/1990 aos dados públicos "
        "listados nos Apêndices. Os requisitos ainda não decididos dependem dos atos e documentos "
        "abaixo. Ainda faltam, com quem deve fornecê-los: Proponentes — correção sem alteração de "
        "área: território entre a linha atual e a corrigida (art. 6º). Falta conferir com os "
        "originais os documentos declarados no arquivo da candidatura: Prefeituras e Câmaras "
        "Municipais — falha técnica, acordo dos Prefeitos e resoluções das Câmaras (art. 6º).")
    assert "Ainda faltam, com quem deve fornecê-los: Prefeituras" not in box


CERTIFIED = "tests/candidates/posse-dabadia-certificada.toml"
POSSE = "data/candidates/posse-dabadia.toml"
UNDATED = "a definir após a lei complementar federal e novo plebiscito"


def test_after_a_void_plebiscite_nothing_after_it_is_dated(analysed, monkeypatch):
    """Item 5: the certified creation's plebiscite is "sem efeito": the calendar says "sem
    data", and so do the timing condition, the transition, the draft law's installation year
    and art. 14's exercises; Posse d'Abadia without a plebiscite has no year either (items 7, N3)."""
    from viabilidade.report import process

    def undated_everywhere(a, because: str, words: str) -> None:
        assert _text(process.timing_paragraph(a)) == (
            "Condição de prazo (art. 7º, § 3º): não serão criados municípios no ano das eleições "
            "municipais. É condição sobre a data da lei de criação, não requisito que a proposta "
            f"cumpra. {because}, a lei de criação e a instalação (art. 9º) não têm data: {words}.")
        transition = _text(process.transition_list(a))
        assert "2029" not in transition and "na data da instalação." in transition
        assert f"Ano de instalação {words}" in _text(process.draft_law_section(a))
        fiscal = _text(process.fiscal_section(a))
        assert not any(str(y) in fiscal for y in (2027, 2028, 2029))
        assert (f"A participação cabe no exercício da criação e nos dois seguintes (art. 14), "
                f"{words}.") in fiscal

    undated_everywhere(held_certified(monkeypatch), "Com o plebiscito registrado sem efeito", UNDATED)
    # final legal read, items 7 and N3: Posse d'Abadia without a plebiscite gave "a instalação
    # seria em 01/01/2029" and a 2029 installation as if a creation law could pass today; the
    # creation is barred (CF art. 18 § 4), so no year is given either
    b = analysed(POSSE)
    undated_everywhere(b, "Com a criação vedada enquanto não editada a lei complementar federal "
                          "(CF, art. 18, § 4º)",
                       "a definir após a lei complementar federal e o plebiscito")
    from viabilidade.operations import operation_of
    from viabilidade.rules import calendar

    rows = calendar.timeline(b.candidate, b.settings, phases=operation_of(b.candidate).phases,
                             barred=True)
    assert not any(r["evento"].startswith(("Lei de criação (", "Instalação", "Eleição"))
                   for r in rows)
    assert rows[-1] == {
        "evento": "Lei de criação, eleição e instalação: sem data, porque a criação está vedada "
                  "enquanto não editada a lei complementar federal; a lei só pode seguir o "
                  "plebiscito, feito no período que essa lei fixar e depois da divulgação dos "
                  "Estudos de Viabilidade Municipal",
        "data": None, "artigo": "CF, art. 18, § 4º; art. 7º"}
    # in the federal_law hypothesis the supposed year stays, a hypothesis of the study
    hyp = calendar.timeline(b.candidate, b.settings.replace(federal_law="plp-137-2015"),
                            phases=operation_of(b.candidate).phases, barred=True)
    assert any(r["evento"] == "Instalação do município (posse)" for r in hyp)


def test_the_cover_names_a_retrospective_origin_by_its_own_code(analysed):
    """Item 11: Nova Iguaçu de Goiás's origin is Mara Rosa (5212808); the sum of today's two
    territories is the chapter's reading, not a municipality with that code."""
    import datetime as dt

    from viabilidade.report import sections

    a = analysed("data/candidates/nova-iguacu-de-goias.toml")
    cover = _text(sections.cover(a, dt.date(2026, 12, 1)))
    assert "Município de origem Mara Rosa (5212808)" in cover
    assert "territórios de hoje" not in cover
    b = analysed(POSSE)
    assert "Município de origem Abadiânia (5200100)" in _text(sections.cover(b, dt.date(2026, 12, 1)))


def test_art21_rests_on_the_laws_text_and_names_the_compiled_creation_law_as_such(analysed):
    """Item 12: art. 21 is met by the law's own text (its source); the Lei nº 11.406/1991 comes
    from a compilation (IBGE's Formação Administrativa reproduced by the Câmara) and is said
    so, never as the source of the "cumprido"."""
    r = analysed("data/candidates/nova-iguacu-de-goias.toml").result("art21")
    assert (r.status, r.source) == ("pass", "LC nº 2/1990, art. 21")
    assert r.reason.endswith(
        "Segundo a compilação do estudo (IBGE, Formação Administrativa, reproduzida pela Câmara "
        "Municipal de Nova Iguaçu de Goiás), o processo terminou na Lei Estadual nº 11.406, de "
        "16/01/1991, que criou o Município, instalado em 01/01/1993: dado compilado, não "
        "conferido com a publicação oficial da lei, que não decide o requisito.")


def test_a_strip_within_the_tolerance_decides_only_when_it_crosses_both_ways(analysed):
    """Item 6: the fixture's 0,05 km² all leave Alexânia: the 1 km² tolerance (the study's
    reading) cannot call that drafting, so art. 6's area is undecided, not "atingido"; the
    same strip split both ways is drafting within the tolerance (pass); above it, a fail."""
    import dataclasses

    from viabilidade.rules import Settings as S6
    from viabilidade.rules.art6 import area_change
    from viabilidade.rules.result import Status as St

    a = analysed(CORRECTION)
    change = a.profile.territory.boundary_change
    assert {k: round(v, 4) for k, v in change.leaves.items()} == {"5200100": 0.0, "5200308": 0.0508}
    assert area_change(a.candidate, a.profile, a.settings).status == St.INDETERMINATE
    both = dataclasses.replace(change, leaves={"5200100": 0.02, "5200308": 0.0308})
    profile = dataclasses.replace(a.profile, territory=dataclasses.replace(
        a.profile.territory, boundary_change=both))
    r = area_change(a.candidate, profile, a.settings)
    assert r.status == St.PASS
    assert "diferença de traçado, lida como correção sem alteração de área" in r.reason
    assert area_change(a.candidate, a.profile, S6(boundary_tolerance_km2=0.05)).status == St.FAIL


def test_the_economic_chapter_names_no_year_after_a_void_plebiscite(analysed, store, monkeypatch):
    """Items 5 and N3: after the certified file's void plebiscite the economic chapter's art.
    14 table still gave 2027, 2028 and 2029 while the process chapter said "a definir"; a barred
    creation without a plebiscite keeps the years the chapter states as a hypothesis, and says
    so in the caption."""
    from viabilidade.report.economic import economic_section

    html = _text(economic_section(held_certified(monkeypatch), store))
    table = html.split("Participação transitória no ICMS da origem, três exercícios")[1]
    assert table.startswith(f" (anos {UNDATED})")
    table = table.split("Método:")[0]
    assert "Ano da lei de criação" in table and "Segundo ano seguinte" in table
    assert not any(str(y) in table for y in (2027, 2028, 2029))
    posse = _text(economic_section(analysed(POSSE), store))
    assert ("Participação transitória no ICMS da origem, três exercícios (anos na hipótese de a "
            "lei de criação ser de 2027, lei hoje vedada)") in posse


def test_the_fusions_installation_year_is_stated_as_the_hypothesis_it_is(analysed, store):
    """N3: the fusion's economic chapter gave "depois de instalado (em 1º de janeiro de 2029, na
    hipótese do ano de criação adotado)" without saying that the law is barred today, as the
    creation's sentence does."""
    from viabilidade.report.economic import economic_section

    html = _text(economic_section(analysed("data/candidates/fusao-anhanguera-cumari.toml"), store))
    assert ("O município resultante da fusão só recebe o FPM e a cota igual do ICMS depois de "
            "instalado, em 1º de janeiro de 2029 (art. 9º), na hipótese de a lei da fusão ser de "
            "2027, lei hoje vedada enquanto não editada a lei complementar federal (CF, art. 18, "
            "§ 4º); até lá, cada município que se funde continua a receber as suas.") in html
