"""Settings: defaults are the law's values; reduced thresholds follow I-1, I-1b and I-3."""

import dataclasses
from fractions import Fraction

import pytest

from viabilidade.errors import SettingsError
from viabilidade.rules.settings import CHOICES, Settings


def test_defaults_are_the_laws_values():
    s = Settings()
    assert (s.population, s.electors, s.buildings, s.gap_m) == (3000, 1000, 200, 6000)
    assert (s.petition, s.petition_transfer, s.district_buildings, s.district_population) == (100, 50, 100, 1000)
    assert s.revenue_share == 0.0001
    assert (s.reduction_items, s.reduction, s.quorum, s.plebiscite_roll) == (
        "IV,V,VI", "to", "absolute-majority", "federal")


@pytest.mark.parametrize("item, exact, comparator", [
    ("IV", 3000, ">"), ("V", 1000, ">"), ("VI", 200, ">="), ("VII", Fraction(1, 10000), ">")])
def test_full_thresholds(item, exact, comparator):
    th = Settings().threshold(item, reduced=False)
    assert (th.exact, th.comparator, th.reduced) == (exact, comparator, False)


@pytest.mark.parametrize("reduction, item, value, comparator", [
    ("to", "IV", 2000, ">"), ("to", "V", 667, ">="), ("to", "VI", 134, ">="),
    ("by", "IV", 1000, ">"), ("by", "V", 334, ">="), ("by", "VI", 67, ">=")])
def test_reduced_thresholds_round_to_smallest_whole_count(reduction, item, value, comparator):
    th = Settings(reduction=reduction).threshold(item, reduced=True)
    assert (th.value, th.comparator, th.reduced) == (value, comparator, True)


def test_reduction_items_reading_decides_which_items_shrink():
    assert not Settings().threshold("VII", reduced=True).reduced
    assert Settings(reduction_items="IV,V,VI,VII").threshold("VII", reduced=True).exact == Fraction(2, 30000)
    literal = Settings(reduction_items="IV,V,VII")
    assert not literal.threshold("VI", reduced=True).reduced
    assert literal.threshold("VI", reduced=True).value == 200
    assert literal.threshold("VII", reduced=True).exact == Fraction(1, 15000)


def test_unknown_key_names_the_key():
    with pytest.raises(SettingsError, match=r"campo 'settings.quorom': configuração desconhecida 'quorom' \(seria 'quorum'\?\); permitidas: reduction_items"):
        Settings.from_dict({"quorom": "literal"})


def test_bad_choice_lists_the_allowed_values():
    with pytest.raises(SettingsError, match=r"campo 'settings.quorum': encontrado 'half'; esperado um de absolute-majority, literal"):
        Settings.from_dict({"quorum": "half"})


def test_bad_threshold_and_year():
    with pytest.raises(SettingsError, match=r"settings.population': encontrado -1; esperado um número inteiro entre 0 e 100\.000\.000"):
        Settings(population=-1)
    with pytest.raises(SettingsError, match=r"settings.creation_year': encontrado 1980; esperado um ano entre 1990 e 2100"):
        Settings(creation_year=1980)


def test_every_problem_of_a_settings_file_is_reported_at_once(tmp_path):
    f = tmp_path / "s.toml"
    f.write_text('quorum = "maioria"\npopulaton = 2500\npopulation = -3\n', encoding="utf-8")
    with pytest.raises(SettingsError) as e:
        Settings.from_toml(f)
    assert e.value.lines == [
        f"{f}, linha 2, campo 'settings.populaton': configuração desconhecida 'populaton' "
        "(seria 'population'?); "
        "permitidas: " + ", ".join(f.name for f in dataclasses.fields(Settings))
        + " e as tabelas [settings] e [oficios]",
        f"{f}, linha 1, campo 'settings.quorum': encontrado 'maioria'; esperado um de "
        "absolute-majority, literal",
        f"{f}, linha 3, campo 'settings.population': encontrado -3; esperado um número "
        "inteiro entre 0 e 100.000.000"]


def test_round_trip_and_toml(tmp_path):
    s = Settings(quorum="literal", creation_year=2027, origin_special_interest=("5200100",))
    assert Settings.from_dict(s.to_dict()) == s
    f = tmp_path / "s.toml"
    f.write_text('[settings]\nreduction = "by"\npopulation = 2500\n', encoding="utf-8")
    assert Settings.from_toml(f) == Settings(reduction="by", population=2500)
    f.write_text('reduction = "half"\n', encoding="utf-8")
    with pytest.raises(SettingsError, match=r"/s.toml, linha 1, campo 'settings.reduction': encontrado 'half'; esperado um de to, by"):
        Settings.from_toml(f)


def test_alternatives_cover_every_other_reading_once():
    alts = Settings().alternatives()
    expected = sum(len(v) - 1 for v in CHOICES.values())
    assert len(alts) == expected == 9
    changed = [tuple(k for k, v in s.to_dict().items() if v != Settings().to_dict()[k]) for _, s in alts]
    assert all(len(c) == 1 for c in changed) and len(set(map(str, (s for _, s in alts)))) == expected
    assert any(d.startswith("I-8:") for d, _ in alts)


def test_describe_is_portuguese_and_follows_the_settings():
    lines = Settings(quorum="literal").describe()
    assert "I-8: quórum: metade mais um, literal (⌈n/2 + 1⌉)." in lines
    assert any("população > 3.000 habitantes" in line for line in lines)


def test_merge_overrides_only_what_differs_or_is_named():
    cand = Settings.from_dict({"quorum": "literal", "creation_year": 2027}, source="c.toml")
    merged = cand.merge(Settings(reduction="by"))
    assert (merged.quorum, merged.reduction, merged.creation_year) == ("literal", "by", 2027)
    assert cand.merge({"quorum": "absolute-majority"}).quorum == "absolute-majority"
    assert cand.merge(None) is cand
    with pytest.raises(SettingsError, match=r"configuração desconhecida 'quorom'"):
        cand.merge({"quorom": "literal"})
    with pytest.raises(SettingsError, match=r"c.toml, campo 'settings.quorum': encontrado 'x'; esperado um de"):
        Settings.from_dict({"quorum": "x"}, source="c.toml")
