"""mypyc's class markers, importable with or without mypy installed (docs/speed.md).

The compiled build (``scripts/build_compiled.py``) turns some engine and game modules into C
extensions with mypyc. A class in such a module becomes a *native* class unless marked: a native
class keeps its attributes in a C struct (no ``__dict__``, which the declared fields' clone and
snapshot read) and cannot be subclassed by an interpreted class (a game's state is one). The state
classes are therefore marked ``@mypyc_attr(native_class=False)``: their methods are compiled, their
instances stay ordinary Python objects. mypyc recognises the marker by its name in
``mypy_extensions``; without that package (a pure install) the marker does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # a pure install without mypy: the marker only matters to the compiler
        def mypyc_attr(*attrs, **kwattrs):
            return lambda cls: cls

__all__ = ["mypyc_attr"]
