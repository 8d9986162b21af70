"""One exception hierarchy for the whole package.

Every error a user can cause derives from :class:`ViabilidadeError` and says where the
problem is (file, row, column or field), what was expected and what was found.
"""

from __future__ import annotations

from pathlib import Path


class ViabilidadeError(Exception):
    """Base of every error raised on purpose by viabilidade."""


class DataError(ViabilidadeError):
    """A raw or processed data file does not have the expected shape or content.

    Parameters
    ----------
    message : str
        What was expected and what was found.
    file : str or Path, optional
        The offending file.
    row : int, optional
        1-based line number in the file as a text editor shows it (header = line 1).
    column : str, optional
        Column name.
    """

    def __init__(self, message: str, *, file: str | Path | None = None,
                 row: int | None = None, column: str | None = None):
        self.file, self.row, self.column = file, row, column
        where = []
        if file is not None:
            where.append(f"file {Path(file).name if isinstance(file, Path) else file}")
        if row is not None:
            where.append(f"row {row}")
        if column is not None:
            where.append(f"column {column!r}")
        prefix = (", ".join(where) + ": ") if where else ""
        super().__init__(prefix + message)


class CandidateError(ViabilidadeError):
    """A candidate file is malformed or inconsistent with the data.

    Parameters
    ----------
    message : str
        What was expected and what was found.
    file : str or Path, optional
        The candidate TOML file.
    field : str, optional
        Dotted path of the offending field (``"area.distritos[0]"``).
    """

    def __init__(self, message: str, *, file: str | Path | None = None,
                 field: str | None = None):
        self.file, self.field = file, field
        where = []
        if file is not None:
            where.append(str(file))
        if field is not None:
            where.append(f"field {field!r}")
        prefix = (", ".join(where) + ": ") if where else ""
        super().__init__(prefix + message)


class SettingsError(CandidateError):
    """A settings value (interpretation or threshold) is unknown or out of range."""


class GeoError(ViabilidadeError):
    """A geometry is missing, invalid, in the wrong CRS or inconsistent with its origin."""


class ReportError(ViabilidadeError):
    """A study could not be rendered (template, execution or export)."""
