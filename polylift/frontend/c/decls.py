"""The file's declarations the lowering reads: typedefs, enums, structs, functions.

`Unit.of(ast)` collects, once per file, what a function body may name besides its own
variables:

- arithmetic typedefs (the fixed-width names keep their real types, which the fake libc
  headers declare as `int`), and enum types, which are integers: gcc gives an enum
  `unsigned int` when no enumerator is negative and `int` otherwise (wider ones when a
  value needs it), and each enumerator is an `int` constant;
- structs, by tag and by typedef name, each a table of fields: a scalar field is an
  arithmetic type, a pointer field points to one (a `restrict` one says so), a struct
  field nests; any other field (a function pointer, an array, a pointer to a pointer or
  to a struct) is recorded with the reason it is outside the subset, so only a body that
  uses it is refused;
- function definitions and prototypes by name, for calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pycparser import c_ast, c_generator

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.source import int_literal, unsupported

SCALAR, POINTER, STRUCT, OTHER = "scalar", "pointer", "struct", "other"


@dataclass(frozen=True)
class Field:
    """One member of a struct: its kind, its type (the element type of a pointer), the
    struct it nests, and why it is refused when it is of no supported kind."""

    name: str
    kind: str
    ctype: ct.CType | None = None
    struct: str = ""  # the key of a nested struct
    restrict: bool = False
    reason: str = ""
    node: c_ast.Node | None = None


@dataclass(frozen=True)
class StructType:
    """A struct: its key (`struct tag`, or a typedef name) and its fields in order."""

    key: str
    fields: tuple[Field, ...]

    def get(self, name: str) -> Field | None:
        """The field named `name`, or None."""
        return next((f for f in self.fields if f.name == name), None)

    def position(self, name: str) -> int:
        """The index of a field in declaration order."""
        return next(i for i, f in enumerate(self.fields) if f.name == name)


@dataclass
class Unit:
    """What the functions of one file share."""

    scalars: dict[str, ct.CType] = field(default_factory=dict)  # typedef name -> type
    structs: dict[str, StructType] = field(default_factory=dict)  # key -> struct
    struct_names: dict[str, str] = field(default_factory=dict)  # typedef name -> key
    enums: dict[str, ct.CType] = field(default_factory=dict)  # `enum tag` -> type
    enumerators: dict[str, int] = field(default_factory=dict)
    definitions: dict[str, c_ast.FuncDef] = field(default_factory=dict)
    prototypes: dict[str, c_ast.FuncDecl] = field(default_factory=dict)
    # Per function defined here: "" when it translates on its own (its calls are
    # inlined), else why not; and the functions being lowered, innermost last.
    static_control: dict[str, str] = field(default_factory=dict)
    inlining: list[str] = field(default_factory=list)
    # The type declarations of the user's own files, as C text in file order.
    type_text: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, ast: c_ast.FileAST, system: tuple[str, ...] = ()) -> Unit:
        """The declarations of a parsed file, in file order; `system` lists the
        directories of headers that stand for the C library (their declarations are
        the library's, not the user's)."""
        unit = cls()
        generator = c_generator.CGenerator()
        for item in ast.ext:
            unit._add(item)
            if _declares_types(item) and not _from(item, system):
                unit.type_text.append(generator.visit(item) + ";")
        for name, ctype in ct.STDINT.items():
            unit.scalars[name] = ctype
            unit.struct_names.pop(name, None)
        return unit

    def _add(self, item: c_ast.Node) -> None:
        if isinstance(item, c_ast.FuncDef):
            self.definitions[item.decl.name] = item
            self.prototypes[item.decl.name] = item.decl.type
            return
        if isinstance(item, c_ast.Typedef):
            self._typedef(item)
            return
        if isinstance(item, c_ast.Decl):
            if isinstance(item.type, c_ast.FuncDecl) and item.name:
                self.prototypes.setdefault(item.name, item.type)
            else:
                self._tagged(item.type)

    def _typedef(self, item: c_ast.Typedef) -> None:
        node = item.type
        if not isinstance(node, c_ast.TypeDecl):
            return
        inner = node.type
        if isinstance(inner, c_ast.IdentifierType):
            names = [n for n in inner.names if n not in ("const", "volatile")]
            found = self.scalars.get(names[0]) if len(names) == 1 else None
            found = found or ct.from_words(names)
            if found is not None:
                self.scalars[item.name] = found
            elif len(names) == 1 and names[0] in self.struct_names:
                self.struct_names[item.name] = self.struct_names[names[0]]
            return
        if isinstance(inner, c_ast.Enum):
            self.scalars[item.name] = self._enum(inner)
        elif isinstance(inner, c_ast.Struct):
            self.struct_names[item.name] = self._struct(inner, item.name)

    def _tagged(self, node: c_ast.Node) -> None:
        """A declaration that only declares a tag (`struct s {...};`, `enum e {...};`)."""
        if isinstance(node, c_ast.Struct) and node.decls is not None:
            self._struct(node, "")
        elif isinstance(node, c_ast.Enum):
            self._enum(node)

    def _enum(self, node: c_ast.Enum) -> ct.CType:
        if node.values is None:
            return self.enums.get(f"enum {node.name}", ct.UINT)
        value, values = -1, []
        for item in node.values.enumerators:
            value = self.constant(item.value) if item.value is not None else value + 1
            self.enumerators[item.name] = value
            values.append(value)
        ctype = _enum_type(values)
        if node.name:
            self.enums[f"enum {node.name}"] = ctype
        return ctype

    def _struct(self, node: c_ast.Struct, typedef: str) -> str:
        key = f"struct {node.name}" if node.name else typedef or _anonymous(node)
        if node.decls is not None:
            fields = tuple(self._field(d) for d in node.decls if isinstance(d, c_ast.Decl))
            self.structs[key] = StructType(key, fields)
        return key

    def _field(self, decl: c_ast.Decl) -> Field:
        node = decl.type
        if isinstance(node, c_ast.TypeDecl):
            inner = node.type
            if isinstance(inner, c_ast.Struct):
                return Field(decl.name, STRUCT, struct=self._struct(inner, ""), node=decl)
            if isinstance(inner, c_ast.IdentifierType) and len(inner.names) == 1 \
                    and inner.names[0] in self.struct_names:
                return Field(decl.name, STRUCT, struct=self.struct_names[inner.names[0]],
                             node=decl)
            scalar = self.scalar_of(node)
            if scalar is not None:
                return Field(decl.name, SCALAR, scalar, node=decl)
        if isinstance(node, c_ast.PtrDecl) and isinstance(node.type, c_ast.TypeDecl):
            elem = self.scalar_of(node.type)
            if elem is not None:
                return Field(decl.name, POINTER, elem, restrict="restrict" in node.quals,
                             node=decl)
            return Field(decl.name, OTHER, reason="pointer to a struct (pointer chasing)",
                         node=decl)
        return Field(decl.name, OTHER, reason=_other_reason(node), node=decl)

    def scalar_of(self, node: c_ast.Node) -> ct.CType | None:
        """The arithmetic type a `TypeDecl` names (enums included), or None."""
        inner = getattr(node, "type", None)
        if isinstance(inner, c_ast.Enum):
            return self._enum(inner)
        if not isinstance(inner, c_ast.IdentifierType):
            return None
        names = [n for n in inner.names if n not in ("const", "volatile")]
        found = self.scalars.get(names[0]) if len(names) == 1 else None
        return found or ct.from_words(names)

    def struct_of(self, node: c_ast.Node) -> StructType | None:
        """The struct a `TypeDecl` names, or None."""
        inner = getattr(node, "type", None)
        key = None
        if isinstance(inner, c_ast.Struct):
            key = f"struct {inner.name}" if inner.name else None
        elif isinstance(inner, c_ast.IdentifierType) and len(inner.names) == 1:
            key = self.struct_names.get(inner.names[0])
        return self.structs.get(key) if key else None

    def constant(self, node: c_ast.Node) -> int:
        """An integer constant expression over literals and earlier enumerators."""
        literal = int_literal(node)
        if literal is not None:
            return literal
        if isinstance(node, c_ast.ID) and node.name in self.enumerators:
            return self.enumerators[node.name]
        if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+", "~"):
            inner = self.constant(node.expr)
            return {"-": -inner, "+": inner, "~": ~inner}[node.op]
        if isinstance(node, c_ast.BinaryOp) and node.op in _CONSTANT_OPS:
            return _CONSTANT_OPS[node.op](self.constant(node.left), self.constant(node.right))
        raise unsupported("enumerator value (expected an integer constant expression)", node)


_CONSTANT_OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
                 "<<": lambda a, b: a << b, ">>": lambda a, b: a >> b,
                 "|": lambda a, b: a | b, "&": lambda a, b: a & b}


def _declares_types(item: c_ast.Node) -> bool:
    """A typedef, or a declaration of a struct, union or enum tag alone."""
    if isinstance(item, c_ast.Typedef):
        return True
    return isinstance(item, c_ast.Decl) and item.name is None \
        and isinstance(item.type, c_ast.Struct | c_ast.Union | c_ast.Enum)


def _from(item: c_ast.Node, directories: tuple[str, ...]) -> bool:
    coord = item.coord
    return coord is not None and bool(coord.file) and str(coord.file).startswith(directories)


def _enum_type(values: list[int]) -> ct.CType:
    """gcc's type of an enum with these values (no `-fshort-enums`)."""
    low, high = min(values, default=0), max(values, default=0)
    if low >= 0:
        return ct.UINT if high < 1 << 32 else ct.ULONG
    return ct.INT if -(1 << 31) <= low and high < 1 << 31 else ct.LONG


def _anonymous(node: c_ast.Node) -> str:
    coord = node.coord
    where = f"{coord.line}:{coord.column}" if coord is not None else str(id(node))
    return f"struct <anonymous at {where}>"


def _other_reason(node: c_ast.Node) -> str:
    if isinstance(node, c_ast.ArrayDecl):
        return "array member of a struct"
    if isinstance(node, c_ast.PtrDecl) and isinstance(node.type, c_ast.FuncDecl):
        return "function pointer member"
    if isinstance(node, c_ast.PtrDecl):
        return "pointer to a pointer (pointer chasing)"
    return "member of this type"
