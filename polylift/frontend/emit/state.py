"""What lowering one C function keeps track of: variables in scopes, and the builder."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from pycparser import c_ast

from polylift.frontend.c.aliasing import ArgAccess
from polylift.frontend.c.ctype import CType
from polylift.frontend.c.decls import StructType, Unit
from polylift.frontend.c.source import unsupported
from polylift.frontend.emit.builder import TextBuilder, Value
from polylift.frontend.index.affine import Affine
from polylift.frontend.index.bounds import LoopRange
from polylift.frontend.index.delinearize import Plan
from polylift.frontend.index.paths import Clause
from polylift.frontend.index.poly import Monomial, Poly
from polylift.frontend.index.views import FlatAccess
from polylift.frontend.signature import Param


@dataclass
class Scalar:
    """A scalar variable held in SSA form; `symbol` is its `index` argument if it has one."""

    name: str
    ctype: CType
    value: Value | None = None
    symbol: str | None = None
    dead_counter: bool = False


@dataclass
class LoopCounter:
    """A loop counter: its value is an affine form of enclosing induction variables."""

    name: str
    ctype: CType
    form: Affine


@dataclass(frozen=True)
class Offset:
    """Where a local pointer points into its array, in elements: an affine form and a
    polynomial when it has them, and an `index` value that holds it."""

    form: Affine | None
    poly: Poly | None
    index: str
    factored: Poly | None = None  # the polynomial with factors as atoms (`FlatAccess`)


@dataclass
class Array:
    """An array (a parameter, a pointer field, a local, or a local pointer into one of
    them): its memref value and element type."""

    name: str
    elem: CType
    ssa: str
    mlir_type: str
    rank: int
    is_param: bool
    pointer: bool = False  # a plain pointer (`float *A`): 1-D, size unknown
    base: str = ""  # the argument a pointer into it is a view of ("" : itself)
    offset: Offset | None = None  # a local pointer: its first element in `base`

    @property
    def arg(self) -> str:
        """The name of the argument (or local array) its elements belong to."""
        return self.base or self.name


@dataclass(frozen=True)
class Struct:
    """A struct parameter, by value or by pointer (or a field that is a struct): its
    fields become arguments named `<path>.<field>`, reached in C as `<access><field>`."""

    name: str
    type: StructType
    path: str
    access: str
    order: tuple[int, ...]  # the C parameter's position, then the fields' positions


@dataclass(frozen=True)
class ArgSlot:
    """One argument of the `func.func`: what the harness reads of it, its type in this
    version (a delinearised view's type), where it is declared, and where it sorts (the
    C parameter's position, then a field's position in its struct)."""

    param: Param
    local_type: str
    decl: c_ast.Node
    restrict: bool
    order: tuple[int, ...]
    source: str = ""  # the dispatcher's argument it is made from ("": its own name)


Var = Scalar | LoopCounter | Array | Struct


@dataclass(frozen=True)
class EntryAtom:
    """An integer expression over parameters that is no polynomial (`l.inputs /
    l.groups`), computed once at the entry as C computes it and converted to `index`:
    one more atom of the polynomials, as a parameter is. Its ops (`lines`, each with its
    location) read only the function's arguments, so the dispatcher runs the same ops to
    evaluate a guard or a view over it; `symbol` is the last one's result."""

    symbol: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Located:
    """A prologue line that carries its own location (the ops of an entry atom)."""

    text: str


@dataclass
class LoweringState:
    """Scopes of variables, the induction variables in scope, and the text builder."""

    builder: TextBuilder = field(default_factory=TextBuilder)
    scopes: list[dict[str, Var]] = field(default_factory=lambda: [{}])
    dims: set[str] = field(default_factory=set)
    written: set[str] = field(default_factory=set)
    reads: Counter[str] = field(default_factory=Counter)
    # The function body being lowered: the scope of liveness questions about scalars.
    body: c_ast.Node = field(default_factory=lambda: c_ast.Compound([]))
    prologue: list[str | Located] = field(default_factory=list)
    # Ops lowered at the function's entry (after the prologue): invariant loop bounds.
    entry_lines: list[str] = field(default_factory=list)
    entry_casts: dict[str, Value] = field(default_factory=dict)
    # Delinearisation (see delinearize.py): what the flat lowering records, and the
    # views the delinearised lowering uses.
    plan: Plan | None = None
    loop_ranges: list[LoopRange] = field(default_factory=list)
    flat_accesses: list[FlatAccess] = field(default_factory=list)
    # The clauses of the parameter tests around the statement being lowered (an arm of
    # `if (!TA && !TB)`): what its flat accesses run under.
    path: list[Clause] = field(default_factory=list)
    # Every load and store of an array parameter, for the aliasing guard (aliasing.py).
    arg_accesses: list[ArgAccess] = field(default_factory=list)
    param_symbols: set[str] = field(default_factory=set)
    # Entry atoms by the expression they compute (`entry.py`), and their symbols.
    entry_atoms: dict[str, EntryAtom] = field(default_factory=dict)
    # Every atom lowered so far, by expression, computed at the entry or not (a factor
    # only a view uses: `entry.factor_atom`).
    lowered_atoms: dict[str, EntryAtom] = field(default_factory=dict)
    atom_symbols: set[str] = field(default_factory=set)
    # Names the body assigns after their declaration: such a local stands for no atom.
    reassigned: set[str] = field(default_factory=set)
    # Lowering an entry atom's ops, which must stand alone (no prologue, no atom).
    isolated: bool = False
    symbol_polys: dict[str, Poly] = field(default_factory=dict)
    mono_symbols: dict[Monomial, str] = field(default_factory=dict)
    # Integer values known as affine forms (over induction variables and symbols) and
    # polynomials (over them and parameters): `int index = b*n + i;` then `x[index]`
    # reads as `x[b*n + i]`. Keyed by SSA name and C type, so a value merged at the end
    # of a branch or a loop, which is a new SSA value, has none, nor has the same bits
    # read as another type.
    value_forms: dict[tuple[str, CType], Affine] = field(default_factory=dict)
    pointer_accesses: Counter[str] = field(default_factory=Counter)  # per pointer, so far
    value_polys: dict[tuple[str, CType], Poly] = field(default_factory=dict)
    unit: Unit = field(default_factory=Unit)
    slots: list[ArgSlot] = field(default_factory=list)

    def lookup(self, node: c_ast.ID) -> Var:
        """The variable `node` names; unknown names are outside the subset."""
        for scope in reversed(self.scopes):
            if node.name in scope:
                return scope[node.name]
        raise unsupported(f"use of '{node.name}' (not a parameter or local variable)", node)

    def declare(self, var: Var) -> None:
        """Add `var` to the innermost scope."""
        self.scopes[-1][var.name] = var

    @contextmanager
    def at_entry(self) -> Iterator[None]:
        """Lower at the function's entry, before its body, while the block runs: what
        is computed there is a valid affine symbol everywhere."""
        builder = self.builder
        saved = builder.lines, builder.depth, builder.caches
        builder.lines, builder.depth, builder.caches = self.entry_lines, 2, [{}]
        try:
            yield
        finally:
            builder.lines, builder.depth, builder.caches = saved

    def visible_scalars(self) -> dict[str, Scalar]:
        """The scalars in scope by name (inner declarations shadow outer ones)."""
        found: dict[str, Var] = {}
        for scope in self.scopes:
            found.update(scope)
        return {n: v for n, v in found.items() if isinstance(v, Scalar)}
