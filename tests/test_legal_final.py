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
    assert threshold_text(art2(candidate(), S)) == "no mínimo 100 eleitores inscritos na área"
    for n, status in ((99, Status.FAIL), (100, Status.PASS)):
        r = art2(candidate(petition_signatures=n, petition_document="Representação nº 1/2027",
                           petition_date=dt.date(2027, 1, 8), events=registered(n)), S)
        assert r.status == status
        assert threshold_text(r) == "no mínimo 100 eleitores inscritos na área"
    r = par1(candidate("transfer-area"), S)
    assert threshold_text(r) == ("no mínimo 50 eleitores inscritos no município, residentes e "
                                 "domiciliados na área")
