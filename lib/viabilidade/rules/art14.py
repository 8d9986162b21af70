"""Art. 14 — the new municipality's share of its origin's ICMS quota in the year of creation
and the two following fiscal years: value added in the area / value added of the whole origin
(area included). § 1: the last definitive value added published the year before creation.
§ 2: at least 80 % of that money spent in the area until installation."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from ..proposal.candidate import MoneyFigure
from ..errors import CandidateError

MIN_SPEND_IN_AREA = Decimal("0.80")
#: The note of an exercise from the installation on: § 2's minimum is not filled.
INSTALLED_NOTE = ("município instalado: a parcela é receita própria do novo município; o "
                  "mínimo de 80 % do § 2º vale só até a instalação")


@dataclass(frozen=True)
class IcmsShare:
    """Result of the art. 14 computation.

    Attributes
    ----------
    share : float or None
        Value added of the area / value added of the origin (0–1); ``None`` when missing.
    percentage : float or None
        ``100 × share``, rounded to 4 decimals (the percentage the creation law states).
    table : list of dict
        One row per fiscal year (creation year and the two following): ``ano``,
        ``cota_origem_brl`` (origin's ICMS quota that year, when given), ``parcela_brl``
        (share × quota), ``minimo_na_area_brl`` (80 % of it, § 2), ``nota``.
    missing : list of str
        Portuguese names of the figures still needed.
    reason : str
        Portuguese explanation.
    """

    share: float | None
    percentage: float | None
    table: list[dict] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    reason: str = ""


def _d(m: MoneyFigure) -> Decimal:
    return Decimal(repr(m.value_brl))


def icms_share(value_added_area: MoneyFigure | None, value_added_origin: MoneyFigure | None,
               origin_icms_quota: MoneyFigure | None, creation: int) -> IcmsShare:
    """Compute the art. 14 share and its three-year table.

    Parameters
    ----------
    value_added_area, value_added_origin : MoneyFigure or None
        Value added (BRL, with its base year) of taxpayers in the area, and of the whole origin
        with the area included (SEFAZ-GO, last definitive figure published the year before
        creation, § 1).
    origin_icms_quota : MoneyFigure or None
        The origin's ICMS quota (BRL) for one fiscal year; amounts are shown only for that year.
    creation : int
        Year of the creation law.
        From the year of installation on (1 January after the next municipal election, art.
        9; :func:`viabilidade.rules.calendar.installation_date`) the share is the new
        municipality's own revenue, and § 2's minimum in the area (kept by the origin until
        installation) is not filled (:data:`INSTALLED_NOTE`).

    Raises
    ------
    CandidateError
        If the area's value added exceeds the origin's (which includes it), the origin's is 0,
        or the two value-added figures are of different years (field ``fiscal.*``).
    """
    missing = []
    if value_added_area is None:
        missing.append("valor adicionado da área (Secretaria de Estado da Economia de Goiás)")
    if value_added_origin is None:
        missing.append("valor adicionado do município de origem, área incluída (Secretaria de Estado da Economia de Goiás)")
    from .calendar import installation_date, is_election_year

    years = [creation, creation + 1, creation + 2]
    installation = None if is_election_year(creation) else installation_date(creation).year
    if missing:
        table = [{"ano": y, "cota_origem_brl": None, "parcela_brl": None, "minimo_na_area_brl": None,
                  "nota": "sem percentual"} for y in years]
        return IcmsShare(None, None, table, missing,
                         "Percentual do ICMS não calculável: faltam " + " e ".join(missing) + ".")
    a, o = _d(value_added_area), _d(value_added_origin)
    if o <= 0:
        raise CandidateError(f"encontrado {o}; esperado um valor adicionado da origem > 0 (R$)",
                             field="fiscal.value_added_origin")
    if a > o:
        raise CandidateError(f"o valor adicionado da área (R$ {a}) excede o da origem (R$ {o}); "
                             "esperado o da origem incluindo a área (art. 14)", field="fiscal.value_added_area")
    if value_added_area.year != value_added_origin.year:
        raise CandidateError(f"o valor adicionado da área é de {value_added_area.year}, mas o da "
                             f"origem é de {value_added_origin.year}; esperado um mesmo ano-base "
                             "(art. 14)",
                             field="fiscal.value_added_area.year")
    share = a / o
    notes = []
    if value_added_area.year >= creation:
        notes.append(f"o valor adicionado de {value_added_area.year} não pode ter sido publicado no ano "
                     f"anterior à criação ({creation - 1}), como exige o § 1º")
    table = []
    for y in years:
        q = origin_icms_quota if origin_icms_quota is not None and origin_icms_quota.year == y else None
        if q is None:
            row = {"ano": y, "cota_origem_brl": None, "parcela_brl": None, "minimo_na_area_brl": None,
                   "nota": f"cota do ICMS da origem em {y} não informada"}
        else:
            part = (share * _d(q)).quantize(Decimal("0.01"))
            installed = installation is not None and y >= installation
            row = {"ano": y, "cota_origem_brl": float(_d(q)), "parcela_brl": float(part),
                   "minimo_na_area_brl": None if installed else
                   float((part * MIN_SPEND_IN_AREA).quantize(Decimal("0.01"))),
                   "nota": INSTALLED_NOTE if installed else ""}
        table.append(row)
    if origin_icms_quota is None:
        missing.append("cota do ICMS do município de origem (Secretaria de Estado da Economia de Goiás)")
    elif origin_icms_quota.year not in years:
        notes.append(f"a cota informada é de {origin_icms_quota.year}, fora de {years[0]}–{years[-1]}")
    pct = float(round(share * 100, 4))
    reason = (f"Participação de {pct:.4f} % ".replace(".", ",") +
              f"na parcela do ICMS da origem em {years[0]}, {years[1]} e {years[2]} (valor adicionado de "
              f"{value_added_area.year}); até a instalação, no mínimo 80 % aplicados na área (§ 2º).")
    if notes:
        reason += " Atenção: " + "; ".join(notes) + "."
    return IcmsShare(float(share), pct, table, missing, reason)
