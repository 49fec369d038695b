"""Values that hold at the function's entry, computed there when a bound needs them.

A loop bound must be an affine form of symbols, and a symbol must be defined outside
every loop. A bound such as `y < out_h`, where `int out_h = (h + 2*pad - size)/stride +
1;` was set inside a loop (an inlined `im2col` inside the batch loop), reads only
parameters: its value is the same at the entry, so it is computed there, once, as C
computes it, and becomes a symbol.

- Each local scalar set from such an expression remembers it (`entry_exprs`, keyed by
  its SSA value), so a bound naming the local is rebuilt from parameters alone.
- Evaluating there may run an expression C would not have reached (a loop that runs no
  iteration): it reads no memory and calls nothing, and a division is made safe (by 1
  where the divisor is 0; `-x` where it is -1), which changes nothing where C divides,
  since C's division by 0 and `INT_MIN / -1` are undefined.

An integer expression over parameters that is no polynomial (`l.inputs / l.groups`,
`n >> 1`, a narrowing cast), or a local set once from one and never assigned again, is an
*entry atom* (`atom_symbol`): computed at the entry in the prologue, in C's type with
C's operations (made safe as above), converted to `index` as a parameter is, and then
one more atom of the polynomials. Loops bounded by it and subscripts scaled by it are
affine in it, and delinearisation treats it as it treats a parameter: an integer of any
value, which its guards test at run time. Its ops read only the function's arguments,
so the dispatcher (`versioning.py`) runs the same ops before its guard; an atom is named
after its expression, so every version and the dispatcher agree on it.

A counter's factor of several terms (`j*(a - b)`, `j*s` with `s = a - b` set once) may
stand as an atom too (`factor_atom`, `forms.factored_poly_of`), but only where a view
needs it (`delinearize.py`): its ops are lowered when the subscript is recorded and
computed at the entry only by the version whose view uses it (`use_atoms`).
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager

from pycparser import c_ast, c_generator

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.ctype import CType
from polylift.frontend.c.scan import named_children, set_child
from polylift.frontend.c.source import UnsupportedError
from polylift.frontend.emit.builder import TextBuilder, Value
from polylift.frontend.emit.calls import MATH_CALLS
from polylift.frontend.emit.control import ControlLowering
from polylift.frontend.emit.state import EntryAtom, Located, Scalar


def _cast_to(ctype: CType, expr: c_ast.Node) -> c_ast.Cast:
    words = c_ast.IdentifierType(ctype.name.split())
    to_type = c_ast.Typename(None, [], [], c_ast.TypeDecl(None, [], None, words))
    return c_ast.Cast(to_type, expr, coord=expr.coord)


def _surely_no_atom(node: c_ast.Node) -> bool:
    """A memory read, an assignment, a call or a literal: refused before
    `entry_expression` copies the tree."""
    return isinstance(node, c_ast.ArrayRef | c_ast.Assignment | c_ast.Constant) or (
        isinstance(node, c_ast.FuncCall)
        and not (isinstance(node.name, c_ast.ID) and node.name.name in MATH_CALLS))


class EntryLowering(ControlLowering):
    """Expressions over parameters, and their values at the entry."""

    def __init__(self) -> None:
        super().__init__()
        self.speculative = False
        self.entry_exprs: dict[tuple[str, CType], c_ast.Node] = {}

    def entry_expression(self, node: c_ast.Node) -> c_ast.Node | None:
        """`node` rewritten over parameters, fields, enumerators and literals only (each
        local replaced by the expression that set it), or None when it reads anything
        else, memory or a call."""
        holder = c_ast.Compound([copy.deepcopy(node)])
        stack: list[tuple[c_ast.Node, str]] = [(holder, "block_items[0]")]
        while stack:
            parent, slot = stack.pop()
            current = dict(named_children(parent))[slot]
            if self.is_named(current):
                replacement = self._entry_name(current)
                if replacement is None:
                    return None
                set_child(parent, slot, replacement)
                continue
            if isinstance(current, c_ast.ArrayRef | c_ast.Assignment):
                return None
            if isinstance(current, c_ast.FuncCall) and not (
                    isinstance(current.name, c_ast.ID) and current.name.name in MATH_CALLS):
                return None
            if isinstance(current, c_ast.UnaryOp) and current.op not in ("-", "+", "!", "~"):
                return None
            stack.extend((current, name) for name, child in named_children(current)
                         if not (isinstance(current, c_ast.FuncCall) and name == "name")
                         and not isinstance(child, c_ast.Typename))
        return holder.block_items[0]

    def _entry_name(self, node: c_ast.Node) -> c_ast.Node | None:
        if self.enumerator(node) is not None:
            return node
        var = self.named(node)
        if not isinstance(var, Scalar):
            return None
        if var.value is None and var.symbol in self.param_symbols:
            return node  # an integer parameter or field
        if var.value is None:
            return None
        if var.value.name == f"%{var.name}":
            return node  # a floating-point parameter or field
        found = self.entry_exprs.get((var.value.name, var.value.ctype))
        return _cast_to(var.ctype, copy.deepcopy(found)) if found is not None else None

    def record_entry(self, value: Value, node: c_ast.Node) -> None:
        """Remember that `value` (a scalar just set from `node`) holds at the entry."""
        if value.const is not None:
            return
        found = self.entry_expression(node)
        if found is not None:
            self.entry_exprs[(value.name, value.ctype)] = found

    @contextmanager
    def speculating(self) -> Iterator[None]:
        """Lower at the entry, where a division must not trap."""
        with self.at_entry():
            self.speculative = True
            try:
                yield
            finally:
                self.speculative = False

    def invariant_symbol(self, node: c_ast.Node, to: CType) -> str | None:
        """The value of an expression no iteration changes, converted to `to`, as an
        `index` symbol: computed here at the top level (where C first evaluates it), or
        at the function's entry when it reads only parameters."""
        expanded = self.entry_expression(node)
        if len(self.builder.caches) == 1 and expanded is not None:
            return self._index_symbol(node, to)
        if expanded is None:
            return None
        with self.speculating():
            return self._index_symbol(expanded, to)

    def _index_symbol(self, node: c_ast.Node, to: CType) -> str:
        value = self.convert(self.rvalue(node), to, node)
        cast_op = "arith.index_cast" if to.signed else "arith.index_castui"
        return self.builder.op(f"{cast_op} {value.name} : {to.mlir} to index", to, node).name

    def arith(self, op: str, left: Value, right: Value, node: c_ast.Node) -> Value:
        """C's arithmetic; at the entry, a division that cannot trap."""
        common = ct.usual_conversion(left.ctype, right.ctype)
        if not self.speculative or op not in ("/", "%") or common.is_float:
            return super().arith(op, left, right, node)
        a, b = self.convert(left, common, node), self.convert(right, common, node)
        mlir = common.mlir
        zero, one = self.constant(0, common, node), self.constant(1, common, node)
        is_zero = self.builder.op(f"arith.cmpi eq, {b.name}, {zero.name} : {mlir}", common, node)
        bad, is_minus = is_zero, is_zero  # is_minus is read only when signed
        if common.signed:
            minus_one = self.constant(-1, common, node)
            is_minus = self.builder.op(f"arith.cmpi eq, {b.name}, {minus_one.name} : {mlir}",
                                       common, node)
            bad = self.builder.op(f"arith.ori {is_zero.name}, {is_minus.name} : i1", common, node)
        safe = self.builder.op(f"arith.select {bad.name}, {one.name}, {b.name} : {mlir}",
                               common, node)
        result = super().arith(op, a, Value(safe.name, common), node)
        if not common.signed:
            return result
        # b == -1: x / -1 is -x (wrapping, as the overflow is undefined), x % -1 is 0.
        other = self.builder.op(f"arith.subi {zero.name}, {a.name} : {mlir}", common, node) \
            if op == "/" else zero
        return self.builder.op(f"arith.select {is_minus.name}, {other.name}, {result.name} : "
                               f"{mlir}", common, node)

    def atom_symbol(self, node: c_ast.Node) -> str | None:
        """The entry atom of an integer expression over parameters, fields and locals
        set once, its `index` symbol; None for anything else (see the module's doc)."""
        key = self._lowered_atom(node)
        if key is None:
            return None
        self._use_atom(key)
        return self.lowered_atoms[key].symbol

    def factor_atom(self, node: c_ast.Node) -> str | None:
        """The symbol `atom_symbol` would give, without computing it at the entry yet: a
        factor that may stand as an atom where delinearisation needs one (`j*(a - b)`),
        computed only where a view uses it (`use_atoms`)."""
        key = self._lowered_atom(node)
        return self.lowered_atoms[key].symbol if key is not None else None

    def use_atoms(self, symbols: set[str]) -> None:
        """Compute at the entry the atoms of `factor_atom` among `symbols`."""
        for key, atom in list(self.lowered_atoms.items()):
            if atom.symbol in symbols:
                self._use_atom(key)

    def _use_atom(self, key: str) -> None:
        if key in self.entry_atoms:
            return
        found = self.lowered_atoms[key]
        self.entry_atoms[key] = found
        self.atom_symbols.add(found.symbol)
        self.prologue.extend(Located(line) for line in found.lines)

    def _lowered_atom(self, node: c_ast.Node) -> str | None:
        """The key of the entry atom of `node`, its ops lowered (not yet at the entry),
        or None when it is none."""
        if self.isolated or _surely_no_atom(node) or not self._reads_fixed(node):
            return None
        expanded = self.entry_expression(node)
        if expanded is None:
            return None
        while isinstance(expanded, c_ast.Cast) and self._keeps_value(expanded):
            expanded = expanded.expr
        ctype = self._type_or_none(expanded)
        if ctype is None or ctype.is_float:
            return None
        key = f"{ctype.name}: {c_generator.CGenerator().visit(expanded)}"
        if key not in self.lowered_atoms:
            found = self._lower_atom(key, expanded, ctype)
            if found is None:
                return None
            self.lowered_atoms[key] = found
        return key

    def _keeps_value(self, node: c_ast.Cast) -> bool:
        try:
            return self._exact_cast(node)
        except UnsupportedError:
            return False

    def _reads_fixed(self, node: c_ast.Node) -> bool:
        """Whether every local the expression reads keeps the value it was declared with
        (a parameter the body assigns is such a local too)."""
        stack = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, c_ast.ID) and self.enumerator(current) is None:
                try:
                    var = self.lookup(current)
                except UnsupportedError:
                    return False
                if isinstance(var, Scalar) and var.name in self.reassigned:
                    return False
            for name, child in named_children(current):
                if not (isinstance(current, c_ast.StructRef) and name == "field") and not (
                        isinstance(current, c_ast.FuncCall) and name == "name"):
                    stack.append(child)
        return True

    def _lower_atom(self, key: str, expanded: c_ast.Node, ctype: CType) -> EntryAtom | None:
        """The ops of an entry atom, standing alone: their own builder (names made from
        the expression, so the versions and the dispatcher agree), their own casts of
        the parameters, a division that cannot trap."""
        digest = hashlib.sha1(key.encode()).hexdigest()[:12]
        saved = self.builder, self.speculative
        self.builder, self.speculative, self.isolated = TextBuilder(f"%atom_{digest}_"), True, True
        self.builder.depth = 0
        try:
            value = self.rvalue(expanded)
            cast_op = "arith.index_cast" if ctype.signed else "arith.index_castui"
            symbol = self.builder.op(f"{cast_op} {value.name} : {ctype.mlir} to index", ctype,
                                     expanded).name
            return EntryAtom(symbol, tuple(self.builder.lines))
        except UnsupportedError:
            return None
        finally:
            (self.builder, self.speculative), self.isolated = saved, False
