"""The IBGE codes of Goiás as a candidate file, a settings file or a data table writes them.

Codes are always text (a number loses its leading zeros): a municipality has 7 digits, a
district 9, both starting with 52, the code of Goiás (IBGE, Divisão Territorial Brasileira).
Digits 0 to 9 only: ``\\d`` took an Arabic-Indic ``"52٠٠١٠٠"`` as a code (hostile trial 11;
:func:`viabilidade.common.text.digit_problem` names such a digit).
"""

from __future__ import annotations

import re

#: A municipality of Goiás: ``"5200100"`` (Abadiânia).
COD_IBGE = re.compile(r"^52[0-9]{5}$")
#: A district of Goiás: ``"520010010"`` (Posse d'Abadia, of Abadiânia).
COD_DISTRITO = re.compile(r"^52[0-9]{7}$")
