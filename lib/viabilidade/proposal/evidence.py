"""Documentary evidence of a candidate file: ``[evidence]`` and ``[boundary_correction]``.

The items of art. 4 I and VI (:data:`EVIDENCE_ITEMS`), each with what it is, where, and the
document cited (and, once checked, who checked the original and when); the art. 6 checklist
(:data:`BOUNDARY_CORRECTION_ITEMS`), whose items are acts with body, number and date
(:class:`CorrectionAct`), the uninhabited strip (:data:`BOUNDARY_STRIP`) and the two line
files of a boundary correction (:data:`BOUNDARY_LINES`). Read by
:func:`viabilidade.proposal.candidate.load_candidate`, every problem recorded at once.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from ..common.text import quoted
from ..errors import found_value
from ..os_errors import real_path
from .fields import Reader, date_field, kind_name, odd_file
from .record import Checked

#: Evidence items: art. 4 I (prefeitura, camara) and the five areas of art. 4 VI.
EVIDENCE_ITEMS = {
    "prefeitura": "instalação da Prefeitura (art. 4º, I)",
    "camara": "instalação da Câmara Municipal (art. 4º, I)",
    "escola": "área para escola (art. 4º, VI)",
    "saude": "área para unidade de saúde (art. 4º, VI)",
    "posto_telefonico": "área para posto telefônico (art. 4º, VI)",
    "praca_esporte": "área para praça de esporte (art. 4º, VI)",
    "cemiterio": "área para cemitério (art. 4º, VI)",
}
#: Art. 6 checklist: prior agreement of the mayors, authorised by council resolutions.
BOUNDARY_CORRECTION_ITEMS = {
    "technical_error": "falha técnica ou erro na descrição dos limites",
    "mayors_agreement": "acordo prévio dos Prefeitos",
    "council_resolutions": "autorização das Câmaras Municipais por resolução",
}
#: Art. 6 "sem alteração de área": the strip between the two lines has no inhabitants (a
#: survey's document), else the correction would move people from one municipality to the
#: other, which is a transfer (art. 5); read by ``rules.art6.area_change``, not by the
#: checklist of the documents (:data:`BOUNDARY_CORRECTION_ITEMS`).
BOUNDARY_STRIP = {"uninhabited_strip": "faixa entre as linhas sem moradores (vistoria ou "
                                       "levantamento)"}
#: Art. 6: the two line files of a boundary correction, keys of ``[boundary_correction]``.
BOUNDARY_LINES = {"old_line": "linha de limite atual (a descrição com a falha)",
                  "new_line": "linha de limite corrigida"}



@dataclass(frozen=True)
class CorrectionAct:
    """One document of an art. 6 act: the body that issued it, its number and its date."""

    body: str
    number: str
    date: dt.date

    def text(self) -> str:
        """``"Resolução nº 5/2026, Câmara Municipal de Abadiânia, de 20/02/2026"``."""
        return f"{self.number}, {self.body}, de {self.date.strftime('%d/%m/%Y')}"


@dataclass(frozen=True)
class Evidence:
    """One piece of documentary evidence: what it is, where, and the document cited; an art.
    6 item (:data:`BOUNDARY_CORRECTION_ITEMS`) also has its acts (body, number, date), and
    ``document`` is then their text. ``checked``: who checked the original document and
    when (``checked_by``, ``checked_on``); ``None``: declared, "a conferir com o original"."""

    what: str
    where: str
    document: str
    acts: tuple[CorrectionAct, ...] = ()
    checked: Checked | None = None



#: The fields of each document of an art. 6 act (:class:`CorrectionAct`), with their Portuguese names.
ACT_FIELDS = {"body": "o órgão que o expediu", "number": "o número do ato", "date": "a data do ato"}


def correction_acts(e: Reader) -> tuple[CorrectionAct, ...] | None:
    """The documents of an art. 6 item: ``body``, ``number`` and ``date`` in its table, or a
    list ``documents`` of tables with them (one per Câmara); each field missing is a problem
    naming it. ``None`` when a document is incomplete."""
    if "documents" in e.table:
        items = e.get("documents", list, default=[])
        readers = []
        for i, d in enumerate(items):
            if not isinstance(d, dict):
                e.error(f"documents[{i}]", f"{found_value(d)}; esperada uma tabela com body, number "
                                           "e date")
                readers.append(None)
                continue
            readers.append(Reader(e.problems, d, f"{e._name('documents')}[{i}]."))
        if not items:
            e.error("documents", "lista vazia; esperado ao menos um documento, com body, number "
                                 "e date")
            return None
    else:
        readers = [e]
    acts, ok = [], True
    for r in readers:
        if r is None:
            ok = False
            continue
        got = {}
        for k, words in ACT_FIELDS.items():
            if k not in r.table:
                r.used.add(k)
                r.error(k, f"campo obrigatório ausente; esperado {words} "
                           f"({kind_name(dt.date if k == 'date' else str)}): cada documento da "
                           "correção de limites (art. 6º) precisa de órgão, número e data")
                ok = False
                continue
            got[k] = r.get(k, dt.date if k == "date" else str)
            ok = ok and got[k] is not None
        if r is not e:
            r.finish()
        if ok:
            acts.append(CorrectionAct(got["body"], got["number"], got["date"]))
    return tuple(acts) if ok else None


def evidence_table(r: Reader, key: str, allowed: dict[str, str],
                    also: tuple[str, ...] = (), acts: tuple[str, ...] = ()) -> dict[str, Evidence]:
    """The evidence items of table ``key``; an item of ``acts`` (art. 6) has its documents'
    body, number and date (:func:`correction_acts`) instead of a free ``document``."""
    s = r.sub(key)
    if s is None:
        return {}
    out = {}
    for item in list(s.table):
        if item not in allowed:
            s.used.add(item)
            s.error(item, f"item de comprovação desconhecido {quoted(item)}; esperado um de "
                          f"{', '.join([*allowed, *also])}")
            continue
        e = s.sub(item)
        if e is None:
            continue
        what = e.get("what", str, required=True)
        where = e.get("where", str, default="")
        if item in acts:
            found = correction_acts(e)
            e.finish()
            if what is not None and found is not None:
                out[item] = Evidence(what, where or "", "; ".join(a.text() for a in found), found)
            continue
        document = e.get("document", str, required=True)
        who = e.get("checked_by", str)
        on = date_field(e, "checked_on")
        if (who is None) != ("checked_on" not in e.table):
            e.error("checked_by" if who is None else "checked_on",
                    "esperados checked_by (quem conferiu o original) e checked_on (quando) juntos")
        e.finish()
        if what is not None and document is not None:
            out[item] = Evidence(what, where or "", document,
                                 checked=Checked(who, on) if who and on else None)
    s.finish()
    return out


def correction_table(r: Reader, path: Path) -> tuple[dict[str, Evidence], dict[str, Path]]:
    """``[boundary_correction]``: the art. 6 evidence items and the two line files.

    ``old_line`` / ``new_line`` are paths relative to the candidate file; a missing file or a
    folder is a problem of that field. The evidence items are read as every evidence table.
    """
    table = r.table.get("boundary_correction")
    lines: dict[str, Path] = {}
    if not isinstance(table, dict):
        return evidence_table(r, "boundary_correction",
                               {**BOUNDARY_CORRECTION_ITEMS, **BOUNDARY_STRIP},
                               acts=tuple(BOUNDARY_CORRECTION_ITEMS)), lines
    rest = {k: v for k, v in table.items() if k not in BOUNDARY_LINES}
    s = Reader(r.problems, {k: table[k] for k in BOUNDARY_LINES if k in table},
                "boundary_correction.")
    for key in BOUNDARY_LINES:
        value = s.get(key, str)
        if value is None:
            continue
        file = real_path(path.parent / value)
        if file.is_dir():
            from ..common.vector_files import folder_message

            s.error(key, folder_message(file))
        elif odd_file(file):
            s.error(key, f"{file}: {odd_file(file)}; esperado um GeoJSON, GeoPackage, "
                         "Shapefile zipado, KML ou KMZ com a linha")
        elif not file.is_file():
            s.error(key, f"o arquivo da {BOUNDARY_LINES[key]} {file} não existe; esperado um "
                         "GeoJSON, GeoPackage, Shapefile zipado, KML ou KMZ com a linha "
                         "(caminho relativo ao arquivo do candidato)")
        else:
            lines[key] = file
    evidence = evidence_table(Reader(r.problems, {"boundary_correction": rest}),
                               "boundary_correction",
                               {**BOUNDARY_CORRECTION_ITEMS, **BOUNDARY_STRIP},
                               also=tuple(BOUNDARY_LINES), acts=tuple(BOUNDARY_CORRECTION_ITEMS))
    r.used.add("boundary_correction")
    return evidence, lines
