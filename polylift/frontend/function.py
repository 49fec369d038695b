"""One C function to one `func.func`: C types, parameters, the body."""

from __future__ import annotations

import copy
from collections import Counter
from typing import cast

from pycparser import c_ast, c_generator

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.aliasing import ArrayArg
from polylift.frontend.c.decls import Unit
from polylift.frontend.c.scan import assigned_names, declared_names, read_counts
from polylift.frontend.c.source import UnsupportedError, node_loc, unsupported
from polylift.frontend.emit.builder import Value, loc_text
from polylift.frontend.emit.state import ArgSlot, Array, Located, Scalar
from polylift.frontend.emit.stmt import StmtLowering
from polylift.frontend.index.delinearize import Plan
from polylift.frontend.rewrite.constants import fold_ifs
from polylift.frontend.rewrite.dereferences import subscript_dereferences
from polylift.frontend.rewrite.inline import Inliner
from polylift.frontend.rewrite.late_pointers import initialize_late_pointers
from polylift.frontend.rewrite.structure import RESULT, structured_body
from polylift.frontend.rewrite.unswitch import invariant_test, unswitch
from polylift.frontend.rewrite.walked_pointers import index_walked_pointers
from polylift.frontend.signature import RESULT_NAME, CDecl, Param, Signature
from polylift.subscripts import plain_subscript


def _param_decls(func: c_ast.FuncDef) -> list[c_ast.Decl]:
    args = func.decl.type.args
    return [d for d in (args.params if args is not None else [])
            if isinstance(d, c_ast.Decl) and d.name]


def is_restrict(decl: c_ast.Node) -> bool:
    """Whether a parameter is a `restrict` pointer or array (`T *restrict p`,
    `T a[restrict n][m]`)."""
    node = getattr(decl, "type", None)
    quals = node.quals if isinstance(node, c_ast.PtrDecl) else \
        node.dim_quals if isinstance(node, c_ast.ArrayDecl) else []
    return "restrict" in (quals or [])


class FunctionLowering(StmtLowering):
    """Lowers one `FuncDef`; create one instance per function."""

    def __init__(self, unit: Unit, plan: Plan | None = None) -> None:
        super().__init__()
        self.unit = unit
        self.plan = plan
        self.body_lines: list[str] = []
        self.func: c_ast.FuncDef | None = None
        self.result_type: ct.CType | None = None
        self.result_value: Value | None = None

    @property
    def params(self) -> list[Param]:
        """The arguments in order: the C parameters', a struct's fields in its order."""
        return [s.param for s in sorted(self.slots, key=lambda s: s.order)]

    @property
    def arg_types(self) -> list[str]:
        """The arguments' types in this version (a delinearised pointer is a view)."""
        return [s.local_type for s in sorted(self.slots, key=lambda s: s.order)]

    def scalar_type(self, node: c_ast.Node, where: c_ast.Node) -> ct.CType:
        """The arithmetic type (or enum) a `TypeDecl`/`Typename` names."""
        inner = getattr(node, "type", None)
        if not isinstance(node, c_ast.TypeDecl) or not isinstance(
                inner, c_ast.IdentifierType | c_ast.Enum):
            raise unsupported("type (only arithmetic types, arrays and pointers to them)",
                              where)
        found = self.unit.scalar_of(node)
        if found is None:
            assert isinstance(inner, c_ast.IdentifierType)
            names = [n for n in inner.names if n not in ("const", "volatile")]
            raise unsupported(f"type '{' '.join(names)}'", where)
        return found

    def declare_type(self, decl: c_ast.Decl) -> ct.CType:
        """The scalar type of a declaration."""
        return self.scalar_type(decl.type, decl)

    def cast_type(self, node: c_ast.Cast) -> ct.CType:
        """The arithmetic type a cast names."""
        return self.scalar_type(node.to_type.type, node)

    def array_type(self, decl: c_ast.Decl) -> tuple[ct.CType, list[c_ast.Node | None]]:
        """Element type and dimension expressions (C order) of an array declaration."""
        dims: list[c_ast.Node | None] = []
        node = decl.type
        while isinstance(node, c_ast.ArrayDecl):
            dims.append(node.dim)
            node = node.type
        if isinstance(node, c_ast.PtrDecl):
            raise unsupported("array of pointers", decl)
        return self.scalar_type(node, decl), dims

    def _param_dim(self, dim: c_ast.Node | None) -> str | int:
        if dim is None:
            return "?"
        form = self.affine_of(dim)
        if form is not None and form.is_constant:
            return form.const
        atom = None if form is None else plain_subscript(form, shifted=False)
        if atom is not None and atom in self.param_symbols:
            return atom[1:]
        raise unsupported("array dimension (use a constant or a size parameter)", dim)

    def _scalar_param(self, decl: c_ast.Decl, position: int, assigned: set[str]) -> None:
        ctype = self.declare_type(decl)
        if ctype.is_float:
            self.declare(Scalar(decl.name, ctype, Value(f"%{decl.name}", ctype)))
            param = Param(decl.name, "scalar", ctype.name, ctype.mlir)
            self.add_slot(ArgSlot(param, ctype.mlir, decl, False, (position,)))
            return
        symbol = f"%{decl.name}"
        self.declare(Scalar(decl.name, ctype, symbol=symbol))
        self.param_symbols.add(symbol)
        self.add_slot(ArgSlot(Param(decl.name, "scalar", ctype.name, "index"), "index",
                              decl, False, (position,)))
        if decl.name in assigned:
            var = self.lookup(c_ast.ID(decl.name, coord=decl.coord))
            assert isinstance(var, Scalar)
            var.value = self.rvalue(c_ast.ID(decl.name, coord=decl.coord))
            var.symbol = None

    def _param(self, decl: c_ast.Decl, position: int, assigned: set[str]) -> None:
        struct = self.struct_param(decl, position)
        if struct is not None:
            self.declare(struct)
            return
        if isinstance(decl.type, c_ast.TypeDecl):
            self._scalar_param(decl, position, assigned)
            return
        if isinstance(decl.type, c_ast.PtrDecl):
            elem = self.scalar_type(decl.type.type, decl)
            self.declare(self.pointer_arg(decl.name, elem, decl, is_restrict(decl),
                                          (position,)))
            return
        elem, raw = self.array_type(decl)
        dims = [self._param_dim(d) for d in raw]
        shape = "x".join(str(d) if isinstance(d, int) else "?" for d in dims)
        mlir_type = f"memref<{shape}x{elem.mlir}>"
        view = self.plan.views.get(decl.name) if self.plan is not None else None
        local_type = view.mlir_type(elem.mlir) if view is not None else mlir_type
        self.declare(Array(decl.name, elem, f"%{decl.name}", local_type,
                           view.rank if view is not None else len(dims), True))
        self.array_args.append(ArrayArg(decl.name, elem, is_restrict(decl)))
        param = Param(decl.name, "array", elem.name, mlir_type, tuple(dims))
        self.add_slot(ArgSlot(param, local_type, decl, is_restrict(decl), (position,)))

    def _result_type(self, func: c_ast.FuncDef) -> ct.CType | None:
        """The scalar type the function returns, None for `void`."""
        ftype = func.decl.type
        assert isinstance(ftype, c_ast.FuncDecl)
        result = ftype.type
        if isinstance(result, c_ast.TypeDecl) and isinstance(result.type, c_ast.IdentifierType) \
                and [n for n in result.type.names if n not in ("const", "volatile")] == ["void"]:
            return None
        if not isinstance(result, c_ast.TypeDecl):
            raise unsupported("function that returns a pointer or an aggregate", func.decl)
        return self.scalar_type(result, func.decl)

    def _params(self, func: c_ast.FuncDef, assigned: set[str]) -> None:
        ftype = func.decl.type
        assert isinstance(ftype, c_ast.FuncDecl)
        for position, decl in enumerate(ftype.args.params if ftype.args is not None else []):
            if isinstance(decl, c_ast.Typename):
                continue
            if isinstance(decl, c_ast.EllipsisParam):
                raise unsupported("variadic function", decl)
            if not isinstance(decl, c_ast.Decl) or decl.name is None:
                raise unsupported("parameter", decl)
            self._param(decl, position, assigned)

    def lower(self, func: c_ast.FuncDef) -> Signature:
        """Lower a C function; `text()` then gives its `func.func`."""
        self.func = func
        self.unit.inlining.append(func.decl.name)
        try:
            return self._lower(func)
        finally:
            self.unit.inlining.pop()

    def _lower(self, func: c_ast.FuncDef) -> Signature:
        self.calling = tuple(self.unit.inlining)
        self.result_type = self._result_type(func)
        body = index_walked_pointers(initialize_late_pointers(func.body))
        body = structured_body(body, self.result_type is not None)
        body = Inliner(self.unit, self.static_control).body(body)
        body = subscript_dereferences(body, _param_decls(func))
        names = frozenset(str(p.name) for p in _param_decls(func)) | declared_names(body)
        body = cast(c_ast.Compound, fold_ifs(body, self.unit, names))
        fixed: set[str] = {str(p.name) for p in _param_decls(func)} - assigned_names(body)
        self.body = unswitch(body, invariant_test(fixed), set(self.unit.enumerators))
        self.reads = read_counts(self.body)
        self.reassigned = assigned_names(self.body)
        self._params(func, self.reassigned)
        if self.result_type is not None:
            self.declare(Scalar(RESULT, self.result_type))
        self.lower_statement(self.body)
        if self.result_type is not None:
            result = self.lookup(c_ast.ID(RESULT, coord=func.body.coord))
            assert isinstance(result, Scalar)
            self.result_value = self.initial_value(result, func.body)
        self.body_lines = self.builder.lines
        source = node_loc(func.decl)
        assert source is not None
        return Signature(func.decl.name, tuple(self.params), tuple(sorted(self.written)),
                         source, self.result_param(), self._c_decl(func))

    def _c_decl(self, func: c_ast.FuncDef) -> CDecl | None:
        """The C declaration a caller needs, when a parameter is a struct."""
        structs = tuple(str(d.name) for d in _param_decls(func)
                        if self.unit.struct_of(d.type.type if isinstance(d.type, c_ast.PtrDecl)
                                               else d.type) is not None)
        if not structs:
            return None
        generator = c_generator.CGenerator()
        ftype = func.decl.type
        params = tuple(generator.visit(p) for p in ftype.args.params)
        result = copy.deepcopy(ftype.type)
        result.declname = None
        names = tuple(str(d.name) for d in _param_decls(func))
        return CDecl("\n".join(self.unit.type_text), generator.visit(result), params, structs,
                     names)

    def static_control(self, name: str) -> bool:
        """Whether the function `name` of the file translates on its own (then its calls
        are inlined); the answer is kept for the file."""
        unit = self.unit
        if name not in unit.static_control:
            if name in unit.inlining:
                return False  # recursion: the call stays, and is refused as recursive
            try:
                FunctionLowering(unit).lower(unit.definitions[name])
                unit.static_control[name] = ""
            except UnsupportedError as exc:
                unit.static_control[name] = exc.render()
        return not unit.static_control[name]

    def result_param(self) -> Param | None:
        """What the function returns, as the harness reads it."""
        if self.result_type is None:
            return None
        return Param(RESULT_NAME, "result", self.result_type.name, self.result_type.mlir)

    def result_types(self) -> str:
        """` -> f32` after the argument list, or "" for `void`."""
        return f" -> {self.result_type.mlir}" if self.result_type is not None else ""

    def arguments(self) -> str:
        """The argument list of the `func.func` (`%A: memref<?xf32> loc(...)`, ...); a
        `restrict` array parameter carries `{llvm.noalias}`, which lower-to-llvm puts on
        the pointer its memref becomes, unless two arguments are made of it (a view and
        its flat memref): those two are one array, and LLVM must not take them apart."""
        slots = sorted(self.slots, key=lambda s: s.order)
        storage = Counter(s.source or s.param.name for s in slots)

        def noalias(slot: ArgSlot) -> str:
            alone = storage[slot.source or slot.param.name] == 1
            return " {llvm.noalias}" if slot.restrict and alone else ""

        return ", ".join(f"%{s.param.name}: {s.local_type}{noalias(s)} {loc_text(s.decl)}"
                         for s in slots)

    def text(self, name: str | None = None, private: bool = False, attributes: str = "") -> str:
        """The `func.func` of the lowered function (renamed, or private, or with
        `attributes {...}`, on request)."""
        func = self.func
        assert func is not None
        loc = loc_text(func.decl)
        visibility = "private " if private else ""
        lines = [f"  func.func {visibility}@{name or func.decl.name}({self.arguments()})"
                 f"{self.result_types()}{attributes} {{"]
        lines += [f"    {line.text}" if isinstance(line, Located) else f"    {line} {loc}"
                  for line in self.prologue]
        lines += self.entry_lines
        lines += self.body_lines
        returned = ""
        if self.result_type is not None and self.result_value is not None:
            returned = f" {self.result_value.name} : {self.result_type.mlir}"
        lines += [f"    func.return{returned} {loc_text(func.body)}", f"  }} {loc}"]
        return "\n".join(lines)
