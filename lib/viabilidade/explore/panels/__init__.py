"""The panels of the explorer's page, one module each; :class:`~..widgets.Explorer` joins them.

- :mod:`.labels` — every label, the tab of each control, the messages that name them;
- :mod:`.controls` — the control tabs (Área, Leituras, Limiares, E se…, Salvar, Cenários),
  set from a scenario and read back into one;
- :mod:`.area` — picks, edits, map clicks, the drawn polygon, undo and redo;
- :mod:`.files` — uploads, downloads and saving the candidate file;
- :mod:`.scenarios` — kept scenarios and the session;
- :mod:`.results` — the conclusion and the result tabs;
- :mod:`.layout` — the page: the map beside the conclusion, the control tabs, the result tabs.

Each panel is a mixin of :class:`~viabilidade.explore.widgets.Explorer`: it reads and sets the
explorer's state (``scenario``, ``controls``, ``panes``, ``images``, ``map`` …) and calls the
other panels' methods through ``self``; none imports another panel but :mod:`.labels` (and
:mod:`.controls`' layout constants).
"""
