"""The explorer's ipywidgets UI: map and controls in; verdict, rule table, totals, margins out.

Thin on purpose: every control change rebuilds a :class:`~.scenario.Scenario` and runs
:func:`~.scenario.run_scenario`; the panes show its :class:`~viabilidade.profile.analysis.Analysis`.
Outputs are ``HTML`` and ``Image`` widgets (not ``Output`` capture), so a test can drive the
controls without a browser or kernel and read :attr:`Explorer.analysis`.

Everything the user reads is Portuguese: units by name, readings by what they mean, numbers
typed and shown the Brazilian way (:class:`~.numbers.NumberText`), and an invalid scenario
clears the results and names the control to fix.

:class:`Explorer` holds the state; the code behind each panel of the page is in
:mod:`.panels` (one module each):

- :mod:`.panels.labels` — every label, the tab of each control, the messages that name them;
- :mod:`.panels.controls` — the control tabs, set from a scenario and read back into one;
- :mod:`.panels.area` — picks, edits, map clicks, the drawn polygon, undo and redo (aba Área);
- :mod:`.panels.files` — uploads, downloads and saving the candidate file (abas Área, Salvar);
- :mod:`.panels.scenarios` — kept scenarios (aba Cenários) and the session;
- :mod:`.panels.results` — the conclusion and the result tabs;
- :mod:`.panels.layout` — the page: map beside the conclusion, control tabs, result tabs.
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as W

from ..profile.analysis import ProfileMemo
from .compare import Scenarios
from .files import boundary_geometry as _boundary_geometry
from .history import AreaState, History
from .panels.area import AreaPanel
from .panels.controls import ControlsPanel
from .panels.files import FilesPanel, study_command
from .panels.labels import (CONTROL_PLACES, FLOAT_THRESHOLDS, INT_THRESHOLDS,
                            RESULT_TABS, ControlError, control_message, drawn_words,
                            explorer_words, file_only_note, refusal_message)
from .panels.layout import LayoutPanel, tooltips_set
from .panels.results import ResultsPanel
from .panels.scenarios import ScenariosPanel
from .scenario import Scenario


#: Names read from here by the notebook, the tests and the benchmarks (defined in the panels).
__all__ = ["CONTROL_PLACES", "FLOAT_THRESHOLDS", "INT_THRESHOLDS", "RESULT_TABS", "ControlError",
           "Explorer", "_boundary_geometry", "control_message", "drawn_words", "explorer_words",
           "file_only_note", "refusal_message", "study_command", "tooltips_set"]


class Explorer(ControlsPanel, AreaPanel, FilesPanel, ScenariosPanel, ResultsPanel,
               LayoutPanel):
    """Interactive exploration of one scenario.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    scenario : Scenario, optional
        Starting point; default: Posse d'Abadia (district 520010010 of Abadiânia).
    draw_map : bool
        Draw the interactive map and the territory map (about 1 s per area change); tests may
        switch it off.
    basemap : bool
        Put OpenStreetMap tiles under the map (on by default; needs internet, and without it
        the study's layers show alone; the map's legend box switches it off).
    state_file : Path, optional
        Where the session is kept across kernel restarts (:mod:`.persist`; the notebook passes
        :func:`.persist.default_state_file`). ``None``: nothing is written or restored.
    session_later : bool
        The session file comes later (:meth:`open_session`: the app's pre-heated kernels);
        the page shows the session's pane and «Começar do zero» from the start.

    Attributes
    ----------
    scenario : Scenario
        The scenario the controls describe.
    analysis : viabilidade.profile.analysis.Analysis or None
        Its evaluation; ``None`` while the controls describe an invalid scenario (the message
        pane says why, naming the control).
    controls : dict[str, ipywidgets.Widget]
        Every control by name (``"population_on"``, ``"population_value"``, ``"reduction"`` …).
    map : ScenarioMap or None
        The interactive map (:mod:`.leaflet_map`), when ``draw_map``.
    """

    def __init__(self, store, scenario: Scenario | None = None, *, draw_map: bool = True,
                 basemap: bool = True, state_file: str | Path | None = None,
                 session_later: bool = False):
        self.store = store
        self.scenario = scenario or Scenario.for_district(store, "520010010")
        #: The notebook's starting scenario («Começar do zero» comes back to it).
        self._start = self.scenario
        #: Undo/redo of area edits (:mod:`.history`) and the area last shown.
        self.history = History()
        self._area_seen = AreaState.of(self.scenario)
        self._restoring = False
        #: The scenarios kept side by side (:mod:`.compare`).
        self.scenarios = Scenarios()
        self.state_file = None if state_file is None else Path(state_file)
        #: Whether the page shows the session's pane and «Começar do zero» (a session file now,
        #: or one to come: :meth:`open_session`).
        self._keeps_session = state_file is not None or session_later
        self._state_text: str | None = None
        self._ready = False
        #: The «Salvar em» value the explorer proposed (replaced when the scenario changes).
        self._proposed_save = ""
        #: The uploaded file in use (its note stays while it is).
        self._upload_in_use: Path | None = None
        #: Each uploaded file kept, with the name it had on the user's computer (shown in
        #: «Arquivo de limites da área»), and the text that field shows with the file it
        #: stands for (:meth:`_show_boundary`).
        self._upload_names: dict[Path, str] = {}
        self._boundary_shown: tuple[str, Path] | None = None
        #: The uploaded file each clipped limits file was cut from (:meth:`use_upload`).
        self._upload_sources: dict[Path, Path] = {}
        self.analysis = None
        self.error = ""
        self.draw_map = draw_map
        self._map_key = self._chart_key = self._base = None
        #: Territory facts and profiles built so far (a threshold change re-runs the rules only).
        self._memo = ProfileMemo()
        #: The result tabs (set by :meth:`widget`) and the images waiting for their tab to be
        #: opened (tab title -> drawing function): a chart is drawn when it can be seen.
        self._results_tab: W.Tab | None = None
        self._pending_images: dict = {}
        self._quiet = False
        self._drawn_boundary: Path | None = None
        #: What the drawn boundary in use was made of (drawing, clip, origins).
        self._drawn_key = None
        #: The IBGE units (districts, municipalities) each limits file replaced, by its path:
        #: they come back when the limits are taken off, also after an undo or redo.
        self._units_replaced: dict[Path, tuple] = {}
        #: Each drawn boundary file made so far: the polygon as drawn (before any clip) and
        #: whether it was clipped. An undo or redo that brings the file back puts the polygon
        #: back in the drawing tool and «Recortar pelo município de origem» as it was.
        self._drawings: dict[Path, tuple[dict, bool]] = {}
        #: True while a map click is handled: the map does not move under the user's mouse.
        self._map_click = False
        self.controls: dict[str, W.Widget] = {}
        self.panes = {k: W.HTML() for k in ("busy", "verdict", "message", "rules", "totals", "margins",
                                            "alternatives", "saved", "draw_note", "origins",
                                            "upload", "downloads", "scenarios", "comparison",
                                            "session", "link")}
        self.images = {"detail": W.Image(format="png", layout=W.Layout(max_width="560px")),
                       "margins_chart": W.Image(format="png", layout=W.Layout(max_width="1000px")),
                       "comparison_map": W.Image(format="png", layout=W.Layout(max_width="660px"))}
        for image in self.images.values():   # an empty image shows as a broken picture: hidden
            image.layout.display = "none"
            image.observe(lambda ch, image=image: setattr(image.layout, "display", None if ch["new"] else "none"),
                          names="value")
        self.map = None
        if draw_map:
            from .leaflet_map import ScenarioMap

            self.map = ScenarioMap(store, self.clicked, basemap=basemap,
                                   on_deleted=self.drawing_deleted, on_drawn=self.use_drawing)
        self._build_controls()
        # «Usar o polígono desenhado» only when there is a polygon to use.
        self.controls["use_drawing"].disabled = self.map is None or self.map.drawn is None
        if self.map is not None:
            self.map.on_drawn_state = lambda drawn: setattr(self.controls["use_drawing"], "disabled",
                                                            not drawn)
        self._open(self._read_session())
