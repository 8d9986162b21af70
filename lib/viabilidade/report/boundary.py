"""The check of the proposed limits shown in the study's area section.

For a drawn area (``[area] boundary``): where its km² lie (each origin, and any neighbour it
spills into within the 2 % tolerance), whether it takes an origin's seat, whether it splits
an origin, and how its figures were estimated. For an area of districts that includes the
origin's seat district: the warning that the origin would lose its seat. Each finding
names the rule of LC 02/1990 it bears on.
"""

from __future__ import annotations

from .writers import format as fmt
from .writers.tables import Html, esc, table


def _km2(value: float) -> str:
    return fmt.quantity(round(value, 2), "km²", 2)


def _pct(share: float) -> str:
    return fmt.percent(100 * share, 1)


def enclave_text(who: str, edge_km: float) -> str:
    """The art. 3 flag of an area entirely surrounded by its origin ``who`` (plain text)."""
    return (f"A área fica inteiramente cercada por {who}, a {fmt.number(round(edge_km, 1), 1)} km "
            "da divisa mais próxima: o município de origem a envolveria por todos os lados. O "
            "art. 3º pede que a configuração do município obedeça, “na medida do possível, a "
            "uma relativa harmonia, evitando-se formas anacrônicas, divisão de comunidades, "
            "exagerados estrangulamentos ou alargamentos”; um enclave é uma dessas formas, e "
            "cabe à Assembleia julgar se é admissível (o remanescente continua contínuo: art. "
            "4º, III).")


def seat_outside_text(outside: dict) -> str:
    """The art. 3, I flag of a drawn area that leaves out its proposed seat (plain text;
    ``outside`` from :func:`viabilidade.profile.coherence.seat_outside`)."""
    where = {"vila": "vila do distrito, IBGE Localidades 2022",
             "sede municipal": "sede municipal, IBGE",
             "ponto informado": "ponto informado no arquivo da candidatura"}.get(outside["ponto"], "")
    return (f"A sede proposta, {outside['seat']} ({where}), fica fora da área desenhada, a "
            f"{fmt.number(round(outside['km'], 1), 1)} km do polígono: o município tem o nome "
            "da sua sede (art. 3º, I), que fica no seu território. Ajuste o polígono ou "
            "indique outra sede.")


def apart_text(apart: dict) -> str:
    """The flag of districts whose approximate territories do not touch (plain text;
    ``apart`` from :func:`viabilidade.profile.coherence.apart_districts`)."""
    names = apart.get("names", {})

    def listed(codes):
        return " e ".join(f"{names[c]} ({c})" if c in names else c for c in codes)

    first, rest = apart["parts"]
    if apart.get("limite") == "setores":
        from ..geo.tracts import TRACT_LIMIT_LABEL

        by = f"Pelo {TRACT_LIMIT_LABEL}"
    else:
        by = ("Pelos territórios aproximados dos distritos (a parte do município mais próxima de "
              "cada sede distrital, que não é limite legal)")
    return (f"{by}, {listed(first)} "
            f"{'não toca' if len(first) == 1 else 'não tocam'} "
            f"{listed(rest)}: ficam a cerca de {fmt.number(round(apart['gap_km'], 1), 1)} km, e a "
            "área pode ficar em partes, o que o art. 3º (limites definidos, relativa harmonia) e "
            "a continuidade territorial do art. 4º, III não admitem. Só o memorial descritivo da "
            "área, ou um polígono desenhado, decide.")


def drawn_findings(analysis) -> list[str]:
    """Sentences (plain text, Portuguese) on a drawn area's position; ``[]`` without one."""
    t = analysis.profile.territory
    check = t.details.get("drawn_boundary")
    out: list[str] = []
    names = {c: u.label for c, u in analysis.profile.origins.items()}
    if check is not None:
        for o in check["outside"]:
            if round(o["km2"], 2) == 0:      # a clipped drawing's rounding, not a spill
                continue
            out.append(
                f"{_km2(o['km2'])} ({_pct(o['share'])} da área) ficam em {o['nome']} "
                f"({o['cod_ibge']}), que não é município de origem — dentro da tolerância de 2 % "
                "admitida para um traçado desenhado sobre a divisa, que não coincide vértice a "
                "vértice com a malha municipal do IBGE. Se o traçado avança de fato sobre "
                f"{o['nome']}, esse município também cede território: passa a ser município de "
                "origem, com o seu remanescente sujeito ao art. 4º, § 1º, e a sua parte entra no "
                "plebiscito (art. 7º).")
        for code, inside in check["seat_inside"].items():
            if inside:
                out.append(f"A sede de {names.get(code, code)} fica dentro da área desenhada: a "
                           "distância do art. 4º, II é nula e o município de origem perderia a "
                           "sua sede (art. 4º, § 1º).")
    for code, parts in t.remainder_parts.items():
        if check is not None and parts > 1:
            pieces = t.details.get("remainder_pieces_km2", {}).get(code, {}).get("kept_km2", [])
            sizes = ", ".join(_km2(k) for k in pieces)
            cut = check.get("seat_piece", {}).get(code)
            where = (f"; a sede fica na parte de {_km2(cut['km2'])} e {_km2(cut['cut_off_km2'])} "
                     "ficam separados dela" if cut else "")
            out.append(f"O polígono divide {names.get(code, code)}: o remanescente fica em {parts} "
                       f"partes ({sizes}){where}, o que o art. 4º, III não admite.")
    outside = t.details.get("seat_outside")
    if outside:
        out.append(seat_outside_text(outside))
    surrounded = t.details.get("enclave")
    if surrounded:
        who = " e ".join(names.get(c, c) for c in surrounded["origins"])
        out.append(enclave_text(who, surrounded["edge_km"]))
    apart = t.details.get("districts_apart")
    if apart:
        out.append(apart_text(apart))
    if check is None:
        for code, what in t.details.get("origin_seat_taken", {}).items():
            out.append(f"A área inclui {what}: {names.get(code, code)} perderia a sua sede "
                       "(art. 4º, § 1º; ver o remanescente na seção do município de origem).")
    return out


def boundary_check(analysis) -> Html | str:
    """The 'conferência dos limites' block of the area section, or ``""`` when there is nothing
    to report (an area of whole districts or municipalities that leaves every seat)."""
    check = analysis.profile.territory.details.get("drawn_boundary")
    findings = drawn_findings(analysis)
    if check is None and not findings:
        return ""
    body = '<div class="boundary-check"><h3>Conferência dos limites propostos</h3>'
    if check is not None:
        c = analysis.candidate
        rows = [[o["nome"], code, "município de origem", _km2(o["km2"]), _pct(o["share"])]
                for code, o in check["origins"].items()]
        rows += [[o["nome"], o["cod_ibge"], "não declarado como origem", _km2(o["km2"]),
                  _pct(o["share"])] for o in check["outside"]]
        body += (f"<p>Os limites vêm do arquivo {esc(c.boundary.name)} (polígono desenhado, "
                 f"sem códigos do IBGE): a área tem {esc(_km2(check['area_km2']))} "
                 "(área geodésica, elipsoide GRS80). A população, o eleitorado e as edificações "
                 "são estimados a partir dos distritos que o polígono alcança (ver as notas da "
                 "tabela de números da área); os territórios dos distritos usados no rateio são "
                 "aproximados e não são limites legais.</p>")
        body += table(["Município", "Código IBGE", "Situação", "Área dentro", "Parcela da área"],
                      rows, caption="Onde fica a área desenhada", numeric=(3, 4),
                      widths=(26, 16, 26, 16, 16))
    # The art. 3 enclave flag (always the last finding of a drawn area) is a judgment, not a
    # fault of the limits: the sentence on what the area respects still holds beside it.
    faults = findings[:-1] if analysis.profile.territory.details.get("enclave") else findings
    if check is not None and not faults:
        body += ("<p>A área fica inteira dentro do município de origem, não leva a sua sede e "
                 "não divide o seu território.</p>")
    body += "".join(f"<p>{esc(f)}</p>" for f in findings)
    return Html(body + "</div>")
