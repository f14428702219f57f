"""Count, walk and draw chess-piece tours: closed rook tours, knight's tours, any leaper.

The same numbers, tour IDs and bytes as the ``tourglyph`` command line, from the same
library (not by running the binary)::

    >>> import tourglyph
    >>> tourglyph.count("6x6")
    1072
    >>> tourglyph.count("6x6", classes=True)
    149
    >>> t = tourglyph.tour("6x6", id=17)
    >>> t.cells[:3]
    [(0, 0), (0, 1), (0, 2)]
    >>> svg = t.svg(style="kufic")

The keyword arguments are the command line's flags, one name each (``--non-crossing``
is ``non_crossing=True``); style keys (``stroke``, ``width``, ``plot``, ``dpi``, …) go to
the drawing methods. Errors are the exceptions of :mod:`tourglyph.errors`, bad input a
``ValueError``. Long work releases the GIL and stops on Ctrl-C (``KeyboardInterrupt``).
"""

from __future__ import annotations

import os
from typing import Iterable, Iterator, Optional, Sequence, Tuple, Union

from . import _tourglyph, errors
from .errors import TourglyphError, UsageError

__all__ = [
    "count",
    "counts",
    "tours",
    "tour",
    "random_tour",
    "find",
    "sheet",
    "grid",
    "Tour",
    "Tours",
    "Sheet",
    "Grid",
    "TourglyphError",
    "errors",
]

__version__ = _tourglyph.VERSION

Board = Union[str, Tuple[int, int]]

# The key table's names (`piece`, `board`, `stroke`, …) by group: the drawing keys are
# the ones a drawing method takes as **style_keys.
_GROUPS = dict(_tourglyph.key_names())
_DRAW_KEYS = frozenset(k for k, g in _GROUPS.items() if g == "draw")


def _text(value) -> str:
    """A keyword's value as the command line writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, range):
        if value.step != 1:
            raise UsageError(f"bad range {value!r}: give a range of step 1, e.g. range(0, 100)")
        return f"{value.start}..{value.stop}"
    return str(value)


def _board(board: Optional[Board]) -> Optional[str]:
    if board is None:
        return None
    if isinstance(board, tuple):
        return f"{board[0]}x{board[1]}"
    return str(board)


def _keys(board: Optional[Board] = None, shape: Optional[str] = None, **given) -> list:
    """The request's ``(key, text)`` pairs: ``board`` and a shape's grid text
    (``shape``), then each keyword given (``None`` and ``False`` leave a key unset)."""
    keys = []
    b = _board(board)
    if b is not None:
        keys.append(("board", b))
    if shape is not None:
        keys.append(("shape_grid", shape))
    for name, value in given.items():
        if value is None or value is False:
            continue
        keys.append((name, _text(value)))
    return keys


def counts(
    board: Optional[Board] = None,
    piece: str = "rook",
    open: bool = False,
    torus: bool = False,
    classes: bool = False,
    symmetry: Optional[str] = None,
    non_crossing: bool = False,
    shape: Optional[str] = None,
    force: bool = False,
) -> dict:
    """Every figure of the count (``tourglyph count --json``) as a dict, each count an
    exact ``int``: ``tours``, with ``classes=True`` ``classes`` and ``orbits`` (orbit size
    to number of classes), ``symmetric`` with a symmetry, ``fixed`` (tours each symmetry
    fixes); a shaped board's ``count``."""
    import json

    keys = _keys(
        board,
        shape,
        piece=piece,
        open=open,
        torus=torus,
        classes=classes,
        symmetry=symmetry,
        non_crossing=non_crossing,
    )
    answer = json.loads(_tourglyph.count_json(keys, force))
    out = {}
    for k, v in answer.items():
        if k.endswith("_text"):
            continue
        text = answer.get(k + "_text")
        if text is not None:
            v = int(text)
        elif k == "count":
            v = int(v)
        elif isinstance(v, dict):
            # `orbits` (orbit size: classes) and `fixed` (symmetry: tours); JSON numbers
            # are read exactly by Python's json, whatever their size.
            v = {(int(a) if a.isdigit() else a): b for a, b in v.items()}
        out[k] = v
    return out


def count(
    board: Optional[Board] = None,
    piece: str = "rook",
    open: bool = False,
    torus: bool = False,
    classes: bool = False,
    symmetry: Optional[str] = None,
    non_crossing: bool = False,
    shape: Optional[str] = None,
    force: bool = False,
) -> int:
    """The number of tours (of classes with ``classes=True``, of the tours a symmetry
    fixes with ``symmetry``, of non-crossing tours with ``non_crossing=True``), exact:
    ``tourglyph count``'s number. ``board`` is ``"8x8"`` or ``(8, 8)``; ``shape`` a text
    grid (``#`` a cell, ``.`` none) in place of the board."""
    c = counts(board, piece, open, torus, classes, symmetry, non_crossing, shape, force)
    for figure in ("classes", "symmetric", "non_crossing", "count"):
        if figure in c:
            return c[figure]
    return c["tours"]


class Tour:
    """One tour: its ``id`` (its rank in ID order, as ``tourglyph list`` numbers it;
    ``None`` for a tour ``find`` made), its ``orbit`` size with classes, its ``cells`` in
    tour order as ``(row, col)`` and its ``edges``. It draws itself (:meth:`svg`,
    :meth:`png`, :meth:`to_bytes`) and shows itself in Jupyter."""

    __slots__ = ("id", "orbit", "_cells", "_spec", "_found")

    def __init__(self, id, orbit, cells: bytes, spec: dict, found=None):
        self.id = id
        self.orbit = orbit
        self._cells = cells
        self._spec = spec
        self._found = found

    @property
    def board(self) -> Tuple[int, int]:
        """The board as ``(rows, cols)``."""
        rows, cols = self._spec["board"].lower().split("x")
        return int(rows), int(cols)

    @property
    def piece(self) -> str:
        return self._spec.get("piece", "rook")

    @property
    def closed(self) -> bool:
        if self._found is not None:
            return self._found["closed"]
        return not self._spec.get("open", False)

    @property
    def cells(self) -> list:
        """The cells in tour order, as ``(row, col)`` from the top-left corner."""
        coords = self._spec.get("coords")
        if coords is None:
            coords = _coords(*self.board)
            self._spec["coords"] = coords
        return _tourglyph.cells_list(self._cells, coords)

    @property
    def edges(self) -> list:
        """The moves as pairs of cells, in tour order (the closing move last when the
        tour is closed)."""
        cells = self.cells
        pairs = list(zip(cells, cells[1:]))
        if self.closed and len(cells) > 2:
            pairs.append((cells[-1], cells[0]))
        return pairs

    def __len__(self) -> int:
        return len(self._cells) // 4

    def to_numpy(self):
        """The cells as a numpy array of shape ``(n, 2)`` (row, col); needs numpy."""
        try:
            import numpy as np
        except ImportError as e:  # pragma: no cover - shown where numpy is missing
            raise ImportError("Tour.to_numpy needs numpy: pip install numpy") from e
        flat = np.frombuffer(self._cells, dtype="<u4").astype(np.int64)
        cols = self.board[1]
        return np.stack([flat // cols, flat % cols], axis=1)

    def to_bytes(self, format: str = "svg", style: str = "line", size: str = "50mm", **style_keys) -> bytes:
        """The glyph's bytes in ``format`` (``svg``, ``pdf``, ``ps``, ``eps``, ``png``,
        ``gcode``, ``dxf``): ``tourglyph glyph``'s file for this tour."""
        draw = _draw_keys(style_keys)
        if self._found is not None:
            return self._found_bytes(format, style, draw)
        keys = _keys(
            self._spec["board"],
            piece=self._spec.get("piece"),
            open=self._spec.get("open", False),
            torus=self._spec.get("torus", False),
        ) + draw
        return _tourglyph.glyph_bytes(keys, str(self.id), False, 0, style, _size(size), format)

    def _found_bytes(self, format: str, style: str, draw: list) -> bytes:
        f = self._found
        keys = _keys(self._spec["board"], piece=self._spec.get("piece")) + draw
        # Imported here, for the one path that needs it: tempfile (with shutil and random)
        # is most of the package's import time.
        import tempfile

        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "tour." + format)
            _tourglyph.find_write(keys, f["closed_asked"], style, path, f["start"], f["seed"])
            with open(path, "rb") as fh:
                return fh.read()

    def svg(self, style: str = "kufic", size: str = "50mm", **style_keys) -> str:
        """The glyph as SVG text in ``style`` (a built-in name or a TOML file), with the
        style keys over it (``stroke="#a33"``, ``width=0.3``, ``plot="hatch"``, …)."""
        return self.to_bytes("svg", style, size, **style_keys).decode("utf-8")

    def png(self, dpi: float = 300, style: str = "kufic", size: str = "50mm", **style_keys) -> bytes:
        """The glyph as PNG bytes at ``dpi``."""
        return self.to_bytes("png", style, size, dpi=dpi, **style_keys)

    def _repr_svg_(self) -> str:
        return self.svg(size="40mm")

    def __repr__(self) -> str:
        what = f"id={self.id}" if self.id is not None else "found"
        orbit = f", orbit={self.orbit}" if self.orbit is not None else ""
        return f"<Tour {self.piece} {self._spec['board']} {what}{orbit}>"


def _coords(rows: int, cols: int) -> tuple:
    """Each cell's ``(row, col)``, by cell index: made once a board and shared by its
    tours (the tuples are immutable), so a tour's ``cells`` is a lookup a cell."""
    return tuple(divmod(c, cols) for c in range(rows * cols))


def _size(size) -> str:
    return f"{size}mm" if isinstance(size, (int, float)) else str(size)


def _draw_keys(style_keys: dict) -> list:
    unknown = [k for k in style_keys if k not in _DRAW_KEYS]
    if unknown:
        raise UsageError(
            f"unknown style key '{unknown[0]}': use one of {', '.join(sorted(_DRAW_KEYS))}"
        )
    return _keys(**style_keys)


class Tours:
    """A selection of tours (``tours(...)``): iterate it for :class:`Tour` objects, in
    ``tourglyph list``'s order, computed as they are read; draw it with :func:`sheet`."""

    def __init__(self, board, **keys):
        self._board = _board(board)
        self._shape = keys.pop("shape", None)
        self._keys = keys

    def _request(self) -> list:
        return _keys(self._board, self._shape, **self._keys)

    def __iter__(self) -> Iterator[Tour]:
        walk = _tourglyph.walk(self._request())
        spec = {
            "board": self._board,
            "piece": self._keys.get("piece") or "rook",
            "open": bool(self._keys.get("open")),
            "torus": bool(self._keys.get("torus")),
        }
        while True:
            batch = walk.next_batch()
            if batch is None:
                return
            for id, orbit, cells in batch:
                yield Tour(id, orbit, cells, spec)

    def count(self) -> int:
        """The number of tours (or classes) in the set, before any range or limit."""
        k = {n: self._keys.get(n) for n in ("piece", "open", "torus", "classes", "symmetry", "non_crossing", "force")}
        return count(self._board, shape=self._shape, **{n: v for n, v in k.items() if v is not None})

    def __repr__(self) -> str:
        given = ", ".join(f"{k}={v!r}" for k, v in self._keys.items() if v not in (None, False))
        return f"<Tours {self._board}{', ' + given if given else ''}>"


def tours(
    board: Optional[Board] = None,
    piece: str = "rook",
    open: bool = False,
    torus: bool = False,
    classes: bool = False,
    non_crossing: bool = False,
    symmetry: Optional[str] = None,
    range: Union[str, "range", None] = None,
    limit: Optional[int] = None,
    sample: Optional[int] = None,
    seed: Optional[int] = None,
    shard: Optional[str] = None,
    force: bool = False,
) -> Tours:
    """The tours ``tourglyph list`` gives for the same flags, lazily: ``for t in
    tours("6x6", classes=True)``. ``range`` is ``"A..B"`` or ``range(A, B)`` of IDs;
    ``sample=K`` draws K uniformly with ``seed``."""
    return Tours(
        board,
        piece=piece,
        open=open,
        torus=torus,
        classes=classes,
        non_crossing=non_crossing,
        symmetry=symmetry,
        range=range,
        limit=limit,
        sample=sample,
        seed=seed,
        shard=shard,
        force=force,
    )


def tour(board: Board, id: int, piece: str = "rook", open: bool = False, torus: bool = False, force: bool = False) -> Tour:
    """The tour with ID ``id`` (``tourglyph glyph --id``'s tour)."""
    if isinstance(id, bool) or not isinstance(id, int) or id < 0:
        raise errors.BadValueError(f"bad tour ID {id!r}: give a whole number from 0")
    for t in tours(board, piece=piece, open=open, torus=torus, range=f"{id}..{id + 1}", force=force):
        return t
    raise UsageError(f"no tour with ID {id} in this set: count it to see its IDs")


def random_tour(
    board: Board,
    seed: int = 0,
    piece: str = "rook",
    open: bool = False,
    torus: bool = False,
    classes: bool = False,
    force: bool = False,
) -> Tour:
    """A tour drawn uniformly at random (one class with ``classes=True``), the same for
    the same ``seed`` (``tourglyph list --sample 1 --seed SEED``)."""
    keys = _keys(board, piece=piece, open=open, torus=torus, classes=classes, force=force)
    id, orbit, cells = _tourglyph.random_tour(keys, seed)
    return Tour(id, orbit, cells, {"board": _board(board), "piece": piece, "open": open, "torus": torus})


def find(
    board: Board,
    piece: str = "knight",
    closed: bool = False,
    start: Optional[str] = None,
    seed: Optional[int] = None,
) -> Tour:
    """One tour on demand on a board of any size (``tourglyph find``): open unless
    ``closed=True``, from ``start`` (``"e4"`` or ``"ROW,COL"``); it has no ID."""
    keys = _keys(board, piece=piece)
    cells, is_closed = _tourglyph.find_tour(keys, closed, start, seed)
    found = {"closed": is_closed, "closed_asked": closed, "start": start, "seed": seed}
    return Tour(None, None, cells, {"board": _board(board), "piece": piece}, found)


class Sheet:
    """A sheet of glyphs (``tourglyph render``): :meth:`save` writes it in the format the
    file's extension names (PDF, PostScript, EPS, SVG, PNG, G-code, DXF, …)."""

    def __init__(self, keys: list, page: str, style: str, title: Optional[str]):
        self._keys, self._page, self._style, self._title = keys, page, style, title

    def save(self, path: Union[str, "os.PathLike"]) -> list:
        """Write the sheet to ``path`` (complete or absent); returns the files written
        (an SVG sheet of several pages is one file a page)."""
        return _tourglyph.sheet_write(self._keys, self._page, self._style, os.fspath(path), self._title)

    def to_bytes(self, format: str = "pdf") -> bytes:
        """The sheet's bytes in ``format`` (SVG and PNG: a sheet of one page)."""
        return _tourglyph.sheet_bytes(self._keys, self._page, self._style, format, self._title)

    def _repr_svg_(self) -> str:
        return self.to_bytes("svg").decode("utf-8")


def sheet(
    tours_or_selection: Union[Tours, Board],
    page: str = "a4",
    style: str = "line",
    title: Optional[str] = None,
    **keys,
) -> Sheet:
    """Every tour of a selection on a sheet: ``sheet(tours("6x6", classes=True),
    page="a3", style="kufic").save("classes.pdf")``, or ``sheet("6x6", classes=True,
    …)`` with :func:`tours`'s keywords; style keys (``stroke=…``) go with them."""
    if isinstance(tours_or_selection, Tours):
        sel = tours_or_selection
        draw = {k: v for k, v in keys.items() if k in _DRAW_KEYS}
        rest = {k: v for k, v in keys.items() if k not in _DRAW_KEYS}
        if rest:
            raise UsageError(
                f"'{next(iter(rest))}' selects tours: give it to tours(...), not to sheet(...)"
            )
        request = sel._request() + _keys(**draw)
    elif isinstance(tours_or_selection, (str, tuple)):
        board = tours_or_selection
        shape = keys.pop("shape", None)
        request = _keys(board, shape, **keys)
    else:
        raise UsageError(
            "a sheet draws a selection: pass tourglyph.tours(...) or a board with its keywords, not a list of tours"
        )
    return Sheet(request, page, style, title)


class Grid:
    """A few tours side by side, for Jupyter (``grid(tours)``)."""

    def __init__(self, tours: Sequence[Tour], style: str = "kufic", size: str = "30mm", columns: int = 6, **style_keys):
        self._tours = list(tours)
        self._style, self._size, self._columns, self._style_keys = style, size, columns, style_keys

    def _cells(self) -> list:
        return [
            (t, t.svg(style=self._style, size=self._size, **self._style_keys))
            for t in self._tours
        ]

    def _repr_html_(self) -> str:
        parts = [
            f'<div style="display:grid;grid-template-columns:repeat({self._columns},auto);gap:8px">'
        ]
        for t, svg in self._cells():
            label = t.id if t.id is not None else ""
            body = svg[svg.index("<svg") :]
            parts.append(f'<figure style="margin:0;text-align:center">{body}<figcaption>{label}</figcaption></figure>')
        parts.append("</div>")
        return "".join(parts)


def grid(tours: Iterable[Tour], style: str = "kufic", size: str = "30mm", columns: int = 6, limit: int = 48, **style_keys) -> Grid:
    """The first ``limit`` of ``tours`` side by side in a notebook (``_repr_html_``)."""
    chosen = []
    for t in tours:
        if len(chosen) == limit:
            break
        chosen.append(t)
    return Grid(chosen, style, _size(size), columns, **style_keys)
