"""A C function as one `func.func`, or as a dispatcher over two versions of it.

When `delinearize.make_plan` finds pointers it can view as multi-dimensional arrays,
the function `@f` keeps its signature (pointers stay `memref<?xT>`, so callers and the
harness pass them as before) and becomes a dispatcher:

    func.func @f(..., %A: memref<?xf32>, ...) {
      <guard: every condition polynomial >= 0, in index arithmetic>
      scf.if %guard {
        %view = memref.reinterpret_cast %A to offset: [0], sizes: [%rows, %lda],
                strides: [%lda, 1] : memref<?xf32> to memref<?x?xf32, strided<[?, 1]>>
        func.call @f.delinearized(..., %view, ...)
      } else {
        func.call @f.flat(..., %A, ...)
      }
    }

`@f.delinearized` is the C body lowered with affine subscripts on the views, which are
its arguments (so the raising pass sees plain function-argument memrefs);
`@f.flat` is the usual lowering. Without run-time conditions there is no `scf.if` and
no flat version. `%rows` is `ceildiv(dim(A, 0), P0)`: every element the flat subscripts
reach lies in the view.
"""

from __future__ import annotations

from pycparser import c_ast

from polylift.frontend import ctype as ct
from polylift.frontend.builder import loc_text
from polylift.frontend.delinearize import ArrayView, Plan, make_plan
from polylift.frontend.function import FunctionLowering
from polylift.frontend.poly import Poly, emit_index
from polylift.frontend.signature import Signature
from polylift.frontend.source import UnsupportedError


def delinearized_name(name: str) -> str:
    """The private function holding the delinearised version of `name`."""
    return f"{name}.delinearized"


def flat_name(name: str) -> str:
    """The private function holding the flat (fallback) version of `name`."""
    return f"{name}.flat"


def fallback_functions(names: set[str]) -> set[str]:
    """The flat versions among `names` whose delinearised sibling is there too: the path
    taken only when the guard fails, which coverage leaves out (the delinearised path is
    the one the kernel runs whenever its views are valid)."""
    return {flat_name(n) for n in names if delinearized_name(n) in names} & names


class _Lines:
    """Dispatcher ops with fresh numeric SSA names (C names cannot clash with them)."""

    def __init__(self, loc: str) -> None:
        self.lines: list[str] = []
        self.loc = loc
        self.count = 0
        self.depth = 2
        self.seen: dict[str, str] = {}

    def new(self, text: str) -> str:
        # Every op emitted here is pure and later ops only nest deeper: reuse equal ones.
        if text not in self.seen:
            self.seen[text] = f"%{self.count}"
            self.count += 1
            self.add(f"{self.seen[text]} = {text}")
        return self.seen[text]

    def add(self, text: str) -> None:
        self.lines.append("  " * self.depth + f"{text} {self.loc}")


def _view(out: _Lines, view: ArrayView, source: str, source_type: str, elem: str) -> str:
    zero, one = out.new("arith.constant 0 : index"), out.new("arith.constant 1 : index")
    strides = [emit_index(Poly.make([(s, 1)]), out.new) for s in view.strides[:-1]]
    # An extent below 1 means no access runs (each bound condition holds): clamp it so
    # that the view stays well formed and the division cannot trap.
    sizes = [out.new(f"arith.maxsi {emit_index(Poly.make([(view.size(d), 1)]), out.new)}, "
                     f"{zero} : index") for d in range(1, view.rank)]
    total = out.new(f"memref.dim {source}, {zero} : {source_type}")
    divisor = out.new(f"arith.maxsi {strides[0]}, {one} : index")
    rows = out.new(f"arith.ceildivsi {total}, {divisor} : index")
    return out.new(
        f"memref.reinterpret_cast {source} to offset: [0], "
        f"sizes: [{', '.join([rows] + sizes)}], strides: [{', '.join(strides + ['1'])}] "
        f": {source_type} to {view.mlir_type(elem)}")


def _guard(out: _Lines, guards: list[Poly]) -> str:
    result: str | None = None
    for guard in guards:
        # `pos - neg >= 0` is emitted as `pos >= neg` (`lda >= K`), which reads better.
        pos = Poly.make((m, c) for m, c in guard.terms if c > 0 and m)
        neg = pos - guard
        left, right = emit_index(pos, out.new), emit_index(neg, out.new)
        holds = out.new(f"arith.cmpi sge, {left}, {right} : index")
        result = holds if result is None else out.new(f"arith.andi {result}, {holds} : i1")
    assert result is not None
    return result


def _call(out: _Lines, callee: str, operands: list[str], types: list[str]) -> None:
    out.add(f'func.call @{callee}({", ".join(operands)}) : ({", ".join(types)}) -> ()')


def dispatcher(flat: FunctionLowering, delin: FunctionLowering, plan: Plan) -> str:
    """The public function: guard, views, and the call of the right version."""
    func = flat.func
    assert func is not None
    name, loc = func.decl.name, loc_text(func.decl)
    out = _Lines(loc)
    condition = _guard(out, plan.guards) if plan.guards else None
    if condition is not None:
        out.lines.append(f"    scf.if {condition} {{")
        out.depth = 3
    operands = []
    for param, source_type in zip(flat.params, flat.arg_types, strict=True):
        view = plan.views.get(param.name)
        if view is None:
            operands.append(f"%{param.name}")
            continue
        elem = source_type.removeprefix("memref<?x").removesuffix(">")
        operands.append(_view(out, view, f"%{param.name}", source_type, elem))
    _call(out, delinearized_name(name), operands, delin.arg_types)
    if condition is not None:
        out.lines.append("    } else {")
        _call(out, flat_name(name), [f"%{p.name}" for p in flat.params], flat.arg_types)
        out.lines.append(f"    }} {loc}")
    header = f"  func.func @{name}({flat.arguments()}) {{"
    return "\n".join([header] + out.lines + [f"    func.return {loc}", f"  }} {loc}"])


def lower_function(func: c_ast.FuncDef, typedefs: dict[str, ct.CType]) -> tuple[str, Signature]:
    """The `func.func` text(s) of a C function and its signature."""
    flat = FunctionLowering(typedefs)
    signature = flat.lower(func)
    accessed = {a.array for a in flat.flat_accesses}
    plan = make_plan(flat.flat_accesses, [p.name for p in signature.params if p.name in accessed])
    if plan is None:
        return flat.text(), signature
    delin = FunctionLowering(typedefs, plan)
    try:
        delin.lower(func)
    except UnsupportedError:
        # The second lowering sees the same C; should it refuse, the flat one stands.
        return flat.text(), signature
    name = func.decl.name
    parts = [dispatcher(flat, delin, plan), delin.text(delinearized_name(name), private=True)]
    if plan.guards:
        parts.append(flat.text(flat_name(name), private=True))
    return "\n".join(parts), signature
