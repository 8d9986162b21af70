"""The study's certification state at the foot of its first page: conclusive or preliminary
(art. 4 § 2).

A conclusive study names the documents its figures come from; a preliminary one lists, per
body, what is still missing (:func:`viabilidade.rules.certification.pending`), so the reader
knows which request (``viabilidade oficios``) is still unanswered.
"""

from __future__ import annotations

import re

from ..rules import certification
from .writers.format import and_list
from .writers.tables import Html, esc

#: The cover notice of a conclusive creation study (the preliminary one is
#: ``sections.COVER_NOTE``).
CONCLUSIVE_NOTE = ("Este estudo aplica a Lei Complementar nº 2/1990. Os valores de que dependem os "
                   "requisitos do art. 4º são os certificados pelos órgãos do art. 4º, § 2º (IBGE, "
                   "Cartório Eleitoral, da Justiça Eleitoral, e Secretaria da Fazenda, hoje "
                   "Secretaria de Estado da Economia de Goiás), citados em cada requisito (só a "
                   "continuidade territorial do item III, que a lei não atribui a órgão, pode vir "
                   "da geometria), e as evidências dos itens I e VI foram apresentadas; os demais "
                   "dados públicos usados estão listados nos Apêndices.")
#: The cover notice of a conclusive study of an operation without art. 4 ({words}: the
#: operation in a few words).
CONCLUSIVE_OTHER = ("Este estudo aplica a Lei Complementar nº 2/1990. Os requisitos que ela põe "
                    "para a {words} estão decididos com os dados e documentos citados em cada "
                    "requisito; os dados públicos usados estão listados nos Apêndices.")
#: Who answers for art. 4 III on the cover: § 2 names no body for it (the IBGE's items are II,
#: IV and VI; issue 29 § 5).
NO_BODY = certification.CONTINUITY_BODY
CONTINUITY_NOTE = ("medida sobre os limites da área (memorial descritivo ou arquivo de limites) "
                   "ou sobre os limites de distrito da malha de setores do IBGE; uma declaração "
                   "do IBGE é só subsídio")
#: The preliminary notice of an operation without art. 4 (no certificate of art. 4 § 2).
PRELIMINARY_OTHER = ("Este estudo aplica a Lei Complementar nº 2/1990 aos dados públicos listados "
                     "nos Apêndices. Os requisitos ainda não decididos dependem dos atos e "
                     "documentos abaixo.")


def _documents(candidate) -> list[str]:
    seen: list[str] = []
    for c in candidate.certified.all():
        text = c.citation()
        if text not in seen:
            seen.append(text)
    return seen


def _remainder(label: str) -> str:
    """``"Abadiânia (remanescente)"`` -> ``"remanescente de Abadiânia"``."""
    m = re.match(r"^(.*) \(remanescente\)$", label)
    return f"remanescente de {m.group(1)}" if m else label


def _grouped(missing: list[certification.Pending]) -> list[tuple[str, str]]:
    """Per body, what is missing as a short legal citation: the area's items with their short
    titles, then the remainders' (§ 1º) items, each remainder named at its first mention."""
    from ..rules.art4 import SHORT
    from ..rules.common import cite_items

    # art. 4 III has no body in § 2 (IBGE: II, IV, VI): listed apart, never under the IBGE
    continuity = [p for p in missing if p.body == certification.CONTINUITY_BODY]
    missing = [p for p in missing if p not in continuity]
    out, named = [], set()
    several = len({p.subject for p in missing if p.subject != "área"}) > 1
    order = [*dict.fromkeys(certification.ITEM_BODY.values()), certification.PROPONENTS]
    order += [b for b in dict.fromkeys(p.body for p in missing) if b not in order]
    for body in order:
        mine = [p for p in missing if p.body == body]
        if not mine:
            continue
        # an undecided rule of an operation without art. 4, or a district's figure (art. 17)
        if body == certification.UNNAMED_BODY or any(not p.field for p in mine):
            out.append((body, "; ".join(f"{p.what[:1].lower()}{p.what[1:]} ({short_article(p.item)})"
                                        for p in mine)))
            continue
        if body == certification.PROPONENTS:
            area_ev = [p for p in mine if p.subject == "área"]
            parts = [f"{roman} ({label})" for roman, label in
                     (("I", "Prefeitura e Câmara"), ("VI", "áreas para equipamentos"))
                     if any(p.roman == roman for p in area_ev)]
            texts = [f"{p.what} ({short_article(p.item)})" for p in area_ev if not p.roman]
            texts += ["evidências do art. 4º, " + and_list(parts)] if parts else []
            texts += [f"{p.what} ({_remainder(p.subject)}, art. 4º, § 1º)"
                      for p in mine if p.subject != "área"]
            out.append((body, "; ".join(texts)))
            continue
        texts = []
        area = [f"art4.{p.roman}" for p in mine if p.subject == "área" and p.roman]
        for subject in dict.fromkeys(p.subject for p in mine if p.subject != "área"):
            romans = and_list([p.roman for p in mine if p.subject == subject])
            label = f" ({_remainder(subject)})" if several or subject not in named else ""
            named.add(subject)
            texts.append(f"§ 1º, {romans}{label}")
        # a body's item outside art. 4 (the Cartório Eleitoral's certificate of art. 5 § 1,
        # legal review 15:44, item 2): said by itself, never as "art. 4º, "
        other = [f"{p.what} ({short_article(p.item)})" for p in mine
                 if not p.roman and p.subject == "área"]
        if area:
            cited = [", e ".join([cite_items(area, SHORT), *texts])]
        else:
            cited = ["art. 4º, " + ", e ".join(texts)] if texts else []
        out.append((body, "; ".join([*other, *cited])))
    if continuity:
        out.append((NO_BODY, f"{cite_items(['art4.III'], SHORT)}: {CONTINUITY_NOTE}"))
    return out


def short_article(article: str) -> str:
    """``"LC 02/1990, art. 5º, § 2º"`` -> ``"art. 5º, § 2º"`` (the law is named on the cover)."""
    return re.sub(r"^LC\s*0?2/1990,\s*", "", article or "")


def plebiscite_sentence(barred: list[certification.Pending]) -> str:
    """What the cover says of the open plebiscite rules: not a pending item anyone can
    supply, but an act not realisable before the federal complementary law.

    ``"Plebiscito (art. 5º; art. 7º, § 1º, I; art. 7º, § 2º): não realizável antes da lei
    complementar federal (CF, art. 18, § 4º)."``
    """
    articles = list(dict.fromkeys(short_article(p.item) for p in barred))
    return (f"Plebiscito ({'; '.join(articles)}): "
            f"{certification.NOT_BEFORE_FEDERAL_LAW}.")


#: Before the documents declared in the record and not checked (legal review item 2): what is
#: missing is the check against the originals, not the certificates.
CHECK_NOTE = ("Falta conferir com os originais os documentos declarados no registro do processo, "
              "anotando em cada ato quem conferiu e em que data:")
#: The same for an operation without art. 4 whose documents are declared in the candidate
#: file (art. 6's technical error, agreement and resolutions): none is missing, none checked.
#: Before the documents of acts dated after today (legal12 S-A): hypotheses of the simulation,
#: which do not exist yet, not documents to check (:data:`certification.FUTURE_ACT`).
FUTURE_NOTE = ("Atos futuros do registro do processo (hipótese da simulação), datados depois "
               "de hoje: a existir e, depois, a conferir com o original:")
CHECK_FILE_NOTE = "Falta conferir com os originais os documentos declarados no arquivo da candidatura:"
#: The cover note when every certificate is in the record and checked against its original
#: while something no body certifies (art. 4 III) or the plebiscite is still open (legal review
#: 15:44, item 6: it read "aplica … aos dados públicos …; orientam o pedido dessas certidões"
#: beside eight rows "cumprido (certificado)"). The documents follow, as the conclusive note's.
CHECKED_NOTE = ("Este estudo aplica a Lei Complementar nº 2/1990 aos documentos do registro do "
                "processo, conferidos com os originais, e aos dados públicos listados nos "
                "Apêndices.")
#: The cover note when every figure rests on a declared document (no certificate to ask for).
DECLARED_NOTE = ("Este estudo aplica a Lei Complementar nº 2/1990 aos documentos declarados no "
                 "registro do processo e aos dados públicos listados nos Apêndices.")


def cover_box(analysis, preliminary_note: str) -> Html:
    """The notice at the foot of the cover (first page): ``"Estudo conclusivo"`` with the
    documents cited, or ``"Estudo preliminar"`` with ``preliminary_note`` and, per body, what
    is still missing (:func:`viabilidade.rules.certification.pending`).

    A creation speaks of the certificates of art. 4 § 2; an operation without art. 4
    (fusion, transfer, boundary correction, district) never does: its conclusive box says its
    own requirements are decided (:data:`CONCLUSIVE_OTHER`), its preliminary box
    (:data:`PRELIMINARY_OTHER`, ``preliminary_note`` unused) lists the undecided rules with
    who must provide them (the plebiscite with the TRE, the documents of art. 6 …).
    """
    results = analysis.results
    creation = certification.applies_art4(results)
    missing = certification.pending(results)
    if not missing:
        if creation:
            note = CONCLUSIVE_NOTE
        else:
            from ..operations import operation_of

            note = CONCLUSIVE_OTHER.format(words=operation_of(analysis.candidate).words)
        docs = _documents(analysis.candidate)
        text = (f"<strong>Estudo conclusivo.</strong> {esc(note)}"
                + (" Documentos: " + "; ".join(esc(d) for d in docs) + "." if docs else ""))
        return Html(f'<p class="aviso situacao-estudo conclusivo">{text}</p>')
    barred = [p for p in missing if p.body == certification.PLEBISCITE_BARRED]
    missing = [p for p in missing if p.body != certification.PLEBISCITE_BARRED]
    future = [p for p in missing if p.future]
    declared = [p for p in missing if p.declared and not p.future]
    missing = [p for p in missing if not p.declared]
    rows = "; ".join(f"<strong>{esc(body)}</strong> — {esc(text)}" for body, text in _grouped(missing))
    check = ""
    if declared:  # the documents are in the record: what is missing is their check (item 2)
        check = (f" {esc(CHECK_NOTE if creation else CHECK_FILE_NOTE)} "
                 + "; ".join(f"<strong>{esc(body)}</strong> — {esc(text)}"
                             for body, text in _grouped(declared)) + ".")
    if future:  # acts dated after today do not exist yet: nothing to check today (legal12 S-A)
        check += (f" {esc(FUTURE_NOTE)} "
                  + "; ".join(f"<strong>{esc(body)}</strong> — {esc(text)}"
                              for body, text in _grouped(future)) + ".")
    if not creation:
        return Html('<p class="aviso situacao-estudo preliminar"><strong>Estudo preliminar.</strong> '
                    f"{esc(PRELIMINARY_OTHER)}"
                    + (f" Ainda faltam, com quem deve fornecê-los: {rows}." if rows else "")
                    + check
                    + (" " + esc(plebiscite_sentence(barred)) if barred else "") + "</p>")
    from ..operations import operation_of

    # an installed municipality (art. 21): the Assembly asks the bodies for the loss of
    # requirements under art. 8 § 1, not for a creation's certificates (N2)
    basis = ("art. 8º, § 1º" if operation_of(analysis.candidate).installed else
             "art. 4º, §§ 2º e 3º")
    # art. 4 III is measured, never asked of a body: § 2 and § 3 are not its basis (item 1)
    asked = [p for p in missing if p.body != certification.CONTINUITY_BODY]
    if not asked and (declared or future):  # every figure is in a declared document: no certificate to ask
        preliminary_note = DECLARED_NOTE
    elif not asked:  # every certificate in and checked: name the documents (item 6)
        docs = _documents(analysis.candidate)
        preliminary_note = CHECKED_NOTE + (" Documentos: " + "; ".join(docs) + "." if docs else "")
    where = f" ({basis})" if asked else ""
    return Html('<p class="aviso situacao-estudo preliminar"><strong>Estudo preliminar.</strong> '
                f"{esc(preliminary_note)}"
                + (f" Ainda faltam, com quem deve fornecê-los{where}: {rows}." if rows else "")
                + check + (" " + esc(plebiscite_sentence(barred)) if barred else "") + "</p>")


__all__ = ["CHECK_FILE_NOTE", "CHECK_NOTE", "FUTURE_NOTE", "CHECKED_NOTE", "DECLARED_NOTE", "cover_box", "plebiscite_sentence", "CONCLUSIVE_NOTE", "CONCLUSIVE_OTHER", "PRELIMINARY_OTHER"]
