"""The money of one candidate (the study's chapter "Viabilidade econômico-financeira") and
the statewide FPM dilution of the screening.

Built from :mod:`.fpm`, :mod:`.icms`, :mod:`.legislature` and :mod:`.minimums` with the
store's published figures: the TCU's Goiás pool (``fpm_interior``), the Censo 2022
population carried by the profile, and the state's ICMS revenue (``state_revenue``). Every
figure keeps its basis: ``publicado`` for a published table, ``certificado`` for a
certificate the user entered, ``estimado`` for anything computed by assumption.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from ..common.text import and_list, collation_key
from ..rules.common import fmt
from ..rules.result import Basis, Figure
from . import fpm, icms, legislature, minimums, paid

#: The TCU figures the chapter uses (the store's ``fpm_interior`` items, Goiás).
POOL_ITEMS = {"participacao_estado_fpm_interior": "state_share_percent",
              "soma_coeficientes_fpm_interior": "total",
              "n_municipios_fpm_interior": "municipalities",
              "soma_populacao_fpm_interior": "population"}

#: How the bracket coefficient of an existing municipality is described (its TCU
#: coefficient may be higher: LC 198/2023).
BRACKET_NOTE = ("os da faixa de população do Censo 2022 (CTN, art. 91, § 2º; DL 1.881/1981); "
                "o coeficiente efetivo do TCU pode ser maior quando mantido pelo art. 5º-A da "
                "LC nº 91/1997 (LC nº 198/2023)")


@dataclass(frozen=True)
class Pool:
    """The state's FPM-Interior pool as the TCU published it for one exercise.

    Attributes
    ----------
    year : int
    state_share_percent : float
        Goiás's % of the national FPM-Interior (2023: 3,7318).
    total : float
        Sum of the interior coefficients of Goiás (2023: 254,8).
    municipalities : int
        Interior municipalities (2023: 245; Goiânia is a capital).
    population : int
        Population the TCU used (2023: 5.621.806).
    source : str
    url : str
    """

    year: int
    state_share_percent: float
    total: float
    municipalities: int
    population: int
    source: str
    url: str


def pool(store, uf: str = "GO", year: int | None = None) -> Pool | None:
    """The TCU's published pool of ``uf`` (latest exercise by default) from the store's
    ``fpm_interior`` table; ``None`` when the store lacks it."""
    t = getattr(store, "fpm_interior", None) if store is not None else None
    if t is None:
        return None
    t = t[t["uf"] == uf]
    if year is None and len(t):
        year = int(t["ano"].max())
    t = t[t["ano"] == year].set_index("item")
    if not set(POOL_ITEMS) <= set(t.index):
        return None
    v = {attr: t.loc[item, "valor"] for item, attr in POOL_ITEMS.items()}
    return Pool(int(year), float(v["state_share_percent"]), float(v["total"]),
                int(v["municipalities"]), int(v["population"]),
                str(t.loc["soma_coeficientes_fpm_interior", "fonte"]),
                str(t.loc["soma_coeficientes_fpm_interior", "url"]))


@dataclass(frozen=True)
class Coefficient:
    """One territory's FPM-Interior coefficient before or after the operation.

    Attributes
    ----------
    label, cod_ibge : str
    population : Figure
    coefficient : float or None
        Bracket coefficient; ``None`` when the population is unknown; 0 for a territory that
        stops existing (each fused municipality after a fusion).
    bracket : str
        The bracket in the law's words (``"mais de 10.188 até 13.584 habitantes"``).
    share : float or None
        Fraction of the state pool (``coefficient / total``) with the sum before or after.
    """

    label: str
    cod_ibge: str | None
    population: Figure | None
    coefficient: float | None
    bracket: str
    share: float | None


def _coef(label, code, pop: Figure | None, total: float | None) -> Coefficient:
    if pop is None or pop.value is None:
        return Coefficient(label, code, pop, None, "", None)
    b = fpm.bracket(int(round(pop.value)))
    c = float(b.coefficient)
    return Coefficient(label, code, pop, c, b.words(), None if not total else fpm.pool_share(c, total))


@dataclass(frozen=True)
class Obligation:
    """A mandatory spending rule: what, the law, the % and the amount on a known base."""

    what: str
    law: str
    percent: float
    base: str
    amount_brl: float | None = None


@dataclass
class Economy:
    """Everything the chapter prints for one candidate.

    Attributes
    ----------
    kind : {"creation", "fusion"}
    pool : Pool or None
    new : Coefficient
        The new (or fused) municipality, its share computed with the sum after.
    before, after : list of Coefficient
        The origins before (share with the sum before) and what remains after (share with the
        sum after); a fusion's ``after`` is empty.
    delta : float or None
        Net change of the state's sum of coefficients.
    others_loss : float or None
        Fraction of its FPM-Interior quota every other interior municipality loses
        (negative: gains), :func:`viabilidade.fiscal.fpm.dilution`.
    icms_year : int or None
        Year of the state's ICMS revenue used for the amounts.
    icms_brl : float or None
        The state's ICMS gross revenue that year (publicado).
    icms_source : str
    equal_part : float
        The new municipality's equal part, fraction of the municipalities' 25 %.
    equal_part_brl : float or None
        Its amount on ``icms_brl`` (estimado, by excess).
    equal_loss : float
        Fraction of its equal part each existing municipality loses (negative: gains).
    art14_share : float or None
        Value-added share of art. 14 (area / origin) and ``art14_basis``,
        ``art14_method`` (Portuguese), ``art14_years``.
    art14_quota : list of (year, origin quota BRL or None, part BRL or None)
    own_revenue : MoneyFigure or None
    revenue_base_brl : float or None
        The part of the first year's revenue known (own revenue + ICMS equal part + art. 14
        part), estimado; ``None`` when nothing is known in reais.
    obligations : list of Obligation
    reserve : list of str
        Portuguese notes on the FPM reserve (territories above 142.633 inhabitants).
    point : paid.PointValue or None
        One coefficient point's year in reais (:func:`point_value`); ``None`` when the
        store lacks the Tesouro's tables.
    money : dict
        The FPM in reais per year, gross, estimated on ``point`` (:func:`_money`): ``novo``,
        ``origens`` (a creation: code -> (name, coefficient before, after, amount before,
        after) of each origin and its remainder),
        ``por_ponto`` (what each other municipality loses per point), ``menor`` and ``mediano``
        ``fundidos_antes`` (a fusion: what the fused municipalities received together),
        (``(name, population, coefficient, loss)`` of the smallest and the median other
        interior municipality by population; the lower of the two middle ones when their
        number is even), ``pago`` (the origins whose coefficient paid
        by the Tesouro differs from their bracket's: code -> (name, bracket, paid, month));
        empty without ``point``.
    installation : int or None
        Year the new (or fused) municipality would be installed, 1 January (art. 9;
        :func:`viabilidade.rules.calendar.installation_date`): from then on the FPM and the
        ICMS equal part are its own; ``None`` when the creation year is an election year.
    undated : str
        :func:`viabilidade.rules.calendar.undated`'s words when the creation law and what
        follows have no year (``UNDATED`` after a void plebiscite; ``UNDATED_BARRED`` for a
        barred creation with no plebiscite, whose years this chapter keeps as a stated
        hypothesis), else ``""``.
    sources : list of str
        Every source and year the chapter uses, for the closing note.
    """

    kind: str
    pool: Pool | None
    new: Coefficient
    before: list[Coefficient]
    after: list[Coefficient]
    delta: float | None
    others_loss: float | None
    icms_year: int | None
    icms_brl: float | None
    icms_source: str
    equal_part: float
    equal_part_brl: float | None
    equal_loss: float
    art14_share: float | None = None
    art14_basis: Basis | None = None
    art14_method: str = ""
    art14_years: tuple[int, ...] = ()
    art14_quota: list = field(default_factory=list)
    own_revenue: object = None
    revenue_base_brl: float | None = None
    obligations: list[Obligation] = field(default_factory=list)
    reserve: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    point: paid.PointValue | None = None
    money: dict = field(default_factory=dict)
    installation: int | None = None
    undated: str = ""


def paid_coefficients(store) -> pd.DataFrame | None:
    """The coefficient the Tesouro paid each interior municipality beside its bracket's
    (:func:`viabilidade.fiscal.paid.paid_coefficients`, March 2023: 210 of 245 agree);
    ``None`` when the store lacks ``fpm_credits``."""
    credits = getattr(store, "fpm_credits", None) if store is not None else None
    if credits is None:
        return None
    return paid.paid_coefficients(credits, store.municipalities)


def paid_differences(paid_table, coefficients) -> dict[str, tuple[float, str]]:
    """The coefficient the Tesouro paid each municipality, with its month, where it differs
    from the bracket's.

    Parameters
    ----------
    paid_table : pandas.DataFrame or None
        :func:`paid_coefficients` of the store (``cod_ibge``, ``pago``; ``attrs["month"]``).
    coefficients : iterable of (str, float or None)
        ``(cod_ibge, bracket coefficient)``; an unknown coefficient is compared as 0.

    Returns
    -------
    dict
        ``{cod_ibge: (paid coefficient, month)}`` for each code in the table whose paid
        coefficient differs from the bracket's by more than 10⁻⁹; empty without a table.
    """
    if paid_table is None:
        return {}
    by_code = paid_table.set_index("cod_ibge")["pago"]
    return {code: (float(by_code[code]), paid_table.attrs["month"])
            for code, coef in coefficients
            if code in by_code.index and abs(float(by_code[code]) - (coef or 0)) > 1e-9}


def point_value(store, total: float, table=None) -> paid.PointValue | None:
    """One coefficient point's year of FPM-Interior in Goiás, from the store's Tesouro tables
    (:func:`viabilidade.fiscal.paid.point_value`), over the sum ``total``; ``None`` when the
    store lacks ``fpm_monthly`` or ``fpm_credits`` (built without those raw files). ``table``
    is :func:`paid_coefficients` of the store when the caller already has it."""
    monthly = getattr(store, "fpm_monthly", None) if store is not None else None
    table = paid_coefficients(store) if table is None else table
    if monthly is None or table is None:
        return None
    return paid.point_value(monthly, table, total)


def _money(point, paid_table, store, new, before, after, total, total_after, others_loss) -> dict:
    """The FPM in reais per year (gross, :class:`Economy` ``money``)."""
    if point is None or total_after is None or new.coefficient is None:
        return {}
    out = {"novo": point.amount(new.coefficient, total_after)}
    rest = {x.cod_ibge: x for x in after}
    out["origens"] = {b.cod_ibge: (b.label, b.coefficient, rest[b.cod_ibge].coefficient,
                                   point.amount(b.coefficient, total),
                                   point.amount(rest[b.cod_ibge].coefficient, total_after))
                      for b in before if b.cod_ibge in rest and b.coefficient is not None
                      and rest[b.cod_ibge].coefficient is not None}
    if not after and all(b.coefficient is not None for b in before):  # a fusion
        out["fundidos_antes"] = sum(point.amount(b.coefficient, total) for b in before)
    out["por_ponto"] = point.gross * others_loss
    if paid_table is not None:
        differs = paid_differences(paid_table, ((b.cod_ibge, b.coefficient) for b in before))
        out["pago"] = {b.cod_ibge: (b.label, b.coefficient, *differs[b.cod_ibge])
                       for b in before if b.cod_ibge in differs}
    t = fpm.interior_coefficients(store.municipalities)
    t = t[~t["cod_ibge"].isin([b.cod_ibge for b in before])].sort_values(
        ["populacao", "cod_ibge"]).reset_index(drop=True)
    for key, row in (("menor", t.iloc[0]), ("mediano", t.iloc[(len(t) - 1) // 2])):
        out[key] = (str(row["nome"]), int(row["populacao"]), float(row["coeficiente"]),
                    float(row["coeficiente"]) * out["por_ponto"])
    return out


def _latest_icms(store) -> tuple[int | None, float | None, str]:
    """Latest year of the state's ICMS revenue in the store, IMB preferred to SEFAZ-GO."""
    t = getattr(store, "state_revenue", None) if store is not None else None
    if t is None:
        return None, None, ""
    from ..data import sources as revenue   # the names only, not the reader (pandera)

    t = t[t["tributo"] == "ICMS"]
    if not len(t):
        return None, None, ""
    year = int(t["ano"].max())
    part = t[t["ano"] == year]
    for fonte in (revenue.FONTE_IMB_125, revenue.FONTE_SEFAZ):
        row = part[part["fonte"] == fonte]
        if len(row):
            return year, float(row["valor_brl"].iloc[0]), fonte
    return None, None, ""


def _population_basis(f: Figure) -> str:
    """Where a population figure comes from, for art. 14's method: ``"Censo 2022"``, or its
    document and how far it is proven (legal8 m4: the method said "Censo 2022" while the
    certified file's 3.102 inhabitants come from a declared IBGE letter)."""
    from ..rules.result import simulated_note

    if Basis(f.basis) == Basis.PUBLISHED and "Censo Demográfico 2022" in (f.source or ""):
        return "Censo 2022"
    from ..rules.result import BASIS_WORDS

    # one set of words for a basis (rules.result.BASIS_WORDS): a drawn area's estimate
    # printed the raw 'estimated' (CI, 20:13)
    proof = ("hipótese da simulação" if simulated_note(f.note) else
             BASIS_WORDS.get(Basis(f.basis), str(Basis(f.basis))))
    return f"{f.source}, {proof}"


def _populations(area: Figure, origin: Figure) -> str:
    """``"Censo 2022"`` when both figures are the Censo's, else each figure with its basis:
    ``"área: 3.102 habitantes, IBGE, Ofício nº 101/2027 …, hipótese da simulação; origem:
    17.232 habitantes, Censo 2022"``."""
    a, o = _population_basis(area), _population_basis(origin)
    if a == o == "Censo 2022":
        return a
    return (f"área: {fmt(int(round(area.value)))} habitantes, {a}; origem: "
            f"{fmt(int(round(origin.value)))} habitantes, {o}")


def _art14(analysis, years) -> tuple[float | None, Basis | None, str, list]:
    """Art. 14's share: SEFAZ-GO's value added when the candidate has it, else estimated by
    population (:func:`viabilidade.fiscal.icms.value_added_share_by_population`)."""
    from ..rules import art14

    c, p = analysis.candidate, analysis.profile
    if c.value_added_area is not None and c.value_added_origin is not None:
        s = art14.icms_share(c.value_added_area, c.value_added_origin, c.origin_icms_quota, years[0])
        certified = c.value_added_area.certificate and c.value_added_origin.certificate
        basis = Basis.CERTIFIED if certified else Basis.PUBLISHED
        method = (f"valor adicionado da área sobre o da origem, área incluída (art. 14), ano-base "
                  f"{c.value_added_area.year}: {c.value_added_area.source}")
        quota = [(r["ano"], r["cota_origem_brl"], r["parcela_brl"]) for r in s.table]
        return s.share, basis, method, quota
    none = (None, None, "", [(y, None, None) for y in years])
    if len(p.origins) != 1:
        # art. 14 gives a share of each origin's quota; by population it would be each
        # origin's part, which the figures of several origins do not separate reliably
        return none if not p.origins else (
            None, None, "com mais de um município de origem, a participação do art. 14 é "
            "uma por origem e depende do valor adicionado de cada parte da área, que só a "
            "Secretaria de Estado da Economia pode certificar", none[3])
    origin = next(iter(p.origins.values()))
    a, o = p.area.population, origin.population
    if a is None or o is None or a.value is None or not o.value:
        return none
    share = icms.value_added_share_by_population(int(round(a.value)), int(round(o.value)))
    method = (f"estimado pela participação da área na população da origem ({_populations(a, o)}), sem "
              "certidão do valor adicionado da Secretaria de Estado da Economia de Goiás: supõe "
              "o mesmo valor adicionado por habitante na área e no restante do município. O PIB "
              "municipal do IBGE não desce ao distrito e não tem, nos dados disponíveis, a "
              "divisão por setor; a participação real pode ser muito diferente (a sede concentra "
              "o comércio; um distrito rural pode abrigar uma agroindústria). Vale o valor "
              "adicionado certificado pela Secretaria de Estado da Economia (art. 14, § 1º).")
    quota = []
    for y in years:
        q = c.origin_icms_quota if c.origin_icms_quota is not None and c.origin_icms_quota.year == y else None
        quota.append((y, q.value_brl if q else None, round(share * q.value_brl, 2) if q else None))
    return share, Basis.ESTIMATED, method, quota


def economy(analysis, store) -> Economy:
    """The economic and financial picture of a creation or a fusion.

    Parameters
    ----------
    analysis : Analysis
        Its profile gives the populations (area, origins, remainders); its candidate the
        ``[fiscal]`` figures (value added, the origin's ICMS quota, own revenue).
    store : Store or None
        For the TCU pool (``fpm_interior``) and the ICMS revenue (``state_revenue``).

    Returns
    -------
    Economy

    Notes
    -----
    Creation: the sum of coefficients changes by the new coefficient plus the origin's
    change (its remainder may drop a bracket). Fusion: by the fused municipality's
    coefficient minus the fused ones' (two at 0,6 become one 0,6: −0,6). Equal parts of the
    ICMS: 246 → 247 (creation) or 246 → 247 − n (fusion of n). Sources: CTN art. 91 and DL
    1.881/1981; LC 91/1997 art. 5º-A (LC 198/2023); TCU DN 2023; CF art. 158, IV; LC
    estadual 177/2022 art. 2º; LC 02/1990 art. 14; CF arts. 29, VI–VII, 29-A, 212; LC
    141/2012 art. 7º.
    """
    from ..rules import calendar

    from ..operations import operation_of

    c, p = analysis.candidate, analysis.profile
    merges = operation_of(c).merges
    pl = pool(store)
    total = pl.total if pl else None
    before = [_coef(u.label, code, u.population, total) for code, u in p.origins.items()]
    after = [] if merges else [_coef(u.label, code, u.population, None)
                               for code, u in p.remainders.items()]
    new = _coef(p.area.label, None, p.area.population, None)
    coefs = [x.coefficient for x in (new, *before, *after)]
    delta = None
    if None not in coefs:
        delta = new.coefficient + sum(x.coefficient for x in after) - sum(x.coefficient for x in before)
    total_after = total + delta if total is not None and delta is not None else None
    if total_after:
        new = Coefficient(new.label, None, new.population, new.coefficient, new.bracket,
                          fpm.pool_share(new.coefficient, total_after))
        after = [Coefficient(x.label, x.cod_ibge, x.population, x.coefficient, x.bracket,
                             fpm.pool_share(x.coefficient, total_after)) for x in after]
    others_loss = fpm.dilution(total, delta) if total_after else None
    paid_table = paid_coefficients(store)  # once: the point's value and the paid comparison
    point = point_value(store, total, paid_table) if total else None

    n_new = 1 - len(before) if merges else 1
    year, icms_brl, icms_source = _latest_icms(store)
    eq = icms.equal_part(icms.MUNICIPALITIES + n_new)
    eq_brl = icms.municipal_quota(icms_brl) * eq if icms_brl else None

    creation, _ = calendar.creation_year(c, analysis.settings)
    years = (creation, creation + 1, creation + 2)
    # no installation year in an election year, nor after a void plebiscite (final legal
    # read, item 5: calendar.undated); a barred creation with no plebiscite keeps the year the
    # chapter states as a hypothesis ("na hipótese de a lei de criação ser de …, lei hoje
    # vedada"), for the revenues' dates
    undated = calendar.undated(c, analysis.settings, operation_of(c).barred)
    installation = (None if calendar.is_election_year(creation) or undated == calendar.UNDATED
                    else calendar.installation_date(creation).year)
    share, basis, method, quota = (None, None, "", []) if merges else _art14(analysis, years)

    own = c.own_revenue
    # The known part of the revenue, a floor: the user's own revenue, the new municipality's
    # equal ICMS share (a fusion's too: the fused municipality receives one), art. 14's
    # share and the estimated FPM (gross: the FUNDEB retention is part of the base); the rest of a fusion's revenue (the fused municipalities' other shares) is not
    # known here.
    money = _money(point, paid_table, store, new, before, after, total, total_after, others_loss)
    known = [v for v in (own.value_brl if own else None, eq_brl,
                         quota[0][2] if quota else None, money.get("novo")) if v]
    base_brl = sum(known) if known else None
    pop = int(round(p.area.population.value)) if p.area.population and p.area.population.value else 0
    cam, pay = legislature.camara_cap(pop), legislature.councillor_pay_cap(pop)
    base_words = ("da receita tributária e transferências dos arts. 153, § 5º, 158 e 159 da "
                  "Constituição, realizadas no exercício anterior")
    tax_words = "da receita de impostos, compreendidas as transferências"

    def amount(pct):
        return None if base_brl is None else round(base_brl * float(pct) / 100, 2)

    obligations = [
        Obligation("Despesa total da Câmara Municipal",
                   f"CF, art. 29-A, {cam.item}", float(cam.percent), base_words, amount(cam.percent)),
        Obligation("Folha de pagamento da Câmara, subsídios dos Vereadores incluídos",
                   "CF, art. 29-A, § 1º", float(legislature.PAYROLL_PERCENT),
                   "da receita da Câmara",
                   None if amount(cam.percent) is None
                   else round(amount(cam.percent) * float(legislature.PAYROLL_PERCENT) / 100, 2)),
        Obligation("Subsídio de cada Vereador (teto)", f"CF, art. 29, VI, {pay.item}",
                   float(pay.percent), "do subsídio dos Deputados Estaduais"),
        Obligation("Remuneração total dos Vereadores", "CF, art. 29, VII",
                   float(legislature.TOTAL_PAY_PERCENT), "da receita do Município",
                   amount(legislature.TOTAL_PAY_PERCENT)),
        Obligation("Manutenção e desenvolvimento do ensino (mínimo)", "CF, art. 212",
                   float(minimums.EDUCATION_PERCENT), tax_words, amount(minimums.EDUCATION_PERCENT)),
        Obligation("Ações e serviços públicos de saúde (mínimo)", "LC 141/2012, art. 7º",
                   float(minimums.HEALTH_PERCENT), tax_words, amount(minimums.HEALTH_PERCENT)),
    ]

    reserve = []
    for x in (*before, *after, new):
        if x.population is not None and x.population.value and x.population.value > fpm.RESERVE_ABOVE:
            reserve.append(f"{x.label} tem mais de {fmt(fpm.RESERVE_ABOVE)} habitantes e participa também da "
                           "reserva do FPM (DL 1.881/1981), não calculada aqui.")

    sources = ["Coeficientes do FPM-Interior: CTN, art. 91, § 2º (Decreto-Lei nº 1.881/1981); "
               "manutenção: LC nº 91/1997, art. 5º-A (LC nº 198/2023)"]
    if pl:
        from ..common.numbers import decimal

        pct_txt = decimal(pl.state_share_percent, 1, 4, minus="-")
        sum_txt = decimal(pl.total, 1, minus="-")
        sources.append(f"{pl.source}: Anexos VI e VIII (Goiás: {pct_txt}\u00a0% do "
                       f"FPM-Interior; soma dos coeficientes {sum_txt}; {pl.municipalities} "
                       "municípios)")
    sources.append("População: IBGE, Censo Demográfico 2022")
    if icms_brl:
        sources.append(f"ICMS de Goiás em {year}: {icms_source}")
    sources.append("Repartição do ICMS: CF, art. 158, IV; LC estadual nº 177/2022, art. 2º "
                   "(EC estadual nº 70/2021); Decreto estadual nº 10.188/2022")
    if not merges:
        sources.append("Participação transitória: LC nº 02/1990, art. 14")
    if own:
        sources.append(f"Receita própria: {own.source} ({own.year})")
    sources.append("Despesas obrigatórias: CF, arts. 29, VI e VII, 29-A (EC nº 58/2009 e "
                   "nº 109/2021) e 212; LC nº 141/2012, art. 7º")
    if point is not None:
        sources.append(f"FPM em reais: Tesouro Nacional, FPM mensal de Goiás, soma de "
                       f"{point.year}; reserva medida nos créditos de {point.reserve_month} "
                       "(Transferências constitucionais para municípios); retenção do FUNDEB: "
                       "Lei nº 14.113/2020, art. 3º")
    return Economy("fusion" if merges else "creation", pl, new, before, after, delta,
                   others_loss, year, icms_brl, icms_source, eq, eq_brl,
                   icms.equal_part_loss(icms.MUNICIPALITIES, n_new), share, basis, method, years,
                   quota, own, base_brl, obligations, reserve, sources, point, money,
                   installation, undated)


def barred_year(e: Economy) -> str:
    """The words stating the year this chapter assumes for a barred operation's law
    (:data:`viabilidade.rules.calendar.UNDATED_BARRED`): "na hipótese de a lei de criação
    ser de 2027, lei hoje vedada" ("da fusão" for a fusion); ``""`` when the years are not
    that hypothesis (dated, or none after a void plebiscite)."""
    from ..rules import calendar

    if e.undated != calendar.UNDATED_BARRED or not e.art14_years:
        return ""
    law = "de criação" if e.kind == "creation" else "da fusão"
    return f"na hipótese de a lei {law} ser de {e.art14_years[0]}, lei hoje vedada"


def art14_when(e: Economy) -> str:
    """When art. 14's three exercises fall, as every document prints it (study, slides,
    ``resultados.json``): "em 2027–2029", with :func:`barred_year`'s hypothesis when there is
    one; after a void plebiscite no year ("no ano da lei de criação e nos dois seguintes, anos
    a definir após …", :data:`viabilidade.rules.calendar.UNDATED`; legal8 S1: the slides and
    the JSON said 2027–2029 where the study said "a definir")."""
    from ..rules import calendar

    if e.undated == calendar.UNDATED:
        return f"no ano da lei de criação e nos dois seguintes, anos {e.undated}"
    if not e.art14_years:
        return ""
    hyp = barred_year(e)
    return f"em {e.art14_years[0]}–{e.art14_years[-1]}" + (f", {hyp}" if hyp else "")


def installation_when(e: Economy) -> str:
    """The installation year as the FPM's and the equal ICMS share's date: "em 2029, na
    hipótese de a lei de criação ser de 2027, lei hoje vedada" for a barred operation (the
    slides said only "na hipótese adotada, 2029", legal8 m8), "na hipótese adotada, 2029"
    otherwise; ``""`` without an installation year."""
    if not e.installation:
        return ""
    hyp = barred_year(e)
    return f"em {e.installation}, {hyp}" if hyp else f"na hipótese adotada, {e.installation}"


def record(e: Economy) -> dict:
    """The economy of a study as plain JSON values, for ``resultados.json`` (key
    ``economia``): the FPM pool, the coefficients before and after with their bracket and
    share, the sum's change and the others' loss, the ICMS equal part and its amount, art.
    14's share with its basis and method, the obligations and the sources."""
    from ..rules.calendar import UNDATED

    def coef(x: Coefficient) -> dict:
        return {"nome": x.label, "cod_ibge": x.cod_ibge,
                "populacao": None if x.population is None else x.population.value,
                "base_populacao": None if x.population is None else str(x.population.basis),
                "coeficiente": x.coefficient, "faixa": x.bracket, "parcela_goias": x.share}

    pl = e.pool
    return {
        "tipo": e.kind,
        "fpm": {"exercicio": pl.year if pl else None,
                "participacao_goias_pct": pl.state_share_percent if pl else None,
                "soma_coeficientes": pl.total if pl else None,
                "fonte": pl.source if pl else None,
                "novo": coef(e.new), "antes": [coef(x) for x in e.before],
                "depois": [coef(x) for x in e.after], "variacao_soma": e.delta,
                "perda_demais": e.others_loss},
        "fpm_reais": None if e.point is None else {
            "ano": e.point.year, "base": "estimado, FPM de {} a preços correntes".format(e.point.year),
            "interior_bruto_brl": e.point.interior_gross,
            "parcela_reserva": e.point.reserve_share, "mes_reserva": e.point.reserve_month,
            "ponto_bruto_brl": e.point.gross, "ponto_liquido_brl": e.point.net,
            "soma_coeficientes": e.point.total,
            "novo_bruto_brl": e.money.get("novo"),
            "origens": [{"cod_ibge": code, "nome": name, "antes_bruto_brl": before_brl,
                         "depois_bruto_brl": after_brl}
                        for code, (name, _, _, before_brl, after_brl)
                        in e.money.get("origens", {}).items()],
            "perda_demais_por_ponto_brl": e.money.get("por_ponto"),
            **{key: None if key not in e.money else dict(zip(
                ("nome", "populacao", "coeficiente", "perda_bruta_brl"), e.money[key]))
               for key in ("menor", "mediano")}},
        "icms": {"cota_igual": e.equal_part, "cota_igual_brl": e.equal_part_brl,
                 "ano_receita": e.icms_year, "fonte_receita": e.icms_source or None,
                 "perda_cota_igual_demais": e.equal_loss,
                 "art14_participacao": e.art14_share,
                 "art14_base": None if e.art14_basis is None else str(e.art14_basis),
                 "art14_metodo": e.art14_method or None,
                 "art14_anos": art14_when(e) or None,
                 # no year after a void plebiscite: art14_anos says why (legal8 S1)
                 "art14_exercicios": [{"ano": None if e.undated == UNDATED else y,
                                       "cota_origem_brl": q, "parcela_brl": v}
                                      for y, q, v in e.art14_quota]},
        "receita_conhecida_brl": e.revenue_base_brl,
        "despesas_obrigatorias": [{"despesa": o.what, "dispositivo": o.law,
                                   "percentual": o.percent, "base": o.base,
                                   "valor_brl": o.amount_brl} for o in e.obligations],
        "fontes": list(e.sources),
    }


def who_pays(store, excluded: tuple[str, ...], total: float, delta: float) -> pd.DataFrame:
    """Every other interior municipality of Goiás and what it loses, grouped by coefficient.

    Parameters
    ----------
    store : Store
        Its ``municipalities`` (Censo 2022).
    excluded : tuple of str
        Codes left out (the origins).
    total, delta : float
        The state's sum before and its change.

    Returns
    -------
    pandas.DataFrame
        One row per bracket coefficient: ``coeficiente``, ``municipios`` (count),
        ``nomes`` (comma-separated), ``participacao_antes`` and ``participacao_depois``
        (fraction of the Goiás pool of each), ``perda`` (fraction of its quota; the same for
        all). Coefficients are by bracket (:data:`BRACKET_NOTE`).
    """
    t = fpm.interior_coefficients(store.municipalities)
    t = t[~t["cod_ibge"].isin(excluded)]
    loss = fpm.dilution(total, delta)
    rows = []
    for coef, g in t.groupby("coeficiente"):
        rows.append({"coeficiente": coef, "municipios": len(g),
                     "nomes": and_list(sorted(g["nome"], key=collation_key)),
                     "participacao_antes": fpm.pool_share(coef, total),
                     "participacao_depois": fpm.pool_share(coef, total + delta), "perda": loss})
    return pd.DataFrame(rows)


def statewide_dilution(districts: pd.DataFrame, origin_population: pd.Series,
                       total: float) -> tuple[int, float, float]:
    """If every district of ``districts`` became a municipality: how many, the net change of
    the Goiás sum of coefficients, and the fraction of its FPM-Interior quota every other
    interior municipality would lose.

    Parameters
    ----------
    districts : pandas.DataFrame
        ``cod_ibge`` (origin) and ``populacao`` (the district's, Censo 2022), one row each.
    origin_population : pandas.Series
        Population of each origin, by ``cod_ibge``.
    total : float
        The state's sum of interior coefficients (TCU).

    Returns
    -------
    (int, float, float)
        ``(n, delta, loss)``. Each origin's remainder is its population minus all its
        districts that leave; coefficients by bracket.
    """
    delta = 0.0
    for code, g in districts.groupby("cod_ibge"):
        before = int(origin_population[code])
        rest = before - int(g["populacao"].sum())
        delta += sum(fpm.coefficient(int(x)) for x in g["populacao"])
        delta += fpm.coefficient(rest) - fpm.coefficient(before)
    return len(districts), delta, fpm.dilution(total, delta)


