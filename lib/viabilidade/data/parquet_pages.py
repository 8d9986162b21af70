"""What a Parquet file's pages decompress to, by their own headers, read with bounds.

A Parquet footer records each column chunk's ``total_uncompressed_size``, but the reader
decompresses each page into the ``uncompressed_page_size`` its page header declares. A
footer edited down therefore passes any bound on the footer's figures: hostile trial 9
(issue 32) wrote 107 KB of zstd pages holding 1 GB behind a footer declaring 443 KB, and
reading the table took 17,7 s and 2,37 GB. This module reads every page header of a file
(the store's 16 tables: 163 pages, headers of at most 229 bytes, in about 5 ms) and sums
what they declare.

pyarrow exposes no page headers. fastparquet's Thrift reader does, but it is not bounded
for hostile bytes: a list header declaring 2³¹ elements crashed the process (segmentation
fault, measured dec. 2026). The headers are Thrift compact-protocol structs
(https://github.com/apache/thrift/blob/master/doc/specs/thrift-compact-protocol.md; the
``PageHeader`` of https://github.com/apache/parquet-format, fields 2 and 3): this reader
takes fields 2 (``uncompressed_page_size``) and 3 (``compressed_page_size``) and skips
every other field, each read checked against the bytes there are.
"""

from __future__ import annotations

from pathlib import Path

#: Longest page header read (bytes): the store's longest is 229 bytes (dec. 2026); the
#: statistics of a page of long texts may take more.
HEADER_MAX = 64 * 1024
#: Bytes read first for a header; a longer one is read again up to :data:`HEADER_MAX`.
_FIRST_READ = 1024
#: Most pages read in one file: the store's tables have 5 to 18 (dec. 2026).
PAGES_MAX = 10_000
#: Most bytes of page headers read in one file: the store's 163 headers take 6.949 bytes, at most
#: 1.019 in one table (dec. 2026); 9.600 headers of 64 KiB each took 1 min 46 s to read three
#: times (hostile trial 10).
HEADERS_TOTAL_MAX = 1024 * 1024
#: Deepest nesting of structs and lists in a page header (the format's own is 3).
_DEPTH_MAX = 16

_BOOL_TRUE, _BOOL_FALSE, _BYTE, _I16, _I32, _I64, _DOUBLE, _BINARY = 1, 2, 3, 4, 5, 6, 7, 8
_LIST, _SET, _MAP, _STRUCT = 9, 10, 11, 12


class PageError(ValueError):
    """A page header that cannot be read, its reason in pt-BR."""


class _Truncated(PageError):
    """The bytes read end inside the header."""


class _Header:
    """A bounded reader of one Thrift compact-protocol struct in ``data``."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            raise _Truncated(f"cabeçalho de página truncado ou maior que {HEADER_MAX} bytes")
        self.pos += 1
        return self.data[self.pos - 1]

    def skip_bytes(self, n: int) -> None:
        if n < 0:
            raise PageError("cabeçalho de página com um tamanho de campo negativo")
        if self.pos + n > len(self.data):
            raise _Truncated(f"cabeçalho de página truncado ou maior que {HEADER_MAX} bytes")
        self.pos += n

    def varint(self) -> int:
        out = 0
        for shift in range(0, 70, 7):
            b = self.byte()
            out |= (b & 0x7F) << shift
            if not b & 0x80:
                return out
        raise PageError("cabeçalho de página com um número de mais de 10 bytes")

    def zigzag(self) -> int:
        n = self.varint()
        return (n >> 1) ^ -(n & 1)

    def skip(self, kind: int, depth: int) -> None:
        if depth > _DEPTH_MAX:
            raise PageError(f"cabeçalho de página aninhado em mais de {_DEPTH_MAX} níveis")
        if kind in (_BOOL_TRUE, _BOOL_FALSE):
            return
        if kind == _BYTE:
            self.skip_bytes(1)
        elif kind in (_I16, _I32, _I64):
            self.varint()
        elif kind == _DOUBLE:
            self.skip_bytes(8)
        elif kind == _BINARY:
            self.skip_bytes(self.varint())
        elif kind in (_LIST, _SET):
            head = self.byte()
            size, element = head >> 4, head & 0x0F
            if size == 15:
                size = self.varint()
            self._elements(size, (element,), depth)
        elif kind == _MAP:
            size = self.varint()
            if size:
                kinds = self.byte()
                self._elements(size, (kinds >> 4, kinds & 0x0F), depth)
        elif kind == _STRUCT:
            self.fields((), depth + 1)
        else:
            raise PageError(f"cabeçalho de página com um campo de tipo desconhecido ({kind})")

    def _elements(self, size: int, kinds: tuple[int, ...], depth: int) -> None:
        # every element takes at least one byte: a count beyond the bytes left is a lie
        if size * len(kinds) > HEADER_MAX:
            raise PageError(f"cabeçalho de página declara uma lista de {size} elementos, "
                            f"mais do que cabe em {HEADER_MAX} bytes")
        for _ in range(size):
            for kind in kinds:
                if kind in (_BOOL_TRUE, _BOOL_FALSE):
                    self.skip_bytes(1)   # in a list, a boolean is a byte of its own
                else:
                    self.skip(kind, depth + 1)

    def fields(self, wanted: tuple[int, ...], depth: int = 0,
               nested: dict[int, tuple[int, ...]] | None = None) -> dict[int, object]:
        """Read a struct to its end; the i32 fields whose ids are in ``wanted``, and the
        structs whose ids are in ``nested`` as the dict of their own wanted i32 fields."""
        got: dict[int, object] = {}
        last = 0
        while True:
            head = self.byte()
            if head == 0:
                return got
            kind, delta = head & 0x0F, head >> 4
            last = last + delta if delta else self.zigzag()
            if nested and last in nested and kind == _STRUCT:
                if last in got:
                    raise PageError(f"cabeçalho de página com o campo {last} duas vezes")
                if depth >= _DEPTH_MAX:
                    raise PageError(f"cabeçalho de página aninhado em mais de {_DEPTH_MAX} níveis")
                got[last] = self.fields(nested[last], depth + 1)
            elif last in wanted:
                # pyarrow reads a size only as an i32 and skips it otherwise, keeping the
                # first: a second field 2 of another type hid 1.900 MiB (hostile trial 10)
                if kind != _I32:
                    raise PageError(f"cabeçalho de página com o campo {last} de outro tipo "
                                    f"({kind}; esperado um inteiro de 32 bits)")
                if last in got:
                    raise PageError(f"cabeçalho de página com o campo {last} duas vezes")
                got[last] = self.zigzag()
            else:
                self.skip(kind, depth)


#: The encodings a build writes (pyarrow's defaults), by their number in the Parquet format:
#: values plain or by dictionary, levels and indices run-length. A page in any other
#: (DELTA_BYTE_ARRAY, …) is refused: its footer's list of encodings can be edited to say
#: PLAIN while the page is decoded as its header says (hostile trial 10: 3,5 KB into 1 GB).
ENCODINGS = {0: "PLAIN", 2: "PLAIN_DICTIONARY", 3: "RLE", 4: "BIT_PACKED", 8: "RLE_DICTIONARY"}
#: The other encodings of the format, to name them.
_OTHER_ENCODINGS = {1: "GROUP_VAR_INT", 5: "DELTA_BINARY_PACKED", 6: "DELTA_LENGTH_BYTE_ARRAY",
                    7: "DELTA_BYTE_ARRAY", 9: "BYTE_STREAM_SPLIT"}
#: Where a page header gives its encodings: the struct's field id -> the ids of its
#: encoding fields (DataPageHeader: values, definition and repetition levels;
#: DictionaryPageHeader: values; DataPageHeaderV2: values).
_ENCODING_FIELDS = {5: (2, 3, 4), 7: (2,), 8: (4,)}


def chunk_pages(path: Path, chunks: list[tuple[int, int]]) -> list[int]:
    """Bytes a Parquet file's pages decompress to, by their own headers.

    Parameters
    ----------
    path : Path
        The Parquet file.
    chunks : list of (int, int)
        Each column chunk's first byte (its dictionary page's, or else its first data
        page's) and its ``total_compressed_size``, from the footer.

    Returns
    -------
    list of int
        For each chunk, the sum of its pages' ``uncompressed_page_size`` (bytes).

    Raises
    ------
    PageError
        A header that cannot be read, a size that is negative, an encoding outside
        :data:`ENCODINGS`, pages that do not end where their chunk ends, or more than
        :data:`PAGES_MAX` pages (reason in pt-BR).
    OSError
        The file cannot be read.
    """
    sums: list[int] = []
    pages = read = 0
    with open(path, "rb") as fh:
        for start, length in chunks:
            pos, end, total = start, start + length, 0
            while pos < end:
                pages += 1
                if pages > PAGES_MAX:
                    raise PageError(f"mais de {PAGES_MAX:,} páginas (as tabelas do repositório "
                                    "têm até 18)".replace(",", "."))
                fh.seek(pos)
                header = _Header(fh.read(_FIRST_READ))
                try:
                    sizes = header.fields((2, 3), nested=_ENCODING_FIELDS)
                except _Truncated:   # a long header (statistics of long texts): read it whole
                    fh.seek(pos)
                    header = _Header(fh.read(HEADER_MAX))
                    sizes = header.fields((2, 3), nested=_ENCODING_FIELDS)
                for where, inner in _ENCODING_FIELDS.items():
                    for field in inner:
                        code = (sizes.get(where) or {}).get(field)
                        if code is not None and code not in ENCODINGS:
                            said = _OTHER_ENCODINGS.get(code, f"de número {code}")
                            raise PageError(f"página codificada em {said}, que um repositório "
                                            f"não usa; esperadas só {', '.join(sorted(ENCODINGS.values()))}")
                if 2 not in sizes or 3 not in sizes:
                    raise PageError("cabeçalho de página sem os seus tamanhos")
                unpacked, packed = sizes[2], sizes[3]
                if unpacked < 0 or packed < 0:
                    raise PageError("cabeçalho de página com um tamanho negativo")
                total += unpacked
                read += header.pos
                if read > HEADERS_TOTAL_MAX:
                    raise PageError(f"cabeçalhos de página somando mais de {HEADERS_TOTAL_MAX:,} "
                                    "bytes (os de uma tabela do repositório somam até 1.019)"
                                    .replace(",", "."))
                pos += header.pos + packed
            if pos != end:
                raise PageError("as páginas de uma coluna não terminam onde o rodapé diz")
            sums.append(total)
    return sums
