"""libsg: Sprague-Grundy values of impartial games, from Python.

The binding of the C library libsg. `pip install .` at the root of the source tree compiles
the library into the extension module libsg._native, so rules written in Python run at the
speed of a Python call (libsg.native is True); where Python's headers are missing it builds
the plain shared library instead, and calls go through ctypes (libsg.native is False).

    >>> import libsg
    >>> libsg.nim_winning_move([3, 4, 5])
    (0, 1)
    >>> libsg.subtraction_table([1, 3, 4], 10).tolist()
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
    >>> libsg.table_build(lambda n: [n - k for k in range(1, n + 1)] +
    ...                   [libsg.Sum(k, n - k) for k in range(1, n // 2 + 1)], 8).tolist()
    [0, 1, 2, 4, 3, 5, 6, 8]

Every name is re-exported here from the submodule of its concept (help() of each is a page):

    libsg.tables     rules written in Python: table_build, winning_move, Memo, Sum, Value
    libsg.families   subtraction, all-but, octal games, Grundy's game; periods and patterns
    libsg.nim        Nim, misere Nim, mex, the field of nimbers
    libsg.closed     closed forms: Wythoff, Moore's Nim, staircase Nim, coins, anti-SG
    libsg.sequence   long runs: Sequence, checkpoints, windows
    libsg.loopy      games with cycles: Loopy, Infinite, outcomes with draws
    libsg.misere     misere play: misere_table, MisereMemo, MisereOctal, Genus
    libsg.quotients  misere quotients: MisereQuotient
    libsg.structured positions as bytes (graphs, boards): Store, selftest, Move
    libsg.graphs     Node Kayles and Arc Kayles on any graph
    libsg.boards     Welter's game, Green Hackenbush, Cram, Node Kayles on boards
    libsg.errors     Error and its subclasses, status codes, version()

Every table function takes the game first, then how many values: table_build(rule, n),
subtraction_table(moves, n), octal_table(code, n). Tables come back as array.array('I').
Objects holding the library's memory (Memo, MisereMemo, MisereOctal, Loopy, Sequence, and the
stores: Store, CramStore, NodeKaylesBoardStore, NodeKaylesStore, ArcKaylesStore) are freed by
close() or on leaving a with block; calls on one take turns across threads.

The library is the package's own compiled copy, or the file named by the environment
variable LIBSG_PATH (then through ctypes), or the system's (ctypes.util.find_library("sg")).
LIBSG_NATIVE=0 uses ctypes even when the extension module is there. See docs/ffi.md.
"""

from ._lib import ABI_MAJOR as ABI_MAJOR, MIN_VERSION_NUMBER as MIN_VERSION_NUMBER
from ._lib import Table as Table, has_octal as has_octal, library_path as library_path
from ._lib import native as native
from . import errors, nim, closed, sequence, families, tables, loopy, misere, quotients
from . import structured, graphs
from .errors import *   # noqa: F401,F403 (each submodule's __all__)
from .nim import *      # noqa: F401,F403
from .closed import *   # noqa: F401,F403
from .sequence import *     # noqa: F401,F403
from .families import *     # noqa: F401,F403
from .tables import *   # noqa: F401,F403
from .loopy import *    # noqa: F401,F403
from .misere import *   # noqa: F401,F403
from .quotients import *    # noqa: F401,F403
from .structured import *   # noqa: F401,F403
from .graphs import *   # noqa: F401,F403 (Node Kayles, Arc Kayles, graph canonical forms)

#: The version of the C library this package runs ("0.2.0"): read from the library itself.
__version__: str = errors.version()

__all__ = ["__version__", "ABI_MAJOR", "MIN_VERSION_NUMBER", "Table", "has_octal",
           "library_path", "native", "errors", "nim", "closed", "sequence", "families", "tables",
           "loopy", "misere", "quotients", "structured", "graphs"]
__all__ += errors.__all__
__all__ += nim.__all__
__all__ += closed.__all__
__all__ += sequence.__all__
__all__ += families.__all__
__all__ += tables.__all__
__all__ += loopy.__all__
__all__ += misere.__all__
__all__ += quotients.__all__
__all__ += structured.__all__
__all__ += graphs.__all__
from . import boards   # noqa: E402 (Welter, Hackenbush, Cram, Node Kayles on boards)
from .boards import *   # noqa: F401,F403,E402
__all__ += ["boards"] + boards.__all__


def __dir__() -> list:   # type: ignore[type-arg]
    """Only the public names: no modules of the standard library, no private names."""
    return sorted(set(__all__))
