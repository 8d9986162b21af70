"""A proposal that makes sense: each refusal with its exact message, and nothing written.

:func:`viabilidade.profile.coherence.check_proposal` runs inside
:func:`viabilidade.profile.build.check_candidate`, which ``run_study`` calls before writing.
Messages are asserted from the file name onwards (the ``<path>, campo …`` prefix belongs to
:class:`viabilidade.errors.CandidateError`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from viabilidade.proposal.candidate import load_candidate
from viabilidade.errors import CandidateError
from viabilidade.profile.build import check_candidate

REPO = Path(__file__).resolve().parents[1]
STORE = REPO / "data" / "processed"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "cand.toml"
    p.write_text(text, encoding="utf-8")
    return p


def refusal(store, path: Path, field: str) -> str:
    """The message of the refusal of ``path`` on ``field``; checks the file is named."""
    with pytest.raises(CandidateError) as e:
        check_candidate(load_candidate(path), store)
    assert e.value.field == field, str(e.value)
    assert str(path) in str(e.value)
    return str(e.value)


NON_ADJACENT = ('operation = "create-municipality"\nname = "Goiânia"\n[area]\n'
                'municipalities = ["5208707"]\n[origin]\nmunicipalities = ["5200100"]\n')
FUSION_OF_ONE = 'operation = "fusion"\nname = "Abadiânia"\n[area]\nmunicipalities = ["5200100"]\n'
PLEBISCITE = ('operation = "create-municipality"\nname = "Posse d\'Abadia"\n[area]\n'
              'districts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n'
              "[process.plebiscite]\n")


def test_goiania_created_from_abadiania_is_refused_naming_both(store, tmp_path):
    msg = refusal(store, _write(tmp_path, NON_ADJACENT), "origin.municipalities[0]")
    assert msg.endswith(
        "o município de origem 5200100 (Abadiânia) não faz divisa com a área proposta, "
        "Goiânia (5208707): estão a 34,9 km um do outro; esperada uma área que toque cada "
        "município de origem"), msg


def test_neighbours_are_adjacent(store, tmp_path):
    # Alexânia (5200308) borders Abadiânia: a retrospective split is accepted.
    # (named as its area: 'Goiânia' for Alexânia's territory is refused as another
    # municipality's name, profile.seat_name)
    text = NON_ADJACENT.replace("5208707", "5200308").replace("Goiânia", "Alexânia")
    check_candidate(load_candidate(_write(tmp_path, text)), store)


def test_an_origin_that_gives_no_district_is_refused(store, tmp_path):
    text = ('operation = "create-municipality"\nname = "Posse d\'Abadia"\n[area]\n'
            'districts = ["520010010"]\n[origin]\nmunicipalities = ["5200100", "5200308"]\n')
    msg = refusal(store, _write(tmp_path, text), "origin.municipalities[1]")
    assert msg.endswith("o município de origem 5200308 (Alexânia) não cede nenhum distrito da "
                        "área (area.districts = ['520010010']); esperado ao menos um distrito de "
                        "cada município de origem"), msg


def test_fusion_of_one_municipality_is_refused(store, tmp_path):
    msg = refusal(store, _write(tmp_path, FUSION_OF_ONE), "area.municipalities")
    assert msg.endswith("uma fusão (art. 5º, § 2º) reúne dois ou mais municípios inteiros; "
                        "encontrado 1 município (5200100); esperados ao menos dois códigos de "
                        "município"), msg


def test_fusion_of_districts_is_refused(store, tmp_path):
    text = ('operation = "fusion"\nname = "Nova"\n[area]\nmunicipalities = ["5200100", "5200308"]\n'
            'districts = ["520010010"]\n')
    msg = refusal(store, _write(tmp_path, text), "area.districts")
    assert msg.endswith("uma fusão (art. 5º, § 2º) reúne municípios inteiros; encontrados "
                        "distritos (520010010); esperados só códigos de município em "
                        "area.municipalities"), msg


def test_fusion_of_two_municipalities_passes(store, tmp_path):
    text = 'operation = "fusion"\nname = "Nova"\n[area]\nmunicipalities = ["5200100", "5200308"]\n'
    check_candidate(load_candidate(_write(tmp_path, text)), store)


def test_more_votes_than_eligible_electors_is_refused(store, tmp_path):
    path = _write(tmp_path, PLEBISCITE + "yes = 5000\neligible = 100\n")
    msg = refusal(store, path, "process.plebiscite.eligible")
    assert msg.endswith("os votos somam 5000 (sim 5000) e excedem os 100 eleitores aptos; "
                        "esperado sim + não + brancos + nulos = comparecimento ≤ eleitores aptos")


def test_more_votes_than_turnout_is_refused(store, tmp_path):
    path = _write(tmp_path, PLEBISCITE + "yes = 60\nno = 41\nturnout = 100\neligible = 120\n")
    msg = refusal(store, path, "process.plebiscite.turnout")
    assert msg.endswith("os votos somam 101 (sim 60 + não 41) e excedem o comparecimento de 100; "
                        "esperado sim + não + brancos + nulos = comparecimento ≤ eleitores aptos")


@pytest.mark.parametrize("figures", ["yes = 100\neligible = 100\n",
                                     "yes = 60\nno = 40\nturnout = 100\neligible = 120\n"])
def test_votes_up_to_the_limit_pass(store, tmp_path, figures):
    check_candidate(load_candidate(_write(tmp_path, PLEBISCITE + figures)), store)


def test_drawn_area_must_cover_every_origin(store, tmp_path):
    kml = FIXTURES / "posse-dabadia-desenhada.kml"
    text = ('operation = "create-municipality"\nname = "Posse d\'Abadia"\n[area]\n'
            f'boundary = "{kml}"\n[origin]\nmunicipalities = ["5200100", "5201108"]\n')
    msg = refusal(store, _write(tmp_path, text), "origin.municipalities[1]")
    assert msg.endswith("o município de origem 5201108 (Anápolis) não toca a área desenhada em "
                        "posse-dabadia-desenhada.kml: nenhuma parte do polígono fica nele "
                        "(distância de 10,7 km); esperada uma área que ocupe parte de cada "
                        "município de origem"), msg


def test_unreadable_urban_perimeter_is_refused_with_its_field(store, tmp_path):
    (tmp_path / "perimetro.kml").write_text("não é KML", encoding="utf-8")
    text = ('operation = "create-municipality"\nname = "Posse d\'Abadia"\n[area]\n'
            'districts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n'
            'urban_perimeter = "perimetro.kml"\n')
    msg = refusal(store, _write(tmp_path, text), "origin.urban_perimeter")
    assert "perimetro.kml: não foi possível ler o arquivo como KML: " in msg


def test_missing_urban_perimeter_file_is_refused_on_load(tmp_path):
    text = ('operation = "create-municipality"\nname = "Posse d\'Abadia"\n[area]\n'
            'districts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n'
            'urban_perimeter = "nao-existe.kml"\n')
    path = _write(tmp_path, text)
    with pytest.raises(CandidateError) as e:
        load_candidate(path)
    assert e.value.field == "origin.urban_perimeter"
    assert str(e.value).endswith(f"arquivo do perímetro urbano {tmp_path / 'nao-existe.kml'} não "
                                 "encontrado; esperado um caminho relativo ao arquivo da "
                                 "candidatura")


@pytest.mark.parametrize("text, field", [(NON_ADJACENT, "origin.municipalities[0]"),
                                         (FUSION_OF_ONE, "area.municipalities"),
                                         (PLEBISCITE + "yes = 5000\neligible = 100\n",
                                          "process.plebiscite.eligible")])
def test_refused_proposals_write_nothing(tmp_path, text, field):
    from viabilidade.report.study import run_study

    path = _write(tmp_path, text)
    out = tmp_path / "outputs"
    with pytest.raises(CandidateError) as e:
        run_study(path, out, data_root=STORE)
    assert e.value.field == field
    assert not out.exists()


TRANSFER = ('operation = "transfer-area"\nname = "Posse d\'Abadia"\n[area]\n'
            'districts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n'
            '[destination]\nmunicipality = "{dest}"\n')


def test_transfer_to_a_municipality_that_does_not_border_the_area_is_refused(store, tmp_path):
    msg = refusal(store, _write(tmp_path, TRANSFER.format(dest="5208707")),
                  "destination.municipality")
    assert msg.endswith(
        "o município de destino 5208707 (Goiânia) não faz divisa com o município de origem da "
        "área, Abadiânia (5200100): estão a 34,9 km um do outro; esperado um destino vizinho da "
        "área (art. 5º: a área desmembrada é anexada a outro município)"), msg


def test_transfer_to_a_neighbour_passes(store, tmp_path):
    check_candidate(load_candidate(_write(tmp_path, TRANSFER.format(dest="5201108"))), store)


def test_drawn_transfer_must_border_its_destination(store, tmp_path):
    kml = FIXTURES / "posse-dabadia-desenhada.kml"
    text = ('operation = "transfer-area"\nname = "Posse d\'Abadia"\n[area]\n'
            f'boundary = "{kml}"\n[origin]\nmunicipalities = ["5200100"]\n'
            '[destination]\nmunicipality = "5200308"\n')
    msg = refusal(store, _write(tmp_path, text), "destination.municipality")
    assert "o município de destino 5200308 (Alexânia) não faz divisa com a área desenhada em " \
           "posse-dabadia-desenhada.kml: estão a " in msg


def test_fusion_of_municipalities_that_do_not_border_is_refused(store, tmp_path):
    text = ('operation = "fusion"\nname = "Nova"\n[area]\n'
            'municipalities = ["5200100", "5200308", "5208707"]\n')
    msg = refusal(store, _write(tmp_path, text), "area.municipalities")
    assert msg.endswith("os municípios da fusão não formam um território contínuo: Goiânia "
                        "(5208707) não faz divisa com Abadiânia (5200100) e Alexânia (5200308); "
                        "esperados municípios vizinhos (art. 5º, § 2º)"), msg


def test_the_example_fusion_is_contiguous(store):
    check_candidate(load_candidate(REPO / "data" / "candidates" / "fusao-anhanguera-cumari.toml"),
                    store)


#: A square drawn in Formosa north-east of Bezerra that leaves out Santa Rosa's vila
#: (-47,1855; -15,0894), about 21 km north of it.
SANTA_ROSA_SQUARE = [[-47.166297, -15.280085], [-46.964316, -15.295073], [-46.979853, -15.474836],
                     [-47.158528, -15.467349], [-47.166297, -15.280085]]


def _drawn_candidate(tmp_path, ring, seat="Santa Rosa"):
    import json

    (tmp_path / "desenho.geojson").write_text(json.dumps({
        "type": "FeatureCollection", "features": [{"type": "Feature", "properties": {
            "id": "5208004", "nome": "Santa Rosa"}, "geometry": {"type": "Polygon",
                                                                "coordinates": [ring]}}]}),
        encoding="utf-8")
    path = tmp_path / "santa-rosa.toml"
    path.write_text(f'slug = "santa-rosa"\noperation = "create-municipality"\nname = "Santa Rosa"\n'
                    f'seat = "{seat}"\n[area]\nboundary = "desenho.geojson"\n'
                    '[origin]\nmunicipalities = ["5208004"]\n', encoding="utf-8")
    return path


def test_a_drawn_area_that_leaves_out_its_proposed_seat_is_flagged(store, tmp_path):
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.boundary import boundary_check, drawn_findings

    a = analyse(_drawn_candidate(tmp_path, SANTA_ROSA_SQUARE), store=store)
    outside = a.profile.territory.details["seat_outside"]
    assert outside["seat"] == "Santa Rosa" and outside["ponto"] == "vila"
    assert 20 < outside["km"] < 22
    text = ("A sede proposta, Santa Rosa (vila do distrito, IBGE Localidades 2022), fica fora "
            f"da área desenhada, a {outside['km']:.1f} km do polígono: o município tem o nome da "
            "sua sede (art. 3º, I)").replace(".", ",", 1)
    assert any(f.startswith(text) for f in drawn_findings(a))
    assert "Ajuste o polígono ou indique outra sede." in boundary_check(a)
    assert "não leva a sua sede e não divide" not in boundary_check(a)
    assert a.to_dict()["area"]["seat_outside"] == outside
    # The other side: Juscelino Kubitschek's vila (-47,157; -15,215) named as the seat, a
    # polygon holding it: nothing to flag.
    ring = [[-47.25, -15.15], [-47.05, -15.15], [-47.05, -15.30], [-47.25, -15.30], [-47.25, -15.15]]
    b = analyse(_drawn_candidate(tmp_path, ring, seat="Juscelino Kubitschek"), store=store)
    assert "seat_outside" not in b.profile.territory.details
    assert not any("sede proposta" in f for f in drawn_findings(b))
