"""The one record of a proposal's acts: ``[[process.events]]`` of the candidate file.

Each act has its kind (:data:`KINDS`, in the order of the law), its date, who did it (a
certifying body of :mod:`viabilidade.law.bodies` for requisitions and certificates —
``body`` —, or a person or office — ``by``), the document that proves it, optionally the
document's file (kept beside the study as an annex, with its sha256), the figures it
certifies and whether a person checked the original (``checked_by``, ``checked_on``)::

    [[process.events]]
    kind = "certidao"
    body = "ibge"
    date = 2027-03-10
    document = "Ofício nº 101/2027 — Superintendência Estadual do IBGE em Goiás"
    file = "documentos/oficio-101-2027.pdf"      # optional, beside the candidate file
    sha256 = "…"                                  # required with file
    checked_by = "Maria Souza, Consultoria Legislativa"
    checked_on = 2027-03-12
    [process.events.figures]
    population = 3102
    gap_m = 11850
    [process.events.figures.remainder.5200100]
    population = 14130

Figures by kind: a ``certidao`` carries the figures of art. 4 its body certifies (keys of
:data:`viabilidade.proposal.certified.FIGURES`, ``year`` for money, ``remainder`` per origin)
and, from the Cartório Eleitoral, ``registered_signers`` (art. 2: signers of the
representation registered as electors in the area); the ``proposta`` carries
``signatures`` (the representation's count); the ``resultado-plebiscito`` carries
``eligible``, ``turnout``, ``yes``, ``no``, ``blank``, ``void``, ``seat_question_approved``.

An act is **checked** only when a person records that they saw the original; until then
what it certifies is "conforme documento declarado (a conferir com o original)"
(:data:`DECLARED`). ``planned = true`` marks an act that has not happened yet (it may be
dated after the reference date); ``counts = true`` marks, among several receipts of one
request, the one the 60 days of art. 4 § 3 count from (default: the first).

The record is checked as a record (:func:`viabilidade.proposal.record_order.check_order`):
a receipt before its sending, a certificate before its body's receipt, an act before the
proposal, a second proposal, the same act twice and two receipts both marked ``counts`` are
errors, each on its own line; several receipts of one body are a notice naming the one that
counts. The old tables (``[process] petition_*``, ``[process.plebiscite]``,
``[certified.*]``) are read into this record for one release, with a notice of what to write
instead (:func:`legacy_notice`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..common.numbers import fmt as fmt_num
from ..common.plausibility import count_problem, reference_day, today
from ..common.vector_files import MAX_NAME_BYTES, name_problem
from ..common.text import NAME, REFERENCE, Kind, clean_text, digit_problem, quoted
from ..errors import Problems, did_you_mean, found_value
from ..law.bodies import ART2_REGISTRATION, BODIES, body_by_name
from ..os_errors import path_problem, read_reason, read_user_bytes
from .certified import FIGURES, REMAINDER_FIGURES, Certificate, Certified, figure_value, read_date

#: The kinds of act (``kind``), in the order of the law, with their pt-BR labels.
KINDS = {
    "proposta": "proposta do deputado, com a representação dos eleitores",
    "requisicao-enviada": "requisição de informações enviada (art. 4º, § 3º)",
    "requisicao-recebida": "requisição recebida pelo órgão (art. 4º, § 3º)",
    "certidao": "informação ou certidão do órgão recebida (art. 4º, § 2º)",
    "parecer": "parecer da comissão",
    "decreto-legislativo": "decreto legislativo que determina o plebiscito (art. 7º)",
    "pedido-tre": "pedido ao Tribunal Regional Eleitoral (art. 7º, § 1º)",
    "resultado-plebiscito": "resultado do plebiscito proclamado pelo TRE (art. 7º, § 2º)",
    "lei": "lei de criação publicada",
    "eleicao": "eleição do Prefeito, do Vice-Prefeito e dos Vereadores (art. 9º)",
    "instalacao": "instalação, com a posse dos eleitos (art. 9º; art. 20 para distrito)",
}
#: Acts of one of the bodies of art. 4 § 2 (``body`` required).
BODY_EVENTS = ("requisicao-enviada", "requisicao-recebida", "certidao")
#: The figures each kind may carry (a certificate's are :data:`FIGURES`, ``year``,
#: ``remainder`` and ``registered_signers``).
PLEBISCITE_FIGURES = ("eligible", "turnout", "yes", "no", "blank", "void", "seat_question_approved")
PETITION_FIGURES = ("signatures",)
REGISTERED = "registered_signers"
#: The label of a ``certidao`` carrying only ``registered_signers``: the certificate of art. 2
#: ("eleitores residentes e domiciliados na área"), not an art. 4 § 2 figure (legal review
#: 15:44, item 11); and of one carrying art. 4 figures too.
ART2_CERTIFICATE = "certidão de inscrição eleitoral dos signatários da representação (art. 2º)"
ART2_AND_ART4 = ("certidão de inscrição eleitoral dos signatários (art. 2º) e informação do "
                 "órgão (art. 4º, § 2º)")
#: A plebiscite of a creation, fusion, incorporation or transfer held without the federal
#: complementary law: CF art. 18 § 4 puts the consultation "dentro do período determinado por
#: Lei Complementar Federal"; the TSE refused to ratify one (PA 0602003-69). The rules
#: (:mod:`viabilidade.rules.art7`), the calendar and ``processo`` say it in these words.
PLEBISCITE_VOID = "sem efeito (sem a lei complementar federal; TSE, PA 0602003-69)"
#: The same in the ``federal_law`` hypothesis (legal review 15:44, item 1): a consultation
#: already held was held before the federal law (none is in force) and before the study, the
#: EVM that CF art. 18 § 4 puts before the plebiscite; it stays without effect and must be held
#: again. No recorded plebiscite counts, with or without the hypothesis.
PLEBISCITE_VOID_ASSUMED = ("sem efeito (anterior à lei complementar federal e a este estudo; a "
                           "consulta terá de ser feita de novo)")
#: When a consultation "sem efeito" can be held again: CF art. 18 § 4 puts it "dentro do
#: período determinado por Lei Complementar Federal" and after the EVM's publication. ``{law}``
#: names that law as the sentence allows (``"essa lei"`` once it was named). ``processo``'s
#: last step and the findings say it in these words.
HELD_AGAIN_WHEN = ("no período que {law} fixar e depois da divulgação dos Estudos de "
                   "Viabilidade Municipal")


#: What the record's plebiscite result (its ata) is worth when the consultation is "sem efeito"
#: (final legal read, item 16): CF art. 18 § 4 and the TSE's refusal to ratify such a
#: plebiscite (PA 0602003-69, 13/05/2021) leave it no valid act today, so the ata proves
#: nothing for the process, whether or not its original is checked.
VOID_ACT = ("não é ato válido hoje (CF, art. 18, § 4º; o TSE recusou homologar plebiscito feito "
            "sem a lei complementar federal, PA 0602003-69): a ata nada comprova para este "
            "processo")
#: The same in the ``federal_law`` hypothesis: held before the supposed law and the study.
VOID_ACT_ASSUMED = "não é ato válido nem nesta hipótese: a ata nada comprova para este processo"


def void_act(assumed: bool) -> str:
    """What a recorded plebiscite "sem efeito" is worth: :data:`VOID_ACT`, or
    :data:`VOID_ACT_ASSUMED` in the ``federal_law`` hypothesis (``assumed``)."""
    return VOID_ACT_ASSUMED if assumed else VOID_ACT


#: What every row listing the plebiscite of a creation, fusion, incorporation or transfer says
#: of it (legal review item 18; legal11 M1): nobody can hold it today (CF art. 18 § 4; TSE, PA
#: nº 0602003-69, 13/05/2021). :mod:`viabilidade.rules.certification` names it too.
NOT_BEFORE_FEDERAL_LAW = "não realizável antes da lei complementar federal (CF, art. 18, § 4º)"
#: A plebiscite of a creation, fusion, incorporation or transfer dated after today (legal11
#: S3): the act does not exist, so its result is a hypothesis of the simulation, never a fact,
#: and no such plebiscite can be held today (CF art. 18 § 4; TSE, PA 0602003-69). Every
#: document says it in these words (:func:`simulated_plebiscite`).
SIMULATED_PLEBISCITE = ("hipótese da simulação, ato datado depois de hoje, cujo resultado não é "
                        f"contado como fato, e {NOT_BEFORE_FEDERAL_LAW}")


def simulated_plebiscite(plebiscite) -> str:
    """:data:`SIMULATED_PLEBISCITE` when ``plebiscite`` (a :class:`Plebiscite` or a
    ``resultado-plebiscito`` :class:`Act`) is dated after today, else ``""``: the one test of
    a plebiscite that has not happened. The rules count no result of it (its figures set no
    value, threshold nor margin), the calendar and ``processo`` list its act with these words,
    and no law waits on it as a consultation "sem efeito" (legal11 S3: the 16/05/2027
    plebiscite of a simulated record read as held, "aprovado por 5.210 votos")."""
    if plebiscite is None or getattr(plebiscite, "kind", "resultado-plebiscito") != \
            "resultado-plebiscito":
        return ""
    day = getattr(plebiscite, "date", None)
    return SIMULATED_PLEBISCITE if day is not None and day > today() else ""


def act_proof(act: "Act", void: str = "", assumed: bool = False) -> str:
    """How far an act is proven, for a list of acts: a plebiscite's result dated after today
    reads :data:`SIMULATED_PLEBISCITE` (it has not happened: not even "sem efeito"); one "sem
    efeito" (``void``, :func:`plebiscite_void`) reads ``void`` and what its ata is worth
    (:func:`void_act`: checking its original proves nothing), any other act its
    :attr:`Act.proof`. The calendar and ``processo`` list the acts with these words (legal8
    m2: ``processo`` read the void ata as "documento declarado, a conferir com o original"
    and counted it among the documents to check)."""
    if simulated_plebiscite(act):
        return SIMULATED_PLEBISCITE
    if void and act.kind == "resultado-plebiscito":
        return f"{void}: {void_act(assumed)}"
    return act.proof


def plebiscite_void(assumed: bool) -> str:
    """The words of a recorded plebiscite of a barred operation: :data:`PLEBISCITE_VOID`, or
    :data:`PLEBISCITE_VOID_ASSUMED` in the ``federal_law`` hypothesis (``assumed``)."""
    return PLEBISCITE_VOID_ASSUMED if assumed else PLEBISCITE_VOID


#: How a figure of a document nobody has checked reads, wherever it decides a requirement.
DECLARED = "conforme documento declarado (a conferir com o original)"
#: How an act nobody has checked reads beside its document (:attr:`Act.proof`).
DECLARED_PROOF = "documento declarado, a conferir com o original"
#: How an act dated after today reads beside its document (:attr:`Act.proof`): it does not
#: exist yet, so it is a hypothesis of the simulation, with no original to check.
SIMULATED_PROOF = "hipótese da simulação, ato datado depois de hoje"
#: At most this many acts in one record (a real process has a few dozen).
MAX_ACTS = 1000
#: A document file kept beside the study: at most this many bytes.
FILE_MAX_BYTES = 50 * 1024 * 1024
#: A document's copy beside the study: ``documento-<12 hex of its sha256>-<its name>``
#: (:func:`annex_name`), so its own name has at most 255 - 23 = 232 bytes (a 248-byte name
#: passed ``processo`` and failed ``estudo`` after 10 s: issue 32, fourth hostile trial).
ANNEX_PREFIX = "documento-"
ANNEX_DIGEST_CHARS = 12
ANNEX_NAME_MAX_BYTES = MAX_NAME_BYTES - len(ANNEX_PREFIX) - ANNEX_DIGEST_CHARS - 1
#: The bound on the bytes of all of a record's distinct document files together (each
#: distinct file, by its real path, is read and hashed once).
DOCUMENTS_MAX_BYTES = 200 * 1024 * 1024
_SHA = re.compile(r"^[0-9a-f]{64}$")
_FIELDS = ("kind", "date", "document", "body", "by", "file", "sha256", "figures", "checked_by",
           "checked_on", "planned", "counts")


@dataclass(frozen=True)
class Checked:
    """Who checked an act's original document, and when."""

    who: str
    on: dt.date

    def text(self) -> str:
        """``"conferido com o original por Maria Souza em 12/03/2027"``."""
        return f"conferido com o original por {self.who} em {self.on:%d/%m/%Y}"


@dataclass(frozen=True)
class Annex:
    """A document's file kept beside the study: its path (resolved) and sha256 (hex)."""

    path: Path
    sha256: str


@dataclass(frozen=True)
class Plebiscite:
    """Plebiscite figures (art. 7), from the ``resultado-plebiscito`` act. Any may be absent.

    ``date`` is the day of the vote and ``document`` the Electoral Justice's act that declares
    the result; without both the figures decide nothing. ``checked``: who saw the original.
    """

    eligible: int | None = None
    turnout: int | None = None
    yes: int | None = None
    no: int | None = None
    blank: int | None = None
    void: int | None = None
    date: dt.date | None = None
    seat_question_approved: bool | None = None
    document: str | None = None
    checked: Checked | None = None


@dataclass(frozen=True)
class Act:
    """One dated act of the proposal.

    Attributes
    ----------
    kind : str
        A key of :data:`KINDS`.
    date : date
    document : str
        Reference of the document that proves it (ofício, protocolo, Diário Oficial…).
    body : str or None
        A key of :data:`viabilidade.law.bodies.BODIES` (requisitions and certificates).
    by : str or None
        Who did it when not a body (a deputy, the committee, the TRE).
    file : Annex or None
        The document's file.
    figures : dict
        What it certifies (see the module's text), as read.
    checked : Checked or None
        Who checked the original, and when; ``None``: declared, not checked.
    planned : bool
        Not yet happened.
    counts : bool
        The receipt the 60 days count from.
    line : int or None
        Line of its ``[[process.events]]`` in the candidate file (``None``: from an old table).
    """

    kind: str
    date: dt.date
    document: str
    body: str | None = None
    by: str | None = None
    file: Annex | None = None
    figures: dict = field(default_factory=dict, compare=False)
    checked: Checked | None = None
    planned: bool = False
    counts: bool = False
    line: int | None = field(default=None, compare=False)

    @property
    def label(self) -> str:
        """``"requisição recebida pelo órgão (art. 4º, § 3º) — IBGE"``; the Cartório
        Eleitoral's certificate of the signers' registration (``registered_signers``) is the
        art. 2º certificate (:data:`ART2_CERTIFICATE`), not one of art. 4º, § 2º."""
        who = BODIES[self.body].short if self.body else self.by
        kind = KINDS[self.kind]
        if self.kind == "certidao" and REGISTERED in self.figures:
            kind = ART2_CERTIFICATE if set(self.figures) == {REGISTERED} else ART2_AND_ART4
        return kind + (f" — {who}" if who else "")

    @property
    def proof(self) -> str:
        """How far the document is proven, for a list of acts: :meth:`Checked.text`,
        ``"documento declarado, a conferir com o original"``, or, for an act dated after
        today, :data:`SIMULATED_PROOF` (it does not exist yet: there is no original to
        check; legal10 S2)."""
        if self.checked:
            return self.checked.text()
        return SIMULATED_PROOF if self.date is not None and self.date > today() else DECLARED_PROOF

    @property
    def where(self) -> str:
        """``"linha 12"`` or ``"[certified] (forma antiga)"``, for messages."""
        return f"linha {self.line}" if self.line else "tabela antiga do arquivo"


def _text(problems: Problems, where: str, value: Any, kind: Kind, what: str) -> str | None:
    """A typed text of an act under the one text rule (:func:`viabilidade.common.text.clean_text`:
    refused characters, visible content, the length bound of ``kind``), else ``None``."""
    if value is None:
        return None
    if not isinstance(value, str):
        problems.add(where, f"{found_value(value)}; esperado {what} (texto)")
        return None
    n = len(problems.items)
    text = clean_text(problems, where, value, kind).strip()
    if len(problems.items) > n:
        return None
    if not text:
        problems.add(where, f"encontrado um texto vazio; esperado {what}")
        return None
    return text


@dataclass
class _Hashed:
    """The document files of one record already read: their sha256 by real path, and the
    bytes read so far (bounded by :data:`DOCUMENTS_MAX_BYTES`)."""
    digests: dict[Path, str] = field(default_factory=dict)
    total: int = 0


def _annex(problems: Problems, where: str, name: Any, sha: Any, base: Path,
           hashed: _Hashed) -> Annex | None:
    """The document file ``name`` of one act, checked: a plain name (:func:`name_problem`), a
    regular file whose real path (symlinks resolved) is inside the candidate file's folder
    ``base`` (checked before it is opened), at most :data:`FILE_MAX_BYTES`, the record's files
    together at most :data:`DOCUMENTS_MAX_BYTES`, and of the recorded sha256."""
    if not isinstance(name, str) or not name.strip():
        problems.add(f"{where}.file", f"{found_value(name)}; esperado o caminho do arquivo do "
                                      "documento (PDF ou imagem), relativo ao arquivo do candidato")
        return None
    odd = name_problem(name.strip())
    if odd:
        problems.add(f"{where}.file", f"{odd}; esperado o caminho do arquivo do documento, "
                                      "relativo ao arquivo do candidato")
        return None
    leaf = len(Path(name.strip()).name.encode("utf-8"))
    if leaf > ANNEX_NAME_MAX_BYTES:  # its copy beside the study could not be written
        problems.add(f"{where}.file", f"o nome do arquivo tem {leaf} bytes; esperado no máximo "
                                      f"{ANNEX_NAME_MAX_BYTES} (o estudo guarda uma cópia "
                                      f"chamada {ANNEX_PREFIX}<{ANNEX_DIGEST_CHARS} algarismos "
                                      "hexadecimais>-<nome>, e um nome de arquivo tem no máximo "
                                      f"{MAX_NAME_BYTES} bytes): renomeie o arquivo")
        return None
    if not isinstance(sha, str) or not _SHA.match(sha.strip().lower()):
        problems.add(f"{where}.sha256", f"{found_value(sha)}; esperado o sha256 do arquivo do "
                                        "documento (64 algarismos hexadecimais; sha256sum ARQUIVO)")
        return None
    try:
        folder = base.resolve()
        path = (base / name.strip()).resolve()
    except (OSError, RuntimeError) as e:  # a symlink loop
        problems.add(f"{where}.file", f"não foi possível ler {quoted(name)}: "
                                      f"{read_reason(e) if isinstance(e, OSError) else 'laço de links'}")
        return None
    if not path.is_relative_to(folder):
        problems.add(f"{where}.file", f"o arquivo {quoted(name)} fica fora da pasta do arquivo do "
                                      f"candidato ({folder}); esperado o arquivo do documento nessa "
                                      "pasta ou numa subpasta dela (copie-o para lá), sem links "
                                      "para fora dela")
        return None
    odd = path_problem(path)
    if odd or not path.is_file():
        problems.add(f"{where}.file", f"arquivo {quoted(name)} {odd or 'não encontrado'}; esperado o "
                                      "arquivo do documento ao lado do arquivo do candidato")
        return None
    digest = hashed.digests.get(path)
    if digest is None:
        try:
            size = path.stat().st_size
            if size > FILE_MAX_BYTES:
                problems.add(f"{where}.file", f"arquivo {quoted(name)} com {fmt_num(size)} bytes; "
                                              f"esperado no máximo {fmt_num(FILE_MAX_BYTES)} bytes")
                return None
            if hashed.total + size > DOCUMENTS_MAX_BYTES:
                problems.add(f"{where}.file", f"arquivo {quoted(name)} com {fmt_num(size)} bytes leva os "
                                              "documentos do registro a "
                                              f"{fmt_num(hashed.total + size)} bytes; esperado no "
                                              f"máximo {fmt_num(DOCUMENTS_MAX_BYTES)} bytes em "
                                              "todos os arquivos de documentos juntos")
                return None
            data = read_user_bytes(path, FILE_MAX_BYTES)  # by type and size on the open file
        except OSError as e:
            problems.add(f"{where}.file", f"não foi possível ler {quoted(name)}: {read_reason(e)}")
            return None
        hashed.total += len(data)
        digest = hashed.digests[path] = hashlib.sha256(data).hexdigest()
    if digest != sha.strip().lower():
        problems.add(f"{where}.sha256", f"o arquivo {quoted(name)} tem sha256 {digest}, diferente do "
                                        "registrado; esperado o mesmo documento (se o documento "
                                        "mudou, registre o novo sha256 e confira-o de novo)")
        return None
    return Annex(path, digest)


def _figures(problems: Problems, where: str, kind: str, body: str | None, raw: Any) -> dict:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        problems.add(where, f"{found_value(raw)}; esperada uma tabela de valores")
        return {}
    allowed = (PETITION_FIGURES if kind == "proposta" else
               PLEBISCITE_FIGURES if kind == "resultado-plebiscito" else
               (*[k for k, f in FIGURES.items() if f.body == body], "year", "remainder",
                *((REGISTERED,) if body == "cartorio-eleitoral" else ()))
               if kind == "certidao" else ())
    out = {}
    for key, value in raw.items():
        if key not in allowed:
            problems.add(f"{where}.{key}", f"chave desconhecida {quoted(key)} num ato {quoted(kind)}"
                                           + (f" de {BODIES[body].short}" if body else "")
                                           + did_you_mean(key, allowed)
                                           + f"; permitidas: {', '.join(allowed) or 'nenhuma'}")
            continue
        if key == "seat_question_approved":
            if not isinstance(value, bool):
                problems.add(f"{where}.{key}", f"{found_value(value)}; esperado true ou false")
                continue
        elif key == "remainder" or key == "year" or key in FIGURES:
            pass  # checked with the certificate (:func:`certificates`)
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0 or count_problem(value):
            problems.add(f"{where}.{key}", count_problem(value) if isinstance(value, int)
                         and not isinstance(value, bool) and value >= 0 else
                         f"{found_value(value)}; esperado um número inteiro >= 0")
            continue
        out[key] = value
    return out


def read_acts(raw: Any, path: Path, problems: Problems, prefix: str = "process.",
              ordered: list | None = None) -> list[Act]:
    """``[[process.events]]``: every act, sorted by date and the law's order; each problem
    recorded on its own line (at most :data:`MAX_ACTS` acts are read).

    ``ordered``, when given, receives the acts that have problems of their own but whose
    kind, date and body could be read, so that :func:`.record_order.check_order` sees them too and a file's
    order errors come with its field errors, at once (the batch analyst).

    Raises nothing: problems go to ``problems`` (the candidate file's collector).
    """
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.add(f"{prefix}events", f"{found_value(raw)}; esperada uma lista [[process.events]]")
        return []
    if len(raw) > MAX_ACTS:
        problems.add(f"{prefix}events", f"encontrados {fmt_num(len(raw))} atos; esperado no "
                                        f"máximo {fmt_num(MAX_ACTS)} (um processo real tem "
                                        "algumas dezenas): só os primeiros foram conferidos")
        raw = raw[:MAX_ACTS]
    out = []
    hashed = _Hashed()
    for i, item in enumerate(raw, start=1):
        where = f"{prefix}events[{i}]"
        if not isinstance(item, dict):
            problems.add(where, f"{found_value(item)}; esperada uma tabela [[process.events]] com "
                                "kind, date e document")
            continue
        n = len(problems.items)
        for extra in [k for k in item if k not in _FIELDS]:
            problems.add(f"{where}.{extra}", f"chave desconhecida {quoted(extra)}; permitidas aqui: "
                                             + ", ".join(_FIELDS))
        kind = item.get("kind")
        if kind not in KINDS:
            problems.add(f"{where}.kind", f"{found_value(kind) if not isinstance(kind, str) else f'encontrado {quoted(kind)}' + did_you_mean(kind, KINDS)}"
                                          f"; esperado um de {', '.join(KINDS)}")
        date = (read_date(problems, f"{where}.date", item["date"]) if "date" in item else
                problems.add(f"{where}.date", "campo obrigatório ausente; esperada a data do ato "
                                              "(AAAA-MM-DD)"))
        document = (_text(problems, f"{where}.document", item["document"], REFERENCE,
                          "a referência do documento") if "document" in item else
                    problems.add(f"{where}.document", "campo obrigatório ausente; esperada a "
                                                      "referência do documento (ofício, protocolo, "
                                                      "Diário Oficial…)"))
        if document is not None and digit_problem(document, folded=True):
            # its ofício number is read and compared (hostile trial 11: "Ofício nº ١٥/٢٠٢٧"
            # passed as another ofício than "Ofício nº 15/2027")
            problems.add(f"{where}.document", digit_problem(document, folded=True))
            document = None
        body = item.get("body")
        if kind in BODY_EVENTS and body not in BODIES:
            found = f"encontrado {quoted(body)}" if isinstance(body, str) else found_value(body)
            problems.add(f"{where}.body", f"{found}; esperado um de {', '.join(BODIES)} "
                                          f"(o órgão de {quoted(kind)})")
        elif kind in KINDS and kind not in BODY_EVENTS and body is not None:
            problems.add(f"{where}.body", f"encontrado {quoted(body)} num evento {quoted(kind)}; body só vale "
                                          f"para {', '.join(BODY_EVENTS)} (use by = \"…\" para "
                                          "quem praticou o ato)")
        by = _text(problems, f"{where}.by", item.get("by"), NAME, "quem praticou o ato")
        annex = (_annex(problems, where, item.get("file"), item.get("sha256"), path.parent,
                        hashed)
                 if "file" in item or "sha256" in item else None)
        figures = (_figures(problems, f"{where}.figures", kind, body if body in BODIES else None,
                            item.get("figures"))
                   if kind in KINDS else {})   # an unknown kind: its figures are not judged
        checked = None
        if "checked_by" in item or "checked_on" in item:
            who = _text(problems, f"{where}.checked_by", item.get("checked_by"), NAME,
                        "quem conferiu o original (nome e cargo)")
            if "checked_by" not in item:
                problems.add(f"{where}.checked_by", "campo ausente; checked_on precisa de "
                                                    "checked_by (quem conferiu o original)")
            on = (read_date(problems, f"{where}.checked_on", item["checked_on"])
                  if "checked_on" in item else
                  problems.add(f"{where}.checked_on", "campo ausente; checked_by precisa de "
                                                      "checked_on (a data da conferência)"))
            if on is not None and date is not None and on < date:
                problems.add(f"{where}.checked_on", f"conferido em {on:%d/%m/%Y}, antes do próprio "
                                                    f"ato ({date:%d/%m/%Y}); esperada uma data "
                                                    "igual ou posterior")
            today = reference_day()
            if on is not None and on > today:  # a check not yet made is no check (hostile 3)
                problems.add(f"{where}.checked_on", f"conferido em {on:%d/%m/%Y}, depois da data "
                                                    f"do estudo ({today:%d/%m/%Y}); esperada a "
                                                    "data em que o original já foi conferido "
                                                    "(até a data do estudo)")
                on = None
            if who and on:
                checked = Checked(who, on)
        flags = {}
        for key in ("planned", "counts"):
            value = item.get(key, False)
            if not isinstance(value, bool):
                problems.add(f"{where}.{key}", f"{found_value(value)}; esperado true ou false")
            flags[key] = value is True
        if flags["counts"] and kind != "requisicao-recebida":
            problems.add(f"{where}.counts", f"counts num evento {quoted(kind)}; só vale para "
                                            "requisicao-recebida (o recebimento de que contam os "
                                            "60 dias)")
        if flags["planned"] and checked is not None:
            problems.add(f"{where}.planned", "um ato previsto não tem original a conferir; "
                                             "esperado planned = false ou sem checked_by/checked_on")
        line = problems.line(f"{where}.kind") or problems.line(where)
        if len(problems.items) == n:
            out.append(Act(kind, date, document, body, by, annex, figures, checked,
                           flags["planned"], flags["counts"], line))
        elif (ordered is not None and kind in KINDS and date is not None
              and (body in BODIES or kind not in BODY_EVENTS)):
            ordered.append(Act(kind, date, document, body if body in BODIES else None, None,
                               None, {}, None, flags["planned"], flags["counts"], line))
    order = list(KINDS)
    return sorted(out, key=lambda a: (a.date, order.index(a.kind)))


def _error(problems: Problems, act: Act, msg: str) -> None:
    from ..errors import CandidateError

    problems.items.append(CandidateError(msg, file=problems.path, field="process.events",
                                         line=act.line))


def receipt(receipts: list[Act]) -> Act:
    """Of one body's receipts, the one the 60 days count from: the one marked ``counts``,
    else the first recorded."""
    return next((r for r in receipts if r.counts), receipts[0])


def certificates(acts: list[Act], origins: tuple[str, ...], problems: Problems) -> Certified:
    """The certified figures of the ``certidao`` acts (:class:`Certified`), each with its act's
    ``checked``; a figure certified twice is a problem (the act's line)."""
    area: dict[str, Certificate] = {}
    remainders: dict[str, dict[str, Certificate]] = {}
    for act in acts:
        if act.kind != "certidao" or not act.figures or act.planned or act.line is None:
            continue
        body = BODIES[act.body]
        where = f"linha {act.line}" if act.line else "process.events"
        year = act.figures.get("year")

        def make(key: str, value: Any, origin: str | None) -> Certificate | None:
            spec = FIGURES[key]
            n = len(problems.items)
            v = figure_value(spec, value, f"process.events.figures.{key}", problems)
            if spec.kind == "money" and (isinstance(year, bool) or not isinstance(year, int)
                                         or not 1988 <= year <= 2100):
                _error(problems, act, f"{key} sem o exercício fiscal: esperado year = AAAA "
                                      "(1988 a 2100) nos valores do ato")
            for item in problems.items[n:]:
                item.line = act.line
            if len(problems.items) > n:
                return None
            return Certificate(key, v, body.name, act.document, act.date,
                               year if spec.kind == "money" else None, origin, act.checked,
                               act.line)

        for key, value in act.figures.items():
            if key in FIGURES:
                cert = make(key, value, None)
                if cert is not None:
                    if key in area:
                        _error(problems, act, f"{key} certificado duas vezes ({where}); esperado "
                                              "uma só certidão por valor")
                    area[key] = cert
        rem = act.figures.get("remainder") or {}
        if not isinstance(rem, dict):
            _error(problems, act, f"remainder: {found_value(rem)}; esperada uma tabela por "
                                  "município de origem (código IBGE)")
            continue
        for code, figs in rem.items():
            if code not in origins or not isinstance(figs, dict):
                _error(problems, act, f"remainder.{code}: esperado um município de origem "
                                      f"declarado ({', '.join(origins) or '—'}) com os seus valores")
                continue
            for key, value in figs.items():
                if key not in REMAINDER_FIGURES or FIGURES[key].body != act.body:
                    _error(problems, act, f"remainder.{code}.{key}: valor desconhecido para "
                                          f"{body.short}; permitidos: "
                                          + ", ".join(k for k in REMAINDER_FIGURES
                                                      if FIGURES[k].body == act.body))
                    continue
                cert = make(key, value, code)
                if cert is not None:
                    remainders.setdefault(code, {})[key] = cert
    return Certified(area, remainders)


def merge_certified(old: Certified, new: Certified, problems: Problems) -> Certified:
    """The old ``[certified]`` table's figures and the record's, one certificate per figure
    (a figure in both is a problem)."""
    for key in old.area.keys() & new.area.keys():
        problems.add(f"certified.{key}", f"o valor {key} está também numa certidão de "
                                         "[[process.events]]; esperado uma só vez (no registro)")
    remainders = {c: dict(v) for c, v in old.remainders.items()}
    for code, figs in new.remainders.items():
        remainders.setdefault(code, {}).update(figs)
    return Certified({**old.area, **new.area}, remainders)


def plebiscite_problems(p: Plebiscite) -> list[str]:
    """Why a plebiscite's figures cannot be one count (turnout over the roll, parts that do
    not add up to the turnout), in pt-BR."""
    out = []
    if p.eligible is not None and p.turnout is not None and p.turnout > p.eligible:
        out.append(f"o comparecimento {p.turnout} excede o eleitorado apto {p.eligible}; "
                   "esperado comparecimento <= eleitorado apto")
    parts = [p.yes, p.no, p.blank, p.void]
    if p.turnout is not None and all(x is not None for x in parts) and sum(parts) != p.turnout:
        out.append(f"sim + não + brancos + nulos = {sum(parts)}, mas o comparecimento é "
                   f"{p.turnout}; esperada a mesma soma")
    return out


def plebiscite_of(acts: list[Act], problems: Problems | None = None) -> Plebiscite | None:
    """The plebiscite of the last ``resultado-plebiscito`` act with figures, else ``None``;
    with ``problems``, :func:`plebiscite_problems` recorded on the act's line."""
    held = [a for a in acts if a.kind == "resultado-plebiscito" and a.figures and a.line and not a.planned]
    if not held:
        return None
    a = held[-1]
    f = a.figures
    p = Plebiscite(f.get("eligible"), f.get("turnout"), f.get("yes"), f.get("no"), f.get("blank"),
                   f.get("void"), a.date, f.get("seat_question_approved"), a.document, a.checked)
    for msg in plebiscite_problems(p) if problems is not None else ():
        _error(problems, a, msg)
    return p


def petition_of(acts: list[Act]) -> Act | None:
    """The ``proposta`` act that carries the representation's signatures, else ``None``."""
    return next((a for a in reversed(acts) if a.kind == "proposta" and "signatures" in a.figures),
                None)


def registration_of(acts: list[Act]) -> Act | None:
    """The Cartório Eleitoral's certificate of the signers' registration in the area (art. 2),
    else ``None``."""
    return next((a for a in reversed(acts) if a.kind == "certidao" and REGISTERED in a.figures),
                None)


def annexes(acts) -> list[Annex]:
    """The document files of the record, once each, in the record's order."""
    return list({a.file.path: a.file for a in acts if a.file is not None}.values())


def annex_name(annex: Annex) -> str:
    """The name a document's file is kept under beside the study:
    ``documento-<first 12 hex of its sha256>-<its name>`` (two documents of one name differ)."""
    return f"{ANNEX_PREFIX}{annex.sha256[:ANNEX_DIGEST_CHARS]}-{annex.path.name}"


def annex_bytes(annex: Annex) -> bytes:
    """The file's bytes, read again and checked against the sha256 the record holds.

    Raises
    ------
    CandidateError
        The file is gone, too large, or no longer the document recorded (pt-BR, naming it).
    """
    from ..errors import CandidateError

    try:  # by type and size on the open file, as when the record was read
        data = read_user_bytes(annex.path, FILE_MAX_BYTES)
    except OSError as e:
        raise CandidateError(f"{annex.path}: não foi possível ler o documento ({read_reason(e)})") from None
    if hashlib.sha256(data).hexdigest() != annex.sha256:
        raise CandidateError(f"{annex.path}: o arquivo mudou desde a leitura do candidato (sha256 "
                             "diferente do registrado); esperado o mesmo documento")
    return data


def legacy_notice(table: str, instead: str) -> str:
    """The notice of an old table read into the record: what to write instead."""
    return (f"{table} é a forma antiga (lida nesta versão, retirada na próxima): registre "
            f"{instead} em [[process.events]] (ver docs/GUIA.md, Processo)")


def legacy_acts(petition: tuple, plebiscite: Plebiscite | None, certified: Certified) -> tuple[list[Act], list[str]]:
    """The acts the old tables describe (never checked: the old tables had no place for
    it), and a notice for each table used. ``petition``: (signatures, document, date)."""
    acts, notices = [], []
    signatures, document, date = petition
    if signatures is not None and document and date:
        acts.append(Act("proposta", date, document, figures={"signatures": signatures}))
        notices.append(legacy_notice("[process] petition_signatures/petition_document/"
                                     "petition_date", 'o ato kind = "proposta" com '
                                     "figures.signatures"))
    if plebiscite is not None and plebiscite.date and plebiscite.document:
        figures = {k: getattr(plebiscite, k) for k in PLEBISCITE_FIGURES
                   if getattr(plebiscite, k) is not None}
        acts.append(Act("resultado-plebiscito", plebiscite.date, plebiscite.document, figures=figures))
        notices.append(legacy_notice("[process.plebiscite]", 'o ato kind = "resultado-plebiscito" '
                                                             "com os seus figures"))
    docs: dict[tuple, dict] = {}
    for cert in certified.all():
        body = body_by_name(cert.body).key
        figs = docs.setdefault((body, cert.document, cert.date), {})
        if cert.origin is None:
            figs[cert.key] = cert.value
        else:
            figs.setdefault("remainder", {}).setdefault(cert.origin, {})[cert.key] = cert.value
        if cert.year is not None:
            figs["year"] = cert.year
    for (body, document, date), figs in docs.items():
        acts.append(Act("certidao", date, document, body, figures=figs))
    if docs:
        notices.append(legacy_notice("[certified.*]", 'cada certidão como ato kind = "certidao" '
                                                      "com body, document, date e figures"))
    return acts, notices


__all__ = ["DECLARED_PROOF", "SIMULATED_PROOF", "SIMULATED_PLEBISCITE", "simulated_plebiscite", "NOT_BEFORE_FEDERAL_LAW", "HELD_AGAIN_WHEN", "PLEBISCITE_VOID", "PLEBISCITE_VOID_ASSUMED", "plebiscite_void", "annex_bytes", "annex_name", "Act", "Annex", "BODY_EVENTS", "Checked", "DECLARED", "KINDS", "MAX_ACTS", "Plebiscite",
           "REGISTERED", "annexes", "certificates", "legacy_acts", "merge_certified",
           "petition_of", "plebiscite_of", "read_acts", "receipt", "registration_of", "ART2_REGISTRATION"]
