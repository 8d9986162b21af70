"""Property tests: ``load_candidate`` on random text, random bytes and random TOML documents.

Whatever the file holds, it either loads or raises :class:`CandidateError` (a
``ViabilidadeError``) — never another exception. Fixed seed (``derandomize=True``), bounded
examples, no deadline (CI machines vary; a hang would still stop the run at the per-example
health check).
"""

from __future__ import annotations

import datetime as dt
import math
import string
from pathlib import Path

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from viabilidade.proposal.candidate import Candidate, load_candidate
from viabilidade.errors import CandidateError, ViabilidadeError

FUZZ = settings(derandomize=True, max_examples=200, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def _load(tmp_path: Path, data: bytes):
    p = tmp_path / "fuzz.toml"
    p.write_bytes(data)
    try:
        c = load_candidate(p)
    except ViabilidadeError as e:
        assert isinstance(e, CandidateError)
        assert str(e)  # every error says something
        return None
    assert isinstance(c, Candidate)
    return c


@FUZZ
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=300))
def test_random_text(tmp_path, text):
    _load(tmp_path, text.encode("utf-8"))


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(tmp_path, data):
    _load(tmp_path, data)


TOML_LINES = st.sampled_from([
    'operation = "create-municipality"', 'operation = "fusion"', 'operation = "transfer-area"',
    'operation = "boundary-correction"', 'operation = "create-district"', 'name = "Vila Nova"',
    'name = ""', 'slug = "../../etc"', 'slug = "///"', "[area]", 'districts = ["520010010"]',
    "districts = [520010010]", 'districts = ["93734"]', 'municipalities = ["5200100"]',
    'municipalities = ["5200100", "5200100"]', 'boundary = "nao-existe.geojson"',
    'boundary = "\\u0000"', "[origin]", "[destination]", 'municipality = "5201108"',
    "[seat_point]", "lat = -16.1", "lon = -48.7", "lat = nan", "lon = inf",
    "[special_interest]", "declared = true", 'kind = "tourism"', 'justification = "x"',
    "[process]", "petition_signatures = -1", "[process.plebiscite]", "eligible = 10",
    "turnout = 11", 'date = "31/12/2020"', "date = 2020-12-31", "date = 12:00:00",
    "[fiscal.collection]", "value_brl = nan", "value_brl = -1.0", "value_brl = inf", "year = 3000", "year = 2020",
    'source = "SEFAZ"', "[evidence.escola]", 'what = "x"', 'document = "y"', "[settings]",
    'unknown = "z"', "creation_year = 1989", 'request_date = "2020-02-30"', "x = [1, \"a\"]",
])


@FUZZ
@given(st.lists(TOML_LINES, max_size=25))
def test_random_candidate_like_lines(tmp_path, lines):
    _load(tmp_path, "\n".join(lines).encode("utf-8"))


KEYS = st.sampled_from(["operation", "name", "seat", "slug", "area", "districts", "municipalities",
                        "boundary", "origin", "destination", "municipality", "seat_point", "lat",
                        "lon", "special_interest", "declared", "kind", "justification",
                        "process", "petition_signatures", "plebiscite", "eligible", "turnout",
                        "yes", "no", "date", "fiscal", "collection", "value_brl", "year",
                        "source", "evidence", "escola", "what", "document", "settings",
                        "creation_year", "request_date"]) | st.text(string.ascii_letters, min_size=1,
                                                                      max_size=8)
SCALARS = (st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True)
           | st.text(max_size=20) | st.sampled_from(["5200100", "520010010", "93734",
                                                    "create-municipality", "fusion", "ecological"])
           | st.dates() | st.datetimes() | st.times())
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(KEYS, inner, max_size=5), max_leaves=20)


@FUZZ
@given(st.dictionaries(KEYS, VALUES, max_size=10))
def test_random_documents_serialised_to_toml(tmp_path, doc):
    c = _load(tmp_path, tomli_w.dumps(doc).encode("utf-8"))
    if c is not None:
        assert c.slug and "/" not in c.slug and ".." not in c.slug
        for fig in (c.collection, c.state_tax_revenue, c.value_added_area,
                    c.value_added_origin, c.origin_icms_quota):
            assert fig is None or math.isfinite(fig.value_brl)
        if c.seat_point is not None:
            assert all(math.isfinite(v) for v in c.seat_point)
        if c.request_date is not None:
            assert isinstance(c.request_date, dt.date)
