"""The explorer's area panel: picks, edits, map clicks, the drawn polygon, undo and redo."""

from __future__ import annotations

import html
import json
import tempfile
from pathlib import Path

from ...errors import CandidateError, ViabilidadeError
from ...report.writers import format as fmt
from ..history import AreaState
from ..persist import drawing_file
from ..scenario import Scenario
from ..views import unit_name
from .labels import ControlError, OVERRIDE_LABELS, RED, refusal_message


class AreaPanel:
    """The area: a unit picked (list or map), units added or removed, the polygon drawn on the
    map, and undo/redo of area edits (aba Área).

    A mixin of :class:`~viabilidade.explore.widgets.Explorer`.
    """

    def _pick(self, make, code: str) -> None:
        """A unit picked (list or map): the scenario ``make`` gives, unless the law refuses it
        while the area before had a result; then the area before stays, with its result, the
        unit control and the map back on it, and the message says what was refused and why
        (as for a refused click or file; before, the refused unit stayed on screen with no
        result, and the map did not follow)."""
        before = (self.scenario, self.analysis, self.error, self._base)
        seen, self._restoring = self._area_seen, True      # recorded below, once kept
        try:
            self._set_scenario(make)
        finally:
            self._restoring = False
        if self.analysis is None and before[1] is not None and self.scenario != before[0]:
            reason = self.error
            self.scenario, self.analysis, self.error, self._base = before
            self._quiet = True
            try:
                self._load_scenario_into_controls()
            finally:
                self._quiet = False
            self._area_seen = seen
            self._map_key = ()                  # the map goes back to the area in use
            self._render()
            self.panes["message"].value = (
                f'<p style="{RED}"><b>Escolha recusada</b> — {html.escape(unit_name(self.store, code))}: '
                f"{html.escape(reason)}. A área e o último resultado continuam os anteriores.</p>")
            return
        if self._area_seen != seen:
            self.history.record(seen, self._area_seen)
            self._persist()             # the undo step with the session
        self.controls["undo"].disabled = not self.history.can_undo
        self.controls["redo"].disabled = not self.history.can_redo

    def _unit_picked(self, code: str | None) -> None:
        """A unit picked in the list (or by a click in "escolhe a unidade" mode).

        A district brings its municipality as origin. A whole municipality needs its origin
        (the municipality it left) picked by the user: the previous origin is never kept.
        """
        if code is None:
            return
        carried, note = self._carried()
        self._clear_what_ifs()
        self._quiet = True
        try:        # the previous scenario's unit is not offered to "Somar à área"
            self.controls["edit_unit"].value = None
        finally:
            self._quiet = False
        if len(code) == 9:
            self._pick(lambda: Scenario.for_district(self.store, code, **carried), code)
            self.panes["message"].value += note
            return
        self._quiet = True
        try:
            self.controls["origin"].value = None
            self.controls["origin"].disabled = False
            self.controls["origin"].layout.display = None
            self.panes["origins"].value = ""
        finally:
            self._quiet = False
        self._invalid(ControlError(
            f"{unit_name(self.store, code)} é um município inteiro: escolha de qual município ele "
            "saiu (o estudo o trata como a área que deixou a origem)", field="origin"))

    def _origin_picked(self, origin: str | None) -> None:
        code = self.controls["unit"].value
        if origin is None or code is None or len(code) != 7:
            return
        carried, note = self._carried()
        self._clear_what_ifs()
        self._pick(lambda: Scenario.for_municipality(self.store, code, origin, **carried), code)
        self.panes["message"].value += note

    def _carried(self) -> tuple[dict, str]:
        """What a newly picked unit keeps of the scenario before it, and the note saying so.

        The readings, thresholds and year of creation are choices about the law, not the area:
        they are kept. The what-if values, the projection and the declared special interest
        belong to the area left: they are dropped, and the note (HTML, ``""`` when nothing was
        set) says which.
        """
        s, c = self.scenario, self.controls
        carried = {"settings": s.settings, "creation_year": s.creation_year}
        kept = []
        if s.settings_table():
            kept.append("as leituras e os limiares escolhidos (abas Leituras e Limiares)")
        if s.creation_year:
            kept.append(f"o ano de criação {s.creation_year}")
        dropped = []
        if any(c[f"{q}_on"].value for q in OVERRIDE_LABELS):
            dropped.append("os valores hipotéticos")
        if c["projection"].value:           # "" or None: no projection
            dropped.append("a projeção")
        if s.special_interest:
            dropped.append("o interesse especial declarado")
        said = ([f"Continua valendo: {'; '.join(kept)}"] if kept else []) + \
            ([f"Retirado por ser da área anterior: {'; '.join(dropped)}"] if dropped else [])
        note = (f"<p style='margin:2px 0;color:#424242'>Nova área. {html.escape('. '.join(said))}.</p>"
                if said else "")
        return carried, note

    def _edit(self, action: str, code: str | None, via: str = "button") -> None:
        """Add or remove one unit (``via`` ``"map"``: a click on the map; else the buttons).

        A change the study refuses (an area the law does not admit, an empty area) leaves the
        area, the controls and the last result as they were, and the message pane says why,
        naming what the user used: the map or the button.
        """
        if code is None:
            return
        before = (self.scenario, self.analysis, self.error, self._base)
        self._busy(True)
        try:
            try:
                if via == "map" and action == "add" and code in self.scenario.origins:
                    raise CandidateError(
                        f"{unit_name(self.store, code)} é o município de origem: a área sai dele "
                        "(arts. 2º e 4º, § 1º), não o leva inteiro; para somar um distrito dele, "
                        "clique no território ou no ponto do distrito", field="area")
                if action == "add" and self.scenario.boundary is not None:
                    raise CandidateError(self._one_source_refusal(), field="area")
                self.scenario = (self.scenario.add_unit(code, self.store) if action == "add"
                                 else self.scenario.remove_unit(code, self.store))
                self._load_scenario_into_controls()
                self._evaluate()
            except ViabilidadeError as e:
                self.scenario, self.analysis, self.error, self._base = before
                self._load_scenario_into_controls()
                self._render()
                self.panes["message"].value = (
                    refusal_message(e, unit_name(self.store, code), action, via)
                    + self.panes["message"].value)
                return
            self._render()
        finally:
            self._busy(False)

    def _one_source_refusal(self) -> str:
        """Why no IBGE unit joins an area given by limits: one source of figures. Names the
        polygon drawn on the map or the limits file, never a file of the explorer's own
        (a drawing is written to a temporary file whose name means nothing to the user)."""
        given = ("pelo polígono desenhado no mapa" if self._drawing_in_use()
                 else "pelo arquivo de limites da área")
        return (f"a área já é dada {given}, e os números vêm de uma só fonte (os medidos no "
                "polígono ou os publicados das unidades do IBGE; a lei de criação descreve um só "
                "limite, art. 3º); para somar unidades do IBGE, tire os limites («Tirar os "
                "limites», na aba Área, ou a lixeira do mapa para o polígono desenhado)")

    def clicked(self, code: str) -> None:
        """A unit clicked on the map: added to or removed from the area, or picked as the unit.

        In ``"toggle"`` mode (default) a unit in the area leaves it and any other joins it; in
        ``"pick"`` mode it becomes the unit, as if picked in the list.
        """
        c = self.controls
        self._map_click = True
        try:
            if c["click_mode"].value == "pick":
                c["unit"].value = code            # observed: _unit_picked
                return
            self._quiet = True
            try:
                c["edit_unit"].value = code
            finally:
                self._quiet = False
            in_area = code in self.scenario.districts + self.scenario.municipalities
            self._edit("remove" if in_area else "add", code, via="map")
        finally:
            self._map_click = False

    def clear_boundary(self) -> None:
        """Take the limits off: the boundary control emptied, the drawing erased from the map
        (nothing orange stays that is not the area), the note of the drawing removed."""
        if self.map is not None:
            self.map.clear_drawing()
        self.panes["draw_note"].value = ""
        self._show_boundary(None)                  # observed: update

    def drawing_deleted(self) -> None:
        """The drawn polygon was deleted with the map's trash tool: when it was the boundary in
        use, the limits come off as with «Tirar os limites» (the area's units come back)."""
        if self._drawing_in_use():
            self.clear_boundary()
        else:
            self.panes["draw_note"].value = ""

    def _drawing_in_use(self) -> bool:
        """Whether the «Arquivo de limites da área» control holds the drawn polygon's file."""
        return self._drawn_boundary is not None and self._boundary_in_field() == self._drawn_boundary

    def use_drawing(self) -> Path | None:
        """Make the polygon drawn on the map the area's boundary (written to a GeoJSON file).

        Called as soon as a polygon is closed or edited on the map. With «Recortar pelo
        município de origem» checked, the polygon is clipped to the origin municipalities
        (:func:`~.leaflet_map.clip_to_origins`) and the note says how many km² were cut off.
        The file lives in a temporary folder (with a kept session, in the session's
        ``.explorar-desenhos/`` folder: :func:`.persist.drawing_file`) until the scenario is
        saved; :meth:`save` copies it beside the candidate.
        """
        s = self.scenario
        if self.map is None or self.map.drawn is None:
            self.panes["draw_note"].value = (f'<p style="{RED}">Nenhum polígono desenhado: use o botão '
                                             "de polígono no canto superior esquerdo do mapa.</p>")
            return None
        key = (json.dumps(self.map.drawn, sort_keys=True), self.controls["clip"].value, s.origins)
        if key == self._drawn_key and self._drawing_in_use():
            return self._drawn_boundary      # already in use (closed, then the button): one step
        geometry, clip_note = None, ""
        if self.controls["clip"].value:
            from shapely.geometry import shape

            geometry, clip_note = self.clipped(shape(self.map.drawn), drawn=True)
            if geometry is None:
                self.panes["draw_note"].value = clip_note
                return None
        text = self.map.drawn_geojson(s.origins[0], s.name, geometry)
        if self.state_file is not None:     # kept with the session: found again after a reboot
            path = drawing_file(self.state_file, s.slug, text)
        else:
            from ...common.tempfiles import prefix   # swept once this kernel has ended

            path = Path(tempfile.mkdtemp(prefix=prefix("desenho"))) / f"{s.slug}.geojson"
            path.write_text(text, encoding="utf-8")
        self._drawn_boundary, self._drawn_key = path, key
        self._drawings[path] = (self.map.drawn, self.controls["clip"].value)
        self.panes["draw_note"].value = ("<p>Polígono desenhado em uso como limite da área, no lugar "
                                         "das unidades do IBGE (uma só fonte de números; «Tirar os "
                                         f"limites» as traz de volta).{clip_note}</p>")
        self._show_boundary(path)                        # observed: update
        return path

    def clipped(self, geometry, drawn: bool):
        """«Recortar pelo município de origem»: ``geometry`` (EPSG:4674) clipped to the
        origin municipalities (:func:`~..leaflet_map.clip_to_origins`, the IBGE mesh at full
        detail), for a polygon drawn on the map (``drawn``) or an uploaded limits file.

        Returns
        -------
        tuple
            ``(clipped, note)``: the part inside the origins and the sentence (HTML) saying
            how many km² were cut off; ``(None, refusal)`` when nothing would be left, the
            refusal (HTML paragraph) saying what to do.
        """
        from ..leaflet_map import clip_to_origins

        origins = self.scenario.origins
        clipped, removed = clip_to_origins(geometry, self.store, origins)
        towns = html.escape(", ".join(unit_name(self.store, o) for o in origins))
        what, redo = (("O polígono desenhado", "Desenhe dentro do município de origem") if drawn
                      else ("O arquivo enviado", "Envie um arquivo com a área dentro do município de origem"))
        if clipped.is_empty:
            return None, (f'<p style="{RED}">{what} fica todo fora de {towns}: recortado, nada '
                          f"sobraria. {redo} ou desmarque «Recortar pelo município de origem».</p>")
        outside = "desenhados" if drawn else "do arquivo"
        return clipped, (f" Recortado pelo município de origem ({towns}): "
                         + (f"{fmt.number(removed, 2)} km² {outside} fora dele foram retirados."
                            if removed >= 0.005 else "nada ficava fora dele."))

    def _clip_switched(self, _change=None) -> None:
        """«Recortar pelo município de origem» changed: the drawing or the uploaded limits file
        in use is used again (clipped, or whole)."""
        if self._quiet:
            return
        if self._drawing_in_use() and self.map is not None and self.map.drawn is not None:
            self.use_drawing()
        elif self._upload_in_use is not None and self._upload_in_use == self.scenario.boundary:
            self.use_upload(self._upload_sources.get(self._upload_in_use, self._upload_in_use))

    def _record_area(self) -> None:
        """After any change: an area that differs from the one last shown is an undo step."""
        now = AreaState.of(self.scenario)
        if now != self._area_seen:
            if not self._restoring:
                self.history.record(self._area_seen, now)
            self._area_seen = now
            # The upload's note goes when its file is no longer in use (and a refusal's with it).
            if self._upload_in_use is None or self._upload_in_use not in (now.boundary, now.urban_perimeter):
                self.panes["upload"].value = ""
                self._upload_in_use = None
                # The upload button counts the files in use: none now («(0)»).
                self.controls["upload"].value = ()
        self.controls["undo"].disabled = not self.history.can_undo
        self.controls["redo"].disabled = not self.history.can_redo

    def undo(self) -> None:
        """«Desfazer»: the area before the last area edit (readings and what-ifs stay)."""
        self._go_to(self.history.undo(AreaState.of(self.scenario)))

    def redo(self) -> None:
        """«Refazer»: the area the last «Desfazer» left."""
        self._go_to(self.history.redo(AreaState.of(self.scenario)))

    def drawing_back(self, boundary: Path | None, origins: tuple) -> bool:
        """Put the polygon drawn for ``boundary`` back in the map's drawing tool (its feature
        group), so the edit and trash tools act on it, and «Recortar pelo município de origem»
        as it was when it was drawn: after «Desfazer»/«Refazer» and after a reload that
        restores a session whose area is a drawing (issue 31: the toolbar said «Nada para
        editar»). ``False`` when ``boundary`` is not a drawing of this session (or no map)."""
        drawing = self._drawings.get(boundary) if boundary is not None else None
        if self.map is None or drawing is None:
            return False
        self.map.show_drawing(drawing[0])
        self._drawn_boundary = boundary
        self._drawn_key = (json.dumps(drawing[0], sort_keys=True), drawing[1], origins)
        self._quiet = True
        try:
            self.controls["clip"].value = drawing[1]
        finally:
            self._quiet = False
        return True

    def _go_to(self, state: AreaState | None) -> None:
        if state is None:
            return
        if self.map is not None and not self.drawing_back(state.boundary, state.origins) \
                and (state.boundary is None or state.boundary != self._drawn_boundary):
            self.map.clear_drawing()  # no drawing stays on the map that is not the area
        if state.boundary in {*self._upload_sources, *self._upload_sources.values()}:
            # An uploaded file, clipped or whole: «Recortar» says which (issue 31: it stayed
            # ticked after «Desfazer» undid the clip).
            self._quiet = True
            try:
                self.controls["clip"].value = state.boundary in self._upload_sources
            finally:
                self._quiet = False
        self._restoring = True
        try:
            self._set_scenario(lambda: state.apply(self.scenario))
        finally:
            self._restoring = False
        self._area_seen = AreaState.of(self.scenario)
        self._record_area()
