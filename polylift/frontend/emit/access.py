"""Loads and stores of array elements: parameters, pointer fields, local arrays, and
local pointers into them.

A subscript is an affine form where it has one (`affine.load`), an `index` computed with
C's arithmetic otherwise (`memref.load`). A subscript of a plain pointer is recorded for
delinearisation (`delinearize.py`) and, with every access of an argument, for the
aliasing guard (`aliasing.py`); a local pointer (`float *a = x + off`) is a view of its
argument: its accesses are the argument's, at `off` plus the subscript.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pycparser import c_ast

from polylift.frontend.c.aliasing import ArgAccess
from polylift.frontend.c.ctype import LONG, CType
from polylift.frontend.c.source import unsupported
from polylift.frontend.emit.builder import Value
from polylift.frontend.emit.fields import companion_name
from polylift.frontend.emit.forms import FormLowering
from polylift.frontend.emit.state import Array, Offset
from polylift.frontend.index.affine import Affine, subscript
from polylift.frontend.index.poly import Monomial, Poly, emit_index
from polylift.frontend.index.views import ArrayView, FlatAccess


@dataclass(frozen=True)
class Subscript:
    """One subscript as the accesses read it: its form and polynomial where it has them,
    the C expression, and the offset of a local pointer added to it where the subscript
    has no form (an affine offset is in the form already)."""

    form: Affine | None
    poly: Poly | None
    node: c_ast.Node
    offset: Offset | None = None
    factored: Poly | None = None  # the polynomial with factors as atoms (`FlatAccess`)


class AccessLowering(FormLowering):
    """Array loads and stores."""

    def convert(self, value: Value, to: CType, node: c_ast.Node) -> Value:
        """Convert a value as C does on assignment (defined by the expression lowering)."""
        raise NotImplementedError

    def index_of(self, node: c_ast.Node) -> str:
        """An `index` SSA value for an integer expression (affine or not)."""
        form = self.affine_of(node)
        if form is not None:
            return self.index_of_form(form, node)
        value = self.rvalue(node)
        if value.ctype.is_float:
            raise unsupported("floating-point array subscript", node)
        cast = "arith.index_cast" if value.ctype.signed else "arith.index_castui"
        return self.builder.op(f"{cast} {value.name} : {value.ctype.mlir} to index",
                               LONG, node).name

    def subscripted(self, node: c_ast.ArrayRef) -> tuple[Array, list[c_ast.Node]]:
        """The array an element access names and its subscripts in C order."""
        subs: list[c_ast.Node] = []
        base: c_ast.Node = node
        while isinstance(base, c_ast.ArrayRef):
            subs.append(base.subscript)
            base = base.name
        if not self.is_named(base):
            raise unsupported("subscript of a computed pointer", node)
        var = self.named(base)
        if not isinstance(var, Array):
            raise unsupported(f"subscript of '{getattr(var, 'name', '?')}', which is not "
                              "an array", node)
        subs.reverse()
        return var, subs

    def _subscripts(self, var: Array, subs: list[c_ast.Node], node: c_ast.Node) -> list[Subscript]:
        found = [Subscript(self.affine_of(s), self.poly_of(s), s,
                           factored=self.factored_poly_of(s)) for s in subs]
        if var.offset is None:
            return found
        if len(found) != 1:
            raise unsupported(f"access to pointer '{var.name}' with {len(found)} subscripts",
                              node)
        return [_shifted(found[0], var.offset)]

    def _element(self, node: c_ast.ArrayRef, write: bool) -> tuple[Array, str]:
        """The array and the bracketed subscripts `affine.`/`memref.` ops take."""
        var, nodes = self.subscripted(node)
        subs = self._subscripts(var, nodes, node)
        if var.is_param:
            self.arg_accesses.append(ArgAccess(var.arg, tuple(s.poly for s in subs),
                                               tuple(self.loop_ranges), write,
                                               when=tuple(self.path)))
        position = None
        if var.pointer and len(subs) == 1:
            position = self.pointer_accesses[var.arg]
            self.pointer_accesses[var.arg] += 1
            factored = subs[0].factored if subs[0].factored != subs[0].poly else None
            self.flat_accesses.append(FlatAccess(var.arg, subs[0].poly,
                                                 tuple(self.loop_ranges), write, factored,
                                                 tuple(self.path)))
        view = self.plan.views.get(var.arg) if self.plan is not None else None
        if view is not None and position is not None and self.plan is not None:
            if self.plan.uses_view(var.arg, position):
                return var, self._view_subscripts(view, subs[0], var.arg in self.plan.factored)
            # An access of another shape: on the flat memref passed beside the view.
            var = replace(var, ssa=f"%{companion_name(var.arg)}",
                          mlir_type=f"memref<?x{var.elem.mlir}>", rank=1)
        if len(subs) != var.rank:
            raise unsupported(f"access to '{var.name}' with {len(subs)} subscripts "
                              f"(it has {var.rank} dimensions)", node)
        if all(s.form is not None for s in subs):
            return var, "affine[" + ", ".join(
                subscript(s.form, self.dims) for s in subs if s.form is not None) + "]"
        return var, "memref[" + ", ".join(self._index(s) for s in subs) + "]"

    def _index(self, sub: Subscript) -> str:
        if sub.form is not None:
            return self.index_of_form(sub.form, sub.node)
        index = self.index_of(sub.node)
        if sub.offset is None:
            return index
        offset = self.offset_index(sub.offset, sub.node)
        return self.builder.op(f"arith.addi {offset}, {index} : index", LONG, sub.node).name

    def offset_index(self, offset: Offset, node: c_ast.Node) -> str:
        """An `index` value holding a pointer's offset, here: its affine form computed
        at this point, or the value computed where the pointer was set."""
        if offset.form is not None:
            return self.index_of_form(offset.form, node)
        return offset.index

    def _view_subscripts(self, view: ArrayView, sub: Subscript, factored: bool) -> str:
        """The subscripts of a flattened access through the pointer's view (of its
        polynomial with factors as atoms where the view was made of those)."""
        poly = sub.factored if factored else sub.poly
        if poly is None:
            raise unsupported(f"subscript of '{view.name}' that the delinearisation "
                              "analysis did not see", sub.node)
        if factored:
            self.use_atoms(poly.atoms())
        parts = view.split(poly)
        forms = [p.to_affine(self.dims, self._monomial_symbol) for p in parts]
        if all(f is not None for f in forms):
            return "affine[" + ", ".join(
                subscript(f, self.dims) for f in forms if f is not None) + "]"

        def new(text: str) -> str:
            return self.builder.op(text, LONG, sub.node).name

        return "memref[" + ", ".join(emit_index(p, new) for p in parts) + "]"

    def _monomial_symbol(self, mono: Monomial) -> str:
        """A top-level `index` value (a valid affine symbol) holding a product of
        parameters."""
        return self.entry_poly(Poly.make([(mono, 1)]))

    def load(self, node: c_ast.ArrayRef) -> Value:
        """Load an array element."""
        var, access = self._element(node, False)
        dialect, subs = access.split("[", 1)
        return self.builder.op(f"{dialect}.load {var.ssa}[{subs} : {var.mlir_type}",
                               var.elem, node)

    def store(self, node: c_ast.ArrayRef, value: Value) -> Value:
        """Store `value` (converted to the element type) to an array element."""
        var, access = self._element(node, True)
        stored = self.convert(value, var.elem, node)
        dialect, subs = access.split("[", 1)
        self.builder.line(f"{dialect}.store {stored.name}, {var.ssa}[{subs} : {var.mlir_type}",
                          node)
        if var.is_param:
            self.written.add(var.arg)
        return stored


def _shifted(sub: Subscript, offset: Offset) -> Subscript:
    """A subscript of a local pointer as a subscript of its argument."""
    form = offset.form + sub.form if offset.form is not None and sub.form is not None \
        else None
    poly = offset.poly + sub.poly if offset.poly is not None and sub.poly is not None \
        else None
    factored = offset.factored + sub.factored \
        if offset.factored is not None and sub.factored is not None else None
    return Subscript(form, poly, sub.node, None if form is not None else offset, factored)
