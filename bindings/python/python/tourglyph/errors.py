"""The exceptions tourglyph raises, one class per kind of the library's error.

Each carries the library's one-line message: what went wrong and the fix. Bad input
(a malformed board, an unknown keyword, a request the library refuses as asked) is a
``ValueError`` as well, so ``except ValueError`` catches it::

    TourglyphError
    ├── UsageError (ValueError)            the request is malformed or contradictory
    │   ├── BadValueError                  a value as written: .what, .value
    │   ├── TooLargeRequestError           refused as asked: too large (bound it)
    │   └── TooLongRequestError            refused as asked: too long (force=True)
    ├── RefusedError                       well-formed work refused: .figures
    │   ├── TooLargeError                  it would not fit (memory, pixels, files)
    │   └── TooLongError                   it would not finish in reasonable time
    ├── NoTourError                        no tour exists (the reason)
    ├── TourglyphRuntimeError (RuntimeError)
    └── FileError (OSError)                a file could not be read or written

(``TooLargeRequestError`` and ``TooLongRequestError`` are ``RefusedError`` too.)
"""


class TourglyphError(Exception):
    """Any error of tourglyph, with the library's one-line message."""


class UsageError(TourglyphError, ValueError):
    """The request is malformed or contradictory (the command line's exit status 2)."""


class BadValueError(UsageError):
    """A value as written that is not valid: ``what`` it is (board, piece, cell, range,
    symmetry) and the ``value``."""

    what: str = ""
    value: str = ""


class RefusedError(TourglyphError):
    """Well-formed work refused before it starts; ``figures`` holds the estimate's
    figures it computed, as ``(name, text)`` pairs (seconds, bytes, cells, tours)."""

    figures: list = []


class TooLargeError(RefusedError):
    """Refused: it would not fit (memory, a board beyond the engines, an image)."""


class TooLongError(RefusedError):
    """Refused: it would not finish in reasonable time (``force=True`` lifts it)."""


class TooLargeRequestError(TooLargeError, UsageError):
    """Refused as asked, too large: bound the request."""


class TooLongRequestError(TooLongError, UsageError):
    """Refused as asked, too long: bound it, or pass ``force=True``."""


class NoTourError(TourglyphError):
    """No tour exists to find or draw; the message says why (a theorem, a colouring)."""


class TourglyphRuntimeError(TourglyphError, RuntimeError):
    """A well-formed request could not be done."""


class FileError(TourglyphError, OSError):
    """A file could not be read or written."""


__all__ = [
    "TourglyphError",
    "UsageError",
    "BadValueError",
    "RefusedError",
    "TooLargeError",
    "TooLongError",
    "TooLargeRequestError",
    "TooLongRequestError",
    "NoTourError",
    "TourglyphRuntimeError",
    "FileError",
]
