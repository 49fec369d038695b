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

Arguments that may alias (`aliasing.py`) join the same guard: it also tests that the
address ranges of each guarded pair do not overlap where one of them writes
(`alias_guard.py`). The version called when the guard holds (`@f.delinearized`, or
`@f.noalias` when no pointer has a view) says `polylift.alias_guarded` for those pairs;
`@f.flat` says `polylift.may_alias` for every pair, so the raising and the matcher
assume nothing of them there. Pairs whose ranges cannot be computed get no guard and are
`polylift.may_alias` in every version: one dispatcher and at most two versions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pycparser import c_ast

from polylift.frontend.c.alias_guard import GuardArg, alias_condition
from polylift.frontend.c.aliasing import (
    AliasPair,
    AliasPlan,
    ArgAccess,
    access_span,
    alias_attributes,
    make_alias_plan,
)
from polylift.frontend.c.decls import Unit
from polylift.frontend.c.source import UnsupportedError
from polylift.frontend.emit.builder import loc_text
from polylift.frontend.emit.fields import companion_name
from polylift.frontend.function import FunctionLowering
from polylift.frontend.index.delinearize import Plan, make_plan
from polylift.frontend.index.paths import Condition, emit_fails, emit_nonnegative
from polylift.frontend.index.poly import Poly, emit_index
from polylift.frontend.index.views import ArrayView
from polylift.frontend.signature import OPEN_DIM, Signature
from polylift.function_versions import fast_name, flat_name


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
    sizes = [out.new(f"arith.maxsi {emit_index(view.extent(d), out.new)}, "
                     f"{zero} : index") for d in range(1, view.rank)]
    total = out.new(f"memref.dim {source}, {zero} : {source_type}")
    divisor = out.new(f"arith.maxsi {strides[0]}, {one} : index")
    rows = out.new(f"arith.ceildivsi {total}, {divisor} : index")
    return out.new(
        f"memref.reinterpret_cast {source} to offset: [0], "
        f"sizes: [{', '.join([rows] + sizes)}], strides: [{', '.join(strides + ['1'])}] "
        f": {source_type} to {view.mlir_type(elem)}")


def _guard(out: _Lines, guards: list[Condition]) -> str:
    result: str | None = None
    for guard in guards:
        holds = emit_nonnegative(out.new, guard.poly)
        if guard.when:  # needed only where the access's tests hold
            holds = out.new(f"arith.ori {holds}, {emit_fails(out.new, guard.when)} : i1")
        result = holds if result is None else out.new(f"arith.andi {result}, {holds} : i1")
    assert result is not None
    return result


def _call(out: _Lines, callee: str, operands: list[str], types: list[str],
          result: str | None) -> str | None:
    """Call one version; its result (a fresh name), or None for `void`."""
    text = f'func.call @{callee}({", ".join(operands)}) : ({", ".join(types)}) -> ' \
        f'({result or ""})'
    if result is None:
        out.add(text)
        return None
    name = f"%{out.count}"
    out.count += 1
    out.add(f"{name} = {text}")
    return name


def _guard_args(flat: FunctionLowering) -> dict[str, GuardArg]:
    """The dispatcher's array arguments as the alias guard reads them."""
    types = dict(zip((p.name for p in flat.params), flat.arg_types, strict=True))
    ranks = {p.name: len(p.dims) for p in flat.params}
    return {a.name: GuardArg(f"%{a.name}", types[a.name], ranks[a.name], a.ctype.bits // 8)
            for a in flat.array_args}


def _condition(out: _Lines, flat: FunctionLowering, plan: Plan | None,
               aliases: AliasPlan | None) -> str | None:
    """The dispatcher's guard: the views' conditions, the sign conditions of the alias
    ranges, and the ranges' disjointness; None when nothing is left to test."""
    conditions = list(dict.fromkeys(
        (plan.guards if plan is not None else []) +
        ([Condition(p) for p in aliases.conditions] if aliases is not None else [])))
    parts = [_guard(out, conditions)] if conditions else []
    if aliases is not None and aliases.guarded:
        parts.append(alias_condition(out.new, aliases, _guard_args(flat)))
    result = parts[0] if parts else None
    for part in parts[1:]:
        result = out.new(f"arith.andi {result}, {part} : i1")
    return result


def _fast_operands(out: _Lines, flat: FunctionLowering, fast: FunctionLowering,
                   plan: Plan | None) -> list[str]:
    """What the dispatcher passes the guarded version: each argument, a view where the
    plan has one, and the flat memref beside a view where some accesses keep it."""
    types = dict(zip((p.name for p in flat.params), flat.arg_types, strict=True))
    operands = []
    for slot in sorted(fast.slots, key=lambda s: s.order):
        source = slot.source or slot.param.name
        view = plan.views.get(source) if plan is not None and not slot.source else None
        if view is None:
            operands.append(f"%{source}")
            continue
        elem = types[source].removeprefix("memref<?x").removesuffix(">")
        operands.append(_view(out, view, f"%{source}", types[source], elem))
    return operands


def with_companions(pairs: tuple[AliasPair, ...], split: set[str]) -> tuple[AliasPair, ...]:
    """`pairs` for a version where each pointer of `split` is also passed flat beside its
    view: every pair of the pointer holds for its flat memref too."""
    def names(name: str) -> list[str]:
        return [name, companion_name(name)] if name in split else [name]

    return tuple(AliasPair(a, b) for pair in pairs
                 for a in names(pair.first) for b in names(pair.second))


def dispatcher(flat: FunctionLowering, fast: FunctionLowering, plan: Plan | None,
               aliases: AliasPlan | None) -> tuple[str, bool]:
    """The public function: guard, views, and the call of the right version; and
    whether it has a guard (and so calls the flat version when it fails)."""
    func = flat.func
    assert func is not None
    name, loc = func.decl.name, loc_text(func.decl)
    result = flat.result_type.mlir if flat.result_type is not None else None
    out = _Lines(loc)
    # The entry atoms the guard and the views may read (`entry.py`): the same ops as in
    # the versions, which read only the arguments (a factor's atom only the guarded
    # version computes).
    atoms = {**flat.entry_atoms, **fast.entry_atoms}
    out.lines += [f"    {line}" for atom in atoms.values() for line in atom.lines]
    condition = _condition(out, flat, plan, aliases)
    returned = None
    if condition is not None:
        if result is not None:
            returned = f"%{out.count}"
            out.count += 1
        head = f"{returned} = " if returned else ""
        out.lines.append(f"    {head}scf.if {condition}{f' -> ({result})' if result else ''} {{")
        out.depth = 3
    value = _call(out, fast_name(name, plan is not None), _fast_operands(out, flat, fast, plan),
                  fast.arg_types, result)
    if condition is not None:
        if value is not None:
            out.add(f"scf.yield {value} : {result}")
        out.lines.append("    } else {")
        value = _call(out, flat_name(name), [f"%{p.name}" for p in flat.params],
                      flat.arg_types, result)
        if value is not None:
            out.add(f"scf.yield {value} : {result}")
        out.lines.append(f"    }} {loc}")
        value = returned
    header = f"  func.func @{name}({flat.arguments()}){flat.result_types()} {{"
    tail = f" {value} : {result}" if value is not None else ""
    text = "\n".join([header] + out.lines + [f"    func.return{tail} {loc}", f"  }} {loc}"])
    return text, condition is not None


def with_spans(signature: Signature, accesses: list[ArgAccess]) -> Signature:
    """`signature` with the span of each plain pointer argument its accesses reach, in
    C over the parameters (`aliasing.access_span`), where it can be told."""
    scalars = {f"%{p.name}": p.c_expr for p in signature.params if p.kind == "scalar"}
    params = tuple(replace(p, span=access_span(p.name, accesses, scalars.get))
                   if p.kind == "array" and OPEN_DIM in p.dims else p
                   for p in signature.params)
    return replace(signature, params=params)


@dataclass(frozen=True)
class Lowered:
    """A C function lowered: its `func.func` text(s), its signature, and the
    declarations (`func.func private @f(...)`) of the functions it calls."""

    text: str
    signature: Signature
    declarations: dict[str, str]


def lower_function(func: c_ast.FuncDef, unit: Unit, assume_noalias: bool = False) -> Lowered:
    """The `func.func` text(s) of a C function and its signature."""
    flat = FunctionLowering(unit)
    signature = with_spans(flat.lower(func), flat.arg_accesses)
    accessed = {a.array for a in flat.flat_accesses}
    plan = make_plan(flat.flat_accesses, [p.name for p in signature.params if p.name in accessed])
    aliases = make_alias_plan(flat.array_args, flat.arg_accesses, assume_noalias)
    names = [p.name for p in signature.params]
    guarded = aliases.guarded if aliases is not None else ()
    unguarded = aliases.unguarded if aliases is not None else ()
    fast = flat
    if plan is not None:
        fast = FunctionLowering(unit, plan)
        try:
            fast.lower(func)
        except UnsupportedError:
            # The second lowering sees the same C; should it refuse, the flat one stands.
            fast, plan = flat, None
    declarations = {**flat.declarations, **fast.declarations}
    if plan is None and not guarded:
        text = flat.text(attributes=alias_attributes(names, (), unguarded))
        return Lowered(text, signature, declarations)
    name = func.decl.name
    text, guarded_entry = dispatcher(flat, fast, plan, aliases)
    split = plan.flat_also if plan is not None else set()
    # A view and the flat memref beside it are one array: they may alias, unguarded.
    companions = tuple(AliasPair(n, companion_name(n)) for n in sorted(split))
    parts = [text, fast.text(fast_name(name, plan is not None), private=True,
                             attributes=alias_attributes(
                                 [p.name for p in fast.params], with_companions(guarded, split),
                                 with_companions(unguarded, split) + companions))]
    if guarded_entry:
        parts.append(flat.text(flat_name(name), private=True,
                               attributes=alias_attributes(names, (), guarded + unguarded)))
    return Lowered("\n".join(parts), signature, declarations)
