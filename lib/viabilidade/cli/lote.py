"""``viabilidade lote``: arguments and the command (thin: it calls :func:`run_batch`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..common.text import and_list
from .parser import REGRAS_HELP, add_data_option, add_settings_option, whole_number


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
    parser.add_argument("-j", "--jobs", type=whole_number, default=None, metavar="N",
                        help="processos em paralelo (padrão: número de CPUs; no máximo 2 por CPU e 350 MB "
                             "de memória disponível por processo)")
    parser.add_argument("--refazer", "--force", dest="force", action="store_true",
                        help="refaz também os estudos cujas entradas não mudaram")
    parser.add_argument("--escalonador", "--scheduler", dest="scheduler", default=None,
                        metavar="tcp://HOST:PORTA",
                        help="escalonador Dask: executa nesse cluster (docs/cluster.md)")
    add_settings_option(parser, " para todos os estudos")
    add_data_option(parser)
    parser.add_argument("--modelo", "--template", dest="template", default=None, metavar="ARQUIVO",
                        help="modelo de notebook (padrão: o do pacote)")
    parser.add_argument("--regras", default=None, metavar="LISTA", help=REGRAS_HELP)
    parser.add_argument("--sem-progresso", dest="progress", action="store_false",
                        help="sem barra de progresso")


def main(args: argparse.Namespace) -> int:
    """Run the batch; print a summary. Exit code 0 when every study was written, 1 otherwise,
    130 when interrupted with Ctrl-C, 143 with SIGTERM (one line naming which, no traceback;
    the index says what did not run).

    Ctrl-C (SIGINT) is handled even when the batch inherited it ignored (a process started
    in the background by a script does): the handler is installed here explicitly.

    Raises
    ------
    ViabilidadeError
        Bad input for the batch as a whole (the CLI turns it into exit code 2).
    """
    from ..errors import ViabilidadeError
    from ..report.writers.format import count
    from ..batch.index import resume_advice
    from ..batch.plan import unread_subfolders
    from ..batch.run import BatchInterrupted, run_batch

    if args.jobs is not None and args.jobs < 1:
        raise ViabilidadeError(f"-j/--jobs: encontrado {args.jobs}; esperado um número de processos >= 1")
    if args.jobs is not None:
        from ..batch.local import jobs_problem

        if jobs_problem(args.jobs):
            raise ViabilidadeError(jobs_problem(args.jobs))
    if args.scheduler is not None:
        from ..batch.cluster import scheduler_problem

        if scheduler_problem(args.scheduler):
            raise ViabilidadeError(f"--escalonador: {scheduler_problem(args.scheduler)}")
    settings = None
    if args.settings:
        from ..rules.settings import Settings

        settings = Settings.from_toml(Path(args.settings)).to_dict()
    rulesets = None
    if getattr(args, "regras", None):
        from ..rules.ruleset import portable

        rulesets = portable(args.regras)
    try:  # Ctrl-C raises KeyboardInterrupt whatever was inherited (cli.commands.main)
        result = run_batch(args.candidatos, Path(args.saida), family=args.gerar, workers=args.jobs,
                           scheduler=args.scheduler, force=args.force, settings=settings,
                           data_root=args.data, template=args.template, progress=args.progress,
                           rulesets=rulesets)
    except BatchInterrupted as stop:
        from ..errors import stop_code

        result = stop.result
        missing = [x for x in result.not_run if not x.get("earlier")]
        kept = len(result.not_run) - len(missing)
        failed, skipped = len(result.failures), len(result.skipped)
        # the words of the final summary: written studies only, failures apart
        parts = [count(len(result.records) - failed - skipped, "estudo escrito", "estudos escritos")]
        if skipped:
            parts.append(f"{count(skipped, 'pulado', 'pulados')} por estar em dia")
        if failed:
            parts.append(count(failed, "falha"))
        if missing:
            parts.append(count(len(missing), "candidato não executado", "candidatos não executados"))
        if kept:
            parts.append(count(kept, "estudo não refeito (fica o da execução anterior)",
                               "estudos não refeitos (ficam os da execução anterior)"))
        said = and_list(parts)
        print(f"Lote da pasta {Path(args.saida).name} interrompido ({stop.how}): {said}; "
              f"{resume_advice(args.force)}. Índice: {result.index['html']}",
              file=sys.stderr)
        details(result, sys.stderr)   # what a full run prints too (the index has it)
        return stop_code(stop)
    print(summary(result, Path(args.saida).name))
    if unread := unread_subfolders(args.candidatos, args.saida):
        print(f"  {unread}")
    details(result, sys.stdout)
    print(f"Índice: {result.index['html']}")
    sys.stdout.flush()
    return 1 if result.failures else 0


def details(result, stream) -> None:
    """The lines under a batch's summary, on ``stream``, alike for a finished and an
    interrupted batch: each failure with every problem of its candidate, the generated
    candidates left out for a user's file of the same area (or kept because that file
    failed), the count of the index's rows of earlier runs (candidates this run did not
    have), the earlier study folders left out of the index."""
    from ..batch.unit import problems
    from ..errors import PROBLEMS_SHOWN, capped

    blocks = []
    for r in result.failures[:PROBLEMS_SHOWN]:  # 3.000 bad files printed 12.002 lines (H6-9)
        said = capped(problems(r.get("error")) or ["sem mensagem de erro"])
        blocks.append("\n".join([f"  falhou: {r['slug']} ({Path(r['candidate']).name}): "
                                  f"{said[0]}", *(f"    {line}" for line in said[1:])]))
    for block in capped(blocks, len(result.failures), noun="falha", feminine=True):
        print(block if block.startswith("  ") else f"  {block}", file=stream)
    for twin in result.twins:
        if twin.get("kept"):
            print(f"  no lote: {twin['slug']} (gerado por --gerar) foi estudado, embora "
                  f"{Path(twin['same_file']).name} ({twin['same_as']}) estude a mesma área: "
                  "esse arquivo não passou na conferência (ver a falha dele)", file=stream)
            continue
        print(f"  fora do lote: {twin['slug']} (gerado por --gerar) estuda a mesma área que "
              f"{twin['same_as']} ({Path(twin['same_file']).name}); fica só o seu arquivo",
              file=stream)
    if result.earlier:  # in the index, marked: never to be read as this run's
        from ..batch.index import OTHER_RUN
        from ..batch.unit import FAILED
        from ..report.writers.format import count, number

        failed = sum(1 for r in result.earlier if r.get("status") == FAILED)
        said = count(len(result.earlier), "estudo de uma execução anterior",
                     "estudos de execuções anteriores")
        print(f"  também no índice: {said}" + (f" ({number(failed)} com falha)" if failed else "")
              + f", marcados “{OTHER_RUN}”", file=stream)
    for old in result.superseded:
        print(f"  fora do índice: a pasta {old['slug']} é de um estudo antigo de "
              f"{Path(old['candidate']).name}, que agora grava em {old['now']} (a pasta antiga "
              "foi mantida; apague-a se não precisar dela)", file=stream)


def summary(result, folder: str) -> str:
    """The line a finished batch prints: its candidates, then what became of them, adding up.

    ``"Lote da pasta lote, 6 candidatos: 2 estudos escritos, 4 pulados por estar em dia,
    0 falhas (12,3 s)."`` — written + skipped + failed = candidates.

    Parameters
    ----------
    result : BatchResult
        What :func:`viabilidade.batch.run.run_batch` returned.
    folder : str
        The batch folder's name.
    """
    from ..report.writers.format import count, number

    n, skipped, failed = len(result.records), len(result.skipped), len(result.failures)
    written = n - skipped - failed
    return (f"Lote da pasta {folder}, {count(n, 'candidato')}: "
            f"{count(written, 'estudo escrito', 'estudos escritos')}, "
            f"{count(skipped, 'pulado', 'pulados')} por estar em dia, "
            f"{count(failed, 'falha')} ({number(result.seconds, 1)} s).")
