"""What the candidate's record of acts already says about its ofícios (legal review 15:44, item 3).

The record (``[[process.events]]``, :mod:`viabilidade.proposal.record`) holds the requests of
art. 4 § 3 that went out (``requisicao-enviada``), their receipts (``requisicao-recebida``)
and the bodies' answers (``certidao``). ``viabilidade oficios`` reads it before writing:

- **A request the record shows as sent, received or answered is not written again.** The
  letter to that body is left out, and a notice names the act that shows it (kind, document,
  date, line of the candidate file) and the answer when there is one. The letters to the
  origin's Prefeitura and Câmara have no act in the record (they are not requests of art. 4
  § 3) and are always written, so a creation always has a letter to write. A second letter to
  the same body (a reiteration after the sixty days) is a new act the analyst drafts: this
  tool does not write it (docs/GUIA.md, Ofícios).
- **A request the record shows as planned** (``planned = true``) is written with the number
  the record gives it (``document = "Ofício nº 10/2027/CCJR-ALEGO"``: number and sigla),
  so the letter and the record cite the same ofício; a planned number of another year than the
  letter's date is refused.

Only the three bodies of art. 4 § 2 have acts in the record (``body`` is a key of
:data:`viabilidade.law.bodies.BODIES`): the letters to the origin's Prefeitura and Câmara are
always written. A ``certidao`` that carries only the art. 2 registration of the signers
(``registered_signers``, asked of the Cartório Eleitoral before the art. 4 request) does not
answer the art. 4 request.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ..common.numbers import decimal
from ..common.text import quoted
from ..errors import CandidateError
from ..law.bodies import BODIES
from ..proposal.record import KINDS, REGISTERED, Act
from .oficios_settings import NUMBER_MAX, SIGLA_MAX, is_sigla

#: An ofício's number in a record's ``document``: ``"Ofício nº 10/2027-CCJR"``,
#: ``"Ofício nº 402/2027/GP-ALEGO"`` -> number, year and sigla (optional).
_NUMBER = re.compile(r"Of[íi]cio\s+n[º°o.]*\s*([0-9]{1,5})\s*/\s*([0-9]{4})(?:\s*[/-]\s*([\w-]+))?",
                     re.IGNORECASE)  # ASCII digits: "１２/２０２７" was read as 12/2027 (trial 7)
#: The start of an ofício's number in a ``document`` (``"Ofício nº"``): a planned sending that
#: writes it must give a number :data:`_NUMBER` reads (issue 32, hostile trial 5: ``"Ofício nº
#: 0/2027"`` or ``"Ofício nº 123456/2027"`` were passed over, and the letter took another
#: number than the record's).
_STARTED = re.compile(r"Of[íi]cio\s+n[º°o.]*\s*", re.IGNORECASE)
#: The kinds of act that show a request already made (sent, received or answered).
_MADE = ("requisicao-enviada", "requisicao-recebida", "certidao")


@dataclass(frozen=True)
class Recorded:
    """A letter the record shows as already made.

    Attributes
    ----------
    key : str
        The letter (a key of :data:`~viabilidade.law.bodies.BODIES`).
    act : Act
        The first act that shows it: the sending, else the receipt, else the answer.
    answer : Act or None
        The body's answer (``certidao``), when recorded.
    """

    key: str
    act: Act
    answer: Act | None = None

    def words(self) -> str:
        """The notice (pt-BR): ``"ofício ao IBGE não escrito: o registro de atos já tem a
        requisição de informações enviada (art. 4º, § 3º) — Ofício nº 10/2027-CCJR, de
        15/01/2027 (linha 47), respondida por …"``."""
        body = BODIES[self.key]
        out = (f"ofício {body.to} não escrito: o registro de atos já tem a "
               f"{_act_words(self.act)}")
        if self.answer is not None and self.answer is not self.act:
            out += f", respondida por {_document_words(self.answer)}"
        return out


def _document_words(act: Act) -> str:
    return f"{act.document}, de {act.date:%d/%m/%Y} ({act.where})"


def _act_words(act: Act) -> str:
    return f"{KINDS[act.kind]} — {_document_words(act)}"


def _answers(act: Act) -> bool:
    """A ``certidao`` answers the art. 4 request when it certifies more than the art. 2
    registration of the signers."""
    return act.kind == "certidao" and any(k != REGISTERED for k in act.figures)


def recorded(candidate, keys) -> dict[str, Recorded]:
    """The letters among ``keys`` that the candidate's record shows as already made.

    Parameters
    ----------
    candidate : Candidate
        Its ``events`` (the record of acts, in date order).
    keys : iterable of str
        The letters' keys (:attr:`viabilidade.report.oficios.Request.key`).

    Returns
    -------
    dict
        Letter key -> :class:`Recorded`, for each letter whose body has a sending, a receipt
        or an answer in the record that is not ``planned``.
    """
    out: dict[str, Recorded] = {}
    for key in keys:
        acts = [a for a in getattr(candidate, "events", ()) if a.body == key and not a.planned
                and a.kind in _MADE and (a.kind != "certidao" or _answers(a))]
        if not acts:
            continue
        first = min(acts, key=lambda a: _MADE.index(a.kind))
        answer = next((a for a in acts if a.kind == "certidao"), None)
        out[key] = Recorded(key, first, answer)
    return out


def planned_numbers(candidate, keys, year: int) -> dict[str, tuple[int, str]]:
    """The numbers the record gives the letters it plans: ``{key: (number, sigla)}``.

    Parameters
    ----------
    candidate : Candidate
    keys : iterable of str
        The letters to be written.
    year : int
        The letters' year (their date's).

    Raises
    ------
    CandidateError
        When a planned sending's number is of another year than the letter's date (the
        letter and the record would cite two different ofícios), or is not a number of 1 to
        :data:`~viabilidade.report.oficios_settings.NUMBER_MAX` with a sigla of
        :func:`~viabilidade.report.oficios_settings.is_sigla` (``"Ofício nº 0/2027"``,
        ``"Ofício nº 123456/2027"``), with the act's line.
    """
    out: dict[str, tuple[int, str]] = {}
    for key in keys:
        for a in getattr(candidate, "events", ()):
            if a.body != key or not a.planned or a.kind != "requisicao-enviada":
                continue
            m, started = _NUMBER.search(a.document), _STARTED.search(a.document)
            if m is None and started is None:
                continue  # a document with no ofício number: the letter gets its own
            if m is None or not 1 <= int(m.group(1)) <= NUMBER_MAX \
                    or not is_sigla(m.group(3) or "A"):
                given = a.document[(m or started).start():]
                raise CandidateError(
                    f"o registro de atos ({a.where}) dá ao ofício {BODIES[key].to} o número "
                    f"{quoted(given.strip())}; esperado 'Ofício nº <número de 1 a "
                    f"{decimal(NUMBER_MAX)}>/<ano>', seguido, se houver, da sigla (até "
                    f"{SIGLA_MAX} caracteres, letras maiúsculas e algarismos, partes unidas por "
                    "hífen), p. ex. 'Ofício nº 10/2027/CCJR-ALEGO'",
                    file=getattr(candidate, "path", None), field="process.events")
            if int(m.group(2)) != year:
                raise CandidateError(
                    f"o registro de atos ({a.where}) dá ao ofício {BODIES[key].to} o número "
                    f"{m.group(1)}/{m.group(2)}, mas o ofício é datado de {year}; corrija o "
                    "número no registro ou a data do pedido (--data-pedido)",
                    file=getattr(candidate, "path", None), field="process.events")
            out[key] = (int(m.group(1)), m.group(3) or "")
    return out


def check_taken(candidate, numbers: dict[str, tuple[int, str]], year: int) -> None:
    """Refuse a letter whose number the record has already sent as another ofício.

    Parameters
    ----------
    candidate : Candidate
    numbers : dict
        The letters to be written: key -> (number, sigla).
    year : int
        Their year.

    Raises
    ------
    CandidateError
        Naming every letter whose number, year and sigla equal those of a sent
        ``requisicao-enviada`` of the record, with the act's line (pt-BR).
    """
    sent = {}
    for a in getattr(candidate, "events", ()):
        m = _NUMBER.search(a.document) if a.kind == "requisicao-enviada" and not a.planned else None
        if m is not None and int(m.group(2)) == year:
            sent.setdefault((int(m.group(1)), (m.group(3) or "").upper()), a)
    clashes = []
    for key, (number, sigla) in numbers.items():
        a = sent.get((number, sigla.upper()))
        if a is not None and a.body != key:
            clashes.append(f"o ofício {_to(key)} teria o número {number}/{year}"
                           + (f"/{sigla}" if sigla else "")
                           + f", já usado no registro de atos ({a.where}: {a.document}, "
                           f"{BODIES[a.body].to})")
    if clashes:
        raise CandidateError("; ".join(clashes) + "; ajuste first_number em [oficios] (ou "
                             "presidencia.number) para um número ainda não usado",
                             file=getattr(candidate, "path", None), field="process.events")


def default_date(candidate, today: dt.date) -> tuple[dt.date, str]:
    """The letters' date when the user gives none (no ``--data-pedido``), and the notice
    saying why it is not the usual one (``""`` when it is).

    The usual date is the candidate's ``request_date``, else ``today``. A letter cannot be
    dated before an act the record already holds (final legal read, N2: the certified file's
    letters were dated 15/01/2027 while its record held the answers of March and the plebiscite
    of 16/05/2027), so when the last valid act that is not ``planned`` is on or after it, the
    letters take the first business day after that act
    (:func:`viabilidade.rules.business_days.next_business_day`) and the notice names the act
    and its line. A barred operation's plebiscite result, "sem efeito", is no valid act
    (legal8 m3: the letters were dated on its Sunday).

    Returns
    -------
    (date, str)
        ``(2027-03-11, "ofícios datados de 11/03/2027, o primeiro dia útil depois do último
        ato válido do registro (10/03/2027, linha 111: informação ou certidão do órgão
        recebida … — Ofício nº 101/2027 …), e não de 15/01/2027 (request_date do candidato),
        que o precede; para outra data, use --data-pedido")``.
    """
    from ..operations import operation_of
    from ..rules.business_days import next_business_day

    base, what = ((candidate.request_date, "request_date do candidato")
                  if getattr(candidate, "request_date", None) is not None else (today, "hoje"))
    # a barred operation's plebiscite result is "sem efeito", no valid act (record.act_proof):
    # the certified file's letters were dated on its Sunday, 16/05/2027 (legal8 m3)
    barred = operation_of(candidate).barred
    done = [a for a in getattr(candidate, "events", ()) or ()
            if not a.planned and not (barred and a.kind == "resultado-plebiscito")]
    last = max(done, key=lambda a: a.date, default=None)
    if last is None or last.date < base:
        return base, ""
    day, _ = next_business_day(last.date + dt.timedelta(days=1))
    return day, (f"ofícios datados de {day:%d/%m/%Y}, o primeiro dia útil depois do último ato "
                 f"válido do registro ({last.date:%d/%m/%Y}, {last.where}: {last.label} — "
                 f"{last.document}), e não de {base:%d/%m/%Y} ({what}), que o precede; para "
                 "outra data, use --data-pedido")


def _to(key: str) -> str:
    """``"ao IBGE"``; a municipal letter: ``"prefeitura-abadiania"`` in quotes."""
    return BODIES[key].to if key in BODIES else f"'{key}'"


__all__ = ["Recorded", "recorded", "planned_numbers", "check_taken", "default_date"]
