"""The draft bill of an operation (``viabilidade projeto-de-lei``): the law LC 02/1990 asks for,
written in the technique of LC 95/1998, with its justificação drawn from the study.

Parts (LC 95/1998, arts. 3º to 11): epígrafe, ementa, preâmbulo, the articles the operation
declares (:attr:`viabilidade.operations.Operation.bill`, each built by one function of
:data:`BUILDERS`), the cláusula de vigência, then the justificação (headed by the
constitutional bar, :func:`viabilidade.report.frame.bar_clause`; the study's findings with
their bases; what is pending certification) and the memorial descritivo as annex (a
boundary correction's: the corrected line's, :mod:`viabilidade.geo.line_memorial`; a
transfer's transitional articles: :mod:`.transfer`; a correction's: :mod:`.correction`).
What the bill cannot say from the data (the urban area's limits, the ICMS percentage without
the value added, the name of the municipality of greater revenue, the day a transferred area
passes, the law whose description a correction replaces) is listed after the bill, in "Notas
para a redação final", which is not part of it.

Numbering (LC 95/1998, art. 10): "Art. 1º" to "Art. 9º", then "Art. 10."; "Parágrafo único."
or "§ 1º"…; incisos in Roman numerals. A state bill is a deputy's: its preamble is the
Assembly's enacting words without the Governor's ("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE
GOIÁS, nos termos do art. 10 da Constituição Estadual, decreta a seguinte Lei:"). The
sanctioned Goiás law adds "e eu sanciono" in the Governor's voice (Lei nº 20.367/2018, Lei nº
22.416/2023), and a law the Assembly promulgates reads "por seu Presidente, promulga a
seguinte Lei" (Lei nº 20.315/2018, Diário da Assembleia of 06/11/2018): neither formula is a
deputy's to write. A district's bill (art. 16) is a municipal law's. What art. 3 requires the
law to state and the data cannot give — the installation year, the ICMS percentage — and the
federal complementary law's number and date stand in the articles as visible blanks
(:data:`YEAR_BLANK`, :data:`PERCENT_BLANK`, :data:`FEDERAL`), and the notes say why. The
ementa states the object without "e dá outras providências" (LC 95/1998, art. 5º); the
vigência gives a vacatio legis (art. 8º, § 2º: "na data de sua publicação" is for laws of
small repercussion, art. 8º, caput). Outputs: HTML, PDF (the Typst writer, A4 page of the
ofícios) and DOCX (python-docx).
"""

from __future__ import annotations

from .articles import BUILDERS, LEGISLACAO_BLANK
from .context import Context
from .build import build_bill
from .form import (BLANK, DATE_BLANK, DAYS_BLANK, FEDERAL, LC2, LC2_SHORT, MUNICIPAL_AUTHOR,
                   NUMBER_BLANK, PERCENT_BLANK, STATE_PREAMBLE, VIGENCIA, YEAR_BLANK, Article, Bill,
                   article_label, in_words, law_form, minuta_header, ordinal_label,
                   paragraph_labels)
from .render import FINDINGS_HEADER, STEM, bill_docx, bill_html, stylesheet, write_bill

__all__ = ["Article", "Bill", "BUILDERS", "build_bill", "minuta_header", "bill_html", "bill_docx", "write_bill",
           "in_words", "article_label", "paragraph_labels", "STATE_PREAMBLE", "VIGENCIA",
           "BLANK", "DATE_BLANK", "DAYS_BLANK", "FEDERAL", "LC2", "LC2_SHORT", "MUNICIPAL_AUTHOR",
           "NUMBER_BLANK", "PERCENT_BLANK", "YEAR_BLANK", "LEGISLACAO_BLANK", "Context", "law_form",
           "ordinal_label", "FINDINGS_HEADER", "STEM", "stylesheet"]
