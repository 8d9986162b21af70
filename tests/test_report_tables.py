"""HTML tables: escaping of every input text, traffic-light rule table, provenance."""

from viabilidade.report.writers import tables
from viabilidade.rules.result import Basis, Lean, RuleResult, Status

NBSP = "\u00a0"
SCRIPT = "<script>alert(1)</script>"


def _rule(**kw):
    base = dict(rule_id="art4.IV", title="População de mais de três mil habitantes", status=Status.PASS,
                reason="ok", value=3045, threshold=3000, comparator=">", unit="habitantes",
                margin=45, margin_pct=1.5, basis=Basis.CERTIFIED,
                source="IBGE, Censo Demográfico 2022", vintage="2022-08-01", certifier="IBGE")
    base.update(kw)
    return RuleResult(**base)


def test_rule_table_shows_value_threshold_margin_status_source_certifier():
    html = tables.rule_table([_rule()])
    assert f"3.045{NBSP}habitantes (certificado)" in html
    assert f"mais de 3.000{NBSP}habitantes" in html
    assert f"+45{NBSP}habitantes (+1,50{NBSP}%)" in html
    assert "st-pass" in html and "cumprido" in html
    assert "IBGE, Censo Demográfico 2022, 01/08/2022" in html
    assert "<thead>" in html and 'class="linha-pass"' in html


def test_both_sides_of_a_threshold_get_their_own_status_and_sign():
    below = _rule(value=3000, margin=0, margin_pct=0.0, status=Status.FAIL)
    above = _rule(value=3001, margin=1, margin_pct=0.0333, status=Status.PASS)
    html = tables.rule_table([below, above])
    assert 'class="linha-fail"' in html and "não cumprido" in html
    assert f"+1{NBSP}habitantes" in html
    assert f"0{NBSP}habitantes (0,00{NBSP}%)" in html  # zero margin has no sign


def test_indeterminate_with_lean():
    r = _rule(rule_id="art4.V", status=Status.INDETERMINATE, lean=Lean.LIKELY_FAIL,
              basis=Basis.ESTIMATED, value=900, margin=-100, margin_pct=-10.0, unit="eleitores")
    html = tables.rule_table([r], compact=True)
    assert "indeterminado (provável não atendimento)" in html
    # an estimate's margin: no percentage to 0,01 % (legal review 3, finding 4)
    assert f"\u2212100{NBSP}eleitores" in html and "10,00" not in html
    assert "Quem comprova" not in html  # compact leaves source and certifier out


def test_every_input_text_is_escaped():
    r = _rule(title=SCRIPT, reason=SCRIPT, subject=SCRIPT, source=SCRIPT, certifier=SCRIPT,
              rule_id=SCRIPT)
    html = tables.rule_table([r])
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    kv = tables.key_values([(SCRIPT, SCRIPT)])
    assert "<script>" not in kv
    plain = tables.table([SCRIPT], [[SCRIPT]], caption=SCRIPT)
    assert "<script>" not in plain and plain.count("&lt;script&gt;") == 3


def test_html_values_are_not_escaped_twice():
    out = tables.table(["a"], [[tables.Html("<b>x</b>")], ["<b>y</b>"]])
    assert "<b>x</b>" in out and "&lt;b&gt;y&lt;/b&gt;" in out


def test_provenance_table_has_one_row_per_file_with_sha256():
    prov = [{"table": "districts", "source": "IBGE, Censo 2022", "publisher": "IBGE", "vintage": "2022",
             "files": [{"path": "census/a.csv", "sha256": "a" * 64}, {"path": "census/b.csv", "sha256": "b" * 64}]},
            {"table": "electorate", "source": SCRIPT}]
    html = tables.provenance_table(prov)
    assert html.count("<tr>") == 4  # header + 3 rows
    assert "IBGE — IBGE, Censo 2022" in html
    assert "a" * 64 in html and "census/b.csv" in html
    assert "<script>" not in html


def test_rule_table_cites_the_provision_not_the_rule_id():
    plain = tables.rule_table([_rule(article="LC 02/1990, art. 4º, IV")])
    assert "<th>Dispositivo</th>" in plain and '<td class="id">Art. 4º, IV</td>' in plain
    assert "art4.IV" not in plain and "Regra:" not in plain
    html = tables.rule_table([_rule(rule_id="art7.par1"), _rule(rule_id="art10.sole")])
    assert '<td class="id">Art. 7º, § 1º</td>' in html
    assert '<td class="id">Art. 10, parágrafo único</td>' in html and "sole" not in html


def test_an_upper_bound_reads_as_one_not_as_a_measurement():
    from viabilidade.report.writers.tables import value_text
    from viabilidade.rules.result import Basis, RuleResult, Status

    # from the seat point: printed to the 10 m (details["precisao"], issue 22)
    r = RuleResult("art4.II", "Distância", Status.INDETERMINATE, "só limite", value=12753.88,
                   threshold=6000, comparator=">=", unit="m", basis=Basis.MEASURED,
                   details={"limite_superior_m": 12753.88, "precisao": 10.0})
    assert value_text(r).replace("\u00a0", " ") == "no máximo 12.750 m (12,75 km)"
    measured = RuleResult("art4.II", "Distância", Status.PASS, "medida", value=12753.88,
                          threshold=6000, comparator=">=", unit="m", basis=Basis.MEASURED,
                          details={"precisao": 1.0})
    assert value_text(measured).replace("\u00a0", " ") == "12.754 m (12,75 km) (medido)"
    # a value without a step (a certificate) prints as given
    given = RuleResult("art4.II", "Distância", Status.PASS, "certidão", value=12753.88,
                       threshold=6000, comparator=">=", unit="m", basis=Basis.CERTIFIED)
    assert value_text(given).replace("\u00a0", " ") == "12.753,88 m (12,75 km) (certificado)"


def test_an_estimates_margin_carries_its_uncertainty_and_no_percentage():
    # legal review 3, finding 4: "+1.229 eleitores (+122,90 %)" on 2.229 ± 474
    r = _rule(rule_id="art4.V", status=Status.INDETERMINATE, lean=Lean.LIKELY_PASS,
              basis=Basis.ESTIMATED, value=2229, threshold=1000, margin=1229, margin_pct=122.9,
              unit="eleitores", details={"incerteza": 474.0})
    assert tables.margin_text(r) == f"+1.229 ± 474{NBSP}eleitores"
    # a published value keeps its percentage
    p = _rule(basis=Basis.PUBLISHED, value=3045, margin=45, margin_pct=1.5)
    assert tables.margin_text(p) == f"+45{NBSP}habitantes (+1,50{NBSP}%)"


def test_an_estimate_is_printed_with_its_uncertainty_and_what_it_counts():
    """Final legal read, item 17: the district study's Quadro 1 read "655 edificações
    (estimado)", without its ± 851 and without saying that the count is the whole district's
    while art. 17, I asks about the seat."""
    from pathlib import Path

    from viabilidade.profile.analysis import analyse

    root = Path(__file__).resolve().parents[1]
    a = analyse(root / "tests" / "fixtures" / "distrito-posse-dabadia.toml", alternatives=False)
    i, ii = a.result("art17.I"), a.result("art17.II")
    # its margin of error exceeds it: no range below zero (legal11 M9)
    assert tables.value_text(i) == ("655\xa0edificações (entre 0 e 1.506; margem de erro maior "
                                    "que o valor) (estimado; todo o território do distrito, não a "
                                    "sede indicada)")
    assert tables.value_text(ii) == "1.692 ± 1.353\xa0habitantes (estimado)"
    assert i.status == Status.INDETERMINATE and "não decide o requisito" in i.reason
    # a published or certified figure has no ±
    published = _rule(value=3045, threshold=3000, unit="habitantes", basis=Basis.PUBLISHED,
                      details={"incerteza": 10})
    assert tables.value_text(published) == "3.045\xa0habitantes (publicado)"
