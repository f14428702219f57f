"""Type stubs of the compiled half, ``tourglyph._tourglyph`` (bindings/python/src/lib.rs).

Each function takes the request as ``(key, text)`` pairs named as the library's key
table names them (``[("board", "6x6"), ("classes", "true")]``); the Python half
(``tourglyph/__init__.py``) builds them from keyword arguments.
"""

from typing import List, Optional, Tuple

Keys = List[Tuple[str, str]]
Walked = Tuple[int, Optional[int], bytes]

VERSION: str

def count_json(keys: Keys, force: bool = False) -> str:
    """``tourglyph count --json``'s object."""

def walk(keys: Keys) -> TourWalk:
    """Start walking the selected tours (``list``'s order) on a thread of their own."""

class TourWalk:
    def next_batch(self) -> Optional[List[Walked]]:
        """The next ``(id, orbit, cells)`` tuples (cells: little-endian u32 cell
        indices in tour order), or ``None`` when the walk is over."""

def random_tour(keys: Keys, seed: int) -> Walked: ...
def find_tour(keys: Keys, closed: bool, start: Optional[str] = None, seed: Optional[int] = None) -> Tuple[bytes, bool]: ...
def find_write(keys: Keys, closed: bool, style: str, path: str, start: Optional[str] = None, seed: Optional[int] = None) -> None: ...
def glyph_bytes(keys: Keys, id: Optional[str], random: bool, seed: int, style: str, size: str, format: str) -> bytes: ...
def sheet_bytes(keys: Keys, page: str, style: str, format: str, title: Optional[str] = None) -> bytes: ...
def sheet_write(keys: Keys, page: str, style: str, path: str, title: Optional[str] = None) -> List[str]: ...
def cells_list(cells: bytes, coords: Tuple[Tuple[int, int], ...]) -> List[Tuple[int, int]]:
    """The cells (little-endian u32 indices) as ``coords[i]`` each."""

def key_names() -> List[Tuple[str, str]]:
    """Every key of the table with its group: ``spec``, ``pick``, ``draw`` or ``shape``."""
