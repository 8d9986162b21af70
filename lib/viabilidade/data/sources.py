"""How studies cite the published tables a figure comes from (source and vintage).

One place for the citations the profile (:mod:`viabilidade.profile.build`) puts on every published
figure and the data checks (:mod:`viabilidade.data.incoherence`) name in their flags.

The raw files hold two electoral rolls (TSE), each cited as what it is:

* the **electorate profile of 2026** (``perfil do eleitorado``; July 2026 according to the
  aggregation that gives the state total, not checked): the latest roll, read by art. 4 V,
  the plebiscite's roll and every estimate of an area's electors (:data:`SRC_TSE`);
  Bom Jesus de Goiás is absent from the per-municipality table and is derived from the state
  total (basis ``estimado``, :func:`viabilidade.data.tse.read_profile_municipalities`);
* the **eligible electors of the 2022 general election** (``eleitorado apto``, 2 Oct 2022):
  kept where a check compares electors with the Censo 2022 population of the same year
  (:mod:`viabilidade.data.incoherence`) and for the electoral zones the letters address.
"""

SRC_CENSUS = "IBGE, Censo Demográfico 2022 — Agregados por municípios/distritos (resultados do universo)"
SRC_CENSUS_FIRST = "IBGE, Censo Demográfico 2022 — População e Domicílios, primeiros resultados (28/06/2023)"
VINTAGE_CENSUS = "2022-07-31"  # IBGE: data de referência 31/07/2022

#: The area of a whole municipality (issue 33 § 5): the IBGE's official area, when the store
#: has it (``official_areas``); else the Censo's, which agrees with it to 0,0013 km².
SRC_AREAS = "IBGE, Áreas Territoriais 2022 (área territorial oficial)"
VINTAGE_AREAS = "2022"

SRC_TSE_PROFILE = "TSE, perfil do eleitorado de 2026 (julho de 2026, data não conferida)"
VINTAGE_TSE_PROFILE = "2026"
#: The roll in a sentence ("10.812 eleitores de Abadiânia (TSE, perfil de 2026)").
SHORT_TSE_PROFILE = "TSE, perfil do eleitorado de 2026"

SRC_TSE_2022 = "TSE, eleitorado apto nas Eleições Gerais de 2022 (por zona e município)"
VINTAGE_TSE_2022 = "2022-10-02"
SHORT_TSE_2022 = "TSE, Eleições Gerais de 2022"

#: The roll a study reads (the latest in the raw files).
SRC_TSE, VINTAGE_TSE, SHORT_TSE = SRC_TSE_PROFILE, VINTAGE_TSE_PROFILE, SHORT_TSE_PROFILE

#: The sources a study cites for a published figure read from a third party's copy that nobody
#: checked against the publisher's own file: the store's provenance says "não conferido" for
#: them (``manifest.json``, ``electorate_profile``: the TSE profile of 2026 as a third party
#: aggregated it from a chart), and :func:`viabilidade.data.store_open.electors_source` cites
#: the roll so exactly when the store holds no file of the TSE's own. No Censo table's
#: provenance says so: the Censo's copies are cited as published.
UNCHECKED_COPIES = (SRC_TSE_PROFILE,)
#: How the basis of such a figure reads wherever it is printed (legal11 S1): it is published
#: (the basis does not change), but read from an unchecked copy.
UNCHECKED_COPY_LABEL = "publicado (cópia não conferida)"


def unchecked_copy(source: str | None) -> bool:
    """Whether a figure cited as ``source`` was read from an unchecked third-party copy
    (:data:`UNCHECKED_COPIES`): ``unchecked_copy(SRC_TSE_PROFILE)`` → ``True``; the TSE's own
    file (``"TSE, perfil do eleitorado de 2026 (arquivo gerado em 15/07/2026)"``), the Censo
    or ``None`` → ``False``."""
    return bool(source) and any(str(source).startswith(s) for s in UNCHECKED_COPIES)

def sourced_basis_words(basis, source: str | None = None) -> str:
    """The words of a figure's basis (:data:`viabilidade.rules.result.BASIS_WORDS`); a
    published figure cited as an unchecked third-party copy (:func:`unchecked_copy`, from the
    store's provenance) reads :data:`UNCHECKED_COPY_LABEL`, ``"publicado (cópia não
    conferida)"`` (legal11 S1: the 2026 roll read "publicado")."""
    from ..rules.result import BASIS_WORDS, Basis

    if Basis(basis) == Basis.PUBLISHED and unchecked_copy(source):
        return UNCHECKED_COPY_LABEL
    return BASIS_WORDS[Basis(basis)]


__all__ = ["FONTE_IMB_125", "FONTE_SEFAZ", "SHORT_TSE", "SHORT_TSE_2022", "SHORT_TSE_PROFILE",
           "SRC_AREAS", "SRC_CENSUS", "SRC_CENSUS_FIRST", "SRC_TSE", "SRC_TSE_2022",
           "SRC_TSE_PROFILE", "TAXES", "UNCHECKED_COPIES", "UNCHECKED_COPY_LABEL", "VINTAGE_AREAS",
           "VINTAGE_CENSUS", "VINTAGE_TSE", "VINTAGE_TSE_2022", "VINTAGE_TSE_PROFILE",
           "sourced_basis_words", "unchecked_copy"]

#: State taxes of art. 4 VII.
TAXES = ("ICMS", "IPVA", "ITCD")
#: The two sources of the state's tax revenue (``state_revenue``'s ``fonte``), here rather
#: than in :mod:`viabilidade.data.revenue` (their reader, with pandera) so that a study reads
#: them without importing the loaders.
FONTE_IMB_125 = "IMB, Goiás em Dados 2023, tabela 125 (receita bruta; R$ mil × 1000)"
FONTE_SEFAZ = ("SEFAZ-GO, Receita Gerencial (pagamentos somados no ano; com multas; "
               "ICMS com adicional de 2 %)")
