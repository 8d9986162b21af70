"""``python -m viabilidade.cli``: the command line (:func:`viabilidade.cli.commands.main`)."""

import sys

from .commands import main

sys.exit(main())
