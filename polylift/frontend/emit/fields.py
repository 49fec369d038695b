"""Struct parameters: each field a function uses becomes an argument of its own.

A struct passed by value (`layer l`) or by pointer (`layer *l`) is no memref: the
`func.func` takes, in the struct's field order, every field the body reads: an integer
field as an `index` symbol (as an integer parameter is), a floating-point one as a
scalar, a pointer field as a `memref<?xT>` (a plain pointer, which may alias the other
pointers unless it is `restrict`), and the fields of a nested struct the same way. The
argument is named by its path (`l.output`, `l.cfg.size`); the harness reaches it in C as
`l.output` or `l->output` (`Param.access`).

Fields are read-only here: C copies a struct passed by value, so assigning a field
would change only the copy, and through a pointer it would change the caller's struct;
neither is modelled, so an assignment to a field is refused.
"""

from __future__ import annotations

from pycparser import c_ast

from polylift.frontend.c.aliasing import ArrayArg
from polylift.frontend.c.decls import POINTER, SCALAR, STRUCT, Field
from polylift.frontend.c.source import unsupported
from polylift.frontend.emit.builder import Value
from polylift.frontend.emit.state import ArgSlot, Array, LoweringState, Scalar, Struct, Var
from polylift.frontend.signature import Param


def companion_name(name: str) -> str:
    """The flat memref of a pointer passed beside its view (no C name has a dot)."""
    return f"{name}.flat"


class FieldLowering(LoweringState):
    """Names that are struct fields, and the arguments they become."""

    def __init__(self) -> None:
        super().__init__()
        self.field_vars: dict[str, Var] = {}
        self.array_args: list[ArrayArg] = []

    def named(self, node: c_ast.Node) -> Var:
        """The variable an identifier or a field access (`l.h`, `l->output`, `(*l).w`)
        names."""
        if isinstance(node, c_ast.ID):
            return self.lookup(node)
        if isinstance(node, c_ast.StructRef):
            base = self.named(node.name)
            if not isinstance(base, Struct):
                raise unsupported("field access on something that is not a struct "
                                  "parameter (pointer chasing)", node)
            return self.field_var(base, node.field.name, node)
        if isinstance(node, c_ast.UnaryOp) and node.op == "*" \
                and isinstance(node.expr, c_ast.ID):
            found = self.lookup(node.expr)
            if isinstance(found, Struct):
                return found
        raise unsupported("expression naming no variable", node)

    def is_named(self, node: c_ast.Node) -> bool:
        """Whether `node` is a name `named` resolves (an ID or a field access)."""
        return isinstance(node, c_ast.ID | c_ast.StructRef)

    def enumerator(self, node: c_ast.Node) -> int | None:
        """The value of an enumerator the name denotes (no variable hides it), or None."""
        if not isinstance(node, c_ast.ID) or node.name not in self.unit.enumerators:
            return None
        if any(node.name in scope for scope in self.scopes):
            return None
        return self.unit.enumerators[node.name]

    def field_var(self, struct: Struct, name: str, node: c_ast.Node) -> Var:
        """The variable of one field (its argument registered on first use)."""
        found = struct.type.get(name)
        if found is None:
            raise unsupported(f"field '{name}' of {struct.type.key}", node)
        path = f"{struct.path}.{name}"
        if path in self.field_vars:
            return self.field_vars[path]
        order = (*struct.order, struct.type.position(name))
        var = self._new_field(struct, found, path, order, node)
        self.field_vars[path] = var
        return var

    def _new_field(self, struct: Struct, found: Field, path: str, order: tuple[int, ...],
                   node: c_ast.Node) -> Var:
        access = f"{struct.access}{found.name}"
        decl = found.node or node
        if found.kind == STRUCT:
            inner = self.unit.structs.get(found.struct)
            if inner is None:
                raise unsupported(f"field '{found.name}' of an incomplete struct type", node)
            return Struct(path, inner, path, f"{access}.", order)
        if found.kind == SCALAR:
            assert found.ctype is not None
            if found.ctype.is_float:
                param = Param(path, "scalar", found.ctype.name, found.ctype.mlir, access=access)
                self.add_slot(ArgSlot(param, param.mlir_type, decl, False, order))
                return Scalar(path, found.ctype, Value(f"%{path}", found.ctype))
            symbol = f"%{path}"
            self.param_symbols.add(symbol)
            param = Param(path, "scalar", found.ctype.name, "index", access=access)
            self.add_slot(ArgSlot(param, "index", decl, False, order))
            return Scalar(path, found.ctype, symbol=symbol)
        if found.kind == POINTER:
            assert found.ctype is not None
            return self.pointer_arg(path, found.ctype, decl, found.restrict, order, access)
        raise unsupported(f"use of field '{found.name}': {found.reason}", node)

    def pointer_arg(self, name: str, elem, decl: c_ast.Node, restrict: bool,
                    order: tuple[int, ...], access: str = "") -> Array:
        """A plain pointer argument (`float *x`, a pointer field): `memref<?xT>`, or the
        view the delinearisation plan gives it."""
        mlir_type = f"memref<?x{elem.mlir}>"
        view = self.plan.views.get(name) if self.plan is not None else None
        local_type = view.mlir_type(elem.mlir) if view is not None else mlir_type
        param = Param(name, "array", elem.name, mlir_type, ("?",), access)
        self.add_slot(ArgSlot(param, local_type, decl, restrict, order))
        self.array_args.append(ArrayArg(name, elem, restrict))
        if self.plan is not None and name in self.plan.flat_also:
            # Its accesses of another shape go to the flat memref, beside the view.
            flat = Param(companion_name(name), "array", elem.name, mlir_type, ("?",), access)
            self.add_slot(ArgSlot(flat, mlir_type, decl, restrict, (*order, 1), name))
        return Array(name, elem, f"%{name}", local_type,
                     view.rank if view is not None else 1, True, True)

    def add_slot(self, slot: ArgSlot) -> None:
        """Register one argument of the function."""
        self.slots.append(slot)

    def struct_param(self, decl: c_ast.Decl, position: int) -> Struct | None:
        """The struct a parameter declares (by value or by pointer), or None."""
        node = decl.type
        pointer = isinstance(node, c_ast.PtrDecl)
        found = self.unit.struct_of(node.type if pointer else node)
        if found is None:
            return None
        return Struct(decl.name, found, decl.name, f"{decl.name}{'->' if pointer else '.'}",
                      (position,))
