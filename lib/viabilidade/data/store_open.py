"""The processed store opened and checked: :func:`load_store` and :class:`Store`.

:func:`load_store` checks ``manifest.json`` and every table's kind, size and sha256 against it
before any study reads the store; :class:`Store` reads a table on first use, after bounding it
by its Parquet metadata. The tables and their layout: :mod:`.store_tables`; the build:
:mod:`.store`, which re-exports what this module defines.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..errors import DataError
from ..os_errors import count_bytes, os_reason, read_user_bytes
from ..common.reasons import format_problem, load_json
from ..common.text import quoted, quoted_list
from .codes import Crosswalk
from .parquet_pages import ENCODINGS as PAGE_ENCODINGS, PageError, chunk_pages
from .paths import default_root
from .provenance import sha256
from .store_tables import (GEO_TABLES, NUMBER_COLUMNS, OPTIONAL_TABLES, TABLES,
                           coordinate_problems, row_problems)

#: Population vintages accepted by :func:`population`.
VINTAGES = {"revised": "populacao", "first-release": "populacao_1a_divulgacao"}


#: Largest ``manifest.json`` read (bytes): the store's is 22.986 bytes (data/processed, dec. 2026).
MANIFEST_MAX = 1024 * 1024
#: Largest table file hashed (bytes), whatever the manifest says: the largest table of the
#: store is boundaries.parquet, 16.514.692 bytes (the full 2022 mesh, data/processed, dec.
#: 2026); hashing this bound takes about a second. A manifest without sizes (an older store)
#: or one recording a huge size would otherwise have a sparse 3 GiB table hashed for 30–56 s
#: before the mismatch was told (hostile trial 6, H6-2 re-check).
TABLE_MAX = 256 * 1024 * 1024
#: Largest sum of the table files hashed (bytes): the store's 16 tables hold 18,2 MB (dec.
#: 2026). Every table at :data:`TABLE_MAX` (4 GiB of sparse files) was hashed for 9–31 s
#: (hostile trial 7, defect 1).
TABLES_TOTAL_MAX = 512 * 1024 * 1024

#: Largest Parquet footer read (bytes, the length the file's last 8 bytes declare): the
#: store's largest is boundaries.parquet's, 4.611 bytes (data/processed, dec. 2026). A
#: hostile length would have ``read_metadata`` allocate and parse it whole.
FOOTER_MAX = 1024 * 1024
#: Most rows of one table, by its Parquet metadata: the store's largest table, pib, has
#: 5.412 rows (data/processed, dec. 2026); the optional tracts table, not in the committed
#: store, holds at most :data:`viabilidade.data.tracts.TRACT_GOIAS_MAX` (40.000) rows,
#: Goiás having 12.650 tracts.
TABLE_ROWS_MAX = 100_000
#: Most bytes one table decompresses to, by its Parquet metadata (the sum of its column
#: chunks' ``total_uncompressed_size``): the store's largest, boundaries.parquet, 16,5 MB
#: on disk, decompresses to 23.397.531 bytes (data/processed, dec. 2026); the optional tract
#: mesh, not measured here, has room. Hostile trial 8: a 437 KB zstd table whose size and
#: sha256 matched its manifest decompressed to 1,79 GB when read.
TABLE_UNPACKED_MAX = 256 * 1024 * 1024
#: Most bytes all the tables of a store decompress to together: the store's 16 tables,
#: 25.981.464 bytes (dec. 2026).
TABLES_UNPACKED_MAX = 512 * 1024 * 1024


def read_footer(name: str, path: Path):
    """A table's Parquet metadata (``pyarrow.parquet.FileMetaData``), its footer's declared
    length checked against :data:`FOOTER_MAX` (and the file's size) before
    ``pyarrow.parquet.read_metadata`` reads it: :meth:`Store._read` reads it once for
    :func:`parquet_figures`, :func:`check_layout` and the dictionaries' decoded count.

    Raises
    ------
    DataError
        Not ending with ``PAR1``; a footer longer than :data:`FOOTER_MAX` or than the file;
        metadata pyarrow cannot read (its technical detail given).
    """
    import pyarrow.parquet as pq

    again = "gere o repositório de novo com `viabilidade data build`"
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            fh.seek(max(size - 8, 0))
            tail = fh.read(8)
    except OSError as exc:
        raise DataError(f"tabela {name!r} ({path}) não pôde ser lida: {os_reason(exc)}") from None
    if size < 12 or tail[4:] != b"PAR1":
        raise DataError(f"tabela {name!r} ({path}) não pôde ser lida como Parquet: o arquivo "
                        "não termina com a assinatura de um arquivo Parquet ('PAR1'); "
                        f"{again}")
    footer = int.from_bytes(tail[:4], "little")
    if footer > FOOTER_MAX:
        raise DataError(f"tabela {name!r} ({path}): o rodapé de metadados do Parquet declara "
                        f"{count_bytes(footer)}; esperado no máximo {count_bytes(FOOTER_MAX)} "
                        "(o maior do repositório tem 4.611 bytes); o repositório foi alterado; "
                        f"{again}")
    if footer > size - 12:
        raise DataError(f"tabela {name!r} ({path}) não pôde ser lida como Parquet: o rodapé "
                        f"de metadados declara {count_bytes(footer)}, e o arquivo inteiro tem "
                        f"{count_bytes(size)}; {again}")
    try:
        return pq.read_metadata(path)
    except Exception as exc:  # noqa: BLE001 — pyarrow raises several kinds
        raise DataError(f"tabela {name!r} ({path}) não pôde ser lida como Parquet: metadados "
                        f"ilegíveis ({type(exc).__name__}: {exc}); {again}") from None


def parquet_figures(name: str, path: Path, decoded: bool = False,
                    meta=None) -> tuple[int, int]:
    """A table's rows and the bytes it decompresses to, by its Parquet metadata alone,
    refused past :data:`TABLE_ROWS_MAX` or :data:`TABLE_UNPACKED_MAX` before anything is
    decompressed; the footer's declared length is checked against :data:`FOOTER_MAX`
    (and the file's size) before ``pyarrow.parquet.read_metadata`` reads it.

    Parameters
    ----------
    name : str
        The table's name, as messages give it.
    path : Path
        Its Parquet file.
    decoded : bool
        Also bound the bytes its dictionary-encoded text columns take once decoded (each
        row's value), read as dictionaries when their rows times their size could pass
        :data:`TABLE_UNPACKED_MAX`: :meth:`Store._read` asks for it before it reads a table;
        :func:`load_store` does not (the full mesh's geometry column is read for it: 0,1–0,5 s).
    meta : pyarrow.parquet.FileMetaData, optional
        The file's metadata as :func:`read_footer` gives it; read by it when not given.

    Returns
    -------
    tuple of int
        (rows, bytes decompressed): the larger of the file's and its row groups' row counts,
        and the sum of its column chunks' ``total_uncompressed_size`` (absolute values: a
        negative size counts as its size, never against the others).

    Raises
    ------
    DataError
        Not ending with ``PAR1``; a footer longer than :data:`FOOTER_MAX` or than the file;
        metadata pyarrow cannot read (its technical detail given); rows or bytes past the
        bounds, naming the table and both figures.
    """
    again = "gere o repositório de novo com `viabilidade data build`"
    if meta is None:
        meta = read_footer(name, path)
    try:
        groups = [meta.row_group(i) for i in range(meta.num_row_groups)]
        rows = max(abs(meta.num_rows), sum(abs(g.num_rows) for g in groups))
        chunks = [g.column(j) for g in groups for j in range(g.num_columns)]
        # the larger of what the footer and the pages' own headers declare: a footer edited
        # down passed every bound (hostile trial 9: 1 GB of pages behind 443 KB declared)
        paged = chunk_pages(path, [(c.dictionary_page_offset if c.has_dictionary_page
                                    else c.data_page_offset, c.total_compressed_size)
                                   for c in chunks])
        sizes = [max(abs(c.total_uncompressed_size), p) for c, p in zip(chunks, paged)]
        unpacked = max(sum(abs(c.total_uncompressed_size) for c in chunks), sum(paged))
        # A text column's dictionary value is repeated on every row it is decoded for: at
        # most its rows times its bytes (a 307-byte file of 400 rows of one 1 MiB value,
        # 1 MiB decompressed, took 666 MB to read). Counted exactly only past the bound.
        coded = {c.path_in_schema for c in chunks
                 if c.has_dictionary_page and c.physical_type == "BYTE_ARRAY"}
        # each chunk by the larger of its footer's and its pages' sizes: a footer edited
        # down skipped the decoded count (hostile trial 10: 32 KB into 1,2 GB)
        most = sum(size * (abs(c.num_values) if c.path_in_schema in coded else 1)
                   for c, size in zip(chunks, sizes))
    except PageError as exc:
        raise DataError(f"tabela {name!r} ({path}) não pôde ser lida como Parquet: {exc}; "
                        f"{again}") from None
    except Exception as exc:  # noqa: BLE001 — pyarrow raises several kinds
        raise DataError(f"tabela {name!r} ({path}) não pôde ser lida como Parquet: metadados "
                        f"ilegíveis ({type(exc).__name__}: {exc}); {again}") from None
    from ..common.numbers import fmt

    if rows > TABLE_ROWS_MAX:
        raise DataError(f"tabela {name!r} ({path}) declara {fmt(rows)} linhas; esperado no "
                        f"máximo {fmt(TABLE_ROWS_MAX)} (a maior tabela do repositório, pib, "
                        f"tem 5.412 linhas); o repositório foi alterado; {again}")
    if unpacked > TABLE_UNPACKED_MAX:
        raise DataError(f"tabela {name!r} ({path}) tem {count_bytes(path.stat().st_size)} e "
                        f"se descompacta em {count_bytes(unpacked)}; esperado no máximo "
                        f"{count_bytes(TABLE_UNPACKED_MAX)} descompactados (a maior tabela do "
                        "repositório, a malha municipal, se descompacta em 23.397.531 bytes); "
                        f"o repositório foi alterado; {again}")
    if decoded and most > TABLE_UNPACKED_MAX:
        expanded = _decoded_bytes(name, path, sorted(coded), meta) + sum(
            size for c, size in zip(chunks, sizes) if c.path_in_schema not in coded)
        if expanded > TABLE_UNPACKED_MAX:
            raise DataError(f"tabela {name!r} ({path}) tem {count_bytes(path.stat().st_size)} "
                            f"e se decodifica em {count_bytes(expanded)} (valores de um "
                            "dicionário repetidos linha a linha); esperado no máximo "
                            f"{count_bytes(TABLE_UNPACKED_MAX)} "
                            "(a maior tabela do repositório, a malha municipal, se descompacta "
                            f"em 23.397.531 bytes); o repositório foi alterado; {again}")
    return rows, unpacked


#: The Parquet encodings a store's tables are written with (pyarrow's defaults: values plain or
#: by dictionary, levels and indices run-length). Any other (DELTA_BYTE_ARRAY, …) is refused
#: before the table is read: hostile trial 9 decoded an 11.689-byte DELTA_BYTE_ARRAY table
#: whose metadata said 21 MB into about 2 GiB (25,6 s, 4,55 GB).
ENCODINGS = frozenset(PAGE_ENCODINGS.values())


def _type_words(physical: str, logical: str) -> str:
    """A Parquet column's type as a message gives it: ``BYTE_ARRAY (String)``, ``DOUBLE``."""
    return physical if logical == "None" else f"{physical} ({logical})"


def check_layout(name: str, path: Path, meta=None) -> None:
    """Refuse a table whose Parquet columns are not its layout's (:data:`.store_tables.TABLES`:
    the same names, in order, none nested, each of its type in
    :data:`.store_tables.NUMBER_COLUMNS`) or that uses an encoding outside :data:`ENCODINGS`,
    by its metadata, before it is read.

    Hostile trial 9: ``vilas.parquet`` copied over ``seats.parquet`` (its manifest edited to
    match) turned the study's verdict into "Inviável" with a seat distance of 0,00 km, and a
    916-byte table with one row of 200 million integers in a list column took 4,3 GB before
    the notebook failed. ``meta``: the file's metadata as :func:`read_footer` gives it, read
    here when not given.

    Raises
    ------
    DataError
        Naming the table, the columns found and those expected, or the column and its
        encoding.
    """
    import pyarrow.parquet as pq

    layout = (TABLES.get(name) or OPTIONAL_TABLES[name])[0]
    again = "o repositório foi alterado; gere-o de novo com `viabilidade data build`"
    try:
        if meta is None:
            meta = pq.read_metadata(path)
        found = [meta.schema.column(i).path for i in range(meta.num_columns)]
        # the type as stored and as annotated: text is String, numbers and the WKB geometry
        # carry no annotation (an INT64 populacao annotated Timestamp ended in a traceback,
        # hostile trial 10)
        typed = [(c, _type_words(meta.schema.column(i).physical_type,
                                 str(meta.schema.column(i).logical_type)),
                  _type_words(NUMBER_COLUMNS.get(c, "BYTE_ARRAY"),
                              "None" if c in NUMBER_COLUMNS or c == "geometry" else "String"))
                 for i, c in enumerate(found)]
        odd = sorted({(c.path_in_schema, e) for g in range(meta.num_row_groups)
                      for c in (meta.row_group(g).column(j) for j in range(meta.num_columns))
                      for e in c.encodings if e not in ENCODINGS})
    except Exception as exc:  # noqa: BLE001 — pyarrow raises several kinds
        raise DataError(f"tabela {name!r} ({path}) não pôde ser lida como Parquet: metadados "
                        f"ilegíveis ({type(exc).__name__}: {exc}); {again}") from None
    if found != list(layout):
        raise DataError(f"tabela {name!r} ({path}) tem as colunas {quoted_list(found)}; "
                        f"esperadas as da tabela {name!r} de um repositório, nesta ordem: "
                        f"{quoted_list(list(layout))}; {again}")
    if wrong := [(c, t, want) for c, t, want in typed if t != want]:
        said = ", ".join(f"{quoted(c)} é {t}, esperado {want}" for c, t, want in wrong[:6])
        raise DataError(f"tabela {name!r} ({path}) tem colunas de outro tipo: {said}; {again}")
    if odd:
        said = ", ".join(f"{quoted(c)} ({e})" for c, e in odd[:6])
        raise DataError(f"tabela {name!r} ({path}) usa codificações do Parquet que um "
                        f"repositório não usa: {said}; esperadas só "
                        f"{', '.join(sorted(ENCODINGS))}; {again}")


def _decoded_bytes(name: str, path: Path, columns: list[str], meta) -> int:
    """Bytes the dictionary-encoded text ``columns`` of a Parquet file take once decoded
    (each row's value length, summed), read as dictionaries so that nothing is expanded:
    memory about the columns' decompressed size, bounded by :data:`TABLE_UNPACKED_MAX`;
    ``meta``: the file's metadata, not read again.

    Raises
    ------
    DataError
        The columns cannot be read (pyarrow's technical detail given).
    """
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    try:
        with pq.ParquetFile(path, metadata=meta, read_dictionary=columns) as parquet:
            table = parquet.read(columns=columns)
        total = 0
        for column in table.columns:
            for chunk in column.chunks:
                if pa.types.is_dictionary(chunk.type):
                    lengths = pc.take(pc.binary_length(chunk.dictionary), chunk.indices)
                    total += pc.sum(lengths).as_py() or 0
                else:
                    total += chunk.nbytes
        return total
    except Exception as exc:  # noqa: BLE001 — pyarrow raises several kinds
        raise DataError(f"tabela {name!r} ({path}) não pôde ser lida como Parquet ("
                        f"{type(exc).__name__}: {exc}); gere o repositório de novo com "
                        "`viabilidade data build`") from None


def load_store(root: Path | None = None) -> Store:
    """Open the processed store after checking every table against its manifest.

    Each table file's sha256 must equal the one ``manifest.json`` records, so a store left
    half-written (a new table beside an old manifest) or with a table swapped is refused
    before any study uses it. Where the manifest records a table's size (``bytes``, written
    since issue 32's hostile trial 6), every table's size is compared first, so a table of
    another size is refused unread: a sparse 3 GiB ``seats.parquet`` was hashed for 56 s
    (20 s CPU) before it was told to differ. A manifest without sizes (an older store) is
    still read, each table hashed as before. Hashes are computed once per process and file version
    (:func:`_file_sha256`); tables are read lazily, on first attribute access.

    Parameters
    ----------
    root : Path, optional
        Store folder; default ``$VIABILIDADE_DATA`` or ``<repo>/data/processed``.

    Raises
    ------
    DataError
        The folder or its ``manifest.json`` does not exist (naming the path), the manifest
        is not JSON, or a table is missing or differs from the manifest (naming the table).
    """
    root = Path(root) if root is not None else default_root()
    mpath = root / "manifest.json"
    if root.exists() and not root.is_dir():
        raise DataError(f"pasta de dados processados {root}: é um arquivo; esperada a pasta do "
                        "repositório processado (gerada por `viabilidade data build --raw "
                        "<pasta>`)")
    if not root.is_dir():
        from ..os_errors import loop_reason

        loop = loop_reason(root)
        raise DataError(f"pasta de dados processados {root}"
                        f"{': ' + loop if loop else ' não encontrada'}; esperada a pasta "
                        "do repositório processado (gerada por `viabilidade data build --raw "
                        "<pasta>`)")
    if not mpath.is_file():
        from ..os_errors import loop_reason, not_regular

        kind = not_regular(mpath)
        said = (f"é {kind}, não um arquivo comum" if kind else loop_reason(mpath) or "não existe")
        raise DataError(f"{mpath} {said}: a pasta {root} não é um repositório processado; "
                        "gere-o com `viabilidade data build --raw <pasta>`")
    if (away := _link_away(mpath, root)) is not None:  # trial 8: read wherever it led
        raise DataError(f"{mpath} é um link para fora do repositório ({away}); gere o "
                        "repositório de novo com `viabilidade data build`")
    try:
        if (size := mpath.stat().st_size) > MANIFEST_MAX:
            raise DataError(f"{mpath} tem {count_bytes(size)}; esperado no máximo "
                            f"{count_bytes(MANIFEST_MAX)} (o manifesto de um repositório tem "
                            "cerca de 23 KB); gere o repositório de novo com `viabilidade data "
                            "build`")
        # At most MANIFEST_MAX + 1 bytes, whatever st_size says (0 for a /proc file).
        manifest = load_json(read_user_bytes(mpath, MANIFEST_MAX).decode("utf-8"))
        if (shape := _manifest_shape(manifest)) is not None:
            raise DataError(f"{mpath} não é um manifesto válido: {shape}; gere o repositório "
                            "de novo com `viabilidade data build`")
        tables = manifest["tables"]
        known = {*TABLES, *OPTIONAL_TABLES}
        if unknown := sorted(set(tables) - known):   # '../ok/seats', 'extra0' … 'extra59'
            raise DataError(f"{mpath} lista tabelas que um repositório não tem: "
                            f"{quoted_list(unknown)}; gere o repositório de novo com "
                            "`viabilidade data build`")
        # Every table of a build, and each optional one whose file is there: a table left
        # out was read unchecked ('"tables": {}' loaded, hostile trial 8).
        present = [n for n in OPTIONAL_TABLES if os.path.lexists(root / f"{n}.parquet")]
        if missing := [n for n in (*TABLES, *present) if n not in tables]:
            one = len(missing) == 1
            raise DataError(f"{mpath} não registra {'a tabela' if one else 'as tabelas'} "
                            f"{quoted_list(missing)}; um manifesto registra o tamanho e o "
                            "sha256 de cada tabela do repositório, e uma tabela fora dele não é "
                            "lida; gere o repositório de novo com `viabilidade data build`")
        listed = {name: tables[name]["sha256"] for name in tables}
        sizes = {name: tables[name].get("bytes") for name in tables}
    except DataError:
        raise
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        from ..common.reasons import document_reason

        said = document_reason(exc)
        if isinstance(exc, json.JSONDecodeError):
            said += ": arquivo truncado ou editado à mão?"
        raise DataError(f"{mpath} não é um manifesto válido ({said}); gere o repositório de "
                        "novo com `viabilidade data build`") from None
    except OSError as exc:
        raise DataError(f"não foi possível ler {mpath}: {os_reason(exc)}") from None
    total = 0
    for name in listed:  # every table's kind and size before any is hashed
        path = root / f"{name}.parquet"
        if (away := _link_away(path, root)) is not None:  # /proc/self/environ was hashed
            raise DataError(f"tabela {name!r}: {path} é um link para fora do repositório "
                            f"({away}); gere o repositório de novo com `viabilidade data build`")
        if os.path.lexists(path) and not path.is_file():
            raise DataError(f"tabela {name!r}: {path} não é um arquivo comum (uma FIFO, um "
                            "dispositivo ou uma pasta); gere o repositório de novo com "
                            "`viabilidade data build`")
        if not path.is_file():
            raise DataError(f"tabela {name!r} ausente: {path} não existe; o repositório está "
                            "incompleto, gere-o de novo com `viabilidade data build`")
        if (size := path.stat().st_size) > TABLE_MAX:
            raise DataError(f"tabela {name!r} ({path}) tem {count_bytes(size)}; esperado no "
                            f"máximo {count_bytes(TABLE_MAX)} (a maior tabela do repositório, "
                            "a malha municipal, tem cerca de 16 MB); o repositório foi alterado; "
                            "gere-o de novo com `viabilidade data build`")
        total += size
        if total > TABLES_TOTAL_MAX:
            raise DataError(f"as tabelas de {root} somam mais de {count_bytes(TABLES_TOTAL_MAX)} "
                            "(as do repositório somam cerca de 18 MB); o repositório foi "
                            "alterado; gere-o de novo com `viabilidade data build`")
        if sizes[name] is not None and size != sizes[name]:
            raise DataError(f"tabela {name!r} ({path}) difere do manifesto: tem "
                            f"{count_bytes(size)}, o manifesto registra "
                            f"{count_bytes(sizes[name])}; o repositório foi alterado ou gravado "
                            "pela metade; gere-o de novo com `viabilidade data build`")
    for name, expected in listed.items():
        path = root / f"{name}.parquet"
        if _file_sha256(path) != expected:
            raise DataError(f"tabela {name!r} ({path}) difere do manifesto (sha256 diferente): "
                            "o repositório foi alterado ou gravado pela metade; gere-o de novo "
                            "com `viabilidade data build`")
    unpacked = 0
    for name in listed:  # a hostile manifest may match a bomb: its metadata bounds it
        unpacked += parquet_figures(name, root / f"{name}.parquet")[1]
        if unpacked > TABLES_UNPACKED_MAX:
            raise DataError(f"as tabelas de {root} se descompactam em mais de "
                            f"{count_bytes(TABLES_UNPACKED_MAX)} (as do repositório, em cerca de "
                            "26 MB); o repositório foi alterado; gere-o de novo com `viabilidade "
                            "data build`")
    return Store(root=root, manifest=manifest)


def _link_away(path: Path, root: Path) -> str | None:
    """Where a symbolic link leaving the store leads, as a message quotes it, or ``None``
    (not a link, or one within the store): its first hop, and where it finally leads when
    that differs (``'dentro', que leva a '/etc/passwd'``; trial 8: a chain through a link
    inside the store quoted only its first hop)."""
    if not path.is_symlink() or os.path.realpath(path).startswith(os.path.realpath(root) + os.sep):
        return None
    hop, real = os.readlink(path), os.path.realpath(path)
    return quoted(hop) if hop == real else f"{quoted(hop)}, que leva a {quoted(real)}"


def _manifest_shape(manifest) -> str | None:
    """What is wrong with a parsed ``manifest.json``'s shape, in pt-BR, or ``None``: not an
    object, a ``format`` other than the whole number 1 (``"format": 99`` was read silently,
    ``"format": true`` passed as ``True == 1``, hostile trial 7), ``tables`` not
    an object, a table entry without a text ``sha256``, a ``bytes`` that is not a whole number
    (a manifest of wrong types said "detalhe técnico: TypeError", H6-10)."""

    if not isinstance(manifest, dict):
        return "esperado um objeto JSON com 'format' e 'tables'"
    if said := format_problem(manifest.get("format", 1)):  # true passed: True == 1 (trial 7)
        return f"{said} (repositório gravado por outra versão?)"
    tables = manifest.get("tables")
    if not isinstance(tables, dict):
        return f"'tables' é {quoted(tables)}; esperado um objeto com uma entrada por tabela"
    for name, entry in tables.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("sha256"), str):
            return f"a tabela {quoted(name)} não tem 'sha256' em texto"
        size = entry.get("bytes")
        if size is not None and (type(size) is not int or size < 0):
            return (f"'bytes' da tabela {quoted(name)} é {quoted(size)}; esperado um número "
                    "inteiro de bytes")
    return None


_SHA256_CACHE: dict[tuple, str] = {}
#: Tables read in this process, by (resolved file path, sha256 in the manifest); one version
#: of each file is kept (:meth:`Store._read`).
_TABLES: dict[tuple[str, str], object] = {}


def _file_sha256(path: Path) -> str:
    """sha256 of a file, computed once per process for each (path, inode, size, mtime)."""
    st = path.stat()
    key = (str(path.resolve()), st.st_ino, st.st_size, st.st_mtime_ns)
    digest = _SHA256_CACHE.get(key)
    if digest is None:
        digest = _SHA256_CACHE[key] = sha256(path)
    return digest

@dataclass
class Store:
    """The processed tables, loaded on first use.

    Attributes are the table names of :data:`TABLES` (pandas DataFrames; ``boundaries`` a
    GeoDataFrame in EPSG:4674) and of :data:`OPTIONAL_TABLES` (``tracts``: a GeoDataFrame,
    or ``None`` when the store was built without the census tracts). Codes are text.
    ``manifest`` is ``manifest.json``.
    """

    root: Path
    manifest: dict
    _cache: dict = field(default_factory=dict, repr=False)

    def __getattr__(self, name: str):
        if name.startswith("_") or name not in (*TABLES, *OPTIONAL_TABLES):
            raise AttributeError(name)
        if name in OPTIONAL_TABLES and name not in self.manifest.get("tables", {}):
            return None
        if name not in self._cache:
            self._cache[name] = self._read(name)
        return self._cache[name]

    def _read(self, name: str):
        """Table ``name`` from its file, or the one this process already read from the same
        file with the same sha256 (:data:`_TABLES`; the manifest's digest, checked by
        :func:`load_store`). Tables are shared between the stores of one process, so they
        are never changed in place: a study in a warm kernel does not read 16 MB again."""
        path = self.root / f"{name}.parquet"
        digest = self.manifest.get("tables", {}).get(name, {}).get("sha256")
        if not digest:  # defence in depth: a table the manifest leaves out is not read
            raise DataError(f"tabela {name!r} ({path}): o manifesto não registra o seu sha256, "
                            "e uma tabela não conferida não é lida; gere o repositório de novo "
                            "com `viabilidade data build`")
        key = (str(path.resolve()), digest)
        if key in _TABLES:
            return _TABLES[key]
        if not path.is_file():
            raise DataError(f"tabela {name!r} ausente: {path} não existe; gere o "
                            "repositório com `viabilidade data build`")
        meta = read_footer(name, path)   # read once for the checks
        parquet_figures(name, path, decoded=True, meta=meta)  # bounded before it is decompressed
        check_layout(name, path, meta)   # its own columns, none nested, plain encodings
        try:
            if name in GEO_TABLES:
                import geopandas as gpd

                table = gpd.read_parquet(path)
            else:
                table = pd.read_parquet(path)
        except Exception as exc:  # noqa: BLE001 — pyarrow raises several kinds
            raise DataError(f"tabela {name!r} ({path}) não pôde ser lida como Parquet "
                            f"({type(exc).__name__}: {exc}); gere o repositório de novo "
                            "com `viabilidade data build`") from None
        if bad := coordinate_problems(name, table):  # NaN, inf: a TypeError in the notebook
            from ..errors import capped

            raise DataError(f"tabela {name!r} ({path}) tem coordenadas que não são números "
                            f"finitos: {'; '.join(capped(bad, noun='coordenada', feminine=True))}"
                            "; esperadas latitude e longitude em graus decimais; gere o "
                            "repositório de novo com `viabilidade data build`")
        if bad := row_problems(name, table):  # a repeated key: a TypeError in the notebook
            raise DataError(f"tabela {name!r} ({path}): {'; '.join(bad)}; o repositório foi "
                            "alterado; gere-o de novo com `viabilidade data build`")
        for old in [k for k in _TABLES if k[0] == key[0]]:
            del _TABLES[old]   # another version of the same file: not read again
        _TABLES[key] = table
        return table

    def provenance(self, table: str) -> list[dict]:
        """Provenance records of a table: source, publisher, vintage, files, retrieved, via.

        Raises
        ------
        DataError
            Unknown table name (lists the known ones).
        """
        tables = self.manifest.get("tables", {})
        if table not in tables:
            raise DataError(f"tabela desconhecida {table!r}; esperada uma de {sorted(tables)}",
                            file=self.root / "manifest.json")
        return tables[table]["provenance"]

    @property
    def codes(self) -> Crosswalk:
        """The TSE↔IBGE crosswalk of this store."""
        if "_codes" not in self._cache:
            self._cache["_codes"] = Crosswalk(self.crosswalk)
        return self._cache["_codes"]

def population(store: Store, vintage: str = "revised") -> pd.Series:
    """Censo 2022 population per municipality, by IBGE code.

    Parameters
    ----------
    vintage : {"revised", "first-release"}
        ``revised``: Agregados por Setores (GO 7,056,495; default, the newer).
        ``first-release``: 2023-06-28 release (GO 7,055,228).

    Returns
    -------
    pandas.Series
        Persons, index ``cod_ibge``.

    Raises
    ------
    DataError
        Unknown vintage.
    """
    if vintage not in VINTAGES:
        raise DataError(f"versão da população desconhecida {vintage!r}; esperada uma de "
                        f"{sorted(VINTAGES)}")
    m = store.municipalities
    return m.set_index("cod_ibge")[VINTAGES[vintage]].rename("populacao")


def electors_source(store) -> tuple[str, str]:
    """How a study cites the roll of :func:`electors`: (source, vintage).

    :data:`viabilidade.data.sources.SRC_TSE` and its vintage for a store built from the
    third-party aggregation (its date not checked); for one built from the TSE's own
    ``perfil_eleitorado`` file (:func:`viabilidade.data.tse.read_profile_official`), the
    generation date the file states, as ``"TSE, perfil do eleitorado de 2026 (arquivo
    gerado em 15/07/2026)"`` and ``"2026"`` (the profile's year, as the copy's vintage; the
    date is in the source, so it is printed once).
    """
    import re

    from .sources import SRC_TSE, VINTAGE_TSE

    try:
        records = store.provenance("electorate_profile")
    except (AttributeError, KeyError, DataError):
        return SRC_TSE, VINTAGE_TSE
    for r in records:
        hit = re.search(r"de (\d{4}), arquivo gerado em (\d\d)/(\d\d)/(\d{4})",
                        str(r.get("vintage", "")))
        if hit:
            year, d, m, y = hit.groups()
            return (f"TSE, perfil do eleitorado de {year} (arquivo gerado em {d}/{m}/{y})",
                    year)
    return SRC_TSE, VINTAGE_TSE


def electors(store: Store) -> pd.DataFrame:
    """Electors per municipality in the latest roll the store holds, the one studies read.

    Source: TSE, perfil do eleitorado de 2026 (:data:`viabilidade.data.sources.SRC_TSE`),
    table ``electorate_profile``. The 2022 general election's roll stays in ``electorate``
    for the checks against the Censo 2022 and the electoral zones.

    Returns
    -------
    pandas.DataFrame
        Index ``cod_ibge``; ``eleitores`` (int), ``base`` (``"published"``, or
        ``"estimated"`` for a municipality derived from the state total: Bom Jesus de Goiás,
        18.155), ``nota`` (how it was derived, else ``""``).

    Raises
    ------
    DataError
        The store has no ``electorate_profile`` table (built before it existed).
    """
    return store.electorate_profile.set_index("cod_ibge")[["eleitores", "base", "nota"]]


def state_tax_revenue(store: Store, ano: int, fonte: str | None = None) -> dict[str, float]:
    """State tax revenue (ICMS, IPVA, ITCD) of one year, BRL of that year (art. 4 VII).

    Parameters
    ----------
    ano : int
        Fiscal year.
    fonte : str, optional
        Source label; default the IMB table 125 figure when present, else SEFAZ-GO.

    Returns
    -------
    dict
        ``{"ICMS": ..., "IPVA": ..., "ITCD": ..., "total": ..., "fonte": label}``.

    Raises
    ------
    DataError
        No complete figure for that year and source (lists the years available).
    """
    from . import sources as revenue   # the names only, not the reader (pandera)

    t = store.state_revenue
    year = t[t["ano"] == ano]
    order = [fonte] if fonte else [revenue.FONTE_IMB_125, revenue.FONTE_SEFAZ]
    for f in order:
        part = year[year["fonte"] == f]
        if set(part["tributo"]) == set(revenue.TAXES):
            vals = dict(zip(part["tributo"], part["valor_brl"].astype(float)))
            return {**vals, "total": float(sum(vals.values())), "fonte": f}
    raise DataError(f"sem receita estadual de impostos para {ano}; anos disponíveis: "
                    f"{sorted(set(t['ano']))}", file=store.root / "state_revenue.parquet")
