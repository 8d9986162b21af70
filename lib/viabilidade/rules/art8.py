"""Art. 8 — an installed municipality that loses an art. 4 requirement is extinguished; the
Assembly checks every four years, in the year before the municipal elections."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..common.numbers import decimal
from ..errors import DataError

from .calendar import is_election_year
from .common import fmt, pct
from .law import text
from .result import Basis, RuleResult, Status
from .settings import Settings
from .vectorised import SCREEN_COLUMNS, screen

ITEMS = tuple(SCREEN_COLUMNS)
_COD = re.compile(r"^[0-9]{7}$")


def next_audit_year(year: int) -> int:
    """First audit year >= ``year``: the year before a municipal election (2026 → 2027,
    2027 → 2027, 2028 → 2031)."""
    y = year
    while not is_election_year(y + 1):
        y += 1
    return y


def audit(df: pd.DataFrame, settings: Settings | None = None, *, state_revenue: float | None = None,
          file: str | None = None) -> pd.DataFrame:
    """Apply art. 4 items IV–VII with full thresholds to every municipality (art. 8 § 1).

    Parameters
    ----------
    df : DataFrame
        One row per municipality: ``cod_ibge`` (7-digit text), ``nome``, ``populacao``; optional
        ``eleitores``, ``edificacoes`` (a proxy such as occupied dwellings: treated as
        ``estimated`` unless ``edificacoes_basis`` says otherwise), ``arrecadacao`` (BRL, may be
        NaN), ``receita_estadual`` (BRL) and the ``*_basis`` / ``*_incerteza`` columns of
        :func:`~.vectorised.screen`.
    settings : Settings, optional
    state_revenue : float, optional
        State tax revenue (BRL) used when ``df`` has no ``receita_estadual`` column.
    file : str, optional
        Name of the file ``df`` came from, for error messages.

    Returns
    -------
    DataFrame
        ``cod_ibge``, ``nome``, then the screening columns per item (``IV_status`` …), and
        ``situacao`` (``fail`` if any item fails, ``pass`` if all pass, else
        ``indeterminate``) and ``itens_perdidos`` (comma-separated failing items).

    Raises
    ------
    DataError
        If a required column is missing or a ``cod_ibge`` is not 7-digit text (naming the row,
        counted as in the file with the header as line 1).
    """
    settings = settings or Settings()
    need = ["cod_ibge", "nome", "populacao"]
    absent = [c for c in need if c not in df.columns]
    if absent:
        raise DataError(f"faltam as colunas {', '.join(absent)}; esperadas {', '.join(need)}", file=file)
    codes = df["cod_ibge"]
    for i, c in enumerate(codes):
        if not isinstance(c, str) or not _COD.match(c):
            raise DataError(f"encontrado {c!r}; esperado um código IBGE de 7 algarismos, como "
                            "texto", file=file,
                            row=i + 2, column="cod_ibge")
    work = df.copy()
    if "edificacoes" in work.columns and "edificacoes_basis" not in work.columns:
        work["edificacoes_basis"] = Basis.ESTIMATED.value
    if "receita_estadual" not in work.columns and state_revenue is not None:
        work["receita_estadual"] = float(state_revenue)
    res = screen(work, settings, reduced=False)
    st = res[[f"{i}_status" for i in ITEMS]].to_numpy()
    any_fail = (st == Status.FAIL.value).any(axis=1)
    all_pass = (st == Status.PASS.value).all(axis=1)
    situacao = np.where(any_fail, Status.FAIL.value,
                        np.where(all_pass, Status.PASS.value, Status.INDETERMINATE.value))
    lost = [",".join(i for i, s in zip(ITEMS, row) if s == Status.FAIL.value) for row in st]
    out = pd.concat([df[["cod_ibge", "nome"]], res], axis=1)
    out["situacao"] = situacao
    out["itens_perdidos"] = lost
    return out


# ------------------------------------------------------------------ thin margins (art. 8)
#: Art. 4 numeric items and the noun of each figure, for the warning.
THIN_ITEMS = {"IV": "população", "V": "eleitorado", "VI": "edificações do núcleo urbano",
              "VII": "arrecadação"}


@dataclass(frozen=True)
class ThinMargin:
    """A requirement of art. 4 met by a margin of at most ``Settings.thin_margin_pct``.

    Attributes
    ----------
    item : str
        Item of art. 4 (``"IV"``).
    subject : str
        ``"área"`` or the remainder's label (``"Abadiânia (remanescente)"``).
    value, threshold, margin : float
        The figure, the threshold (after any reduction) and ``value − threshold``, in ``unit``.
    margin_pct : float
        ``100 × margin / threshold``.
    unit : str
        ``"habitantes"``, ``"eleitores"``, ``"edificações"`` or ``"BRL"``.
    """

    item: str
    subject: str
    value: float
    threshold: float
    margin: float
    margin_pct: float
    unit: str

    def sentence(self) -> str:
        """``"art. 4º, IV (população): 3.045 habitantes, 45 acima do limite de 3.000 (margem
        de 1,50 %)"``; a remainder is named after the item."""
        who = "" if self.subject == "área" else f", {self.subject}"
        if self.unit == "BRL":
            shown = {k: "R$ " + decimal(v, 2, minus="-")
                     for k, v in (("v", self.value), ("t", self.threshold), ("m", self.margin))}
            return (f"art. 4º, {self.item} ({THIN_ITEMS[self.item]}{who}): {shown['v']}, "
                    f"{shown['m']} acima do limite de {shown['t']} (margem de {pct(self.margin_pct)})")
        return (f"art. 4º, {self.item} ({THIN_ITEMS[self.item]}{who}): {fmt(self.value)} "
                f"{self.unit}, {fmt(self.margin)} acima do limite de {fmt(self.threshold)} "
                f"(margem de {pct(self.margin_pct)})")


def _thin(item: str, subject: str, status, value, threshold, unit: str, limit_pct: float):
    if Status(status) != Status.PASS or value is None or not threshold:
        return None
    margin = float(value) - float(threshold)
    margin_pct = 100.0 * margin / float(threshold)
    if not 0 <= margin_pct <= limit_pct:
        return None
    return ThinMargin(item, subject, value, threshold, margin, margin_pct, unit)


def thin_margins(results: list[RuleResult], settings: Settings | None = None) -> list[ThinMargin]:
    """Requirements of art. 4 (IV–VII, for the area and each remainder of § 1) met within
    ``settings.thin_margin_pct`` percent of their threshold.

    A municipality that later loses any of them is extinguished (art. 8): a thin margin is
    a risk the study must state, whatever the basis of the figure. Posse d'Abadia: 3.045
    inhabitants against "mais de 3.000", margin 45 (1,50 %), within the default 5 %.

    Parameters
    ----------
    results : list of RuleResult
        A study's results; only passed requirements count (an estimate decides nothing).
    settings : Settings, optional
        ``thin_margin_pct`` (default 5).

    Returns
    -------
    list of ThinMargin
        In the order of the results; empty when no margin is that thin.
    """
    settings = settings or Settings()
    limit = float(settings.thin_margin_pct)
    out = []
    for r in results:
        rid = r.rule_id
        if rid in ("art4.IV", "art4.V", "art4.VI", "art4.VII"):
            item = rid.split(".")[1]
            status = r.details.get("edificacoes_status", r.status) if item == "VI" else r.status
            t = _thin(item, r.subject, status, r.value, r.threshold, r.unit, limit)
            if t is not None:
                out.append(t)
        elif rid == "art4.par1":
            for item, sub in (r.details.get("subchecks") or {}).items():
                if item in THIN_ITEMS:
                    t = _thin(item, r.subject, sub.get("status"), sub.get("valor"),
                              sub.get("limite"), sub.get("unidade", ""), limit)
                    if t is not None:
                        out.append(t)
    return out


#: The limit of art. 8 to items IV–VII of art. 4, said as a reading (issue 29 § 2): the audit
#: (:mod:`viabilidade.statewide.views`) and the study of an installed municipality (Nova Iguaçu
#: de Goiás, :mod:`viabilidade.operations.restored`) print it.
ITEMS_READING = ("Leitura do estudo, não do texto da lei (como as leituras I-1 a I-11): o art. "
                 "8º fala na perda de “qualquer dos requisitos previstos no art. 4º”; verificam-se "
                 "só os itens IV a VII (população, eleitorado, edificações do núcleo urbano e "
                 "arrecadação), que um município instalado pode perder com o tempo, e não os "
                 "itens I a III nem o § 1º (instalação da Prefeitura e da Câmara, distância do "
                 "perímetro urbano de origem, continuidade territorial e requisitos da origem), "
                 "condições do ato de criação, já feito. Na outra leitura, também estes seriam "
                 "verificados, com os números e o mapa de hoje.")


#: What the art. 8 extinction is: reincorporating the territory into the municipality of origin
#: is an incorporation of a Município (CF art. 18 § 4). It is barred today, while the federal
#: complementary law is missing (ADI 2.240/BA covers laws that "alteraram seus territórios"),
#: and even with that law it is made by a state law, after the EVM and a plebiscite of the
#: populations involved (Lei 9.709/1998, arts. 5 and 7), not by the Assembly's decree alone.
#: Every place that states the art. 8 extinction ends with it (also re-exported as
#: :data:`viabilidade.report.frame.EXTINCTION_BARRED`).
EXTINCTION_BARRED = ("extinção e reincorporação ao município de origem, que é incorporação de "
                     "Município (CF, art. 18, § 4º): hoje vedada, enquanto não editada a lei "
                     "complementar federal, e, mesmo depois dela, feita só por lei estadual, "
                     "precedida dos Estudos de Viabilidade Municipal e de plebiscito das "
                     "populações dos Municípios envolvidos (Lei nº 9.709/1998, arts. 5º e 7º)")


def thin_margin_parts(results: list[RuleResult], settings: Settings | None = None
                      ) -> tuple[str, str] | None:
    """The art. 8 warning in two parts: what is thin (one clause, lower case, no final stop:
    ``"requisito atingido com folga de até 5 % do limite: art. 4º, IV (população): 3.045
    habitantes, 45 acima do limite de 3.000 (margem de 1,50 %)"``) and what it means (the
    quote of art. 8 and its § 1, sentences with their stops); ``None`` when no margin is thin.

    The findings of a study (:func:`viabilidade.report.findings.findings`) carry both; every
    document prints the first, the study and the bill both.
    """
    settings = settings or Settings()
    thin = thin_margins(results, settings)
    if not thin:
        return None
    items = "; ".join(t.sentence() for t in thin)
    noun = "requisito atingido" if len(thin) == 1 else "requisitos atingidos"
    what = f"{noun} com folga de até {pct(float(settings.thin_margin_pct))} do limite: {items}"
    means = (f"O art. 8º da LC nº 2/1990 dispõe: “{text('art8')}” A perda é verificada a cada "
             "quatro anos, no ano anterior ao das eleições municipais (art. 8º, § 1º). Uma "
             "pequena queda do valor — ou, para um dado ainda não certificado, uma certidão com "
             "número menor — bastaria para que o requisito deixasse de ser atendido; depois de "
             "instalado o Município" + _origin_now(thin) + ", essa perda é causa de "
             + EXTINCTION_BARRED + ".")
    return what, means


def thin_margin_warning(results: list[RuleResult], settings: Settings | None = None) -> str:
    """The art. 8 warning of a study, in Portuguese; ``""`` when no margin is thin.

    Names each requirement met by a thin margin (:func:`thin_margins`) and quotes art. 8
    and its § 1 (LC 02/1990): the loss of any art. 4 requirement by an installed
    municipality leads to its extinction, checked every four years
    (:func:`thin_margin_parts`, in one paragraph).
    """
    parts = thin_margin_parts(results, settings)
    if parts is None:
        return ""
    what, means = parts
    return f"Margem estreita (art. 8º). {what[:1].upper()}{what[1:]}. {means}"


def _origin_now(thin: list[ThinMargin]) -> str:
    """``" (e, para o município de origem, desde já)"`` when a thin margin is a remainder's
    (art. 4 § 1: the origin is installed, exposed now); ``""`` when only the area's is
    (legal review 3, item 12)."""
    if any(t.subject != "área" for t in thin):
        return " (e, para o município de origem, desde já)"
    return ""
