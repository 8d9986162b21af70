"""An :class:`argparse.ArgumentParser` that speaks Brazilian Portuguese.

argparse builds its own words (``usage:``, ``options``, ``show this help message and exit``,
``error: the following arguments are required``) with ``gettext`` in English. This parser
replaces them: the usage prefix through the help formatter, the group titles and the help
option when the parser is built, and argparse's error messages through a table of patterns
in :meth:`PtParser.error`, which prints ``erro: …`` and exits with code 2.
"""

from __future__ import annotations

import argparse
import re
import sys

from ..common.text import digit_problem

#: argparse's own error messages (Python 3.11-3.13) and their pt-BR forms.
_ERRORS = (
    (r"the following arguments are required: (.+)", r"faltam os argumentos obrigatórios: \1"),
    (r"unrecognized arguments: (.+)", r"argumentos não reconhecidos: \1"),
    (r"argument (.+?): invalid choice: (.+?) \(choose from (.+)\)",
     r"argumento \1: opção inválida: \2 (escolha entre \3)"),
    (r"argument (.+?): invalid (\w+) value: (.+)", r"argumento \1: valor inválido: \3 "
                                                   r"(esperado \2)"),
    (r"argument (.+?): expected one argument", r"argumento \1: esperado um valor"),
    (r"argument (.+?): expected at least one argument", r"argumento \1: esperado ao menos um valor"),
    (r"argument (.+?): expected (\d+) arguments?", r"argumento \1: esperados \2 valores"),
    (r"argument (.+?): not allowed with argument (.+)", r"argumento \1: não permitido com \2"),
    (r"ambiguous option: (.+?) could match (.+)", r"opção ambígua: \1 pode ser \2"),
    (r"one of the arguments (.+) is required", r"um dos argumentos \1 é obrigatório"),
    # an ArgumentTypeError's own (pt-BR) words: :func:`whole_number`'s
    (r"argument (.+?): (encontrado .+)", r"argumento \1: \2"),
)
_TYPES = {"int": "um número inteiro", "whole_number": "um número inteiro", "float": "um número"}


def whole_number(text: str) -> int:
    """``type=`` of an option taking a whole number (``lote -j``): ``int()`` in the digits 0
    to 9 alone (hostile trial 11: ``int("٤")`` is 4, so ``-j ٤`` ran four processes); another
    digit is named by :func:`~viabilidade.common.text.digit_problem`, anything else not a
    whole number is argparse's "valor inválido" (``ValueError``)."""
    problem = digit_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return int(text)


def translate_error(message: str) -> str:
    """argparse's English error message in pt-BR (unchanged when no pattern matches)."""
    for pattern, repl in _ERRORS:
        if re.fullmatch(pattern, message, flags=re.S):
            out = re.sub(pattern, repl, message, flags=re.S)
            for en, pt in _TYPES.items():
                out = out.replace(f"(esperado {en})", f"(esperado {pt})")
            return out
    return message


class PtHelpFormatter(argparse.HelpFormatter):
    """Help formatter writing ``uso:`` instead of ``usage:``."""

    def add_usage(self, usage, actions, groups, prefix=None):
        return super().add_usage(usage, actions, groups, prefix="uso: " if prefix is None else prefix)


class PtParser(argparse.ArgumentParser):
    """ArgumentParser with pt-BR headings, help option and error messages.

    Sub-parsers made with :meth:`add_subparsers` are of this class too.
    """

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", PtHelpFormatter)
        add_help = kwargs.pop("add_help", True)
        super().__init__(*args, add_help=False, **kwargs)
        self._positionals.title = "argumentos posicionais"
        self._optionals.title = "opções"
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help="mostra esta ajuda e sai")

    def add_subparsers(self, **kwargs):
        kwargs.setdefault("title", "comandos")
        kwargs.setdefault("metavar", "COMANDO")
        return super().add_subparsers(**kwargs)

    def error(self, message: str):
        """Print the usage and ``<prog>: erro: <message in pt-BR>`` to stderr; exit code 2."""
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: erro: {translate_error(message)}\n")


#: Help of ``--regras`` (``estudo``, ``lote``, ``triagem``).
REGRAS_HELP = ("conjuntos de regras comparados lado a lado, separados por vírgula (p. ex. "
               "lc02-1990-go,plp-137-2015), ou arquivos .toml próprios; ver docs/REGRAS.md")


def add_data_option(parser: argparse.ArgumentParser) -> None:
    """The ``--data PASTA`` option every command that reads the processed store takes."""
    parser.add_argument("--data", default=None, metavar="PASTA",
                        help="pasta dos dados processados (padrão: data/processed)")


def add_settings_option(parser: argparse.ArgumentParser, scope: str = "") -> None:
    """``--configuracoes ARQUIVO`` (English alias ``--settings``): the readings and thresholds
    file; ``scope`` adds to whom it applies (``" para todos os estudos"``)."""
    parser.add_argument("--configuracoes", "--settings", dest="settings", default=None,
                        metavar="ARQUIVO", help=f"arquivo TOML de configurações{scope} (leituras "
                                                "da lei, limiares; ver docs/LEITURAS.md)")


def add_candidate_argument(parser: argparse.ArgumentParser) -> None:
    """The ``CANDIDATO`` argument: a candidate file, or a district's name or IBGE code."""
    parser.add_argument("candidate", metavar="CANDIDATO",
                        help="arquivo do candidato (p. ex. data/candidates/posse-dabadia.toml), "
                             "ou o nome ou código IBGE de um distrito (p. ex. \"Posse "
                             "d'Abadia\" ou 520010010)")
