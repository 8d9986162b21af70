"""The Câmara Municipal's spending cap and the councillors' pay caps (Constitution arts.
29-A and 29, VI and VII).

* Art. 29-A (EC 58/2009; caput as rewritten by EC 109/2021, in force from the municipal
  legislature of 2025): "O total da despesa do Poder Legislativo Municipal, incluídos os
  subsídios dos Vereadores e os demais gastos com pessoal inativo e pensionistas, não
  poderá ultrapassar os seguintes percentuais, relativos ao somatório da receita tributária
  e das transferências previstas no § 5º do art. 153 e nos arts. 158 e 159 desta
  Constituição, efetivamente realizado no exercício anterior: I – 7% para Municípios com
  população de até 100.000 habitantes; II – 6% … entre 100.000 e 300.000 habitantes; III –
  5% … entre 300.001 e 500.000; IV – 4,5% … entre 500.001 e 3.000.000; V – 4% … entre
  3.000.001 e 8.000.000; VI – 3,5% … acima de 8.000.001 habitantes." § 1º: "A Câmara
  Municipal não gastará mais de setenta por cento de sua receita com folha de pagamento,
  incluído o gasto com o subsídio de seus Vereadores."
* Art. 29, VI: councillors' pay at most a) 20 % of the state deputies' pay up to 10.000
  inhabitants; b) 30 % from 10.001 to 50.000; c) 40 % from 50.001 to 100.000; d) 50 % from
  100.001 to 300.000; e) 60 % from 300.001 to 500.000; f) 75 % above 500.000. Art. 29, VII:
  "o total da despesa com a remuneração dos Vereadores não poderá ultrapassar o montante de
  cinco por cento da receita do Município."
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Cap:
    """A cap by population bracket: ``item`` of the article, population ``up_to``
    (inclusive; ``None``: no top) and the ``percent`` cap."""

    item: str
    up_to: int | None
    percent: Fraction


#: Art. 29-A, I–VI (EC 58/2009): total spending of the Câmara, % of the previous year's tax
#: revenue plus transfers of arts. 153 § 5, 158 and 159. Item II reads "entre 100.000 e
#: 300.000": 100.000 itself falls under item I ("até 100.000").
CAMARA_CAPS = (Cap("I", 100_000, Fraction(7)), Cap("II", 300_000, Fraction(6)),
               Cap("III", 500_000, Fraction(5)), Cap("IV", 3_000_000, Fraction("4.5")),
               Cap("V", 8_000_000, Fraction(4)), Cap("VI", None, Fraction("3.5")))

#: Art. 29-A § 1º: payroll at most 70 % of the Câmara's revenue.
PAYROLL_PERCENT = Fraction(70)

#: Art. 29, VI, a–f: councillors' pay, % of the state deputies' pay.
PAY_CAPS = (Cap("a", 10_000, Fraction(20)), Cap("b", 50_000, Fraction(30)),
            Cap("c", 100_000, Fraction(40)), Cap("d", 300_000, Fraction(50)),
            Cap("e", 500_000, Fraction(60)), Cap("f", None, Fraction(75)))

#: Art. 29, VII: all councillors' pay at most 5 % of the municipality's revenue.
TOTAL_PAY_PERCENT = Fraction(5)


def _cap(caps: tuple[Cap, ...], population: int) -> Cap:
    if population < 0:
        raise ValueError(f"population {population} < 0")
    return next(c for c in caps if c.up_to is None or population <= c.up_to)


def camara_cap(population: int) -> Cap:
    """The art. 29-A item for a population: 100.000 → I (7 %); 100.001 → II (6 %)."""
    return _cap(CAMARA_CAPS, int(population))


def councillor_pay_cap(population: int) -> Cap:
    """The art. 29, VI item for a population: 10.000 → a (20 %); 10.001 → b (30 %)."""
    return _cap(PAY_CAPS, int(population))
