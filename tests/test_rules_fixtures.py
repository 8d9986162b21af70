"""Shared builders for the rule tests: the Posse d'Abadia case and small synthetic profiles.

Figures follow what the profile step produces for Posse d'Abadia (district 520010010 of
Abadiânia 5200100): Censo 2022 population 3,045 (published), electors apportioned from
Abadiânia's 10,812 TSE 2022 electors by population share 3,045/17,232 (estimated), buildings
proxied by 1,178 occupied dwellings (estimated), collection unknown.
"""

from __future__ import annotations

from pathlib import Path

from viabilidade.proposal.candidate import Candidate, Evidence
from viabilidade.profile.types import Profile, Territory, UnitProfile
from viabilidade.rules.result import Basis, Figure

CENSO = "IBGE, Censo Demográfico 2022"
TSE = "TSE, eleitorado apto 2022"
ABADIANIA_ELECTORS = 10_812
ABADIANIA_POP = 17_232
POSSE_POP = 3_045


def fig(value, unit, basis=Basis.PUBLISHED, uncertainty=None, source=CENSO, vintage="2022"):
    return Figure(value, unit, basis, source, vintage, uncertainty)


def unit(label, pop, electors, buildings, *, pop_basis=Basis.PUBLISHED, el_basis=Basis.PUBLISHED,
         b_basis=Basis.PUBLISHED, el_unc=None, b_unc=None, collection=None, code=None):
    return UnitProfile(
        label=label, cod_ibge=code,
        population=fig(pop, "habitantes", pop_basis),
        electors=fig(electors, "eleitores", el_basis, el_unc, source=TSE),
        buildings=fig(buildings, "edificações", b_basis, b_unc),
        collection=collection)


def posse_electors() -> float:
    return ABADIANIA_ELECTORS * POSSE_POP / ABADIANIA_POP


def posse_profile(territory: Territory | None = None, state_revenue: Figure | None = None) -> Profile:
    e = posse_electors()
    area = unit("Posse d'Abadia", POSSE_POP, round(e), 1178, el_basis=Basis.ESTIMATED,
                el_unc=round(0.15 * e), b_basis=Basis.ESTIMATED, b_unc=120)
    rem = unit("Abadiânia (remanescente)", ABADIANIA_POP - POSSE_POP, ABADIANIA_ELECTORS - round(e),
               6188 - 1178, el_basis=Basis.ESTIMATED, el_unc=round(0.15 * e),
               b_basis=Basis.ESTIMATED, b_unc=400, code="5200100")
    origin = unit("Abadiânia", ABADIANIA_POP, ABADIANIA_ELECTORS, 6188, b_basis=Basis.ESTIMATED,
                  code="5200100")
    return Profile("create-municipality", area, {"5200100": origin}, {"5200100": rem},
                   state_revenue, territory or Territory())


def candidate(operation="create-municipality", **kw) -> Candidate:
    base = dict(path=Path("posse-dabadia.toml"), slug="posse-dabadia", operation=operation,
                name="Posse d'Abadia", seat="Posse d'Abadia", districts=("520010010",),
                origins=("5200100",))
    base.update(kw)
    return Candidate(**base)


def all_evidence() -> dict[str, Evidence]:
    from viabilidade.proposal.candidate import EVIDENCE_ITEMS
    return {k: Evidence(f"documento {k}", "Posse d'Abadia", f"ofício {i}")
            for i, k in enumerate(EVIDENCE_ITEMS)}


def simple_profile(pop, electors, buildings, *, basis=Basis.PUBLISHED, operation="create-municipality",
                   rem=(14_187, 9_000, 5_000), territory=None, collection=None, state_revenue=None):
    area = unit("Área", pop, electors, buildings, pop_basis=basis, el_basis=basis, b_basis=basis,
                collection=collection)
    r = unit("Origem (remanescente)", *rem, code="5200100")
    o = unit("Origem", rem[0] + (pop or 0), rem[1] + (electors or 0), rem[2] + (buildings or 0),
             code="5200100")
    return Profile(operation, area, {"5200100": o}, {"5200100": r}, state_revenue,
                   territory or Territory())


GOIAS_2022_REVENUE_BRL = (24_248_259 + 2_462_557 + 895_202) * 1000  # IMB Goiás em Dados 2023, tab. 125


def state_revenue_2022() -> Figure:
    return Figure(float(GOIAS_2022_REVENUE_BRL), "BRL", Basis.PUBLISHED,
                  "IMB, Goiás em Dados 2023, tabela 125 (ICMS + IPVA + ITCD)", "2022")




#: Who checks every original in the tests (fictitious).
CHECKER = "Maria Souza, Consultoria Legislativa"


def checked_text(text: str, on: str = "2027-05-30") -> str:
    """A candidate file's text with every act of its record and every evidence item marked as
    checked against its original (``checked_by``/``checked_on`` after each ``document``)."""
    import re

    return re.sub(r'(\ndocument = "[^"\n]*"\n)', rf'\1checked_by = "{CHECKER}"\nchecked_on = {on}\n',
                  text)


def checked_copy(path: Path, folder: Path) -> Path:
    """:func:`checked_text` of the file at ``path``, written in ``folder`` under the same name."""
    out = Path(folder) / Path(path).name
    out.write_text(checked_text(Path(path).read_text(encoding="utf-8")), encoding="utf-8")
    return out


def registered(n: int, checked: bool = True) -> tuple:
    """The record of a Cartório Eleitoral certificate of 12/01/2027 that ``n`` signers of the
    representation are electors registered in the area (art. 2), checked or only declared."""
    import datetime as dt

    from viabilidade.proposal.record import Act, Checked

    return (Act("certidao", dt.date(2027, 1, 12), "Certidão nº 3/2027 — 87ª Zona Eleitoral",
                "cartorio-eleitoral", figures={"registered_signers": n},
                checked=Checked(CHECKER, dt.date(2027, 1, 20)) if checked else None),)


def measured_continuity(analysis, parts: int = 1):
    """``analysis`` with art. 4 III measured: each origin's remainder in ``parts`` pieces.

    Art. 4 § 2 gives III to no body (legal item 1): a creation by whole districts measures it
    on the districts' limits (the tract mesh, test_tracts), which the committed store has not;
    an IBGE statement does not decide it. Tests about the other items put the measurement
    in, as the tract mesh would give it (Abadiânia without Posse d'Abadia: one piece).
    """
    import dataclasses

    from viabilidade.operations import evaluate
    from viabilidade.rules import verdict

    origins = analysis.candidate.origins
    territory = dataclasses.replace(analysis.profile.territory,
                                    remainder_parts={c: parts for c in origins},
                                    remainder_point_touch={c: False for c in origins})
    profile = dataclasses.replace(analysis.profile, territory=territory)
    results = evaluate(analysis.candidate, profile, analysis.settings)
    return dataclasses.replace(analysis, profile=profile, results=results, verdict=verdict(results))
