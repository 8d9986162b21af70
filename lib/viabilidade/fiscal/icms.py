"""ICMS: the municipalities' 25 % and how Goiás splits it (Índice de Participação dos
Municípios, IPM), and what a new municipality receives at once.

The law
-------
* Constitution art. 158, IV: 25 % of the state's ICMS belongs to its municipalities.
* Goiás: Constituição Estadual art. 107 § 1º, as amended by EC 70 of 7 December 2021, and
  LC estadual 177 of 24 August 2022, art. 2º: "I – 70% (setenta por cento), na proporção do
  valor adicionado nas operações relativas à circulação de mercadorias e nas prestações de
  serviços realizadas em seus territórios; II – 10% (dez por cento), distribuídos em cotas
  iguais entre todos os municípios; e III – 20% (vinte por cento), distribuídos na proporção
  do cumprimento das exigências estabelecidas nesta Lei Complementar e relacionadas ao
  desempenho da gestão municipal nas áreas de educação, saúde e meio ambiente". Of the 20 %,
  the health criterion is 5 % (Decreto estadual 10.188/2022, art. 1º, by population since
  Decreto 10.517/2024); the split of the other 15 % between education and environment is
  not modelled (:data:`COMPONENTS` keeps the law's three items).
* A new municipality takes an equal part (item II) as soon as it exists: the 10 % are then
  divided by one more municipality (246 → 247). Its value-added part comes from the
  origin's for the year of creation and the two following (LC 02/1990 art. 14,
  :mod:`viabilidade.rules.art14`).

Amounts
-------
The store has the state's ICMS gross revenue (IMB, Goiás em Dados 2023, table 125; SEFAZ-GO
extract) but not the amount actually shared with the municipalities (the base excludes,
among others, the 2 % additional of the state's anti-poverty fund, PROTEGE, ADCT art. 82 §
1º). :func:`municipal_quota` is therefore an estimate by excess, labelled so.
"""

from __future__ import annotations

from fractions import Fraction

#: Municipalities' share of the state's ICMS (Constitution art. 158, IV).
MUNICIPAL_SHARE = Fraction(25, 100)

#: Items of LC estadual 177/2022 art. 2º, as fractions of the municipalities' 25 %.
COMPONENTS = {
    "valor_adicionado": Fraction(70, 100),  # I
    "cotas_iguais": Fraction(10, 100),  # II
    "educacao_saude_meio_ambiente": Fraction(20, 100),  # III
}

#: The health criterion inside item III (Decreto estadual 10.188/2022, art. 1º).
HEALTH = Fraction(5, 100)

#: Municipalities of Goiás sharing the equal parts (IBGE, DTB 2022), Goiânia included.
MUNICIPALITIES = 246


def equal_part(municipalities: int = MUNICIPALITIES) -> float:
    """One municipality's equal part, as a fraction of the municipalities' 25 % of ICMS
    (LC 177/2022 art. 2º, II): ``0,10 / municipalities``. 246 → 0,0406504 %; 247 →
    0,0404858 %.

    Raises
    ------
    ValueError
        ``municipalities`` < 1.
    """
    if municipalities < 1:
        raise ValueError(f"{municipalities} municipalities")
    return float(COMPONENTS["cotas_iguais"] / municipalities)


def equal_part_loss(municipalities: int = MUNICIPALITIES, new: int = 1) -> float:
    """Fraction of its equal part each existing municipality loses when ``new``
    municipalities are created (negative ``new``: a fusion removes some):
    ``1 − n / (n + new)``."""
    if municipalities + new < 1:
        raise ValueError(f"{municipalities} + {new} municipalities")
    return 1.0 - municipalities / (municipalities + new)


def municipal_quota(icms_brl: float) -> float:
    """The municipalities' 25 % of an ICMS amount (CF art. 158, IV), BRL. Applied to the
    gross revenue it overstates the shared base (see the module's notes)."""
    return float(icms_brl) * float(MUNICIPAL_SHARE)


def value_added_share_by_population(population_area: int, population_origin: int) -> float:
    """Estimate of art. 14's value-added share (area / origin, area included) when SEFAZ-GO's
    figures are not at hand: the area's share of the origin's population, i.e. the
    assumption that value added per inhabitant is the same in the area and in the rest of
    the origin. The IBGE municipal GDP (SIDRA 5938) has no figure below the municipality and
    no sector split in the store, so it cannot apportion it better; the real share can be far
    from this (a seat with the commerce, or a rural district with one large agro-industry).

    Raises
    ------
    ValueError
        Origin population not positive, or the area's above it.
    """
    if population_origin <= 0 or not 0 <= population_area <= population_origin:
        raise ValueError(f"area {population_area} / origin {population_origin}")
    return population_area / population_origin
