"""The memorial descritivo of a limit line (art. 6º of LC 02/1990): the corrected line between
two municipalities, as a law's annex describes it, mark by mark.

A boundary correction changes the description of a limit, not a territory: its law's annex
describes the line itself (where it begins, each straight stretch to the next mark with its
geodesic length, where it ends), not a polygon by confrontações
(:func:`viabilidade.geo.memorial.memorial`). The marks are the line's vertices as drawn in the
candidate's file; the coordinates are geographic, SIRGAS 2000, in degrees, minutes and seconds
to 0,1" (:func:`viabilidade.geo.memorial.point_words`); the lengths are geodesic on the GRS80
ellipsoid (:data:`viabilidade.common.geodesy.GEOD`).
"""

from __future__ import annotations

from dataclasses import dataclass

import shapely

from ..common.geodesy import GEOD
from .memorial import MAX_LISTED_MARKS, metres, point_words

#: The annex file with every mark of a line of more than :data:`MAX_LISTED_MARKS` marks.
LINE_ANNEX_FILE = "limite-marcos.csv"


@dataclass(frozen=True)
class LineMemorial:
    """A limit line's memorial.

    Attributes
    ----------
    marks : tuple of (str, float, float)
        ``("M-01", lon, lat)`` of each vertex, in the line's order (EPSG:4674 degrees).
    lengths_m : tuple of float
        Geodesic length of each stretch (GRS80), metres; one fewer than ``marks``.
    law_text : tuple of str
        The description in the form of a law's annex: heading, the stretches, the total length
        and the reference system.
    notes : tuple of str
        What the description cannot claim from the data (computed marks, straight lines, no
        river or road), for the drafter's notes outside the annex.
    """

    marks: tuple[tuple[str, float, float], ...]
    lengths_m: tuple[float, ...]
    law_text: tuple[str, ...]
    notes: tuple[str, ...]

    @property
    def length_m(self) -> float:
        """The line's geodesic length, metres."""
        return float(sum(self.lengths_m))

    @property
    def summarised(self) -> bool:
        """True when the text gives the first and last marks and refers to
        :data:`LINE_ANNEX_FILE` for the others."""
        return len(self.marks) > MAX_LISTED_MARKS


def line_memorial(line: shapely.LineString, *, heading: str, source: str) -> LineMemorial:
    """The memorial of a limit line.

    Parameters
    ----------
    line : shapely LineString
        The line in EPSG:4674 degrees (:func:`viabilidade.geo.area_file.read_line`), 2-D.
    heading : str
        The first paragraph (``"Memorial descritivo do limite entre os Municípios de Abadiânia
        e de Alexânia."``).
    source : str
        The file the line comes from, named in the notes.

    Returns
    -------
    LineMemorial
        Every mark listed when there are at most :data:`MAX_LISTED_MARKS`; else the first and
        the last, and the text refers to :data:`LINE_ANNEX_FILE` (:func:`line_csv`).

    Raises
    ------
    ValueError
        For a line of fewer than two distinct vertices.
    """
    coords = [(float(x), float(y)) for x, y, *_ in line.coords]
    coords = [c for i, c in enumerate(coords) if i == 0 or c != coords[i - 1]]
    if len(coords) < 2:
        raise ValueError("linha de limite com menos de dois vértices distintos")
    width = max(2, len(str(len(coords))))
    marks = tuple((f"M-{i:0{width}d}", lon, lat) for i, (lon, lat) in enumerate(coords, start=1))
    lengths = tuple(float(GEOD.line_length([a[1], b[1]], [a[2], b[2]]))
                    for a, b in zip(marks, marks[1:]))
    first, last = marks[0], marks[-1]
    if len(marks) <= MAX_LISTED_MARKS:
        steps = [f"Começa no marco {first[0]}, de coordenadas {point_words(first[1], first[2])}"]
        steps += [f"segue em linha reta, numa extensão de {metres(d)} m, até o marco {m[0]}, de "
                  f"coordenadas {point_words(m[1], m[2])}" for m, d in zip(marks[1:], lengths)]
        body = "; ".join(steps) + ", onde termina."
    else:
        body = (f"Começa no marco {first[0]}, de coordenadas {point_words(first[1], first[2])}; "
                f"segue em {len(lengths)} trechos em linha reta, pelos marcos relacionados no "
                f"arquivo {LINE_ANNEX_FILE}, até o marco {last[0]}, de coordenadas "
                f"{point_words(last[1], last[2])}, onde termina.")
    total = sum(lengths)
    text = (heading, body,
            f"Extensão total: {metres(total)} m. Coordenadas geográficas no Sistema Geodésico "
            "SIRGAS 2000; extensões geodésicas (elipsoide GRS80).")
    notes = (f"Os marcos são os vértices da linha corrigida do arquivo {source}, de coordenadas "
             "calculadas, e não marcos implantados em campo; os trechos seguem linhas retas "
             "entre eles.",
             "Os dados não registram rios, córregos, estradas nem outros acidentes: onde o "
             "limite deva acompanhá-los, a descrição fica para o levantamento do agrimensor.")
    return LineMemorial(marks, lengths, text, notes)


def line_csv(m: LineMemorial) -> str:
    """Every mark of a line memorial as CSV (``marco,lon,lat,extensao_ate_o_proximo_m``)."""
    rows = ["marco,lon,lat,extensao_ate_o_proximo_m"]
    for i, (mark, lon, lat) in enumerate(m.marks):
        after = f"{m.lengths_m[i]:.2f}" if i < len(m.lengths_m) else ""
        rows.append(f"{mark},{lon:.7f},{lat:.7f},{after}")
    return "\n".join(rows) + "\n"
