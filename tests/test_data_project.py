"""The tables the project keeps itself because their source is a legal text, not a data file
(issue 33 § 3 (b); :data:`viabilidade.data.provenance.PROJECT_TABLES`): the DL 1.881/1981
brackets, the TCU's 2023 FPM figures as printed in the DOU, and the creation acts.

A raw folder without their copies builds from them; a raw folder with the copies (a mirror)
reads the copies, so the mirror store is unchanged; the two agree byte for byte."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from viabilidade.data import provenance as prov

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"raw data folder {SHARED} absent")
@pytest.mark.parametrize("role", sorted(prov.PROJECT_TABLES))
def test_each_project_table_is_the_shared_copy_byte_for_byte(role):
    assert prov.project_table(role).read_bytes() == (SHARED / prov.RAW[role].path).read_bytes()


def test_the_brackets_table_agrees_with_the_law():
    from viabilidade.data.fiscal import check_brackets, read_tcu_fpm

    check_brackets(prov.project_table("fpm_faixas"))  # raises on any row off the CTN rule
    tcu = read_tcu_fpm(prov.project_table("fpm_tcu")).set_index(["uf", "item"])["valor"]
    assert tcu[("GO", "soma_coeficientes_fpm_interior")] == 254.8
    assert tcu[("GO", "n_municipios_fpm_interior")] == 245


def test_a_raw_folder_without_the_copies_reads_the_project_tables(tmp_path):
    assert prov.raw_or_project(tmp_path, "history") == prov.project_table("history")
    assert prov.raw_or_project(tmp_path, "dtb") == tmp_path / prov.RAW["dtb"].path
    rec = prov.record(tmp_path, "fpm_faixas")
    data = prov.project_table("fpm_faixas").read_bytes()
    assert rec == {
        "source": "Faixas de população e coeficientes do FPM-Interior: Decreto-Lei nº 1.881, "
                  "de 27/08/1981, art. 1º (nova redação do art. 91, § 2º, do Código Tributário "
                  "Nacional), expandido em 18 faixas",
        "publisher": "Presidência da República (texto legal)", "vintage": "1981",
        "files": [{"path": "lib/viabilidade/law/tables/fpm_dl1881_faixas_coeficientes.csv",
                   "sha256": hashlib.sha256(data).hexdigest()}],
        "retrieved": "2026-12-07",
        "via": "tabela do projeto (lib/viabilidade/law/tables/), transcrita do texto do "
               "decreto-lei lido em normasbrasil.com.br (decreto-lei-1881-1981) e conferida "
               "com a regra do CTN em viabilidade.fiscal.fpm.BRACKETS",
        "transcribed": True}
    assert prov.dataset_label(rec) == ("Decreto-Lei nº 1.881/1981, faixas de população e "
                                       "coeficientes do FPM-Interior")


def test_a_copy_in_the_raw_folder_is_read_as_before(tmp_path):
    f = tmp_path / prov.RAW["history"].path
    f.parent.mkdir(parents=True)
    f.write_bytes(prov.project_table("history").read_bytes())
    assert prov.raw_or_project(tmp_path, "history") == f
    rec = prov.record(tmp_path, "history")
    assert "transcribed" not in rec and rec["via"] == prov.RAW["history"].via


def test_the_note_names_the_transcribed_acts_apart():
    fetched = {"via": "TSE, https://…", "fetched": True, "retrieved": "2026-12-01",
               "files": [{"path": prov.RAW["electorate"].path}],
               "source": prov.RAW["electorate"].source}
    own = prov.record(Path("/nonexistent"), "fpm_tcu")
    assert own["transcribed"] is True
    assert prov.copy_note([fetched, own]) == (
        "Os arquivos de dados usados são arquivos oficiais, publicados pelos próprios órgãos "
        "e baixados dos seus endereços oficiais pelo comando viabilidade data fetch em "
        "01/12/2026 (endereço, data e soma de verificação de cada um no Apêndice). As tabelas "
        "tiradas de textos legais, não de arquivos de dados (TCU, decisão normativa do FPM do "
        "exercício de 2023 (DOU de 06/07/2023)), são as do próprio projeto, transcritas dos "
        "atos, com o número, a data e o artigo de cada um e o endereço onde o texto foi lido "
        "(Apêndice).")
