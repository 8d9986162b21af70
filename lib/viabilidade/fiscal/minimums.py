"""Minimum spending on education and health, in % of the municipality's tax revenue and
constitutional transfers.

* Education: Constitution art. 212 — "A União aplicará, anualmente, nunca menos de dezoito,
  e os Estados, o Distrito Federal e os Municípios vinte e cinco por cento, no mínimo, da
  receita resultante de impostos, compreendida a proveniente de transferências, na
  manutenção e desenvolvimento do ensino."
* Health: Constitution art. 198 § 2º, III, and LC 141/2012 art. 7º: at least 15 % of the
  taxes of art. 156 and the transfers of arts. 158 and 159, I, b and § 3º.
"""

from __future__ import annotations

from fractions import Fraction

#: Constitution art. 212.
EDUCATION_PERCENT = Fraction(25)

#: LC 141/2012 art. 7º.
HEALTH_PERCENT = Fraction(15)
