"""Status codes and the exceptions that carry them; the loaded library's version.

A status code returned by the library raises Error, or the subclass for that code, which is
also the matching built-in exception (each a subclass of Error and of the one in brackets;
help(libsg.RangeError) shows one):

    EINVAL   InvalidArgumentError (ValueError)  an argument the library refuses
    ENOMEM   OutOfMemoryError (MemoryError)     no memory, a memory cap reached, a size too large
    ERANGE   RangeError (ValueError)            a position or size out of range
    ELOOP    CycleError                         the game graph has a cycle
    ESTOP    StoppedError                       a callback stopped the computation
    EIO      FileError (OSError)                a checkpoint file could not be read or written
    EBUSY    BusyError (RuntimeError)           the object is in use by a call not returned
    EGAME    CheckpointError (ValueError)       a checkpoint or store file of another game
                                                (EFORMAT: damaged)
    EWINDOW  WindowError (LookupError)          a value the window of a run has dropped

Each carries .status (the code), .name ("EINVAL"), .message (the library's text), .function
(the C function) and .detail (what was wrong: the position, the option, the argument).
"""

from __future__ import annotations

from typing import Dict, List, Optional

from ._brief import _Brief
from ._lib import _sg_status_name, _sg_strerror, _sg_version_number, _sg_version_string

__all__ = ["OK", "EINVAL", "ENOMEM", "ERANGE", "ELOOP", "ESTOP", "EIO", "EBUSY", "EGAME",
           "EFORMAT", "EWINDOW", "Error", "InvalidArgumentError", "OutOfMemoryError", "RangeError",
           "CycleError", "StoppedError", "FileError", "BusyError", "CheckpointError",
           "WindowError", "version", "version_number", "strerror", "status_name"]


# status codes (include/sg.h, SG_STATUS_MAP); tests/test_libsg.py checks them against the header
OK, EINVAL, ENOMEM, ERANGE, ELOOP, ESTOP, EIO, EBUSY, EGAME, EFORMAT, EWINDOW = range(0, -11, -1)

class Error(Exception, metaclass=_Brief):
    """A status code returned by libsg. Attributes: status (the negative code), name ("EINVAL",
    ..., from sg_status_name), message (the library's sg_strerror text), function (the C
    function) and detail (what was wrong, when the binding or the library can say; else None).
    """

    def __init__(self, status: int, function: Optional[str] = None,
                 detail: Optional[str] = None) -> None:
        self.status = status
        self.name = status_name(status)
        self.message = strerror(status)
        self.function = function
        self.detail = detail
        where = "%s: " % function if function else ""
        if detail:
            text = "%s%s (SG_%s: %s)" % (where, detail, self.name, self.message)
        else:
            text = "%s%s (SG_%s)" % (where, self.message, self.name)
        super().__init__(text)

    def __str__(self) -> str:
        return str(self.args[0])


class InvalidArgumentError(Error, ValueError):
    """SG_EINVAL: an argument the library refuses (an empty move set, a malformed code, ...)."""


class OutOfMemoryError(Error, MemoryError):
    """SG_ENOMEM: no memory, a memory cap reached, or a size too large to allocate."""


class RangeError(Error, ValueError):
    """SG_ERANGE: a position or size out of range, or beyond a designed limit."""


class CycleError(Error):
    """SG_ELOOP: the game graph has a cycle."""


class StoppedError(Error):
    """SG_ESTOP: a callback stopped the computation."""


class FileError(Error, OSError):
    """SG_EIO: a checkpoint file could not be read or written."""


class BusyError(Error, RuntimeError):
    """SG_EBUSY: the object is in use by a call that has not returned (its own rule called it,
    or closed it)."""


class CheckpointError(Error, ValueError):
    """SG_EGAME / SG_EFORMAT: a checkpoint or store file of another game, or damaged."""


class WindowError(Error, LookupError):
    """SG_EWINDOW: a windowed run needed a value it had dropped (its window is too small), or a
    read asked for one."""


# help() lists what dir() gives: the subclasses of Error are the table of the docstring, not
# nine pages of BaseException's methods (they stay in __all__, and in dir(libsg))
_SUBCLASSES = frozenset(("InvalidArgumentError", "OutOfMemoryError", "RangeError", "CycleError",
                         "StoppedError", "FileError", "BusyError", "CheckpointError",
                         "WindowError"))


def __dir__() -> List[str]:
    return [n for n in __all__ if n not in _SUBCLASSES]


_ERROR_CLASSES: Dict[int, type] = {
    EINVAL: InvalidArgumentError, ENOMEM: OutOfMemoryError, ERANGE: RangeError,
    ELOOP: CycleError, ESTOP: StoppedError, EIO: FileError, EBUSY: BusyError,
    EGAME: CheckpointError, EFORMAT: CheckpointError, EWINDOW: WindowError,
}


def _error(status: int, function: Optional[str] = None, detail: Optional[str] = None) -> Error:
    cls = _ERROR_CLASSES.get(status, Error)
    e = cls(status, function, detail)
    assert isinstance(e, Error)
    return e


# ---- version and messages --------------------------------------------------------------------

def version() -> str:
    """The loaded library's version, "MAJOR.MINOR.PATCH"."""
    return bytes(_sg_version_string()).decode("ascii")


def version_number() -> int:
    """The loaded library's version as MAJOR*10000 + MINOR*100 + PATCH."""
    return int(_sg_version_number())


def strerror(status: int) -> str:
    """The library's message for a status code (never fails; unknown codes are named so)."""
    if not -(1 << 31) <= status < (1 << 31):
        return "unknown status"
    return bytes(_sg_strerror(status)).decode("utf-8", "replace")


_FALLBACK_NAMES = {OK: "OK", EINVAL: "EINVAL", ENOMEM: "ENOMEM", ERANGE: "ERANGE",
                   ELOOP: "ELOOP", ESTOP: "ESTOP", EIO: "EIO", EBUSY: "EBUSY", EGAME: "EGAME",
                   EFORMAT: "EFORMAT", EWINDOW: "EWINDOW"}


def status_name(status: int) -> str:
    """The status's symbol without "SG_" ("EINVAL"), from sg_status_name; "E?" when unknown."""
    if _sg_status_name is not None and -(1 << 31) <= status < (1 << 31):
        name = _sg_status_name(status)
        return bytes(name).decode("ascii") if name else "E?"
    return _FALLBACK_NAMES.get(status, "E?")
