"""The frontend's public records: a translated function's parameters and signature."""

from __future__ import annotations

from dataclasses import dataclass

from polylift.errors import SourceLoc

# The name a function's returned scalar goes by (a dump of it, a check's comparison).
RESULT_NAME = "return"
# A dim the C type leaves open (a plain pointer's).
OPEN_DIM = "?"


@dataclass(frozen=True)
class Span:
    """The elements of a plain pointer argument its function reaches, as C expressions of
    the parameters: from `first` to before `end`, where every `assumes` (a C expression)
    is at least 0 (the signs the bounds were derived with); what a caller must copy to
    run the function on copies (the driver's shadow mode)."""

    first: str
    end: str
    assumes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Param:
    """One C parameter and the `func.func` argument it becomes."""

    name: str
    kind: str
    ctype: str
    mlir_type: str
    dims: tuple[str | int, ...] = ()
    access: str = ""  # the C expression of a struct field (`l->output`); "": the name
    span: Span | None = None  # a plain pointer's elements reached, where they are known

    @property
    def c_expr(self) -> str:
        """How C code with the function's parameters reaches this argument."""
        return self.access or self.name


@dataclass(frozen=True)
class CDecl:
    """The C declaration of a function whose parameters are structs, for code that
    calls it or stands in its place: the type declarations of its file (typedefs,
    struct and enum definitions), its return type, each parameter's declaration, and
    the names of its struct parameters (whose fields are the arguments) and of all its
    parameters."""

    types: str
    result: str
    params: tuple[str, ...]
    structs: tuple[str, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class Signature:
    """A translated C function: its parameters, the arrays it writes, where it is, and
    the scalar it returns (`None` for `void`)."""

    name: str
    params: tuple[Param, ...]
    written: tuple[str, ...]
    source: SourceLoc | None = None  # None for signatures not read from a C file
    result: Param | None = None  # kind "result", named RESULT_NAME
    c_decl: CDecl | None = None  # only when a parameter is a struct


@dataclass(frozen=True)
class Translation:
    """The MLIR module (verified text) and the signatures of its functions."""

    mlir: str
    signatures: dict[str, Signature]
