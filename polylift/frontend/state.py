"""What lowering one C function keeps track of: variables in scopes, and the builder."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pycparser import c_ast

from polylift.frontend.affine import Affine
from polylift.frontend.aliasing import ArgAccess
from polylift.frontend.builder import TextBuilder, Value
from polylift.frontend.ctype import CType
from polylift.frontend.delinearize import FlatAccess, LoopRange, Plan
from polylift.frontend.poly import Monomial, Poly
from polylift.frontend.source import unsupported


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


@dataclass
class Array:
    """An array (a parameter or a local): its memref value and element type."""

    name: str
    elem: CType
    ssa: str
    mlir_type: str
    rank: int
    is_param: bool
    pointer: bool = False  # a plain pointer parameter (`float *A`): 1-D, size unknown


Var = Scalar | LoopCounter | Array


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
    prologue: list[str] = field(default_factory=list)
    entry_casts: dict[str, Value] = field(default_factory=dict)
    # Delinearisation (see delinearize.py): what the flat lowering records, and the
    # views the delinearised lowering uses.
    plan: Plan | None = None
    loop_ranges: list[LoopRange] = field(default_factory=list)
    flat_accesses: list[FlatAccess] = field(default_factory=list)
    # Every load and store of an array parameter, for the aliasing guard (aliasing.py).
    arg_accesses: list[ArgAccess] = field(default_factory=list)
    param_symbols: set[str] = field(default_factory=set)
    symbol_polys: dict[str, Poly] = field(default_factory=dict)
    mono_symbols: dict[Monomial, str] = field(default_factory=dict)

    def lookup(self, node: c_ast.ID) -> Var:
        """The variable `node` names; unknown names are outside the subset."""
        for scope in reversed(self.scopes):
            if node.name in scope:
                return scope[node.name]
        raise unsupported(f"use of '{node.name}' (not a parameter or local variable)", node)

    def declare(self, var: Var) -> None:
        """Add `var` to the innermost scope."""
        self.scopes[-1][var.name] = var

    def visible_scalars(self) -> dict[str, Scalar]:
        """The scalars in scope by name (inner declarations shadow outer ones)."""
        found: dict[str, Var] = {}
        for scope in self.scopes:
            found.update(scope)
        return {n: v for n, v in found.items() if isinstance(v, Scalar)}
