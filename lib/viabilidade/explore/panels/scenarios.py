"""The explorer's kept scenarios and its session."""

from __future__ import annotations

import html
from pathlib import Path

from ...errors import ViabilidadeError
from ...os_errors import os_reason
from ..compare import comparison_frame, comparison_map, Scenarios
from ..history import AreaState
from ..persist import read_session, remove_session, Session, session_text, write_session
from ..scenario import run_scenario
from ..views import figure_png, plain_table
from .labels import control_message, RED


class ScenariosPanel:
    """Scenarios kept side by side (aba Cenários) and the session kept across reloads and
    kernel restarts (:mod:`viabilidade.explore.persist`).

    A mixin of :class:`~viabilidade.explore.widgets.Explorer`.
    """

    def _open(self, session: Session | None) -> None:
        """Show :attr:`scenario` (restored from ``session`` when there is one) and start
        writing the session (:meth:`_persist`)."""
        self._load_scenario_into_controls()
        self._load_what_ifs(self.scenario)
        if session is not None and session.save_path:
            self.controls["save_path"].value = session.save_path
            self._quiet = True          # the limits named again in that folder (an upload)
            try:
                self._show_boundary(self.scenario.boundary)
            finally:
                self._quiet = False
        if session is not None:
            self._map_key = ()          # a restored area is shown zoomed in, as after a change
            if self.map is not None:
                # Even the area the page first showed (the pre-heated kernel's, on all of
                # Goiás): the map moved only when the restored area differed from it, so a
                # reload opened on the whole state (issue 31).
                self.map.shown_bounds = None
        self._restoring = True          # the restored session is not an undo step
        try:
            self.update()
        finally:
            self._restoring = False
        if session is not None:
            self._restore_kept(session.kept)
            # «Desfazer» and «Refazer» as they were before the reload (their drawings with them).
            self.history.restore(session.undo, session.redo)
            self._drawings.update(session.drawings)
            self.drawing_back(self.scenario.boundary, self.scenario.origins)  # editable again
            self.controls["undo"].disabled = not self.history.can_undo
            self.controls["redo"].disabled = not self.history.can_redo
        self._show_comparison()
        self._ready = True              # from here on every change is written to the state file
        self._persist()

    def open_session(self, state_file: str | Path, link: str | None = None) -> None:
        """Keep the session in ``state_file`` from now on, first restoring what it holds.

        For the app's pre-heated kernels (``voila.json``): the notebook builds the explorer
        before any page asked for it, and the page's own session (:func:`.persist.page_key`)
        is known only once it did. ``link`` is the page's session key: the session pane then
        shows the link that reopens it (``?sessao=<chave>``), and the page's URL takes it, so
        a reload comes back to the same session (the page's template reads
        ``data-sessao``).
        """
        self._ready = False
        self.state_file = Path(state_file)
        self._keeps_session = True
        if link is not None:
            key = html.escape(link)
            self.panes["link"].value = (
                f"<p style='margin:2px 0;color:#424242'>Link desta sessão (reabre a mesma área, "
                f"leituras e limiares neste servidor): <a href='?sessao={key}' data-sessao='{key}'>"
                f"?sessao={key}</a>. O link não leva o token de acesso: abre direto neste "
                "navegador; em outro navegador, abra antes o endereço com <code>?token=…</code> "
                "que o servidor mostrou ao iniciar.</p>")
        session = self._read_session()
        if session is None:
            self._ready = True
            self._persist()
            return
        self._open(session)

    def keep(self, label: str | None = None) -> bool:
        """«Guardar cenário para comparar»: keep the scenario on screen under a name."""
        c = self.controls
        label = c["scenario_name"].value if label is None else label
        try:
            kept = self.scenarios.add(label, self.scenario, self.analysis)
        except ViabilidadeError as e:
            self.panes["scenarios"].value = f'<p style="{RED}">{html.escape(control_message(e))}</p>'
            return False
        self.panes["scenarios"].value = f"<p>Cenário «{html.escape(kept.label)}» guardado.</p>"
        self._show_comparison(select=kept.label)
        self._persist()
        return True

    def drop_kept(self, label: str | None) -> None:
        """«Retirar cenário»."""
        self._kept_action(lambda: self.scenarios.remove(label),
                          f"Cenário «{label}» retirado da comparação.")

    def rename_kept(self, label: str | None, new: str) -> None:
        """«Renomear cenário»."""
        self._kept_action(lambda: self.scenarios.rename(label, new),
                          f"Cenário «{label}» renomeado para «{' '.join(str(new).split())}».",
                          select=" ".join(str(new).split()))
        self.controls["rename_to"].value = ""

    def _kept_action(self, action, done: str, select: str | None = None) -> None:
        if not self.scenarios.labels():
            self.panes["scenarios"].value = (f'<p style="{RED}">Não há cenário guardado: guarde um '
                                             "com «Guardar cenário para comparar».</p>")
            return
        try:
            action()
        except ViabilidadeError as e:
            self.panes["scenarios"].value = f'<p style="{RED}">{html.escape(control_message(e))}</p>'
            return
        self.panes["scenarios"].value = f"<p>{html.escape(done)}</p>"
        self._show_comparison(select=select)
        self._persist()

    def open_kept(self, label: str | None) -> None:
        """«Abrir no explorador»: a kept scenario back on screen (what-ifs included); the
        change of area can be undone."""
        if label not in self.scenarios.labels():
            return
        s = self.scenarios.get(label).scenario
        self._load_what_ifs(s)            # read back from the controls by the one update below
        self._set_scenario(lambda: s)
        # An earlier refusal ("já há 4 cenários …") is not left beside a later success.
        self.panes["scenarios"].value = f"<p>Cenário «{html.escape(label)}» aberto no explorador.</p>"

    def _restore_kept(self, kept) -> None:
        for label, s in kept:
            try:
                self.scenarios.add(label, s, run_scenario(s, self.store))
            except ViabilidadeError as e:
                self.panes["session"].value += (f'<p style="{RED}">Cenário guardado «{html.escape(label)}» '
                                                f"não restaurado: {html.escape(control_message(e))}</p>")

    def _show_comparison(self, select: str | None = None) -> None:
        c, kept = self.controls, self.scenarios.kept
        c["kept"].options = self.scenarios.labels()
        c["kept"].value = select if select in self.scenarios.labels() else (
            self.scenarios.labels()[-1] if kept else None)
        c["scenario_name"].value = f"Cenário {len(kept) + 1}" if len(kept) < 4 else ""
        if not kept:
            self.panes["comparison"].value = ("<p style='color:#424242'>Nenhum cenário guardado: monte um "
                                              "cenário, dê-lhe um nome e clique em «Guardar cenário para "
                                              "comparar» (até quatro).</p>")
            self.images["comparison_map"].value = b""
            return
        self.panes["comparison"].value = plain_table(comparison_frame(kept, self.store)).to_html()
        try:
            self.images["comparison_map"].value = figure_png(comparison_map(kept, self.store), dpi=90)
        except ViabilidadeError as e:
            self.images["comparison_map"].value = b""
            self.panes["comparison"].value += f"<p>Mapa dos cenários indisponível: {html.escape(str(e))}</p>"

    def _read_session(self) -> Session | None:
        """The session of the state file, put in :attr:`scenario` (the pane says so)."""
        if self.state_file is None:
            return None
        clean = ("Para começar do zero, clique em «Começar do zero» (apaga a sessão guardada; os "
                 "candidatos salvos ficam).")
        try:
            session = read_session(self.state_file)
        except ViabilidadeError as e:
            self.panes["session"].value = f'<p style="{RED}">{html.escape(str(e))}</p>'
            return None
        if session is None:
            return None
        self.scenario = session.scenario
        n = len(session.kept)
        kept = (f" e {n} cenário{'s' if n > 1 else ''} guardado{'s' if n > 1 else ''} para comparar"
                if n else "")
        self.panes["session"].value = (
            f"<p style='color:#1b5e20'>Sessão anterior restaurada: «{html.escape(session.scenario.name)}»"
            f"{kept}. {clean}</p>")      # no internal path: the file means nothing to the user
        return session

    def _persist(self) -> None:
        """Write the session to :attr:`state_file` when it changed (atomic)."""
        if self.state_file is None or not self._ready:
            return
        undo, redo = self.history.steps()
        text = session_text(Session(self.scenario, [(k.label, k.scenario) for k in self.scenarios.kept],
                                    self.controls["save_path"].value, undo, redo, self._drawings))
        if text == self._state_text:
            return
        try:
            write_session(self.state_file, text)
            self._state_text = text
        except OSError as e:
            self.panes["session"].value = (f'<p style="{RED}">A sessão não pôde ser guardada em '
                                           f"{html.escape(str(self.state_file))} "
                                           f"({html.escape(os_reason(e))}).</p>")

    def start_clean(self) -> None:
        """«Começar do zero»: forget the saved session, the kept scenarios and the undo steps,
        and go back to the notebook's starting scenario (saved candidates are kept)."""
        if self.state_file is not None:
            remove_session(self.state_file)
        self._state_text = None
        self.scenarios = Scenarios()
        self.history.clear()
        self._clear_what_ifs()
        self._restoring = True
        try:
            self._set_scenario(lambda: self._start)
        finally:
            self._restoring = False
        self._area_seen = AreaState.of(self.scenario)
        self._record_area()
        self.panes["session"].value = "<p>Sessão nova: começando do cenário inicial.</p>"
        self._show_comparison()
        self._persist()
