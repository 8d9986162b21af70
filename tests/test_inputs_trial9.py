"""Hostile trial 9 (issue 32): the moderate and minor defects outside the store's tables. Each
case fails on main and passes now, with its exact pt-BR message; every bound on both sides.

M1: a whole number of 4.301 digits or more (past ``sys.get_int_max_str_digits()``) crashed
every TOML reader with ``ValueError: Exceeds the limit (4300 digits) for integer string
conversion`` (``lote``: English, no line), and the JSON readers (a store's manifest, an
explorer session) said it in English too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from viabilidade.errors import ViabilidadeError

DIGITS = 4300  # Python's default sys.get_int_max_str_digits()
TOML_REASON = ("número inteiro grande demais no campo {key!r} (o TOML admite inteiros de até "
               "9.223.372.036.854.775.807 em valor absoluto, 19 algarismos) (coluna {col}); "
               "esperado TOML válido")
CANDIDATE = ('operation = "create-municipality"\nname = "Teste"\n[area]\n'
             'districts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n')


def _refusal(load, path) -> str:
    with pytest.raises(ViabilidadeError) as e:
        load(path)
    return str(e.value)


@pytest.mark.parametrize("digits", [DIGITS, DIGITS + 1, 100_000])
def test_a_candidates_integer_of_any_length_is_refused_with_its_line(tmp_path, digits):
    from viabilidade.proposal.candidate import load_candidate

    path = tmp_path / "c.toml"
    path.write_text(CANDIDATE + f"[process]\npetition_signatures = {'9' * digits}\n",
                    encoding="utf-8")
    assert _refusal(load_candidate, path) == (
        f"{path}, linha 8: TOML inválido: "
        + TOML_REASON.format(key="process.petition_signatures", col=23))


def test_a_settings_file_and_a_ruleset_of_4301_digits(tmp_path):
    from viabilidade.rules.ruleset import load_ruleset
    from viabilidade.rules.settings import read_settings_toml

    path = tmp_path / "s.toml"
    path.write_text(f"# x\nminimum_population = -{'1_' * DIGITS}1\n", encoding="utf-8")
    assert _refusal(read_settings_toml, path) == (
        f"{path}, linha 2: TOML inválido: " + TOML_REASON.format(key="minimum_population", col=22))
    path = tmp_path / "r.toml"
    path.write_text(f'id = "x"\n[[tests]]\nid = "populacao"\nthreshold = {{ value = '
                    f'{"7" * (DIGITS + 1)} }}\n', encoding="utf-8")
    assert _refusal(load_ruleset, path) == (
        f"arquivo de regras {path}, linha 4: TOML inválido: "
        + TOML_REASON.format(key="tests.threshold", col=23))


def test_lote_records_the_candidates_line_in_portuguese(tmp_path):
    from viabilidade.batch.plan import make_jobs

    path = tmp_path / "c.toml"
    path.write_text(CANDIDATE + f"[process.plebiscite]\neligible = {'5' * (DIGITS + 1)}\n",
                    encoding="utf-8")
    (job,) = make_jobs([path])
    assert job.problem == (f"{path}, linha 8: TOML inválido: "
                           + TOML_REASON.format(key="process.plebiscite.eligible", col=12))


def test_json_numbers_on_both_sides_of_the_digit_limit():
    from viabilidade.common.reasons import IntegerTooLong, document_reason, load_json

    assert load_json('{"a": %s}' % ("1" * DIGITS)) == {"a": int("1" * DIGITS)}
    with pytest.raises(IntegerTooLong) as e:
        load_json('{\n  "version": 1,\n  "x": [%s]\n}' % ("1" * (DIGITS + 1)))
    assert document_reason(e.value) == ("número inteiro grande demais no campo 'x', na linha 3, "
                                        "coluna 9 (mais de 4.300 algarismos)")
    with pytest.raises(IntegerTooLong) as e:
        load_json("-" + "2" * (DIGITS + 1))
    assert document_reason(e.value) == ("número inteiro grande demais, na linha 1, coluna 1 "
                                        "(mais de 4.300 algarismos)")


def test_a_store_manifest_of_4301_digits_says_where_in_portuguese(tmp_path):
    from test_data_store_trial7 import _refused

    path = tmp_path / "manifest.json"
    path.write_text('{\n "format": %s,\n "tables": {}\n}' % ("3" * (DIGITS + 1)),
                    encoding="utf-8")
    assert _refused(tmp_path) == (
        f"{path} não é um manifesto válido (número inteiro grande demais no campo 'format', na "
        "linha 2, coluna 12 (mais de 4.300 algarismos): arquivo truncado ou editado à mão?); "
        "gere o repositório de novo com `viabilidade data build`")


def test_an_explorer_session_of_4301_digits_says_where_in_portuguese(tmp_path):
    from viabilidade.errors import CandidateError
    from viabilidade.explore import persist

    path = tmp_path / "sessao.json"
    path.write_text('{"version": %s}' % ("1" * (DIGITS + 1)), encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        persist.read_session(path)
    assert str(e.value) == (f"{path}: a sessão anterior não pôde ser restaurada (número inteiro "
                            "grande demais no campo 'version', na linha 1, coluna 13 (mais de "
                            "4.300 algarismos)); o explorador começa do cenário inicial")


# M2: the same ofício recorded twice for one body, once in full-width digits, passed as two
# acts: the per-body repeated-act check compared documents as written, the check across two
# bodies NFKC-folded them (H7-7). Now one folding, record_order.document_key, for both.
@pytest.mark.parametrize("twin, repeated", [("Ofício nº １２/２０２６", True),
                                            ("ofício  nº 12/2026", True),
                                            ("Ofício nº １３/２０２６", False)])
def test_the_same_oficio_in_full_width_digits_is_a_repeated_act(tmp_path, twin, repeated):
    from test_process_record import _act, _file, _kinds, _problems

    p = _file(tmp_path, _act("proposta", "2026-02-10", "Processo nº 1")
              + _act("requisicao-enviada", "2026-02-15", "Ofício nº 12/2026", body='"ibge"')
              + _act("requisicao-enviada", "2026-02-15", twin, body='"ibge"'))
    if not repeated:
        from viabilidade.proposal.candidate import load_candidate

        assert [a.document for a in load_candidate(p).events
                if a.kind == "requisicao-enviada"] == ["Ofício nº 12/2026", twin]
        return
    k = _kinds(p)
    assert [x for x in _problems(p) if "repetido" in x] == [
        f"{p}, linha {k[2]}, campo 'process.events': ato repetido: o mesmo 'requisicao-enviada' "
        f"de 15/02/2026 ({twin}) já está no registro (linha {k[1]}); esperado cada ato uma só vez"]


# Minor: "tem 2.048,0 MiB" where "2,0 GiB" was meant: a size in the largest unit that gives at
# least 1 (os_errors.size_words), exact bytes where two rounded sizes read alike (H6-12).
@pytest.mark.parametrize("n, said", [
    (900, "900 bytes"), (2048, "2 KiB"), ((1 << 20) + (1 << 19), "1,5 MiB"),
    ((1 << 30) - (1 << 24), "1.008,0 MiB"), ((1 << 30) - 1, "1,0 GiB"), (1 << 30, "1,0 GiB"),
    (2 << 30, "2,0 GiB"), (3 << 40, "3,0 TiB"),
])
def test_a_size_reads_in_the_largest_unit_that_gives_at_least_one(n, said):
    from viabilidade.os_errors import size_words

    assert size_words(n) == said


def test_a_download_ceiling_reads_in_the_same_units():
    from viabilidade.data.download import Limit

    assert Limit.ceiling("malha.zip").why == ("o teto de arquivos .zip sem tamanho registrado, "
                                             "2,0 GiB")
    assert Limit.ceiling("x.bin").why == "o teto de arquivos sem tamanho registrado, 1,0 GiB"


def test_a_file_of_2_gib_over_a_1_gib_bound_reads_in_gib_and_alike_sizes_in_bytes(tmp_path):
    from viabilidade.os_errors import read_user_bytes

    path = tmp_path / "grande.bin"
    with open(path, "wb") as fh:  # sparse: no disk used
        fh.truncate(2 << 30)
    with pytest.raises(OSError) as e:
        read_user_bytes(path, 1 << 30)
    assert e.value.strerror == ("tem 2,0 GiB, acima do limite de 1,0 GiB para este arquivo (um "
                                "arquivo deste tipo tem poucos KiB; confira se é o arquivo certo)")
    with open(path, "r+b") as fh:
        fh.truncate((1 << 30) + 1)
    with pytest.raises(OSError) as e:
        read_user_bytes(path, 1 << 30)
    assert e.value.strerror == ("tem 1.073.741.825 bytes, acima do limite de 1.073.741.824 bytes "
                                "para este arquivo (um arquivo deste tipo tem poucos KiB; confira "
                                "se é o arquivo certo)")


# Minor: a refusal raised inside the study notebook reached the user as "GeoError: …": the
# class name is kept only for what is not a refusal (a defect), errors.failure_words.
@pytest.mark.parametrize("ename, said", [
    ("GeoError", "a área desenhada não toca Goiás"),
    ("DataError", "a área desenhada não toca Goiás"),
    ("RulesetError", "a área desenhada não toca Goiás"),
    ("TypeError", "TypeError: a área desenhada não toca Goiás"),
])
def test_a_refusal_in_the_notebook_is_told_without_its_class_name(ename, said):
    from papermill.exceptions import PapermillExecutionError

    import viabilidade.rules.ruleset  # noqa: F401  (RulesetError, as a study imports it)
    from viabilidade.report.study import _execution_message

    error = PapermillExecutionError(2, 3, "x", ename, "a área desenhada não toca Goiás", [])
    assert _execution_message(error) == f"o caderno do estudo falhou na célula 3: {said}"


KML = Path(__file__).resolve().parent / "fixtures" / "posse-dabadia-desenhada.kml"


# Minor: an upload folder that is (or passes through) a broken link was followed, and the
# link's target folder created (/nonexistent/zzz/). Refused now; nothing is made.
@pytest.mark.parametrize("below", ["", "sub"])
def test_an_upload_folder_through_a_broken_link_is_refused_and_nothing_is_created(tmp_path,
                                                                                   below):
    from viabilidade.errors import GeoError
    from viabilidade.explore.files import store_upload

    gone = tmp_path / "nao-existe" / "zzz"
    link = tmp_path / "candidatos"
    link.symlink_to(gone)
    folder = link / below if below else link
    with pytest.raises(GeoError) as e:
        store_upload("posse.kml", KML.read_bytes(), folder)
    assert str(e.value) == (
        f"posse.kml não foi guardado em {folder}: o caminho passa pelo link simbólico {link}, "
        f"que leva a {gone}, que não existe; nada foi criado; escolha outra pasta para os "
        "candidatos ou corrija o link")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["candidatos"]
    gone.mkdir(parents=True)  # the link mended: stored through it
    assert store_upload("posse.kml", KML.read_bytes(), folder) == (gone / below / "posse.kml"
                                                                   if below else
                                                                   gone / "posse.kml")


# Minor: a file of the uploaded name already there was read whole to compare it (a 3 GiB
# sparse file: 13,2 s and 3,29 GB). Sizes first, then the bytes chunk by chunk.
def test_an_existing_file_of_the_same_name_is_compared_by_size_before_any_read(tmp_path,
                                                                               monkeypatch):
    from viabilidade.explore import files

    data = KML.read_bytes()
    folder = tmp_path / "c"
    folder.mkdir()
    with open(folder / "posse.kml", "wb") as fh:
        fh.truncate(3 << 30)  # sparse
    reads = []
    real_open = open

    def counting_open(path, mode="r", *args, **kwargs):
        fh = real_open(path, mode, *args, **kwargs)
        if Path(path).parent == folder and "r" in mode:
            reads.append(Path(path).name)
        return fh

    monkeypatch.setattr("builtins.open", counting_open)
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail(f"{self} read whole"))
    assert files.store_upload("posse.kml", data, folder) == folder / "posse-2.kml"
    assert reads == []  # 3 GiB against a few KiB: never opened
    monkeypatch.undo()
    assert files.store_upload("posse.kml", data, folder) == folder / "posse-2.kml"  # same bytes
    twin = bytearray(data)  # same size, one byte differs: the second vertex's last decimal
    second = data.index(b",0 ", data.index(b"<coordinates>")) + 3
    at = data.index(b",", second) - 1
    twin[at] = ord("1") if data[at] != ord("1") else ord("2")
    assert files.store_upload("posse.kml", bytes(twin), folder) == folder / "posse-3.kml"


def test_same_bytes_reads_chunk_by_chunk_and_stops_at_the_first_difference(tmp_path,
                                                                           monkeypatch):
    from viabilidade.explore import files

    monkeypatch.setattr(files, "COMPARE_CHUNK", 4)
    path = tmp_path / "x"
    path.write_bytes(b"abcdefghij")
    assert files._same_bytes(path, b"abcdefghij") is True
    assert files._same_bytes(path, b"abcdXfghij") is False
    assert files._same_bytes(path, b"abcdefghi") is False  # size differs: not read
    assert files._same_bytes(tmp_path, b"") is False  # a folder


# Minor: a NUL in a path of an explorer session said os.path's English "embedded null byte".
@pytest.mark.parametrize("field", ["base", "path"])
def test_a_nul_in_a_session_path_is_named_in_portuguese(tmp_path, field):
    from test_inputs_trial7 import _session

    from viabilidade.errors import CandidateError
    from viabilidade.explore import persist

    path = _session(tmp_path, **{field: str(tmp_path / "a\0b.toml")})
    with pytest.raises(CandidateError) as e:
        persist.read_session(path)
    assert str(e.value) == (
        f"{path}: a sessão anterior não pôde ser restaurada (o campo 'scenario.{field}' tem um "
        "caractere NUL, que nenhum caminho de arquivo pode ter; esperados arquivos dentro do "
        f"projeto ({persist.REPO}) ou da pasta da sessão ({tmp_path}); nenhum deles foi lido); o "
        "explorador começa do cenário inicial")


# Minor: a store's seats with a NaN latitude or an infinite longitude ended the study in
# "o caderno do estudo falhou na célula 3: TypeError: '>' not supported …". The reader (data
# layer) refuses non-finite coordinates, naming the table, the code and the column.
def test_non_finite_seat_coordinates_are_refused_naming_code_and_column(tmp_path):
    from test_data_store_trial8 import _read_refused, _seats_store

    def edit(seats):
        seats.loc[0, "lat"] = float("nan")
        seats.loc[2, "lon"] = float("inf")
        seats.loc[2, "lat"] = float("-inf")
        codes.extend(seats["cod_ibge"].iloc[[0, 2]])
    codes: list[str] = []
    root = _seats_store(tmp_path, edit)
    assert _read_refused(root) == (
        f"tabela 'seats' ({root / 'seats.parquet'}) tem coordenadas que não são números finitos: "
        f"município {codes[0]}, coluna 'lat': NaN; município {codes[1]}, coluna 'lat': menos "
        f"infinito; município {codes[1]}, coluna 'lon': infinito; esperadas latitude e longitude "
        "em graus decimais; gere o repositório de novo com `viabilidade data build`")


def test_finite_seat_coordinates_at_the_edge_are_read(tmp_path):
    from test_data_store_trial8 import _seats_store

    from viabilidade.data.store import load_store

    def edit(seats):
        seats.loc[0, "lat"] = -1e300  # finite: read (what a seat's place is, the study says)
    seats = load_store(_seats_store(tmp_path, edit)).seats
    assert seats["lat"].iloc[0] == -1e300 and len(seats) == 246


def test_a_nul_in_the_upload_folder_or_the_sessions_save_path_is_named_in_portuguese(tmp_path):
    from test_inputs_trial7 import _session

    from viabilidade.errors import CandidateError, GeoError
    from viabilidade.explore import persist
    from viabilidade.explore.files import store_upload

    folder = f"{tmp_path}/a\0b"
    with pytest.raises(GeoError) as e:
        store_upload("posse.kml", KML.read_bytes(), folder)
    assert str(e.value) == (f"posse.kml não foi guardado: o caminho da pasta {tmp_path}/a\\x00b "
                            "tem um caractere NUL, que nenhum caminho de pasta pode ter; escolha "
                            "outra pasta para os candidatos")
    assert list(tmp_path.iterdir()) == []
    path = _session(tmp_path, {"save_path": folder})
    with pytest.raises(CandidateError) as e:
        persist.read_session(path)
    assert str(e.value) == (f"{path}: a sessão anterior não pôde ser restaurada (o campo "
                            "'save_path' tem um caractere NUL, que nenhum caminho de pasta pode "
                            "ter); o explorador começa do cenário inicial")
