"""Command line: ``viabilidade data build|fetch``, ``estudo``, ``apresentacao``, ``oficios``,
``projeto-de-lei``, ``processo``, ``lote``,
``auditoria`` and ``triagem``.

The commands are thin: each parses its arguments and calls one library function.
Imports are done inside each command so that ``viabilidade --help`` is instant.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path

from .parser import (REGRAS_HELP, PtParser, add_candidate_argument, add_data_option,
                         add_settings_option)
from ..common.command import invocation
from ..common.text import quoted
from ..data.paths import REPO
from ..errors import ViabilidadeError


def _cmd_data_build(args: argparse.Namespace) -> int:
    from ..data.store import build_store

    from ..data.paths import default_root

    out = Path(args.out) if args.out else default_root()
    manifest = build_store(Path(args.raw), out)
    tracts = manifest["tables"].get("tracts")
    with_tracts = (f", com os setores censitários ({tracts['rows']} setores)"
                   if tracts else "")
    print(f"{len(manifest['tables'])} tabelas escritas em {out}{with_tracts}")
    return 0


def _cmd_data_fetch(args: argparse.Namespace) -> int:
    from ..report.writers.format import count

    if args.listar:
        from ..data.catalogue import CATALOGUE

        for s in CATALOGUE:
            print(f"{s.key}: {s.publisher}, {s.dataset}, {s.year}\n  {s.url}"
                  + (f" (o arquivo mais novo com o nome {s.shown_name})" if s.pattern else "")
                  + (f" ({'arquivos' if len(s.ckan_files) > 1 else 'arquivo'} "
                        f"{' e '.join(s.ckan_files)} do conjunto no portal)"
                     if s.ckan_files else
                     f" (todos os arquivos {'/'.join(s.ckan)} do conjunto no portal)"
                     if s.ckan else "")
                  + f"\n  pasta: {s.ckan_folder if s.ckan else s.folder}/"
                  + "".join(f"\n  gera: {e.path}" for e in s.extract)
                  + (f"\n  endereço: {s.confirmed}" if s.confirmed else
                     "\n  endereço: não confirmado")
                  + (f"\n  {s.note}" if s.note else "")
                  + (f"\n  sem download automático: {s.manual}" if s.manual else "")
                  + ("\n  opcional: só com --so " + s.key if s.optional else ""))
        return 0
    dest = Path(args.dest)
    if args.from_dir or args.base_url:
        from ..data.download import shown_url
        from ..data.fetch import fetch, known_sha256

        if args.so:
            raise ViabilidadeError("--so vale só para o download dos publicadores; esperado "
                                   "--so sem --from nem --base-url")
        sums = fetch(dest, mirror=args.from_dir, base_url=args.base_url,
                     progress=args.progress)
        checked = len(set(sums) & set(known_sha256()))
        how = (f"cópia de {args.from_dir}" if args.from_dir
               else f"download de {shown_url(args.base_url)}")
        print(f"{count(len(sums), 'arquivo obtido', 'arquivos obtidos')} em {dest} ({how}); "
              f"sha256 conferido com o manifesto: {checked} de {len(sums)}; lista em "
              f"{dest / 'SHA256SUMS'}")
        return 0
    from ..data.fetch import FetchError, fetch_official
    from ..data.rawmanifest import NAME

    try:
        report = fetch_official(dest, args.so, progress=args.progress)
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM: say where the bytes wait (main says the rest)
        parts = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*.part")
                       if p.is_file()) if dest.is_dir() else []
        if parts:
            print(f"os bytes já recebidos ficaram em {', '.join(parts)} (na pasta {dest}); rode "
                  "o mesmo comando de novo para continuar de onde parou", file=sys.stderr)
        raise
    for outcome in report.outcomes:
        print(outcome.line())
    if (dest / NAME).is_file():  # offline, nothing was recorded: no register to point at
        print(f"Registro: {dest / NAME} (sha256 de cada arquivo; lista também em "
              f"{dest / 'SHA256SUMS'})")
    if report.problems:
        raise FetchError(report.problems)
    return 0


def _candidate_arg(args: argparse.Namespace, store=None) -> Path:
    """The candidate file of ``estudo``/``apresentacao``/``oficios``/``projeto-de-lei``/
    ``processo``: a path, or a place's name or code.

    A name or code (:mod:`viabilidade.cli.lookup`) designates ``data/candidates/<slug>.toml``
    when the user has that file; else a candidate generated from the data is written beside
    the command's outputs, ``<saída>/<slug>/candidato.toml`` (``outputs`` for ``processo``,
    which writes nothing else), and the line printed says where: nothing is written into
    ``data/candidates`` unasked (``viabilidade novo`` does it). The name is looked up in
    ``store`` (loaded from ``--data`` when not given).
    """
    from .lookup import looks_like_a_path

    if looks_like_a_path(args.candidate):
        from ..common.text import undecodable_name

        if undecodable_name(args.candidate):  # not writable into the study (UTF-8)
            raise ViabilidadeError(undecodable_name(args.candidate))
        return Path(args.candidate)
    from ..data.store import load_store
    from .lookup import candidate_path

    store = store if store is not None else load_store(Path(args.data) if args.data else None)
    out_root = Path(getattr(args, "out", None) or getattr(args, "saida", None) or "outputs")
    path, generated = candidate_path(args.candidate, store, REPO_CANDIDATES, out_root)
    if generated:
        print(f"Candidato gerado a partir dos dados para {quoted(args.candidate)}: {path} "
              f"(a pasta {REPO_CANDIDATES} não foi alterada; para guardá-lo nela: "
              f"{invocation()} novo {quoted(args.candidate)})")
    else:
        print(f"Candidato encontrado para {quoted(args.candidate)}: {path}")
    return path


def _cmd_novo(args: argparse.Namespace) -> int:
    from ..data.store import load_store
    from .lookup import candidate_for, resolve_unit, write_candidate

    store = load_store(Path(args.data) if args.data else None)
    unit = resolve_unit(args.nome, store)
    other = resolve_unit(args.fusao_com, store) if args.fusao_com else None
    slug, text = candidate_for(unit, store, fusion_with=other)
    from ..report.writers.atomic import check_output_folder

    check_output_folder(Path(args.saida))
    from ..os_errors import real_path

    path = real_path(Path(args.saida) / f"{slug}.toml")
    if not args.substituir and _same_candidate(path, text):
        print(f"Candidato já existe: {path} (com os mesmos dados; não foi reescrito)\n"
              f"Próximo passo: {invocation()} estudo {path}")
        return 0
    if path.is_file() and path.read_text(encoding="utf-8") != text and not args.substituir:
        raise ViabilidadeError(f"{path}: o arquivo já existe com outro conteúdo; esperado um "
                               "arquivo novo (use --substituir para reescrevê-lo, ou --saida "
                               "para outra pasta)")
    write_candidate(path, text)
    what = (f"fusão de {unit.name} e {other.name}" if other else
            f"criação de município a partir do {unit.label()}")
    print(f"Candidato escrito: {path}\n  {what}\n"
          f"Próximo passo: {invocation()} estudo {path}")
    return 0


def _same_candidate(path: Path, text: str) -> bool:
    """Whether ``path`` is a candidate file holding the same data as the TOML ``text`` (its
    comments and layout aside): the file ``novo`` would write is already there."""
    import tomllib

    from ..common.toml_file import load_toml

    try:
        return path.is_file() and (load_toml(path.read_text(encoding="utf-8-sig"))
                                   == load_toml(text))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False


def _cmd_estudo(args: argparse.Namespace) -> int:
    from ..report.study import run_study

    candidate = _candidate_arg(args)
    if candidate.is_dir() and not candidate.is_symlink():
        raise ViabilidadeError(f"{candidate}: é uma pasta; esperado um arquivo de candidato "
                               ".toml (para estudar todos os candidatos de uma pasta: "
                               f"viabilidade lote {candidate})")
    record = run_study(candidate, Path(args.out), settings=_settings_arg(args),
                       data_root=Path(args.data) if args.data else None, rulesets=args.regras,
                       template=Path(args.template) if args.template else None)
    conclusion = record.get("conclusion")   # the study's conclusion line, with the CF bar
    name = record.get("study_name") or record["name"]   # a fusion: the seat's name (art. 3, I)
    print(f"Estudo de {name}: " + (conclusion or f"{record['verdict']}."))
    _print_files(record.get("files") or {"pasta": record["folder"]})
    _print_notices(record.get("notices") or ())
    return 0


def _print_notices(notices) -> None:
    """The notices of a candidate's record of acts (an old table read into it, receipts that
    disagree; :attr:`viabilidade.proposal.candidate.Candidate.notices`, carried in the study's
    record: the candidate is not read again) on stderr, one a line."""
    for notice in notices:
        print(f"aviso: {notice}", file=sys.stderr)


def _print_files(files: dict) -> None:
    """List the files a command wrote, one per line, under a pt-BR heading."""
    print("Arquivos escritos:")
    for kind in sorted(files):
        print(f"  {files[kind]}")


def _settings_arg(args: argparse.Namespace):
    if not getattr(args, "settings", None):
        return None
    from ..rules.settings import Settings

    return Settings.from_toml(Path(args.settings))


def _cmd_statewide(args: argparse.Namespace) -> int:
    from ..statewide import run as statewide

    data = Path(args.data) if args.data else None
    settings = _settings_arg(args)
    if args.command == "auditoria":
        files = statewide.run_audit(Path(args.out), data_root=data, settings=settings)
    else:
        files = statewide.run_screening(Path(args.out), data_root=data, settings=settings,
                                        rulesets=args.regras)
        if args.regras:
            from ..statewide.rulesets import counts_lines

            print("\n".join(counts_lines(args.regras, data_root=data, settings=settings)))
    _print_files(files)
    return 0


def _cmd_apresentacao(args: argparse.Namespace) -> int:
    from ..profile.analysis import analyse
    from ..data.store import load_store
    from ..report.writers.atomic import check_output_folder
    from ..report.slides import write_slides

    store = load_store(Path(args.data) if args.data else None)
    check_output_folder(Path(args.out))
    analysis = analyse(_candidate_arg(args, store), store=store, settings=_settings_arg(args))
    from ..report.writers.atomic import folder_inside

    # never written through a symbolic link (outputs/<slug> linked elsewhere)
    files = write_slides(analysis, folder_inside(Path(args.out), analysis.candidate.slug),
                         store=store)
    _print_files(files)
    return 0


def _iso_date(option: str, value: str | None):
    """A command-line date (``AAAA-MM-DD``) or ``None``; a pt-BR error naming the option."""
    import datetime as dt

    if value is None:
        return None
    try:
        if len(value) != 10:
            raise ValueError(value)
        date = dt.date.fromisoformat(value)
    except ValueError:
        raise ViabilidadeError(f"{option}: encontrado {quoted(value)}; esperada uma data válida no "
                               "formato AAAA-MM-DD (p. ex. 2027-01-30)") from None
    from ..common.plausibility import date_problem

    if date_problem(date):
        raise ViabilidadeError(f"{option}: {date_problem(date)}")
    return date


def _subfolder(root: Path, slug: str, kind: str) -> Path:
    """``<root>/<slug>/<kind>/``, where ``oficios`` and ``projeto-de-lei`` write, as ``estudo``
    and ``apresentacao`` write into ``<root>/<slug>/``: the root checked first (a file, a
    read-only or full disk refused before anything is written), and never a folder reached
    through a symbolic link (:func:`viabilidade.report.writers.atomic.folder_inside`)."""
    from ..report.writers.atomic import check_output_folder, folder_inside

    check_output_folder(root)
    folder = folder_inside(folder_inside(root, slug), kind)
    return check_output_folder(folder)


def _cmd_oficios(args: argparse.Namespace) -> int:
    from ..proposal.candidate import load_candidate
    from ..data.store import load_store
    from ..report.oficios import build_requests, write_oficios
    from ..report.oficios_settings import OficiosSettings, example_notice

    date = _iso_date("--data-pedido", args.data_pedido)
    if args.settings is None:
        OficiosSettings.from_toml(None)  # says the command needs --configuracoes
    candidate = load_candidate(_candidate_arg(args))
    store = load_store(Path(args.data) if args.data else None)
    # the candidate's letters first, so that a bad addressee key is reported with every
    # other problem of the [oficios] section, at once; the section before the candidate's
    # checks against the data (a 10 MB name is refused without them)
    import datetime as dt

    on = date or candidate.request_date or dt.date.today()
    letters = [r.key for r in build_requests(candidate, store, on)]
    settings = OficiosSettings.from_toml(args.settings, letters=letters)
    from ..report.oficios import check_proposer, proposal

    act = proposal(candidate, dt.date.max)  # any representation recorded, before any letter
    if act is not None:
        check_proposer(settings, act, candidate.path)
    from ..profile.build import check_candidate

    notices = check_candidate(candidate, store)   # a new seat name, said with the letters' ones
    folder = _subfolder(Path(args.saida), candidate.slug, "oficios")
    files = write_oficios(candidate, folder, store=store, settings=settings, request_date=date,
                          notices=notices)
    _print_files(files)
    _print_notices(notices)
    _print_notices(filter(None, [example_notice(args.settings)]))
    return 0


def _cmd_projeto_de_lei(args: argparse.Namespace) -> int:
    from ..profile.analysis import analyse
    from ..data.store import load_store
    from ..operations import operation_for
    from ..report.bill import write_bill

    date = _iso_date("--data-projeto", args.data_projeto)
    from ..proposal.candidate import load_candidate

    store = load_store(Path(args.data) if args.data else None)
    candidate = load_candidate(_candidate_arg(args, store))
    author = process = None
    # the [oficios] section before the analysis: a bad author is refused at once
    if operation_for(candidate.operation).bill_level == "estadual" and args.settings:
        from ..report.oficios_settings import OficiosSettings

        oficios = OficiosSettings.from_toml(args.settings)
        author, process = oficios.proposer, oficios.process
        import datetime as dt

        from ..report.oficios import check_proposer, proposal

        if (act := proposal(candidate, dt.date.max)) is not None:
            check_proposer(oficios, act, candidate.path)  # the bill's author is the record's
    analysis = analyse(candidate, store=store)
    candidate = analysis.candidate
    folder = _subfolder(Path(args.saida), candidate.slug, "projeto-de-lei")
    files = write_bill(analysis, store, folder, author=author, process=process, date=date)
    _print_files(files)
    from ..profile.seat_name import seat_name_problems

    _print_notices(seat_name_problems(candidate, store)[1])  # the bill names the seat so
    if args.settings:
        from ..report.oficios_settings import example_notice

        _print_notices(filter(None, [example_notice(args.settings)]))
    return 0


def _cmd_processo(args: argparse.Namespace) -> int:
    from ..proposal.candidate import load_candidate
    from ..report.process_file import process_state, state_lines

    from ..data.store import load_store

    today = _iso_date("--data-referencia", args.data_referencia)
    store = load_store(Path(args.data) if args.data else None)
    candidate = load_candidate(_candidate_arg(args, store))
    from ..profile.build import check_candidate

    notices = check_candidate(candidate, store)  # the codes against the data, as estudo does
    m = store.municipalities  # the origins by name, as the study names them (legal review 17)
    names = dict(zip(m["cod_ibge"].astype(str), m["nome"].astype(str)))
    print("\n".join(state_lines(candidate, process_state(candidate, today), today, names=names)))
    _print_notices(notices)   # a new seat name
    return 0


def _cmd_lote(args: argparse.Namespace) -> int:
    from .lote import main as batch_main

    return batch_main(args)


#: Default folder of candidate files: the repository's ``data/candidates``.
REPO_CANDIDATES = REPO / "data" / "candidates"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``viabilidade`` command (help and errors in pt-BR)."""
    p = PtParser(prog="viabilidade",
                 description="Estudos de viabilidade municipal — LC 02/1990 (Goiás). "
                             "Guia: docs/GUIA.md.")
    sub = p.add_subparsers(dest="command", required=True)

    data = sub.add_parser("data", help="base de dados processada (data/processed)",
                          description="Base de dados processada: reconstrução e download.")
    dsub = data.add_subparsers(dest="data_command", required=True)
    b = dsub.add_parser("build", help="reconstrói data/processed a partir dos arquivos brutos "
                                      "como publicados",
                        description="Reconstrói data/processed a partir dos arquivos brutos "
                                    "como publicados.")
    b.add_argument("--raw", required=True, metavar="PASTA",
                   help="pasta com os arquivos brutos (p. ex. ../shared/data)")
    b.add_argument("--saida", "--out", dest="out", default=None, metavar="PASTA",
                   help="pasta de saída (padrão: a pasta data/processed do repositório, de "
                        "onde os estudos leem, ou $VIABILIDADE_DATA; de qualquer pasta em que "
                        "o comando rode)")
    b.set_defaults(func=_cmd_data_build)
    f = dsub.add_parser("fetch", help="baixa os arquivos oficiais (IBGE, TSE) para a pasta "
                                      "de dados brutos",
                        description="Baixa os arquivos oficiais dos publicadores (IBGE, TSE) "
                                    "para a pasta de dados brutos, retomando downloads "
                                    "interrompidos e registrando o sha256 de cada arquivo em "
                                    "fontes-baixadas.json; ou copia os arquivos de um espelho "
                                    "(--from, --base-url). --listar mostra os conjuntos.")
    f.add_argument("--raw", "--dest", dest="dest", default=str(REPO / "data" / "raw"),
                   metavar="PASTA",
                   help="pasta dos dados brutos (padrão: a pasta data/raw do repositório, de "
                        "qualquer pasta em que o comando rode); depois, `viabilidade data build "
                        "--raw PASTA`")
    f.add_argument("--so", nargs="+", action="extend", default=None, metavar="CONJUNTO",
                   help="baixa só estes conjuntos (nomes em --listar; padrão: todos os não "
                        "opcionais)")
    f.add_argument("--listar", action="store_true",
                   help="lista os conjuntos, os endereços e os arquivos, sem baixar nada")
    f.add_argument("--sem-progresso", dest="progress", action="store_false",
                   help="sem barra de progresso")
    f.add_argument("--from", dest="from_dir", default=None, metavar="PASTA",
                   help="copia os arquivos de uma pasta-espelho local")
    f.add_argument("--base-url", default=None, metavar="URL",
                   help="endereço base de um espelho, em vez dos endereços dos publicadores")
    f.set_defaults(func=_cmd_data_fetch)

    n = sub.add_parser("novo", help="escreve um arquivo de candidato a partir do nome ou "
                                    "código de um distrito",
                       description="Escreve um arquivo de candidato a partir do nome (sem "
                                   "distinção de acentos ou maiúsculas) ou do código IBGE de um "
                                   "distrito: criação de município com o distrito como área e o "
                                   "seu município como origem. Com um nome de município, diz as "
                                   "operações possíveis; com --fusao-com, escreve a fusão de dois "
                                   "municípios.")
    n.add_argument("nome", metavar="NOME",
                   help="nome ou código IBGE do distrito (p. ex. \"Posse d'Abadia\", "
                        "\"posse dabadia\" ou 520010010)")
    n.add_argument("--fusao-com", default=None, metavar="MUNICÍPIO",
                   help="escreve a fusão (art. 5º, § 2º) do município NOME com este")
    n.add_argument("--saida", default=str(REPO_CANDIDATES), metavar="PASTA",
                   help="pasta onde escrever o arquivo (padrão: data/candidates do repositório)")
    n.add_argument("--substituir", action="store_true",
                   help="reescreve um arquivo existente com outro conteúdo")
    add_data_option(n)
    n.set_defaults(func=_cmd_novo)

    e = sub.add_parser("estudo", help="escreve um estudo de viabilidade a partir de um "
                                      "arquivo de candidato",
                       description="Escreve um estudo de viabilidade (ipynb, HTML, PDF e "
                                   "resultados.json) em <saída>/<slug>/.")
    add_candidate_argument(e)
    e.add_argument("--saida", "--out", dest="out", default="outputs", metavar="PASTA",
                   help="pasta raiz de saída (padrão: outputs/)")
    add_settings_option(e)
    add_data_option(e)
    e.add_argument("--modelo", "--template", dest="template", default=None, metavar="ARQUIVO",
                   help="modelo de notebook (padrão: o do pacote), como em viabilidade lote")
    e.add_argument("--regras", default=None, metavar="LISTA", help=REGRAS_HELP)
    e.set_defaults(func=_cmd_estudo)

    for name, text, default in (
            ("auditoria", "auditoria do art. 8º de todos os municípios de Goiás "
                          "(caderno, HTML, PDF)", "outputs/auditoria-art8"),
            ("triagem", "triagem dos distritos não sede como candidatos à criação de município",
             "outputs/triagem-distritos")):
        st = sub.add_parser(name, help=text, description=text[0].upper() + text[1:] + ".")
        st.add_argument("--saida", "--out", dest="out", default=default, metavar="PASTA",
                        help=f"pasta de saída (padrão: {default})")
        add_settings_option(st)
        add_data_option(st)
        if name == "triagem":
            st.add_argument("--regras", default=None, metavar="LISTA", help=REGRAS_HELP)
        st.set_defaults(func=_cmd_statewide)

    ap = sub.add_parser("apresentacao", help="slides para a comissão (HTML e PDF) de um "
                                             "candidato",
                        description="Slides para a comissão (HTML e PDF 16:9) em "
                                    "<saída>/<slug>/.")
    add_candidate_argument(ap)
    ap.add_argument("--saida", "--out", dest="out", default="outputs", metavar="PASTA",
                    help="pasta raiz de saída; os slides vão para <saída>/<slug>/")
    add_settings_option(ap)
    add_data_option(ap)
    ap.set_defaults(func=_cmd_apresentacao)

    of = sub.add_parser("oficios", help="escreve os ofícios do art. 4º, § 3º (IBGE, Justiça "
                                        "Eleitoral, SEFAZ-GO) e à Prefeitura e à Câmara de origem",
                        description="Escreve os ofícios de uma criação de município, em HTML e "
                                    "PDF, prontos para assinar: ao IBGE (itens II, IV e VI), ao "
                                    "Juiz Eleitoral (item V) e à SEFAZ-GO (item VII), do art. "
                                    "4º, § 3º, e ao Prefeito e à Câmara Municipal de cada "
                                    "município de origem (perímetro urbano, lei do distrito, "
                                    "itens I e VI). Quem assina, o processo e os "
                                    "destinatários vêm da seção [oficios] do arquivo de "
                                    "configurações. O ofício não traz data de recebimento: "
                                    "registre o recebimento como ato do processo e use "
                                    "'viabilidade processo' para o prazo. Um pedido que o "
                                    "registro de atos do candidato já mostra enviado, recebido "
                                    "ou respondido não é escrito de novo (um aviso diz qual e "
                                    "por quê). Município já instalado (art. 21): recusado; a "
                                    "verificação do art. 8º é requisitada pela Assembleia "
                                    "quadrienalmente (art. 8º, § 1º).")
    add_candidate_argument(of)
    of.add_argument("--data-pedido", default=None, metavar="AAAA-MM-DD",
                    help="data dos ofícios (padrão: o request_date do candidato, ou hoje; "
                         "nunca antes do último ato do registro)")
    of.add_argument("--saida", "--out", dest="saida", default="outputs", metavar="PASTA",
                    help="pasta raiz de saída; os ofícios vão para <saída>/<slug>/oficios/ "
                         "(padrão: outputs/)")
    of.add_argument("--configuracoes", "--settings", dest="settings", default=None,
                    metavar="ARQUIVO",
                    help="arquivo TOML de configurações com a seção [oficios]: comissão, "
                         "Presidente que assina, processo, deputado autor e número do primeiro "
                         "ofício (obrigatório; ver docs/GUIA.md)")
    add_data_option(of)
    of.set_defaults(func=_cmd_oficios)

    pl = sub.add_parser("projeto-de-lei", help="escreve o projeto de lei da operação (HTML, PDF "
                                               "e DOCX), com justificação e memorial descritivo",
                        description="Escreve o projeto de lei da criação, fusão, transferência de "
                                    "área, criação de distrito ou correção de limites (art. 6º), "
                                    "na técnica da LC nº 95/1998, em "
                                    "HTML, PDF e DOCX (editável): artigos da LC nº 2/1990 (nome e "
                                    "sede, limites, distritos, instalação, eleição, servidores, "
                                    "bens, administração até a instalação, ICMS, vigência), "
                                    "justificação com as conclusões do estudo e o memorial "
                                    "descritivo como anexo. O deputado autor e o processo vêm da "
                                    "seção [oficios] do arquivo de configurações; o projeto de "
                                    "distrito é de lei municipal (art. 16).")
    add_candidate_argument(pl)
    pl.add_argument("--data-projeto", default=None, metavar="AAAA-MM-DD",
                    help="data de apresentação do projeto (sem ela, o ano e a data ficam em "
                         "branco, para preencher)")
    pl.add_argument("--saida", "--out", dest="saida", default="outputs", metavar="PASTA",
                    help="pasta raiz de saída; o projeto vai para <saída>/<slug>/projeto-de-lei/ "
                         "(padrão: outputs/)")
    pl.add_argument("--configuracoes", "--settings", dest="settings", default=None,
                    metavar="ARQUIVO",
                    help="arquivo TOML com a seção [oficios]: deputado autor (proposer, "
                         "proposer_gender) e processo (process); obrigatório para projeto de lei "
                         "estadual (ver docs/GUIA.md)")
    add_data_option(pl)
    pl.set_defaults(func=_cmd_projeto_de_lei)

    pr = sub.add_parser("processo", help="diz em que fase está a proposta e o que vem a seguir, "
                                         "com os prazos da lei",
                        description="Lê os atos datados do processo ([[process.events]] do "
                                    "arquivo do candidato: proposta, requisições, certidões, "
                                    "parecer, decreto legislativo, TRE, lei, eleição, "
                                    "instalação) e diz a fase e os próximos passos com os "
                                    "prazos da LC nº 2/1990: 60 dias do recebimento de cada "
                                    "requisição (art. 4º, § 3º), ano de eleição (art. 7º, § 3º), "
                                    "instalação (art. 9º), servidores (art. 12), distrito (art. 20).")
    add_candidate_argument(pr)
    pr.add_argument("--data-referencia", default=None, metavar="AAAA-MM-DD",
                    help="data de referência para prazos vencidos e a regra do ano de eleição "
                         "(padrão: a data do estudo do candidato, [settings] study_date, ou hoje)")
    add_data_option(pr)
    pr.set_defaults(func=_cmd_processo)

    lote = sub.add_parser("lote", help="escreve muitos estudos em paralelo, com um índice",
                          description="Escreve muitos estudos em paralelo, retomáveis, com "
                                      "um índice (index.html).")
    try:
        from .lote import add_arguments
    except ImportError:  # batch module absent in a partial install
        add_arguments = None
    if add_arguments is not None:
        add_arguments(lote)
    lote.set_defaults(func=_cmd_lote)
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code (0 ok, 1 study failures, 2 bad input,
    130 interrupted by Ctrl-C, 143 stopped by SIGTERM).

    A foreseeable fault (:class:`~viabilidade.errors.ViabilidadeError`) prints one
    ``erro: …`` line per problem to stderr, no traceback, and returns 2.

    Parameters
    ----------
    argv : list of str, optional
        The arguments; ``None`` (the console script, ``python -m viabilidade.cli``) reads
        this process's own command line, and the process ends when this returns
        (:func:`_ending_process`).
    """
    if argv is None:
        _starting_process()
        try:
            return main(sys.argv[1:])
        finally:
            _ending_process()
    args = build_parser().parse_args(argv)
    from ..batch.unit import prepare_process

    previous = _stop_on_sigterm()  # first: a Ctrl-C at any later stage is told
    prepare_process()  # skip import-time work the studies never use (batch/unit.py)
    from ..common.text import shown
    from ..errors import ShownStream

    stdout, sys.stdout = sys.stdout, ShownStream(sys.stdout)  # a CR in a file name stays "\r"
    try:
        _refuse_empty_paths(args)
        from ..common.tempfiles import sweep_stale

        sweep_stale()  # temporary folders of killed runs (kill -9) go now
        return args.func(args)
    except ViabilidadeError as e:
        for line in e.lines:
            print(shown(line if line.startswith("  ") else f"erro: {line}"), file=sys.stderr)
        return 2
    except OSError as e:  # a disk that fills up, a folder that turns read-only, mid-run
        import errno

        from ..common.text import QUOTE_MAX, quoted
        from ..os_errors import os_reason

        name = str(e.filename or "")  # a 70 KB argument was echoed whole (H6-8)
        where = f"{name if len(name) <= QUOTE_MAX else quoted(name)}: " if name else ""
        kept = ("" if e.errno == errno.ENAMETOOLONG  # a bad argument: nothing was being written
                else "; os arquivos anteriores foram mantidos")
        print(shown(f"erro: {where}{os_reason(e)}{kept}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt as e:
        # Outputs are written atomically: an interrupted command leaves no half-written file.
        from ..errors import how_stopped, stop_code

        kept = getattr(e, "kept_note", "")  # a download stopped mid-file keeps its .part
        print(f"interrompido ({how_stopped(e)}): " + (
            f"o download foi interrompido{kept}; nenhum outro arquivo foi gravado pela metade"
            if kept else "nenhum arquivo foi gravado pela metade") +
            "; os arquivos anteriores foram mantidos.", file=sys.stderr)
        return stop_code(e)
    finally:
        sys.stdout = stdout
        for sig, handler in (previous or {}).items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)


def _starting_process() -> None:
    """Collect garbage less often in the command's own process
    (:func:`viabilidade.common.imports.collect_less`)."""
    from ..common.imports import collect_less

    collect_less()


def _ending_process() -> None:
    """Spare the ending process the collections of its exit: everything it holds is moved
    out of the cyclic garbage collector's reach (:func:`gc.freeze`), so the collections
    Python runs while it finalizes its modules no longer walk the whole heap (the store, the
    study machinery, pandas, matplotlib). The memory goes back with the process; files are
    written and closed by then (every output is atomic), and ``atexit`` handlers still run.

    A fresh ``viabilidade estudo`` of Posse d'Abadia spent about 0,4 s of CPU after its
    last line (issue 30; ``benchmarks/study.py``). Only the console script calls this: a
    caller that passes ``argv`` (the tests) keeps its collector as it was.
    """
    import gc

    gc.freeze()


#: Path options (argparse dest -> option as the user typed it, what it names).
PATH_OPTIONS = (("out", "--saida", "uma pasta"), ("saida", "--saida", "uma pasta"),
                ("dest", "--raw", "uma pasta"), ("raw", "--raw", "uma pasta"),
                ("data", "--data", "uma pasta"), ("template", "--modelo", "um arquivo"),
                ("settings", "--configuracoes", "um arquivo"))


def _refuse_empty_paths(args: argparse.Namespace) -> None:
    """An empty path (``--saida ""``) names the current folder by accident: refuse it."""
    for attr, option, what in PATH_OPTIONS:
        value = getattr(args, attr, None)
        if isinstance(value, str) and not value.strip():
            raise ViabilidadeError(f"{option}: encontrado um texto vazio; esperado o caminho de "
                                   f"{what}")


def _raise_interrupt(signum, frame):
    from ..errors import Terminated

    raise Terminated


def _stop_on_sigterm():
    """Make SIGTERM (``kill``, a service manager, a scheduler ending a job) stop a command as
    Ctrl-C does: workers stopped, index marked as interrupted, no half-written file; and
    install Python's Ctrl-C handler (SIGINT raises ``KeyboardInterrupt``) whatever the
    inherited disposition — a command started in the background by a script inherits SIGINT
    ignored and would not stop on ``kill -INT``, and one whose SIGINT was reset to the
    default would die with no message (issue 32, m5: ``data build``). Returns the previous
    handlers, ``{signal: handler}`` (None when not in the main thread, where signals cannot be
    set)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return {signal.SIGTERM: signal.signal(signal.SIGTERM, _raise_interrupt),
            signal.SIGINT: signal.signal(signal.SIGINT, signal.default_int_handler)}


if __name__ == "__main__":
    sys.exit(main())
