"""The statewide views of LC 02/1990: :mod:`.views` (the art. 8 audit of every municipality
and the screening of every non-seat district as a candidate municipality), their text
(:mod:`.audit_doc`, :mod:`.screening_doc`), maps (:mod:`.maps`), table cells and sections
(:mod:`.cells`), the screening's FPM (:mod:`.who_pays`), the notebooks' runners (:mod:`.run`)
and :mod:`.rulesets` (that screening under several rulesets side by side, ``viabilidade
triagem --regras``).

Layer: a product (floor 11, docs/CONTRACTS.md), beside ``batch`` and ``explore``: it may
import the report and everything below it, never ``batch``, ``explore`` or ``cli``.
Importing this package imports none of its modules.
"""
