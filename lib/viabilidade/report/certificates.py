"""The study's certification state at the foot of its first page: conclusive or preliminary
(art. 4 § 2).

A conclusive study names the documents its figures come from; a preliminary one lists, per
body, what is still missing (:func:`viabilidade.rules.certification.pending`), so the reader
knows which request (``viabilidade oficios``) is still unanswered.
"""

from __future__ import annotations

import re

from ..rules import certification
from .tables import Html, esc

#: The cover notice of a conclusive study (the preliminary one is ``sections.COVER_NOTE``).
CONCLUSIVE_NOTE = ("Este estudo aplica a Lei Complementar nº 2/1990. Os valores de que dependem os "
                   "requisitos do art. 4º são os certificados pelos órgãos do art. 4º, § 2º (IBGE, "
                   "Cartório Eleitoral e Secretaria da Fazenda), citados em cada requisito, ou "
                   "medidos, e as evidências dos itens I e VI foram apresentadas; os demais dados "
                   "públicos usados estão listados nos Apêndices.")


def _documents(candidate) -> list[str]:
    seen: list[str] = []
    for c in candidate.certified.all():
        text = c.citation()
        if text not in seen:
            seen.append(text)
    return seen


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " e " + words[-1]


def _remainder(label: str) -> str:
    """``"Abadiânia (remanescente)"`` -> ``"remanescente de Abadiânia"``."""
    m = re.match(r"^(.*) \(remanescente\)$", label)
    return f"remanescente de {m.group(1)}" if m else label


def _grouped(missing: list[certification.Pending]) -> list[tuple[str, str]]:
    """Per body, what is missing as a short legal citation: the area's items with their short
    titles, then the remainders' (§ 1º) items, each remainder named at its first mention."""
    from ..rules.art4 import SHORT
    from ..rules.common import cite_items

    out, named = [], set()
    several = len({p.subject for p in missing if p.subject != "área"}) > 1
    order = [*dict.fromkeys(certification.ITEM_BODY.values()), certification.PROPONENTS]
    for body in order:
        mine = [p for p in missing if p.body == body]
        if not mine:
            continue
        if body == certification.PROPONENTS:
            area_ev = [p for p in mine if p.subject == "área"]
            parts = [f"{roman} ({label})" for roman, label in
                     (("I", "Prefeitura e Câmara"), ("VI", "áreas para equipamentos"))
                     if any(p.roman == roman for p in area_ev)]
            texts = ["evidências do art. 4º, " + _and(parts)] if parts else []
            texts += [f"{p.what} ({_remainder(p.subject)}, art. 4º, § 1º)"
                      for p in mine if p.subject != "área"]
            out.append((body, "; ".join(texts)))
            continue
        texts = []
        area = [f"art4.{p.roman}" for p in mine if p.subject == "área" and p.roman]
        for subject in dict.fromkeys(p.subject for p in mine if p.subject != "área"):
            romans = _and([p.roman for p in mine if p.subject == subject])
            label = f" ({_remainder(subject)})" if several or subject not in named else ""
            named.add(subject)
            texts.append(f"§ 1º, {romans}{label}")
        if area:
            out.append((body, ", e ".join([cite_items(area, SHORT), *texts])))
        else:
            out.append((body, "art. 4º, " + ", e ".join(texts)))
    return out


def cover_box(analysis, preliminary_note: str) -> Html:
    """The notice at the foot of the cover (first page): ``"Estudo conclusivo"`` with the
    documents cited, or ``"Estudo preliminar"`` with ``preliminary_note`` and, per body, what
    is still missing (:func:`viabilidade.rules.certification.pending`)."""
    missing = certification.pending(analysis.results)
    if not missing:
        docs = _documents(analysis.candidate)
        text = (f"<strong>Estudo conclusivo.</strong> {esc(CONCLUSIVE_NOTE)}"
                + (" Documentos: " + "; ".join(esc(d) for d in docs) + "." if docs else ""))
        return Html(f'<p class="aviso situacao-estudo conclusivo">{text}</p>')
    rows = "; ".join(f"<strong>{esc(body)}</strong> — {esc(text)}" for body, text in _grouped(missing))
    return Html('<p class="aviso situacao-estudo preliminar"><strong>Estudo preliminar.</strong> '
                f"{esc(preliminary_note)} Ainda faltam, com quem deve fornecê-los (art. 4º, §§ 2º e "
                f"3º): {rows}.</p>")


__all__ = ["cover_box", "CONCLUSIVE_NOTE"]
