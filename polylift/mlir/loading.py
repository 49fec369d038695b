"""How the MLIR bindings are loaded: `libLLVM.so` first, then the bindings without what
a command does not use. `polylift.mlir` imports them through these steps; nothing else
does.

Three upstream modules execute work at import that polylift's passes never use, and
every command would pay for it at start-up:
- `mlir.ir` imports numpy (about 60 ms) only to define four attribute builders (dense
  elements attributes from Python lists); `without_numpy` keeps numpy out of that
  import and `register_elements_builders` defines the same builders, importing numpy
  when one is built.
- `mlir.dialects.linalg` executes the op DSL of every named linalg op (about 45 ms) to
  define function-style builders (`linalg.fill(v, outs=[x])`); the bindings import it
  as soon as an op of the dialect is looked at, to find the op's Python class.
  `find_op_classes_in_polylift` puts `op_classes` first on the bindings' search path,
  so that class lookup imports only the generated op classes; the DSL's builders
  remain a function call away (`polylift.mlir.linalg_builders`).
- `mlir.dialects.llvm` imports the dialect's generated op classes and enums (about
  15 ms) when a context loads the dialect; polylift makes its few llvm ops by name, so
  `op_classes` holds an llvm module with no classes.
"""

from __future__ import annotations

import ctypes
import importlib.util
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

# The package the bindings search first for a dialect's op classes (`<it>.linalg`).
OP_CLASSES = "polylift.mlir.op_classes"


def preload_llvm() -> None:
    """Make `libLLVM.so` from the pinned llvm wheel visible before `mlir` loads."""
    spec = importlib.util.find_spec("llvm")
    if spec is None or not spec.submodule_search_locations:
        return
    lib = Path(next(iter(spec.submodule_search_locations))) / "lib" / "libLLVM.so"
    if lib.exists():
        ctypes.CDLL(str(lib), mode=ctypes.RTLD_GLOBAL)


@contextmanager
def without_numpy() -> Iterator[None]:
    """Inside the block, `import numpy` fails as if numpy were not installed (a `None`
    entry in `sys.modules` is Python's way to say so); after it, numpy imports as
    usual. Nothing changes where numpy is loaded already."""
    if "numpy" in sys.modules:
        yield
        return
    modules = cast(dict[str, Any], sys.modules)
    modules["numpy"] = None
    try:
        yield
    finally:
        if "numpy" in modules and modules["numpy"] is None:
            del modules["numpy"]


def register_elements_builders() -> None:
    """The attribute builders `mlir.ir` defines when it can import numpy, defined the
    same way, each importing numpy when it builds; those registered already stay."""
    from mlir import ir

    elements: dict[str, tuple[str, Callable[[ir.Context], ir.Type]]] = {
        "F64ElementsAttr": ("float64", lambda ctx: ir.F64Type.get(context=ctx)),
        "I32ElementsAttr": ("int32", lambda ctx: ir.IntegerType.get_signless(32, context=ctx)),
        "I64ElementsAttr": ("int64", lambda ctx: ir.IntegerType.get_signless(64, context=ctx)),
        "IndexElementsAttr": ("int64", lambda ctx: ir.IndexType.get(context=ctx)),
    }
    for kind, (dtype, element) in elements.items():
        if not ir.AttrBuilder.contains(kind):
            ir.AttrBuilder.insert(kind, _elements_builder(dtype, element))


def _elements_builder(dtype: str, element: Callable[[Any], Any]) -> Callable[[Any, Any], Any]:
    def build(values: Any, context: Any) -> Any:
        import numpy
        from mlir import ir

        array: Any = numpy.array(values, dtype=dtype)  # the stubs say a list; it takes a buffer
        return ir.DenseElementsAttr.get(array, type=element(context), context=context)

    return build


def find_op_classes_in_polylift() -> None:
    """Put `OP_CLASSES` first among the packages where the bindings look for a
    dialect's module (`<package>.<dialect>`); dialects it has no module for are found
    where they were (`mlir.dialects`)."""
    from mlir._mlir_libs._mlir import globals as bindings

    search = list(bindings.dialect_search_modules)
    if OP_CLASSES not in search:
        bindings.dialect_search_modules = [OP_CLASSES, *search]
