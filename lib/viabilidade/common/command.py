"""How to write the ``viabilidade`` command so that the user can run it as printed.

One answer for the command line's «Próximo passo: …» (:mod:`viabilidade.cli.commands`) and
the explorer's «Para o estudo completo, em um terminal: …»
(:mod:`viabilidade.explore.panels.files`): ``viabilidade`` only when the shell finds this very
entry point by that name; otherwise its path (on a clean clone the venv's ``bin`` is seldom on
``PATH``); ``<python> -m viabilidade.cli`` when run as a module.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

#: The console script's name (``pyproject.toml``, ``[project.scripts]``).
NAME = "viabilidade"


def invocation(entry: str | None = None, on_path: str | None | bool = False, *,
               relative: bool = True) -> str:
    """How the user can call the entry point ``entry`` again.

    ``viabilidade`` when ``entry`` is that bare name (the shell found it on ``PATH``) or when
    the name on ``PATH`` is this very entry point; otherwise the entry point's path: as typed
    when relative; when absolute, relative to the current folder if it lies under it and
    ``relative`` is true (``.venv/bin/viabilidade``), else whole. An entry of another name
    (``python -m``, a test runner) gives ``<python> -m viabilidade.cli``.

    Parameters
    ----------
    entry : str, optional
        The program as invoked (default ``sys.argv[0]``).
    on_path : str or None, optional
        What ``shutil.which("viabilidade")`` finds (default: looked up).
    relative : bool
        Whether an absolute path may be shortened to one relative to the current folder
        (false where the command is read later, from another folder: the explorer's page).
    """
    entry = sys.argv[0] if entry is None else entry
    if on_path is False:
        on_path = shutil.which(NAME)
    program = Path(entry)
    if program.name != NAME:
        return f"{sys.executable} -m viabilidade.cli"
    if "/" not in entry:  # the shell found it on PATH
        return NAME
    if on_path and Path(on_path).resolve() == program.resolve():
        return NAME
    if program.is_absolute():
        if not relative:
            return str(program)
        try:
            shorter = os.path.relpath(program)
        except ValueError:  # another drive (Windows)
            return str(program)
        return shorter if not shorter.startswith("..") else str(program)
    return entry
