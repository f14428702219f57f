#!/usr/bin/env python3
"""Inkscape extension: Extensions → Render → Tour glyph…

Inserts one tour glyph (board, piece, ID or a random tour with a seed, style, size in
document units) as a group at the centre of the view, with a ``<desc>`` giving the
command that draws it again. The glyph comes from the Python package ``tourglyph``
(``pip install ./bindings/python``), else from the ``tourglyph`` binary on PATH; with
neither, the extension says so in one line.

Install: copy this folder's two files into Inkscape's user extensions folder
(``~/.config/inkscape/extensions``); the guide gives the command.
"""

import shlex
import shutil
import subprocess

import inkex
from lxml import etree

SVG_NS = "http://www.w3.org/2000/svg"


def glyph_svg(board, piece, id_, random_, seed, style, size_mm):
    """The glyph's SVG bytes, and the command line that draws it again."""
    args = ["--board", board, "--piece", piece]
    args += ["--random", "--seed", str(seed)] if random_ else ["--id", str(id_)]
    args += ["--style", style, "--size", f"{size_mm:g}mm"]
    command = "tourglyph glyph " + " ".join(shlex.quote(a) for a in args) + " -o glyph.svg"
    try:
        import tourglyph
    except ImportError:
        tourglyph = None
    if tourglyph is not None:
        try:
            if random_:
                t = tourglyph.random_tour(board, seed=seed, piece=piece)
            else:
                t = tourglyph.tour(board, id=int(id_), piece=piece)
            return t.to_bytes("svg", style=style, size=f"{size_mm:g}mm"), command
        except (tourglyph.TourglyphError, ValueError) as e:
            raise inkex.AbortExtension(f"tourglyph: {e}")
    binary = shutil.which("tourglyph")
    if binary is None:
        raise inkex.AbortExtension(
            "tourglyph: neither the Python package nor the binary was found: "
            "pip install ./bindings/python (into Inkscape's Python), or put tourglyph on PATH"
        )
    run = subprocess.run([binary, "glyph", *args, "-o", "-"], capture_output=True)
    if run.returncode != 0:
        raise inkex.AbortExtension(run.stderr.decode("utf-8", "replace").strip().splitlines()[-1])
    return run.stdout, command


def view_centre(svg):
    """The centre of Inkscape's view in user units; the page's when the document has
    never been opened in Inkscape (no view saved)."""
    nv = svg.namedview
    if nv.get(inkex.addNS("cx", "inkscape")) is not None:
        return tuple(nv.center)
    return tuple(svg.get_page_bbox().center)


class TourGlyph(inkex.EffectExtension):
    def add_arguments(self, pars):
        pars.add_argument("--board", default="6x6")
        pars.add_argument("--piece", default="rook")
        pars.add_argument("--random", type=inkex.Boolean, default=False)
        pars.add_argument("--tour_id", default="0")  # inkex takes --id (the selection)
        pars.add_argument("--seed", type=int, default=1)
        pars.add_argument("--style", default="kufic")
        pars.add_argument("--size", type=float, default=50.0)

    def effect(self):
        o = self.options
        # The size in document units, as millimetres for the library (its unit).
        size_uu = o.size
        size_mm = self.svg.uutounit(size_uu, "mm")
        data, command = glyph_svg(o.board, o.piece, o.tour_id, o.random, o.seed, o.style, size_mm)
        root = etree.fromstring(data)
        view = [float(v) for v in root.get("viewBox").split()]
        scale = size_uu / view[2]
        height_uu = view[3] * scale
        cx, cy = view_centre(self.svg)
        group = inkex.Group()
        group.label = f"tour glyph {o.board} {o.piece}"
        group.transform = inkex.Transform(
            f"translate({cx - size_uu / 2:.6g},{cy - height_uu / 2:.6g}) scale({scale:.6g}) "
            f"translate({-view[0]:.6g},{-view[1]:.6g})"
        )
        desc = inkex.Desc()
        desc.text = "Drawn by tourglyph; to draw it again: " + command
        group.append(desc)
        for child in list(root):
            tag = etree.QName(child).localname
            if tag in ("title", "desc", "metadata", "namedview"):
                continue
            group.append(child)
        # The glyph's layers become plain groups of the inserted group, and its ids are
        # made unique in the document (a second glyph must not repeat the first's).
        # (numbered in order, not inkex's random suffixes: the same document and options
        # give the same file).
        taken = {el.get("id") for el in self.document.getroot().iter() if isinstance(el.tag, str)}
        n = 0
        for el in group.iter():
            if not isinstance(el.tag, str):
                continue
            el.attrib.pop(inkex.addNS("groupmode", "inkscape"), None)
            if el.get("id") is not None:
                while f"tourglyph-{n}" in taken:
                    n += 1
                el.set("id", f"tourglyph-{n}")
                taken.add(f"tourglyph-{n}")
        self.svg.get_current_layer().append(group)


if __name__ == "__main__":
    TourGlyph().run()
