"""What help() shows of the package's classes. Private.

pydoc documents a class by dir(cls): for an exception or a named tuple that is every method of
BaseException or tuple again, 50 to 100 lines a class. The metaclass _Brief makes dir(cls) the
public names the package defines for the class (and the protocol methods it implements), so
help() of a submodule stays a page. dir() of an instance, which completion uses, is unchanged:
it does not ask the metaclass. A named tuple gets the metaclass through the @_brief decorator.
"""

from __future__ import annotations

import inspect
from typing import Any, List, Set, TypeVar

# the dunder methods that say what an object can do, shown with the public names
_PROTOCOL = frozenset(("__call__", "__contains__", "__getitem__", "__iter__", "__len__"))


class _Brief(type):
    """The metaclass of the package's public classes (see the module's docstring)."""

    def __dir__(cls) -> List[str]:
        names: Set[str] = set()
        fields = getattr(cls, "_fields", ())   # a named tuple's: its signature line names them
        for c in cls.__mro__:
            if c.__module__.split(".")[0] == "libsg":
                names.update(n for n in vars(c) if not n.startswith("_") or n in _PROTOCOL)
        return sorted(names.difference(fields))


_C = TypeVar("_C", bound=type)


def _brief(cls: _C) -> _C:
    """A class decorator for a NamedTuple (which cannot take a metaclass): the class again, as
    a subclass under _Brief with the same name, module and docstring."""
    ns: Any = {"__slots__": (), "__doc__": cls.__doc__, "__module__": cls.__module__,
               "__qualname__": cls.__qualname__}
    sub = _Brief(cls.__name__, (cls,), ns)
    # its fields as help() shows its signature (not ForwardRef('int') for each annotation)
    field = inspect.Parameter.POSITIONAL_OR_KEYWORD
    sub.__signature__ = inspect.Signature(   # type: ignore[attr-defined]
        [inspect.Parameter(f, field) for f in getattr(cls, "_fields")])
    cls.__name__ = cls.__qualname__ = "_" + cls.__name__   # the base, as its MRO line shows it
    return sub   # type: ignore[return-value]
