"""One C function to one `func.func`: C types, parameters, the body."""

from __future__ import annotations

from pycparser import c_ast

from polylift.frontend import ctype as ct
from polylift.frontend.aliasing import ArrayArg
from polylift.frontend.builder import Value, loc_text
from polylift.frontend.delinearize import Plan
from polylift.frontend.scan import assigned_names, read_counts
from polylift.frontend.signature import RESULT_NAME, Param, Signature
from polylift.frontend.source import node_loc, unsupported
from polylift.frontend.state import Array, Scalar
from polylift.frontend.stmt import StmtLowering
from polylift.frontend.structure import RESULT, structured_body


def typedef_table(ast: c_ast.FileAST) -> dict[str, ct.CType]:
    """Arithmetic typedefs of the file; the fixed-width names keep their real types."""
    table: dict[str, ct.CType] = {}
    for item in ast.ext:
        if isinstance(item, c_ast.Typedef) and isinstance(item.type, c_ast.TypeDecl) \
                and isinstance(item.type.type, c_ast.IdentifierType):
            names = item.type.type.names
            found = table.get(names[0]) if len(names) == 1 else None
            found = found or ct.from_words(names)
            if found is not None:
                table[item.name] = found
    table.update(ct.STDINT)
    return table


def is_restrict(decl: c_ast.Node) -> bool:
    """Whether a parameter is a `restrict` pointer or array (`T *restrict p`,
    `T a[restrict n][m]`)."""
    node = getattr(decl, "type", None)
    quals = node.quals if isinstance(node, c_ast.PtrDecl) else \
        node.dim_quals if isinstance(node, c_ast.ArrayDecl) else []
    return "restrict" in (quals or [])


def _noalias(decl: c_ast.Node) -> str:
    """` {llvm.noalias}` for a `restrict` parameter: C then promises, as LLVM's `noalias`
    does, that what the function writes through it is reached through no other
    parameter."""
    return " {llvm.noalias}" if is_restrict(decl) else ""


class FunctionLowering(StmtLowering):
    """Lowers one `FuncDef`; create one instance per function."""

    def __init__(self, typedefs: dict[str, ct.CType], plan: Plan | None = None) -> None:
        super().__init__()
        self.typedefs = typedefs
        self.plan = plan
        self.params: list[Param] = []
        self.array_args: list[ArrayArg] = []
        self.arg_types: list[str] = []
        self.body_lines: list[str] = []
        self.func: c_ast.FuncDef | None = None
        self.result_type: ct.CType | None = None
        self.result_value: Value | None = None

    def scalar_type(self, node: c_ast.Node, where: c_ast.Node) -> ct.CType:
        """The arithmetic type a `TypeDecl`/`Typename` names."""
        inner = getattr(node, "type", None)
        if not isinstance(node, c_ast.TypeDecl) or not isinstance(inner, c_ast.IdentifierType):
            raise unsupported("type (only arithmetic types, arrays and pointers to them)",
                              where)
        names = [n for n in inner.names if n not in ("const", "volatile")]
        found = self.typedefs.get(names[0]) if len(names) == 1 else None
        found = found or ct.from_words(names)
        if found is None:
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
        if form is not None and len(form.terms) == 1 and form.terms[0][1] == 1 \
                and form.const == 0:
            return form.terms[0][0][1:]
        raise unsupported("array dimension (use a constant or a size parameter)", dim)

    def _param(self, decl: c_ast.Decl, assigned: set[str]) -> Param:
        if isinstance(decl.type, c_ast.TypeDecl):
            ctype = self.declare_type(decl)
            if ctype.is_float:
                self.declare(Scalar(decl.name, ctype, Value(f"%{decl.name}", ctype)))
                return Param(decl.name, "scalar", ctype.name, ctype.mlir)
            symbol = f"%{decl.name}"
            self.declare(Scalar(decl.name, ctype, symbol=symbol))
            self.param_symbols.add(symbol)
            if decl.name in assigned:
                var = self.lookup(c_ast.ID(decl.name, coord=decl.coord))
                assert isinstance(var, Scalar)
                var.value = self.rvalue(c_ast.ID(decl.name, coord=decl.coord))
                var.symbol = None
            return Param(decl.name, "scalar", ctype.name, "index")
        pointer = isinstance(decl.type, c_ast.PtrDecl)
        if isinstance(decl.type, c_ast.PtrDecl):
            elem, dims = self.scalar_type(decl.type.type, decl), ["?"]
        else:
            elem, raw = self.array_type(decl)
            dims = [self._param_dim(d) for d in raw]
        shape = "x".join(str(d) if isinstance(d, int) else "?" for d in dims)
        mlir_type = f"memref<{shape}x{elem.mlir}>"
        view = self.plan.views.get(decl.name) if self.plan is not None else None
        local_type = view.mlir_type(elem.mlir) if view is not None else mlir_type
        self.declare(Array(decl.name, elem, f"%{decl.name}", local_type,
                           view.rank if view is not None else len(dims), True, pointer))
        self.arg_types.append(local_type)
        self.array_args.append(ArrayArg(decl.name, elem, is_restrict(decl)))
        return Param(decl.name, "array", elem.name, mlir_type, tuple(dims))

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

    def _params(self, func: c_ast.FuncDef, assigned: set[str]) -> list[Param]:
        ftype = func.decl.type
        assert isinstance(ftype, c_ast.FuncDecl)
        params = []
        for decl in ftype.args.params if ftype.args is not None else []:
            if isinstance(decl, c_ast.Typename):
                continue
            if not isinstance(decl, c_ast.Decl) or decl.name is None:
                raise unsupported("parameter", decl)
            before = len(self.arg_types)
            params.append(self._param(decl, assigned))
            if len(self.arg_types) == before:
                self.arg_types.append(params[-1].mlir_type)
        return params

    @staticmethod
    def _param_decls(func: c_ast.FuncDef) -> list[c_ast.Node]:
        args = func.decl.type.args
        return [d for d in (args.params if args is not None else [])
                if isinstance(d, c_ast.Decl) and d.name is not None]

    def lower(self, func: c_ast.FuncDef) -> Signature:
        """Lower a C function; `text()` then gives its `func.func`."""
        self.func = func
        self.result_type = self._result_type(func)
        self.body = structured_body(func.body, self.result_type is not None)
        self.reads = read_counts(self.body)
        self.params = self._params(func, assigned_names(self.body))
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
                         source, self.result_param())

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
        the pointer its memref becomes."""
        assert self.func is not None
        decls = self._param_decls(self.func)
        return ", ".join(f"%{p.name}: {t}{_noalias(d)} {loc_text(d)}" for p, t, d
                         in zip(self.params, self.arg_types, decls, strict=True))

    def text(self, name: str | None = None, private: bool = False, attributes: str = "") -> str:
        """The `func.func` of the lowered function (renamed, or private, or with
        `attributes {...}`, on request)."""
        func = self.func
        assert func is not None
        loc = loc_text(func.decl)
        visibility = "private " if private else ""
        lines = [f"  func.func {visibility}@{name or func.decl.name}({self.arguments()})"
                 f"{self.result_types()}{attributes} {{"]
        lines += [f"    {line} {loc}" for line in self.prologue]
        lines += self.body_lines
        returned = ""
        if self.result_type is not None and self.result_value is not None:
            returned = f" {self.result_value.name} : {self.result_type.mlir}"
        lines += [f"    func.return{returned} {loc_text(func.body)}", f"  }} {loc}"]
        return "\n".join(lines)
