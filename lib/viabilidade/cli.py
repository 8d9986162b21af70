"""Command line: ``viabilidade data build|fetch``, ``estudo``, ``apresentacao``, ``lote``,
``auditoria`` and ``triagem``.

The commands are thin: each parses its arguments and calls one library function.
Imports are done inside each command so that ``viabilidade --help`` is instant.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .errors import ViabilidadeError


def _cmd_data_build(args: argparse.Namespace) -> int:
    from .data.store import build_store

    manifest = build_store(Path(args.raw), Path(args.out))
    print(f"{len(manifest['tables'])} tabelas escritas em {args.out}")
    return 0


def _cmd_data_fetch(args: argparse.Namespace) -> int:
    from .data.fetch import fetch

    fetch(Path(args.dest), mirror=args.from_dir, base_url=args.base_url)
    return 0


def _cmd_estudo(args: argparse.Namespace) -> int:
    from .report.study import run_study

    record = run_study(Path(args.candidate), Path(args.out), settings=_settings_arg(args),
                       data_root=Path(args.data) if args.data else None)
    print(f"{record['name']}: {record['verdict']} -> {record['folder']}")
    return 0


def _settings_arg(args: argparse.Namespace):
    if not getattr(args, "settings", None):
        return None
    from .rules.settings import Settings

    return Settings.from_toml(Path(args.settings))


def _cmd_statewide(args: argparse.Namespace) -> int:
    from . import statewide

    run = statewide.run_audit if args.command == "auditoria" else statewide.run_screening
    files = run(Path(args.out), data_root=Path(args.data) if args.data else None,
                settings=_settings_arg(args))
    for kind in sorted(files):
        print(f"{kind}: {files[kind]}")
    return 0


def _cmd_apresentacao(args: argparse.Namespace) -> int:
    from .analysis import analyse
    from .data.store import load_store
    from .report.slides import write_slides

    store = load_store(Path(args.data) if args.data else None)
    analysis = analyse(Path(args.candidate), store=store, settings=_settings_arg(args))
    files = write_slides(analysis, Path(args.out) / analysis.candidate.slug, store=store)
    for kind in sorted(files):
        print(f"{kind}: {files[kind]}")
    return 0


def _cmd_lote(args: argparse.Namespace) -> int:
    from .batch import main as batch_main

    return batch_main(args)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``viabilidade`` command."""
    p = argparse.ArgumentParser(prog="viabilidade",
                                description="Estudos de viabilidade municipal — LC 02/1990 (Goiás)")
    sub = p.add_subparsers(dest="command", required=True)

    data = sub.add_parser("data", help="processed data store")
    dsub = data.add_subparsers(dest="data_command", required=True)
    b = dsub.add_parser("build", help="build data/processed from the raw files as published")
    b.add_argument("--raw", required=True, help="folder with the raw files (e.g. ../shared/data)")
    b.add_argument("--out", default="data/processed", help="output folder (default data/processed)")
    b.set_defaults(func=_cmd_data_build)
    f = dsub.add_parser("fetch", help="download the official files into data/raw")
    f.add_argument("--dest", default="data/raw")
    f.add_argument("--from", dest="from_dir", default=None, help="take the files from a local mirror folder")
    f.add_argument("--base-url", default=None, help="mirror base URL instead of the publishers' addresses")
    f.set_defaults(func=_cmd_data_fetch)

    e = sub.add_parser("estudo", help="run one feasibility study from a candidate TOML")
    e.add_argument("candidate", help="candidate file, e.g. data/candidates/posse-dabadia.toml")
    e.add_argument("--out", default="outputs", help="output root (default outputs/)")
    e.add_argument("--settings", default=None, help="settings TOML (interpretations, thresholds)")
    e.add_argument("--data", default=None, help="processed data folder (default data/processed)")
    e.set_defaults(func=_cmd_estudo)

    for name, text, default in (
            ("auditoria", "art. 8 audit of every municipality of Goiás (notebook, HTML, PDF)",
             "outputs/auditoria-art8"),
            ("triagem", "screening of the non-seat districts as creation candidates",
             "outputs/triagem-distritos")):
        st = sub.add_parser(name, help=text)
        st.add_argument("--out", default=default, help=f"output folder (default {default})")
        st.add_argument("--settings", default=None, help="settings TOML")
        st.add_argument("--data", default=None, help="processed data folder")
        st.set_defaults(func=_cmd_statewide)

    ap = sub.add_parser("apresentacao", help="committee slides (HTML and PDF) of one candidate")
    ap.add_argument("candidate")
    ap.add_argument("--out", default="outputs", help="output root; slides go to <out>/<slug>/")
    ap.add_argument("--settings", default=None)
    ap.add_argument("--data", default=None)
    ap.set_defaults(func=_cmd_apresentacao)

    lote = sub.add_parser("lote", help="run many studies in parallel, with an index")
    try:
        from .batch import add_arguments
    except ImportError:  # batch module absent in a partial install
        add_arguments = None
    if add_arguments is not None:
        add_arguments(lote)
    lote.set_defaults(func=_cmd_lote)
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code (0 ok, 1 study failures, 2 bad input)."""
    args = build_parser().parse_args(argv)
    from .batch.unit import prepare_process

    prepare_process()  # skip import-time work the studies never use (batch/unit.py)
    try:
        return args.func(args)
    except ViabilidadeError as e:
        print(f"erro: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
