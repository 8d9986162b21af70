"""``viabilidade lote``: arguments and the command (thin: it calls :func:`run_batch`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..cli_parser import REGRAS_HELP, add_data_option


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``viabilidade lote`` arguments to ``parser`` (imports nothing heavy)."""
    parser.add_argument("candidatos", nargs="*", metavar="CANDIDATOS",
                        help="arquivos TOML de candidatos e/ou pastas que os contêm")
    parser.add_argument("--gerar", choices=["distritos-nao-sede"], default=None,
                        help="acrescenta uma família gerada: cada distrito não sede de Goiás "
                             "como candidato à criação de município (escrito em "
                             "<saida>/candidatos/)")
    parser.add_argument("--saida", default="outputs/lote", metavar="PASTA",
                        help="pasta do lote (padrão: outputs/lote)")
    parser.add_argument("-j", "--jobs", type=int, default=None, metavar="N",
                        help="processos em paralelo (padrão: número de CPUs)")
    parser.add_argument("--refazer", "--force", dest="force", action="store_true",
                        help="refaz também os estudos cujas entradas não mudaram")
    parser.add_argument("--escalonador", "--scheduler", dest="scheduler", default=None, metavar="tcp://HOST:PORTA",
                        help="escalonador Dask: executa nesse cluster (docs/cluster.md)")
    parser.add_argument("--configuracoes", "--settings", dest="settings", default=None, metavar="ARQUIVO",
                        help="arquivo TOML de configurações para todos os estudos "
                             "(ver docs/LEITURAS.md)")
    add_data_option(parser)
    parser.add_argument("--modelo", "--template", dest="template", default=None, metavar="ARQUIVO",
                        help="modelo de notebook (padrão: o do pacote)")
    parser.add_argument("--regras", default=None, metavar="LISTA", help=REGRAS_HELP)
    parser.add_argument("--sem-progresso", dest="progress", action="store_false",
                        help="sem barra de progresso")


def main(args: argparse.Namespace) -> int:
    """Run the batch; print a summary. Exit code 0 when every study was written, 1 otherwise,
    130 when interrupted with Ctrl-C (one line, no traceback; the index says what did not run).

    Raises
    ------
    ViabilidadeError
        Bad input for the batch as a whole (the CLI turns it into exit code 2).
    """
    from ..errors import ViabilidadeError
    from .run import BatchInterrupted, run_batch
    from .unit import reason

    if args.jobs is not None and args.jobs < 1:
        raise ViabilidadeError(f"-j/--jobs: encontrado {args.jobs}; esperado um número de processos >= 1")
    settings = None
    if args.settings:
        from ..rules.settings import Settings

        settings = Settings.from_toml(Path(args.settings)).to_dict()
    rulesets = None
    if getattr(args, "regras", None):
        from ..rules.ruleset import portable

        rulesets = portable(args.regras)
    try:
        result = run_batch(args.candidatos, Path(args.saida), family=args.gerar, workers=args.jobs,
                           scheduler=args.scheduler, force=args.force, settings=settings,
                           data_root=args.data, template=args.template, progress=args.progress,
                           rulesets=rulesets)
    except BatchInterrupted as stop:
        result = stop.result
        from ..report.format import count

        print(f"Lote “{Path(args.saida).name}” interrompido (Ctrl-C): "
              f"{count(len(result.records), 'estudo concluído', 'estudos concluídos')} e "
              f"{count(len(result.not_run), 'candidato não executado', 'candidatos não executados')}"
              f"; rode o mesmo comando de novo para continuar. Índice: {result.index['html']}",
              file=sys.stderr)
        return 130
    n, skipped, failures = len(result.records), len(result.skipped), result.failures
    from ..report.format import count

    print(f"Lote “{Path(args.saida).name}”: {count(n, 'candidato')}, "
          f"{count(n - len(failures), 'estudo escrito', 'estudos escritos')} "
          f"({count(skipped, 'pulado', 'pulados')} por estar em dia), "
          f"{count(len(failures), 'falha')}, {f'{result.seconds:.1f}'.replace('.', ',')} s.")
    for r in failures:
        print(f"  falhou: {r['slug']} ({Path(r['candidate']).name}): {reason(r.get('error'))}")
    print(f"Índice: {result.index['html']}")
    sys.stdout.flush()
    return 1 if failures else 0
