"""The tables whose source is a legal text, not a data file (issue 33 § 3 (b);
:data:`viabilidade.data.provenance.LEGAL_TEXTS`): the DL 1.881/1981 brackets, the TCU's 2023
FPM figures as printed in the DOU, and the creation acts.

The project keeps no copy of them: the TCU's figures and the acts are read from the raw
folder only (manual sets of the catalogue); the brackets are read from the raw folder when
their copy is there (a mirror: the store is unchanged) and derived from the decree-law's rule
(:data:`viabilidade.fiscal.fpm.BRACKETS`) otherwise; the two agree."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from viabilidade.data import catalogue as cat, provenance as prov
from viabilidade.errors import DataError

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason=f"raw data folder {SHARED} absent")


def test_the_project_commits_no_copy_of_them():
    assert not (REPO / "lib" / "viabilidade" / "law" / "tables").exists()


@needs_shared
def test_the_brackets_derived_from_the_rule_are_the_shared_copys_table():
    from viabilidade.data.fiscal import brackets_table, check_brackets

    law = brackets_table()
    pd.testing.assert_frame_equal(check_brackets(SHARED / prov.RAW["fpm_faixas"].path), law)
    assert len(law) == 18
    assert law.iloc[0].tolist() == [0, 10188, 0.6]
    assert law.iloc[1].tolist() == [10189, 13584, 0.8]
    assert law.iloc[16].tolist() == [142633, 156216, 3.8]
    assert law.iloc[17]["pop_min"] == 156217 and pd.isna(law.iloc[17]["pop_max"])
    assert law.iloc[17]["coeficiente"] == 4.0


def test_a_brackets_file_off_the_rule_is_refused(tmp_path):
    from viabilidade.data.fiscal import brackets_table, check_brackets

    rows = brackets_table().astype(object).where(brackets_table().notna(), "")
    rows.loc[1, "coeficiente"] = 0.7
    f = tmp_path / "faixas.csv"
    f.write_text(rows.to_csv(index=False), encoding="utf-8")
    with pytest.raises(DataError) as e:
        check_brackets(f)
    assert str(e.value) == ("arquivo faixas.csv, linha 3, coluna 'coeficiente': encontrado "
                            "0.7; esperado 0.8 "
                            "(faixa 'mais de 10.188 até 13.584 habitantes', CTN art. 91 § 2, "
                            "DL 1.881/1981)")


@needs_shared
def test_the_tcu_figures_read_from_the_shared_copy():
    from viabilidade.data.fiscal import read_tcu_fpm

    tcu = read_tcu_fpm(SHARED / prov.RAW["fpm_tcu"].path).set_index(["uf", "item"])["valor"]
    assert tcu[("GO", "soma_coeficientes_fpm_interior")] == 254.8
    assert tcu[("GO", "n_municipios_fpm_interior")] == 245
    assert tcu[("GO", "participacao_estado_fpm_interior")] == 3.7318
    assert tcu[("GO", "soma_populacao_fpm_interior")] == 5_621_806


def test_a_raw_folder_without_the_brackets_derives_them_from_the_rule(tmp_path):
    assert prov.derived(tmp_path, "fpm_faixas")
    assert not prov.derived(tmp_path, "history") and not prov.derived(tmp_path, "fpm_tcu")
    rec = prov.record(tmp_path, "fpm_faixas")
    assert rec == {
        "source": "Faixas de população e coeficientes do FPM-Interior: Decreto-Lei nº 1.881, "
                  "de 27/08/1981, art. 1º (nova redação do art. 91, § 2º, do Código Tributário "
                  "Nacional), expandido em 18 faixas",
        "publisher": "Presidência da República (texto legal)", "vintage": "1981",
        "files": [], "retrieved": "",
        "via": "derivada pelo projeto da regra do decreto-lei, como "
               "viabilidade.fiscal.fpm.BRACKETS a codifica (texto lido em normasbrasil.com.br, "
               "decreto-lei-1881-1981); nenhum arquivo lido"}
    assert "fetched" not in rec  # never an official download
    assert prov.legal_text(rec)
    assert prov.dataset_label(rec) == ("Decreto-Lei nº 1.881/1981, faixas de população e "
                                       "coeficientes do FPM-Interior")


@needs_shared
def test_a_copy_in_the_raw_folder_is_read_as_before(tmp_path):
    f = tmp_path / prov.RAW["fpm_faixas"].path
    f.parent.mkdir(parents=True)
    f.write_bytes((SHARED / prov.RAW["fpm_faixas"].path).read_bytes())
    assert not prov.derived(tmp_path, "fpm_faixas")
    rec = prov.record(tmp_path, "fpm_faixas")
    assert rec["via"] == prov.RAW["fpm_faixas"].via and rec["files"][0]["path"] == (
        "fiscal/fpm_dl1881_faixas_coeficientes.csv")
    assert prov.legal_text(rec) and "fetched" not in rec


def test_the_transcriptions_are_manual_sets_that_name_their_file():
    for key, role in (("fpm-tcu-2023", "fpm_tcu"), ("atos-criacao-municipios", "history")):
        s = cat.BY_KEY[key]
        assert s.manual and not s.filename, key
        assert prov.RAW[role].path in s.manual and "../shared/data" in s.manual, key


def test_the_note_names_the_legal_texts_apart():
    fetched = {"via": "TSE, https://…", "fetched": True, "retrieved": "2026-12-01",
               "files": [{"path": prov.RAW["electorate"].path}],
               "source": prov.RAW["electorate"].source}
    tcu = {"via": prov.RAW["fpm_tcu"].via, "source": prov.RAW["fpm_tcu"].source,
           "files": [{"path": prov.RAW["fpm_tcu"].path}]}
    rule = prov.record(Path("/nonexistent"), "fpm_faixas")
    assert prov.copy_note([fetched, tcu]) == (
        "Os arquivos de dados usados são arquivos oficiais, publicados pelos próprios órgãos "
        "e baixados dos seus endereços oficiais pelo comando viabilidade data fetch em "
        "01/12/2026 (endereço, data e soma de verificação de cada um no Apêndice). As tabelas "
        "tiradas de textos legais, não de arquivos de dados (TCU, decisão normativa do FPM do "
        "exercício de 2023 (DOU de 06/07/2023)), não são arquivos publicados pelos órgãos: "
        "são transcrições dos atos, com o ato, a data e o endereço onde o texto foi lido "
        "(Apêndice).")
    assert prov.copy_note([fetched, tcu, rule]).endswith(
        "(TCU, decisão normativa do FPM do exercício de 2023 (DOU de 06/07/2023); Decreto-Lei "
        "nº 1.881/1981, faixas de população e coeficientes do FPM-Interior), não são arquivos "
        "publicados pelos órgãos: são transcrições dos atos ou, nas faixas do FPM-Interior, a "
        "regra do decreto-lei como o programa a aplica, com o ato, a data e o endereço onde o "
        "texto foi lido (Apêndice).")
    # A copy of a data file beside them: the copies' paragraph, the legal texts apart.
    copy = {"via": "GitHub x", "source": "s", "publisher": "IBGE",
            "files": [{"path": prov.RAW["dtb"].path}]}
    assert prov.copy_note([copy, tcu]).startswith(prov.COPY_NOTE + " As tabelas tiradas")
    assert prov.copy_note([copy]) == prov.COPY_NOTE
