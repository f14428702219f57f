"""The vpype plugin: tour glyphs' pen strokes into a vpype pipeline.

::

    vpype tourglyph --board 6x6 --id 17 --style kufic --plot hatch linesort write out.svg
    vpype tourglyph sheet --board 6x6 --classes --page a3 --plot concentric write sheet.svg

The strokes are the ones ``tourglyph glyph --plot …`` (``tourglyph render --plot …`` for
``sheet``) writes: the library draws the plotter SVG, one layer a pen, and vpype reads it
back, so its layers hold those strokes, in millimetres on the page. vpype finds the
command through the ``vpype.plugins`` entry point of this package.
"""

from __future__ import annotations

import os
import tempfile

import click
import vpype as vp
import vpype_cli

import tourglyph as _tg


class _SheetAware(click.Command):
    """``tourglyph sheet …`` as the issue writes it: a leading ``sheet`` word is the
    ``--sheet`` switch (a click group would end vpype's chain of commands)."""

    def parse_args(self, ctx, args):
        if args and args[0] == "sheet":
            args = ["--sheet"] + list(args[1:])
        return super().parse_args(ctx, args)


@click.command(name="tourglyph", cls=_SheetAware)
@click.option("--sheet", is_flag=True, help="A sheet of every selected tour (tourglyph render), not one glyph.")
@click.option("--board", required=True, help="The board, ROWSxCOLS (6x6).")
@click.option("--piece", default="rook", show_default=True, help="rook, knight, king, … or leaper:A,B.")
@click.option("--open", "open_", is_flag=True, help="Open tours (Hamiltonian paths).")
@click.option("--torus", is_flag=True, help="Closed rook tours of the torus.")
@click.option("--id", "id_", type=int, default=None, help="The tour's ID (as tourglyph list numbers it).")
@click.option("--random", "random_", is_flag=True, help="A tour drawn at random with --seed.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for --random (and a sheet's --sample).")
@click.option("--style", default="plotter", show_default=True, help="A built-in style or a TOML style file.")
@click.option("--plot", default="hatch", show_default=True, help="Pen strokes: hatch, concentric or none.")
@click.option("--pen-width", default=None, help="The pen's width in mm.")
@click.option("--hatch-angle", default=None, help="The hatch lines' angle in degrees.")
@click.option("--size", default="50mm", show_default=True, help="A glyph's width: 50mm, 5cm, 2in.")
@click.option("--classes", is_flag=True, help="sheet: one tour per symmetry class.")
@click.option("--page", default="a4", show_default=True, help="sheet: a4, a3, letter, WxHmm, …")
@click.option("--limit", type=int, default=None, help="sheet: at most K tours.")
@click.option("--range", "range_", default=None, help="sheet: tour IDs A..B.")
@click.option("--sample", type=int, default=None, help="sheet: K tours drawn at random with --seed.")
@click.option("--quantization", type=vpype_cli.LengthType(), default="0.1mm", show_default=True,
              help="Curves are cut into segments of at most this length.")
@vpype_cli.global_processor
def tourglyph_command(
    document: vp.Document,
    sheet: bool,
    board: str,
    piece: str,
    open_: bool,
    torus: bool,
    id_,
    random_: bool,
    seed: int,
    style: str,
    plot: str,
    pen_width,
    hatch_angle,
    size: str,
    classes: bool,
    page: str,
    limit,
    range_,
    sample,
    quantization: float,
) -> vp.Document:
    """Tour glyphs' pen strokes (tourglyph glyph --plot / render --plot) as layers."""
    draw = {"plot": plot, "pen_width": pen_width, "hatch_angle": hatch_angle}
    try:
        svg = _svg(sheet, board, piece, open_, torus, id_, random_, seed, style, size,
                   classes, page, limit, range_, sample, draw)
    except _tg.TourglyphError as e:
        raise click.BadParameter(str(e))
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "tourglyph.svg")
        with open(path, "wb") as f:
            f.write(svg)
        read = vp.read_multilayer_svg(path, quantization)
    document.extend(read)
    return document


def _svg(sheet, board, piece, open_, torus, id_, random_, seed, style, size, classes, page,
         limit, range_, sample, draw) -> bytes:
    """The plotter SVG the command line writes for the same flags."""
    draw = {k: v for k, v in draw.items() if v is not None}
    if sheet:
        sel = _tg.tours(board, piece=piece, open=open_, torus=torus, classes=classes,
                              limit=limit, range=range_, sample=sample,
                              seed=seed if sample else None)
        return _tg.sheet(sel, page=page, style=style, **draw).to_bytes("svg")
    if random_:
        t = _tg.random_tour(board, seed=seed, piece=piece, open=open_, torus=torus)
    elif id_ is not None:
        t = _tg.tour(board, id=id_, piece=piece, open=open_, torus=torus)
    else:
        raise _tg.errors.UsageError("give --id N or --random (with --seed S)")
    return t.to_bytes("svg", style=style, size=size, **draw)


# The entry point's object: `vpype tourglyph …`.
tourglyph = tourglyph_command
