"""The explorer's files: uploads, downloads and saving the candidate file."""

from __future__ import annotations

import html
import re
from pathlib import Path

from ...errors import ViabilidadeError
from ...os_errors import os_reason
from ..files import (area_geojson, area_geometry, area_kml, area_properties, download_link, map_png,
                     store_upload, upload_name)
from ..persist import is_drawing
from ..save import free_name, resolve_target, save_scenario, scenario_toml
from .labels import control_message, CONTROL_PLACES, explorer_words, RED


class FilesPanel:
    """Files in and out: an uploaded limits or perimeter file, the downloads, and the scenario
    saved as a candidate file (abas Área and Salvar).

    A mixin of :class:`~viabilidade.explore.widgets.Explorer`.
    """

    def _save_folder(self) -> Path:
        """The folder «Salvar em» points to (where candidates, uploads and the session go)."""
        return resolve_target(self.controls["save_path"].value, self.scenario).parent

    def _show_boundary(self, path: Path | None) -> None:
        """Put ``path`` in «Arquivo de limites da área»: a file the explorer keeps beside the
        candidates (an upload, its clipped copy) by the name the user knows (the uploaded
        file's own name, :attr:`_upload_names`, or its name in the folder «Salvar em» shows),
        any other file by its path. The field showed the saved copy's whole path, a folder of
        the server the user never chose (issue 31). The text stands for the file as long as
        the field holds it (:meth:`_boundary_in_field`)."""
        before = self._boundary_in_field()
        if path is None:
            self._boundary_shown, text = None, ""
        else:
            path = Path(path)
            text = self._upload_names.get(path) or (
                path.name if path.parent == self._save_folder() else str(path))
            self._boundary_shown = (text, path)
        field = self.controls["boundary"]
        if field.value == text and before != path:
            self._changed()         # another file of the same name (kept as <nome>-2): no change seen
        field.value = text          # observed: update

    def _boundary_in_field(self) -> Path | None:
        """The file «Arquivo de limites da área» names: the one the explorer put there
        (:meth:`_show_boundary`) while its text is unchanged, else the path typed (and the
        name shown before no longer stands for a file)."""
        text = self.controls["boundary"].value.strip()
        shown = self._boundary_shown
        if shown is not None and text == shown[0]:
            return shown[1]
        self._boundary_shown = None
        return Path(text).expanduser() if text else None

    def _uploaded(self, change) -> None:
        """A file sent with «Enviar arquivo de limites». The button counts the uploaded files
        in use: «(1)» while the file is the area's limits or the origin's perimeter; a refused
        file puts back the count before it, and a file no longer in use empties it
        (:meth:`_record_area`), so the same file can be sent again."""
        files = change["new"]
        if not files or self._quiet:
            return
        f = files[0]
        used = None
        try:
            used = self.upload(f["name"], bytes(f["content"]), role=self.controls["upload_role"].value)
        finally:
            if used is None:
                self._quiet = True
                try:
                    self.controls["upload"].value = (change["old"] if self._upload_in_use is not None
                                                     else ())
                finally:
                    self._quiet = False

    def upload(self, name: str, content: bytes, role: str = "boundary") -> Path | None:
        """A file sent from the browser, read as the study reads it (:func:`.files.store_upload`).

        Stored in the save folder, beside the candidates; ``role`` ``"boundary"``: the area's
        limits (in place of the IBGE units, as a drawn polygon; clipped to the origin when
        «Recortar pelo município de origem» is checked: :meth:`use_upload`);
        ``"urban_perimeter"``: the origin's urban perimeter (art. 4 II). A refused file leaves
        everything as it was and the pane gives the study's message, naming the file.
        """
        label, tab = CONTROL_PLACES["upload"]
        shown = html.escape(upload_name(name))
        folder = self._save_folder()
        before = {p.name for p in folder.iterdir()} if folder.is_dir() else set()
        try:
            path = store_upload(name, content, folder)
        except ViabilidadeError as e:
            self.panes["upload"].value = (f'<p style="{RED}"><b>Arquivo recusado</b> — «{label}» (aba '
                                          f"{tab}): {html.escape(str(e))}. A área continua a anterior.</p>")
            return None
        except OSError as e:
            self.panes["upload"].value = (f'<p style="{RED}"><b>Arquivo não guardado</b> — {shown}: '
                                          f"{html.escape(os_reason(e))}; a área continua a "
                                          "anterior.</p>")
            return None
        self._upload_names[path] = upload_name(name)
        if role == "urban_perimeter":
            self._upload_in_use = path
            self.panes["upload"].value = (f"<p>Perímetro urbano da origem: {shown}, {_where(path)}; o "
                                          "art. 4º, II é medido a partir dele.</p>")
            self.set_urban_perimeter(path)
            return path
        used = self.use_upload(path, shown)
        if used is None and path.name not in before:
            path.unlink(missing_ok=True)    # a refused area leaves nothing in the folder
        elif used is not None and self.map is not None and self.map.drawn is not None:
            # An older drawing left under the file's limits looked in use: it goes (an undo
            # back to it brings it back).
            self.map.clear_drawing()
        return used

    def use_upload(self, path: Path, shown: str | None = None) -> Path | None:
        """Use an uploaded limits file ``path`` as the area's limits.

        With «Recortar pelo município de origem» checked, the part of its polygons inside the
        origin municipalities (:meth:`clipped`) is written beside it as
        ``<nome>-recortado.geojson`` and used instead, and the note says how many km² were
        cut off; unchecking it brings the file back whole (:meth:`_clip_switched`). Returns
        the file in use, or ``None`` when the study refuses the area (the area before stays).
        """
        shown = html.escape(path.name) if shown is None else shown
        prior, used, clip_note = self._upload_in_use, path, ""
        if self.controls["clip"].value:
            from ...geo.area_file import read_area
            from ..leaflet_map import boundary_geojson

            geometry, clip_note = self.clipped(read_area(path), drawn=False)
            if geometry is None:
                self.panes["upload"].value = clip_note
                return None
            s = self.scenario
            before = {p.name for p in path.parent.iterdir()}
            used = store_upload(f"{path.stem}-recortado.geojson",
                                boundary_geojson(geometry, s.origins[0], s.name)
                                .encode("utf-8"), path.parent)
            self._upload_sources[used] = path
        self._upload_in_use = used
        self.panes["upload"].value = (f"<p>Limites da área: {shown}, {_where(path)}; em uso no lugar das "
                                      "unidades do IBGE («Tirar os limites» as traz de volta)."
                                      f"{clip_note}</p>")
        if self._try_boundary(used, shown, prior) is None:
            if used != path and used.name not in before:
                used.unlink(missing_ok=True)
            return None
        return used

    def _try_boundary(self, path: Path, shown: str, prior: Path | None = None) -> Path | None:
        """Use an uploaded limits file; when the study refuses the area it gives (outside the
        origin, say) and the area before had a result, the area before stays (as for a
        refused map click), with the upload in use before it (``prior``), and the upload
        pane says why."""
        before = (self.scenario, self.analysis, self.error, self._base)
        seen = self._area_seen
        self._restoring = True          # recorded below, once the area is kept
        try:
            self._show_boundary(path)                          # observed: update
        finally:
            self._restoring = False
        if self.analysis is None and before[1] is not None and self.scenario.boundary == path:
            reason = self.error
            self.scenario, self.analysis, self.error, self._base = before
            self._load_scenario_into_controls()
            self._area_seen, self._upload_in_use = seen, prior
            self._render()
            self.panes["upload"].value = (
                f'<p style="{RED}"><b>Arquivo recusado</b> — {shown}: {html.escape(reason)}. '
                "A área continua a anterior; o arquivo não foi guardado.</p>")
            return None
        self.history.record(seen, self._area_seen)
        self.controls["undo"].disabled = not self.history.can_undo
        self.controls["redo"].disabled = not self.history.can_redo
        self._persist()                 # the undo step with the session
        return path

    def set_urban_perimeter(self, path: Path | None) -> None:
        """Use (or, with ``None``, take off) an urban perimeter file of the origin."""
        if path is None and self.scenario.urban_perimeter is not None:
            self.panes["upload"].value = ""
        self.scenario = self.scenario.replace(urban_perimeter=path)
        self.update()

    def prepare_downloads(self) -> dict[str, bytes]:
        """«Preparar arquivos para baixar»: the candidate TOML, the area as GeoJSON and KML, and
        the territory map as PNG, as links in the ``downloads`` pane (:mod:`.files`).

        A scenario with limits gets its limits file too, and the TOML refers to it by its
        name: keep both in one folder. Returns the files prepared (name -> bytes).
        """
        p, c, a, s = self.panes, self.controls, self.analysis, self.scenario
        if a is None:
            p["downloads"].value = (f'<p style="{RED}">Nada a baixar: o cenário está inválido — '
                                    f"{html.escape(self.error)}</p>")
            return {}
        # The file just saved, while the scenario is the one saved: the downloads are that
        # study (its name and slug), not the next free name «Salvar em» now proposes.
        saved = getattr(self, "_last_saved", None)
        target = (saved[0] if saved is not None and saved[1] == s
                  else resolve_target(c["save_path"].value, s))
        stem, files, notes = target.stem, {}, []
        for key, path in (("boundary", s.boundary), ("urban_perimeter", s.urban_perimeter)):
            if path is not None:
                files[Path(path).name] = Path(path).read_bytes()
        toml_scenario = s.replace(**{k: target.parent / Path(v).name for k, v in
                                     (("boundary", s.boundary), ("urban_perimeter", s.urban_perimeter))
                                     if v is not None})
        try:
            files[f"{stem}.toml"] = scenario_toml(toml_scenario, target,
                                                  drop_overrides=c["drop_overrides"].value).encode("utf-8")
        except ViabilidadeError as e:
            notes.append(f"Sem o .toml: {control_message(e)}")
        try:
            geom, source = area_geometry(a.candidate, self.store)
            props = area_properties(stem, s.origins, self.store, geom)
            files[f"{stem}-area.geojson"] = area_geojson(geom, s.name, source, props)
            files[f"{stem}-area.kml"] = area_kml(geom, s.name, source, props)
            if source == "approximate":
                notes.append("A área é de distritos: o GeoJSON e o KML trazem o território aproximado "
                             "que o estudo desenha (não é limite legal).")
            elif source == "tracts":
                notes.append("A área é de distritos: o GeoJSON e o KML trazem o limite de cada distrito "
                             "segundo a malha de setores do IBGE 2022, como o estudo desenha.")
            files[f"{stem}-mapa.png"] = map_png(a.candidate, self.store)
        except ViabilidadeError as e:
            notes.append(f"Sem a área e o mapa: {explorer_words(str(e))}")
        links = "".join(f"<li>{download_link(n, b)}</li>" for n, b in files.items())
        beside = (" O .toml se refere ao arquivo de limites pelo nome: guarde-os na mesma pasta."
                  if s.boundary is not None or s.urban_perimeter is not None else "")
        p["downloads"].value = (f"<p>Arquivos prontos (clique para baixar).{beside}</p><ul>{links}</ul>"
                                + "".join(f"<p style='color:#e65100'>{html.escape(n)}</p>" for n in notes))
        return files

    def save(self) -> Path | None:
        """Save the scenario to the path in the ``save_path`` control; report in the ``saved`` pane.

        The pane shows the absolute path and a ``viabilidade estudo`` command that works from
        any folder. A drawn boundary is saved beside the candidate.
        """
        c = self.controls
        if self.analysis is None:
            self.panes["saved"].value = (f'<p style="{RED}">Nada salvo: o cenário está inválido — '
                                         f"{html.escape(self.error)}</p>")
            return None
        if not c["name"].value.strip():
            label, tab = CONTROL_PLACES["name"]
            self.panes["saved"].value = (f'<p style="{RED}">Nada salvo: «{label}» (aba {tab}) está '
                                         "vazio; escreva o nome do novo município (o nome da sua "
                                         "sede, art. 3º, I)</p>")
            return None
        drawn = ((self._drawn_boundary is not None and self.scenario.boundary == self._drawn_boundary)
                 or is_drawing(self.scenario.boundary))     # a drawing of a restored session
        try:
            path = save_scenario(self.scenario, c["save_path"].value, overwrite=c["overwrite"].value,
                                 drop_overrides=c["drop_overrides"].value, boundary_beside=drawn)
        except ViabilidadeError as e:
            self.panes["saved"].value = f'<p style="{RED}">Nada salvo: {html.escape(control_message(e))}</p>'
            return None
        except OSError as e:
            target = Path(c["save_path"].value.strip()).expanduser()
            blocking = next((f for f in target.parents if f.is_file()), None)
            reason = (f"{blocking.name} é um arquivo, não uma pasta" if blocking is not None
                      else os_reason(e))     # mkdir over a file says only "já existe"
            self.panes["saved"].value = (f'<p style="{RED}">Nada salvo: não foi possível gravar '
                                         f"{html.escape(c['save_path'].value)} ({html.escape(reason)})</p>")
            return None
        command = f"{shell_quote(study_command())} estudo {shell_quote(str(path))}"
        extra = (f"<br>Limites desenhados: <code>{html.escape(str(path.with_suffix('.geojson')))}</code>"
                 if drawn else "")
        following = free_name(path.with_name(re.sub(r"-(?:[2-9]|\d\d)$", "", path.stem) + path.suffix))
        self.panes["saved"].value = (f"<p>Salvo em <code>{html.escape(str(path))}</code>.{extra}<br>"
                                     "Para o estudo completo, em um terminal:<br>"
                                     f"<code>{html.escape(command)}</code><br>"
                                     "Um novo salvamento vai para "
                                     f"<code>{html.escape(following.name)}</code> (ou mude "
                                     "«Salvar em»).</p>")
        self._last_saved = (path, self.scenario)
        c["save_path"].value = str(following)     # a second save never hits the first file
        self._proposed_save = str(following)
        return path


def _where(path: Path) -> str:
    """Where an uploaded file was kept (HTML)."""
    return f"guardado em <code>{html.escape(str(path))}</code>, ao lado dos candidatos salvos"


def study_command() -> str:
    """The ``viabilidade`` command to print for the user: the entry point beside this
    interpreter (the kernel's), as :func:`viabilidade.common.command.invocation` writes it,
    whole (the page is read from any folder); ``viabilidade`` when there is none there."""
    import sys

    from ...common.command import NAME, invocation

    here = Path(sys.executable).with_name(NAME)
    return invocation(str(here), relative=False) if here.exists() else NAME


def shell_quote(text: str) -> str:
    import shlex

    return shlex.quote(text)
