"""“Sob outras regras” in a study (viabilidade.report.other_rules) and ``--regras`` on the
command line (estudo, triagem, lote), without running notebooks."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

from viabilidade.cli import main
from viabilidade.report import other_rules
from viabilidade.rules.ruleset import RulesetError, federal_bills

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
STORE = ROOT / "data" / "processed"
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
needs_store = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                 reason="processed store data/processed not built")


def _text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _row(html: str, label: str) -> list[str]:
    for row in re.findall(r"<tr>(.*?)</tr>", html):
        cells = [_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        if cells and cells[0] == label:
            return cells
    raise AssertionError(f"no row {label!r}")


@pytest.fixture(scope="module")
def store():
    if not (STORE / "manifest.json").exists():
        pytest.skip("processed store data/processed not built")
    from viabilidade.data.store import load_store

    return load_store(STORE)


@pytest.fixture(scope="module")
def posse(store):
    from viabilidade.profile.analysis import analyse

    return analyse(POSSE, store=store)


def test_posse_passes_lc02_population_and_fails_every_bills_centre_west_floor(posse):
    bills = list(federal_bills())
    html = other_rules.section(posse, ["lc02-1990-go", *bills])
    cells = _row(html, "População — área proposta")
    assert cells[1] == "3.045 habitantes"
    assert cells[2] == "mais de 3.000 habitantes atingido nos dados publicados (a certificar)"
    floors = {b: federal_bills()[b].tests[0].by_region["Centro-Oeste"] for b in bills}
    assert all(f > 3045 for f in floors.values())
    for k, b in enumerate(bills):
        assert cells[3 + k] == (f"no mínimo {floors[b]:,.0f} habitantes† não atingido nos dados "
                                "publicados").replace(",", ".")
    assert _row(html, "População — município remanescente (Abadiânia)")[1] == "14.187 habitantes"
    text = _text(html)
    assert "Sob PLP 137/2015: não atinge, nos dados publicados, população da área proposta (3.045 " \
           "habitantes; exigido no mínimo 6.000 habitantes)." in text
    assert "Sob LC 02/1990 (GO): não falha em nenhum teste, mas há testes indeterminados." in text
    conclusion = _row(html, "Conclusão")
    assert conclusion[2:] == ["indeterminado"] + ["inviável"] * len(bills)   # verdict words
    # 20 % of the estimated electorate (2.229 × 0,2 = 445,8; TSE profile 2026): a petition
    # count is a whole number.
    petition = _row(html, "Assinaturas da representação — área proposta")
    plp = ["lc02-1990-go", *bills].index("plp-137-2015")
    assert petition[2 + plp] == "no mínimo 446 assinaturas (20 % do eleitorado)† indeterminado"
    assert "445,8" not in text
    assert "† Limite tomado de fonte secundária" in text
    assert "https://amnoroeste.org.br/?p=14144" in text  # the PLS 104/2014 source, by address


def test_no_section_without_regras_and_the_assumed_law_brings_its_bill(posse):
    assert other_rules.section(posse, None) == ""
    import dataclasses

    assumed = dataclasses.replace(posse, settings=posse.settings.replace(federal_law="pls-104-2014"))
    assert [r.id for r in other_rules.rulesets_for(assumed, None)] == ["lc02-1990-go", "pls-104-2014"]
    assert "PLS 104/2014 (vetado)" in _text(other_rules.section(assumed, None))


def test_a_users_file_in_a_study(posse):
    html = other_rules.section(posse, ["lc02-1990-go", str(HERE / "rulesets" / "piso-5000.toml")])
    assert _row(html, "População — área proposta")[3] == \
        "no mínimo 5.000 habitantes não atingido nos dados publicados"
    assert "Arquivo: piso-5000.toml." in _text(html)


TWO_FLOORS = """\
id = "dois-pisos"
title = "Dois pisos de população"
scope = "estadual"
status = "Hipótese de teste."
in_force = false

[[sources]]
kind = "secundaria"
citation = "Arquivo de teste do viabilidade"

[[tests]]
id = "piso-baixo"
title = "População mínima (baixa)"
measure = "populacao"
applies_to = ["area"]
comparator = ">="
threshold = { value = 2000 }

[[tests]]
id = "piso-alto"
title = "População mínima (alta)"
measure = "populacao"
applies_to = ["area"]
comparator = ">="
threshold = { value = 5000 }
"""


def test_two_tests_on_the_same_measure_are_both_shown(posse, tmp_path):
    f = tmp_path / "dois-pisos.toml"
    f.write_text(TWO_FLOORS, encoding="utf-8")
    html = other_rules.section(posse, [str(f)])
    assert _row(html, "População — área proposta")[2] == (
        "no mínimo 2.000 habitantes atingido nos dados publicados (a certificar) no mínimo 5.000 "
        "habitantes não atingido nos dados publicados")
    assert _row(html, "Conclusão")[2] == "inviável"   # the conclusion follows the failing test


def test_estudo_regras_reaches_run_study_and_a_bad_id_exits_2(monkeypatch, tmp_path, capsys):
    seen = {}

    def fake_run_study(candidate, out, **kw):
        seen.update(kw)
        return {"name": "Posse d'Abadia", "verdict": "indeterminado", "folder": str(out)}

    monkeypatch.setattr("viabilidade.report.study.run_study", fake_run_study)
    assert main(["estudo", str(POSSE), "--out", str(tmp_path), "--regras",
                 "lc02-1990-go,plp-137-2015"]) == 0
    assert seen["rulesets"] == "lc02-1990-go,plp-137-2015"
    monkeypatch.undo()
    code = main(["estudo", str(POSSE), "--out", str(tmp_path / "x"), "--regras", "plp-137"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "--regras: conjunto de regras 'plp-137' desconhecido" in err
    assert not (tmp_path / "x").exists()


@needs_store
def test_triagem_regras_prints_the_counts(monkeypatch, tmp_path, capsys):
    seen = {}

    def fake_run_screening(out, **kw):
        seen.update(kw)
        return {"html": Path(out) / "triagem_distritos.html"}

    monkeypatch.setattr("viabilidade.statewide.run.run_screening", fake_run_screening)
    assert main(["triagem", "--out", str(tmp_path), "--regras",
                 f"lc02-1990-go,plp-137-2015,{HERE / 'rulesets' / 'piso-5000.toml'}"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == [
        "LC 02/1990 (GO), nos dados publicados: 12 de 81 distritos atingem o teste de população "
        "da área; atingem todos os testes: 0; não atingem algum: 69; indeterminados: 12.",
        "PLP 137/2015, nos dados publicados: 5 de 81 distritos atingem o teste de população da "
        "área; atingem todos os testes: 0; não atingem algum: 76; indeterminados: 5.",
        "Piso hipotético de 5.000 habitantes, nos dados publicados: 5 de 81 distritos atingem o "
        "teste de população da área; atingem todos os testes: 5; não atingem algum: 76; "
        "indeterminados: 0."]
    assert seen["rulesets"].startswith("lc02-1990-go,plp-137-2015,")


def test_lote_regras_reach_every_study_and_change_the_digest(tmp_path):
    from viabilidade.batch import resume
    from viabilidade.batch.run import run_batch
    from viabilidade.rules.ruleset import portable

    cands = tmp_path / "c"
    cands.mkdir()
    (cands / "a.toml").write_text('operation = "create-municipality"\nname = "Alfa"\n[area]\n'
                                  'districts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n',
                                  encoding="utf-8")
    spec = portable(["plp-137-2015", str(HERE / "rulesets" / "piso-5000.toml")])
    assert spec == ["plp-137-2015", str(HERE / "rulesets" / "piso-5000.toml")]
    res = run_batch([cands], tmp_path / "lote", workers=1, progress=False,
                    study="test_report_other_rules:spy_study", rulesets=spec)
    assert res.records[0]["status"] == "ok"
    assert (tmp_path / "lote" / "regras.log").read_text(encoding="utf-8").strip() == repr(spec)
    kw = dict(settings=None, data_root=None, template=None)
    assert resume.common_digest(**kw) != resume.common_digest(**kw, rulesets=spec)
    with pytest.raises(RulesetError):
        portable("nada")


def spy_study(candidate_path, out_root, *, settings=None, data_root=None, template=None,
              rulesets=None):
    from viabilidade.proposal.candidate import load_candidate

    c = load_candidate(candidate_path)
    folder = Path(out_root) / c.slug
    folder.mkdir(parents=True, exist_ok=True)
    (Path(out_root) / "regras.log").write_text(repr(rulesets) + "\n", encoding="utf-8")
    for k in ("html", "pdf"):
        (folder / f"estudo.{k}").write_text("x", encoding="utf-8")
    return {"slug": c.slug, "name": c.name, "operation": c.operation, "verdict": "indeterminado",
            "rules": {}, "folder": str(folder),
            "files": {k: str(folder / f"estudo.{k}") for k in ("html", "pdf")}}


def test_records_for_resultados_json(posse):
    assert other_rules.records(posse, None) is None
    recs = other_rules.records(posse, "lc02-1990-go,pls-98-2002")
    by = {(r["regras"], r["teste"], r["sujeito"]): r for r in recs}
    assert by[("pls-98-2002", "populacao", "remanescente")]["valor"] == 14187.0
    assert by[("pls-98-2002", "populacao", "remanescente")]["status"] == "pass"
    assert by[("lc02-1990-go", "arrecadacao", "area")]["valor"] is None
    assert by[("pls-98-2002", "nucleo_urbano", "area")]["motivo"].startswith("Requisito documental")
    assert all(r["cod_ibge"] == "5200100" for r in recs)


def test_federal_bills_bring_the_evm_headings_filled_from_the_economic_chapter(posse):
    html = other_rules.section(posse, ["lc02-1990-go", "pls-104-2014"])
    assert "<h3>Estudo de Viabilidade Municipal (projetos federais)</h3>" in html
    row = _row(html, "Viabilidade econômico-financeira")
    assert row[1].startswith("no capítulo “Viabilidade econômico-financeira”: coeficiente")
    assert _row(html, "Viabilidade político-administrativa")[1] == "pendente"
    assert _row(html, "Viabilidade socioambiental e urbana")[1] == "pendente"
    # a state ruleset alone brings no EVM
    assert "Estudo de Viabilidade Municipal" not in other_rules.section(posse, ["lc02-1990-go"])
