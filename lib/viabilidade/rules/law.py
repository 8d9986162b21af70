"""The text of LC 02/1990 (Goiás), article by article, from the copy shipped in ``rules/law/``.

Keys follow the rule ids: ``"art4"`` (head of the article), ``"art4.IV"`` (item IV, the
fourth bullet), ``"art4.par1"`` (§ 1º), ``"art7.par1.I"`` (item I of § 1º),
``"art10.sole"`` (parágrafo único).
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from ..errors import ViabilidadeError

LAW_FILE = "LC-02-1990-GO.txt"

#: Rules whose requirement is one item of the paragraph their id names: the paragraph's own
#: text is only the head of a list ("respeitados os seguintes preceitos:"), so the rule quotes
#: and cites the item (art. 7º, § 1º, I: the quórum of the plebiscite).
RULE_PROVISION = {"art7.par1": "art7.par1.I", "art6.area": "art6"}
_ARTICLE = re.compile(r"^Art\.\s*(\d+)º?\s*-\s*(.*)$")
_PARAGRAPH = re.compile(r"^§\s*(\d+)º\s*-\s*(.*)$")
_SOLE = re.compile(r"^Parágrafo único\s*-\s*(.*)$")
_ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"]


def law_text() -> str:
    """The whole law as shipped (consolidated text, LCs 04/1990 and 11/1992)."""
    return resources.files(__package__).joinpath("law", LAW_FILE).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def articles() -> dict[str, str]:
    """Every article, paragraph and item of the law by key (see module docstring).

    Items are bullets in the source; they are numbered I, II, … in order, as the law's
    own cross-references (art. 4 §2) number them.
    """
    out: dict[str, str] = {}
    art = par = None
    items = 0
    for raw in law_text().splitlines():
        line = raw.strip()
        if not line:
            continue
        if m := _ARTICLE.match(line):
            art, par, items = f"art{int(m[1])}", None, 0
            out[art] = m[2].strip()
        elif art is None:
            continue
        elif m := _PARAGRAPH.match(line):
            par, items = f"{art}.par{int(m[1])}", 0
            out[par] = m[2].strip()
        elif m := _SOLE.match(line):
            par, items = f"{art}.sole", 0
            out[par] = m[1].strip()
        elif line.startswith("•"):
            key = f"{par or art}.{_ROMAN[items]}"
            items += 1
            out[key] = line.lstrip("• ").strip()
        elif line.startswith(("CAPÍTULO", "DA ", "PALÁCIO", "HENRIQUE")):
            art = None if line.startswith(("PALÁCIO", "HENRIQUE")) else art
        else:
            out[par or art] = (out[par or art] + " " + line).strip()
    return out


def text(key: str) -> str:
    """Text of one article, paragraph or item (``"art4.IV"``, ``"art7.par3"``).

    Raises
    ------
    ViabilidadeError
        If the key names nothing in the law; the message lists the article's keys.
    """
    arts = articles()
    if key in arts:
        return arts[key]
    head = key.split(".")[0]
    near = [k for k in arts if k.split(".")[0] == head]
    raise ViabilidadeError(f"a LC 02/1990 não tem o dispositivo {key!r}; "
                           + (f"existentes em {head}: {', '.join(near)}" if near
                              else "esse artigo não existe"))


def provision(rule_id: str) -> str:
    """Key of the provision a rule quotes: its id, or the item :data:`RULE_PROVISION` names."""
    return RULE_PROVISION.get(rule_id, rule_id)


def citation(key: str) -> str:
    """Portuguese citation of a key: ``"art4.par1"`` → ``"LC 02/1990, art. 4º, § 1º"``."""
    parts = key.split(".")
    n = int(parts[0][3:])
    out = [f"art. {n}º" if n <= 9 else f"art. {n}"]
    for p in parts[1:]:
        if p.startswith("par"):
            out.append(f"§ {p[3:]}º")
        elif p == "sole":
            out.append("parágrafo único")
        else:
            out.append(p)
    return "LC 02/1990, " + ", ".join(out)
