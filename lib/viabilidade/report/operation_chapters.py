"""The chapters of the operations that are not creations: the transfer of an area (art. 5),
the boundary correction (art. 6) and the district (arts. 15 to 20).

Each function returns one chapter's HTML (pt-BR) for the chapter id its operation declares
(:attr:`viabilidade.operations.Operation.chapters`): ``sec-transferencia``,
``sec-correcao`` and the material of ``sec-distrito`` beside its rules.
"""

from __future__ import annotations

from ..common.text import and_list
from ..proposal.candidate import BOUNDARY_CORRECTION_ITEMS
from ..operations import operation_of
from ..operations.base import fill_name
from ..common.numbers import km2
from ..data.sources import unchecked_copy
from ..rules.art6 import tolerance_text
from ..rules.art7 import COMBINED, each_text, roll, roll_parts
from ..rules.calendar import ART20_FROM
from ..rules.law import text as law_text
from ..rules.settings import CHOICES
from .writers import format as fmt
from .readings import reading, reading_body
from .sections import group
from .writers.tables import Html, esc, key_values, table

def _has_tracts(candidate, store) -> bool:
    """The store holds the census tracts of the area's origin municipalities (their districts'
    limits are then the IBGE's, :func:`viabilidade.geo.tracts.covers`)."""
    from ..geo.tracts import covers

    return covers(store, list(candidate.origins))


def _figure(f) -> str:
    """A figure with its basis in parentheses (``"14.187 habitantes (publicado)"``); ``—``."""
    if f is None or f.value is None:
        return "—"
    return f"{fmt.estimate(f.value, f.unit, f.uncertainty, f.basis, f.precision)} ({fmt.basis_label(f.basis, True, None, f.source)})"


def _area_words(analysis, store) -> str:
    """What leaves, in words: the districts by name and code, or the drawn area's file."""
    c = analysis.candidate
    if c.districts:
        names = {}
        if store is not None and getattr(store, "districts", None) is not None:
            names = store.districts.set_index("cod_distrito")["nome"].to_dict()
        listed = and_list(f"{names.get(k, k)} ({k})" for k in c.districts)
        return f"o{'s' if len(c.districts) > 1 else ''} distrito{'s' if len(c.districts) > 1 else ''} {listed}"
    if c.boundary is not None:
        return f"a área desenhada no arquivo {c.boundary.name}"
    return "a área " + and_list(c.municipalities)


def transfer_section(analysis, store=None) -> Html | str:
    """The transferred area and both municipalities (art. 5): what leaves and to whom, the new
    boundary, population, electors and area of the origin and of the receiving municipality
    before and after (each with its basis), and who votes in the plebiscite under reading
    I-10 with the conflict between LC 02/1990 and Lei 9.709/1998 explained. No proposed seat:
    the area joins an existing municipality."""
    c, p = analysis.candidate, analysis.profile
    if p.destination is None:
        return ""
    origin_code = c.origins[0] if c.origins else None
    origin = p.origins.get(origin_code)
    rest = p.remainders.get(origin_code)
    dest, after = p.destination, p.destination_after
    what = _area_words(analysis, store)
    body = (f"<p>Sai de {esc(origin.label if origin else origin_code)} ({esc(origin_code)}) "
            f"{esc(what)}, que passa a integrar {esc(dest.label)} ({esc(c.destination)}). "
            "Não há sede proposta: a área se anexa a um município que já existe, com a sede que "
            "ele tem.</p>")
    if c.boundary is not None:
        boundary = (f"O novo limite entre {esc(origin.label)} e {esc(dest.label)} é a divisa "
                    f"da área desenhada em {esc(c.boundary.name)} com o restante de "
                    f"{esc(origin.label)}; a lei estadual deve descrevê-la.")
    else:
        from ..geo.tracts import TRACT_LIMIT_LABEL

        held = (f"Nos dados, os distritos têm só o {TRACT_LIMIT_LABEL}" if _has_tracts(c, store)
                else "Os dados usados neste estudo não trazem o limite do distrito (a malha de "
                "setores censitários do IBGE 2022 não foi carregada) e o candidato não trouxe "
                "arquivo de limites")
        boundary = (f"O novo limite entre {esc(origin.label)} e {esc(dest.label)} passa a ser a "
                    f"divisa atual entre {esc(what)} e o restante de {esc(origin.label)}. "
                    f"{held}: a lei estadual deve descrever essa divisa com o memorial "
                    "descritivo levantado para o processo.")
    body += f"<p>{boundary}</p>"
    rows = []
    for label, attr in (("População", "population"), ("Eleitores", "electors"),
                        ("Área", "area_km2")):
        rows.append([label, _figure(getattr(origin, attr, None)), _figure(getattr(rest, attr, None)),
                     _figure(getattr(dest, attr, None)), _figure(getattr(after, attr, None))])
    body += table(["Grandeza", f"{origin.label}: antes", f"{origin.label}: depois",
                   f"{dest.label}: antes", f"{dest.label}: depois"], rows,
                  caption="Efeito da transferência nos dois municípios", numeric=(1, 2, 3, 4),
                  widths=(16, 21, 21, 21, 21))
    body += ("<p>“Depois” soma ou subtrai os números da área: publicados pelo IBGE e pelo TSE "
             "para municípios e distritos, estimados quando a área é parte de um distrito ou "
             "quando o TSE não publica o número (eleitores de um distrito).</p>")
    # the reading in the appendix's own words (one text: report.readings)
    body += "<h3>Quem vota no plebiscito</h3>" + f"<p>{reading_body(reading('I-10'))}</p>"
    s = analysis.settings
    parts = roll_parts(p, s)
    total, basis, desc = roll(p, s)
    consultation = operation_of(c).consultation
    each = consultation.counted_in_each(s)
    roll_rows = [[label, _figure(f)] for label, f in parts]
    # the totals' basis: "publicado (cópia não conferida)" read from the unchecked copy (S1)
    copy = next((f.source for _, f in parts if f is not None and unchecked_copy(f.source)), None)
    if total is not None:
        roll_rows.append(["Total (contagem única: leitura alternativa)" if each else "Total",
                          f"{fmt.estimate(total, 'eleitores', None, basis)} "
                          f"({fmt.basis_label(basis, True, None, copy)})"])
    body += table(["Parcela do eleitorado", "Eleitores"], roll_rows,
                  caption=f"Eleitorado do plebiscito na leitura adotada: "
                          f"{CHOICES['plebiscite_roll'][s.plebiscite_roll]}",
                  numeric=(1,), widths=(60, 40))
    if total is not None and any(f is not None and f.basis != basis for _, f in parts):
        body += f"<p>{esc(ROLL_SUM_NOTE)}</p>"
    counts = each_text(consultation, p, s) if each else ""
    if counts:  # the same rule as a fusion's (N5): quorum and majority in each municipality
        body += (f"<p>{esc(consultation.each_rule)} — {esc(counts)}. {esc(COMBINED)}: "
                 f"{esc(fmt.estimate(total, 'eleitores', None, basis))} "
                 f"({esc(fmt.basis_label(basis, True, None, copy))}).</p>")
    other = "area" if s.plebiscite_roll == "federal" else "federal"
    alt_total, alt_basis, _ = roll(p, s.replace(plebiscite_roll=other))
    if alt_total is not None:
        body += (f"<p>Na leitura alternativa ({esc(CHOICES['plebiscite_roll'][other])}), o "
                 f"eleitorado seria de {esc(fmt.estimate(alt_total, 'eleitores', None, alt_basis))} "
                 f"({esc(fmt.basis_label(alt_basis, True, None, copy))}).</p>")
    return group(analysis, "sec-transferencia", extra=body)


#: Below the roll table when estimated parts add up to published totals (art7.roll).
ROLL_SUM_NOTE = ("As parcelas estimadas (a área e o remanescente) estão arredondadas ao eleitor "
                 "inteiro, e o remanescente é o eleitorado publicado do município de origem menos "
                 "a estimativa da área: somadas, dão o eleitorado publicado pelo TSE, e o total é "
                 "publicado.")


def correction_map_html(analysis, store) -> str:
    """The map of a boundary correction (:func:`viabilidade.geo.maps.correction_map`) as a
    numbered figure with caption, alternative text and source; ``""`` without both lines or
    without the municipal polygons; a paragraph with the reason when it cannot be drawn."""
    from ..errors import GeoError
    from ..geo.area_file import read_line
    from ..geo.maps import correction_map
    from ..geo.territory import municipality_geometry
    from .charts import Chart, figure_svg, numeric_results

    c, p = analysis.candidate, analysis.profile
    if c.old_line is None or c.new_line is None or getattr(store, "boundaries", None) is None:
        return ""
    names = {k: u.label for k, u in p.origins.items()}
    source = (f"Fonte: limites municipais: {p.territory.source or 'IBGE, malha municipal'}; "
              f"linhas: arquivos {c.old_line.name} e {c.new_line.name} da candidatura; "
              "elaboração do estudo.")
    try:
        fig = correction_map(read_line(c.old_line), read_line(c.new_line),
                             {k: municipality_geometry(store.boundaries, k) for k in c.origins},
                             names, title=f"Correção do limite entre "
                                          f"{' e '.join(names.get(k, k) for k in c.origins)}",
                             source=source)
    except GeoError as e:
        return f"<p>Mapa indisponível: {esc(str(e))}.</p>"
    listed = " e ".join(names.get(k, k) for k in c.origins)
    chart = Chart(svg=figure_svg(fig),
                  caption=(f"A linha de limite atual (tracejada) e a corrigida (contínua) entre "
                           f"{listed}, e o território entre elas. {source}"),
                  alt=(f"Mapa do limite entre {listed}: a linha atual tracejada, a linha "
                       "corrigida contínua, o território entre elas destacado, legenda, escala "
                       "gráfica e seta do norte."))
    return chart.html(2 if numeric_results(analysis.results) else 1)


def correction_section(analysis, store=None) -> Html | str:
    """The boundary correction (art. 6): the map of the two lines (with ``store``), the
    lines, the territory between them against the tolerance, what would leave each
    municipality, and the documents (the technical flaw, the mayors' agreement, the
    councils' resolutions), then the two rules. No proposed area, seat or population."""
    c, p = analysis.candidate, analysis.profile
    change = p.territory.boundary_change
    names = {k: u.label for k, u in p.origins.items()}
    listed = " e ".join(f"{names.get(k, k)} ({k})" for k in c.origins)
    body = (f"<p>O limite entre {esc(listed)} é descrito hoje por uma linha com falha técnica "
            "ou erro de descrição; a correção a substitui por outra. Não há área proposta, sede "
            "nem população transferida: pelo art. 6º, a correção se faz “sem alteração de "
            "área”, por lei estadual, mediante prévio acordo dos Prefeitos autorizados pelas "
            "Câmaras Municipais em resoluções.</p>")
    tol = analysis.settings.boundary_tolerance_km2
    if change is not None:
        pairs = [
            ("Linha atual", f"{c.old_line.name} — {fmt.quantity(round(change.old_length_m), 'm')}"),
            ("Linha corrigida", f"{c.new_line.name} — {fmt.quantity(round(change.new_length_m), 'm')}"),
            ("Território entre as linhas",
             (f"{km2(change.between_km2, tol)} em {fmt.count(change.faces, 'polígono')} "
              "(medido, área geodésica)" if change.between_km2 > 0 else
              "nenhum (as linhas coincidem)")),
            *[(f"Sairia de {names.get(k, k)}", km2(v, 0.0) if v > 0 else "nenhuma área")
              for k, v in change.leaves.items()],
            *[(f"Saldo de {names.get(k, k)}",
               ("+" if change.net_km2(k) > 0 else "") + km2(change.net_km2(k), 0.0))
              for k in c.origins],
            ("Tolerância adotada (leitura do art. 6º)", tolerance_text(tol)),
        ]
        gives = [k for k, v in change.leaves.items() if round(v, 4) > 0]
        if len(gives) == 1:  # N9: the balance is not a compensation but a one-way change
            pairs.insert(-1, ("Sentido da mudança",
                              f"um só: todo o território entre as linhas sai de "
                              f"{names.get(gives[0], gives[0])}; a correção não compensa área "
                              "entre os municípios"))
        if any(change.joins_m):
            pairs.append(("Fechamento das pontas", " e ".join(
                fmt.quantity(round(j), "m") for j in change.joins_m)
                + " (segmentos retos ligando as pontas das linhas que não coincidem)"))
        body += correction_map_html(analysis, store)
        body += key_values(pairs, caption="As duas linhas e o território entre elas")
        body += ("<p>De qual município sai cada parte é lido na malha municipal do IBGE "
                 "(Malha Municipal 2022), não na descrição legal.</p>")
    rows = []
    for key, label in BOUNDARY_CORRECTION_ITEMS.items():
        e = c.boundary_correction.get(key)
        rows.append([label[:1].upper() + label[1:], e.what if e else "não apresentado",
                     e.document if e else "—"])
    # declared in the candidate file, not seen by the study (legal review 3, item 3)
    body += table(["Exigência do art. 6º", "O que foi apresentado",
                   "Documento declarado (órgão, número e data; a conferir com os originais)"],
                  rows, caption="Comprovação da falha técnica, do acordo e das resoluções",
                  widths=(30, 40, 30))
    return group(analysis, "sec-correcao", extra=body)


def district_material(analysis, store=None) -> Html:
    """What the district chapter says beside its rules: the municipal law creates the
    district (art. 16); the flag of an existing district's seat taken (a limit drawn from the
    system of the law, art. 15: :func:`viabilidade.rules.art15.seat_flag`); the memorial
    available for the limits the law must describe (art. 18:
    :func:`viabilidade.rules.art18.limits_note`); the representation the law may set (art. 19)
    and the installation by the mayor within 180 days (art. 20); each quoted."""
    from ..rules import art15, art18

    c = analysis.candidate
    flag = art15.seat_flag(analysis.profile)
    flag_class = ' class="aviso"' if flag.raised else ""

    def quote(key: str, items: tuple[str, ...] = ()) -> str:
        text = " ".join([law_text(key), *(f"{i} – {law_text(f'{key}.{i}')}" for i in items)])
        return f'<blockquote class="texto-legal">“{esc(text)}”</blockquote>'

    return Html(
        f"<p>O distrito é criado por <strong>lei municipal</strong> de "
        f"{esc('; '.join(u.label for u in analysis.profile.origins.values()) or '—')} (art. 16), "
        "não por lei estadual: este estudo serve à Câmara Municipal e à Prefeitura. A lei "
        "não indica órgão que apure os requisitos do art. 17; os números que o estudo não "
        "decide ficam a comprovar.</p>" + quote("art16")
        + f"<h3>{esc(art15.TITLE)}</h3><p>{esc(art15.BASIS)}</p>{quote('art15')}"
          f"<p{flag_class}>{esc(flag.text)}</p>"
        + f"<h3>{esc(art18.TITLE)}</h3><p>{esc(art18.limits_note(c, _has_tracts(c, store)))}</p>"
          f"{quote('art18')}"
        + "<p>A lei municipal pode fixar a forma de representação do distrito junto à "
          "administração do município (art. 19); não é requisito da criação.</p>" + quote("art19", ("I", "II"))
        + f"<p>Criado o distrito, o Prefeito o instala em solenidade, em data que marca, dentro "
          f"de cento e oitenta dias (art. 20). A lei não diz de quando se contam os 180 dias; o "
          f"estudo os conta {ART20_FROM}, como o projeto de lei; essa lei ainda não existe para "
          f"o {esc(fill_name('Distrito de {name}', c.name))}: por isso não há data.</p>"
        + quote("art20"))
