"""The one door from the shims to the template library.

Everything the shim room needs from the template language (loading a library, the
checked templates, their shim arguments, the known backends and element types) is
imported here and nowhere else in `polylift/shims/`, so a move of the template language
changes one module.
"""

from __future__ import annotations

from polylift.matcher.ast import ArrayDecl
from polylift.matcher.checks import BACKENDS, DTYPES
from polylift.matcher.library import KernelTemplate, Library, ShimArg, load_library

__all__ = ["BACKENDS", "DTYPES", "ArrayDecl", "KernelTemplate", "Library", "ShimArg",
           "load_library"]
