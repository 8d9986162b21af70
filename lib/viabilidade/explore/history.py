"""Undo and redo of the explorer's area edits (a unit added or removed, a drawn polygon, an
uploaded file, limits taken off, another unit picked).

Only the area is remembered — its units, origins, limits file, name and proposed seat
(:class:`AreaState`) — not the readings, thresholds or what-if values: undoing a click never
takes back a threshold typed afterwards. The history is bounded (:data:`MAX_STEPS`); the oldest
step is forgotten first. A new edit after an undo drops the steps that could be redone, as in
any editor.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: Steps kept for undo (and for redo).
MAX_STEPS = 50


@dataclass(frozen=True)
class AreaState:
    """What an area edit changes in a :class:`~.scenario.Scenario`.

    Attributes
    ----------
    districts, municipalities, origins : tuple of str
        IBGE codes, as in the scenario.
    boundary : Path or None
        The limits file in use.
    urban_perimeter : Path or None
        The origin's urban perimeter file in use.
    name, seat : str
        Name of the proposed municipality and its proposed seat.
    """

    districts: tuple[str, ...]
    municipalities: tuple[str, ...]
    origins: tuple[str, ...]
    boundary: Path | None
    name: str
    seat: str | None
    urban_perimeter: Path | None = None

    @classmethod
    def of(cls, scenario) -> "AreaState":
        """The area state of a scenario."""
        return cls(tuple(scenario.districts), tuple(scenario.municipalities),
                   tuple(scenario.origins), scenario.boundary, scenario.name, scenario.seat,
                   scenario.urban_perimeter)

    def apply(self, scenario):
        """``scenario`` with this area (its readings, thresholds and what-ifs kept)."""
        return scenario.replace(districts=self.districts, municipalities=self.municipalities,
                                origins=self.origins, boundary=self.boundary, name=self.name,
                                seat=self.seat, urban_perimeter=self.urban_perimeter)


class History:
    """Bounded undo/redo stacks of :class:`AreaState`.

    Parameters
    ----------
    max_steps : int
        How many earlier states are kept (the oldest is dropped first).

    Examples
    --------
    >>> h = History()
    >>> h.record("a", "b")        # the area went from "a" to "b"
    >>> h.undo("b")
    'a'
    >>> h.redo("a")
    'b'
    """

    def __init__(self, max_steps: int = MAX_STEPS):
        if max_steps < 1:
            raise ValueError("max_steps must be at least 1")
        self.max_steps = max_steps
        self._undo: list = []
        self._redo: list = []

    def record(self, before, after) -> None:
        """An edit changed the area from ``before`` to ``after`` (equal states are ignored);
        the redo steps are dropped."""
        if before == after:
            return
        self._undo.append(before)
        del self._undo[:-self.max_steps]
        self._redo.clear()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self, current):
        """The state before the last edit (``current`` becomes redoable), or ``None``."""
        if not self._undo:
            return None
        self._redo.append(current)
        del self._redo[:-self.max_steps]
        return self._undo.pop()

    def redo(self, current):
        """The state the last undo left (``current`` becomes undoable again), or ``None``."""
        if not self._redo:
            return None
        self._undo.append(current)
        del self._undo[:-self.max_steps]
        return self._redo.pop()

    def clear(self) -> None:
        """Forget every step (a new session)."""
        self._undo.clear()
        self._redo.clear()

    def steps(self) -> tuple[list, list]:
        """The undo steps and the redo steps, oldest first (copies): what a session keeps
        (:mod:`.persist`)."""
        return list(self._undo), list(self._redo)

    def restore(self, undo, redo) -> None:
        """Put back the steps :meth:`steps` gave (each list cut to :attr:`max_steps`, the
        oldest dropped first)."""
        self._undo = list(undo)[-self.max_steps:]
        self._redo = list(redo)[-self.max_steps:]
