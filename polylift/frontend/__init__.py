"""The C front end: static-control C functions to affine MLIR (`polylift-cc`).

`translate_file` preprocesses a C file with `gcc -E` over pycparser's fake libc headers,
parses it with pycparser and lowers each selected function to a `func.func` on memrefs
with `affine`, `arith`, `math`, `memref` and `scf` ops, every op located in the C source.

Its rooms, lowest first: `c/` (reading C, its types and aliasing rules, questions
asked of the syntax tree), `index/` (affine forms, polynomials, delinearisation),
`emit/` (a function body to MLIR text, statement by statement), `rewrite/` (syntax-tree
rewrites before lowering: constants, inlining, structure, unswitching), and here
`function.py` (one C function to one `func.func`), `versioning.py` (a dispatcher over
versions when arguments may alias) and `signature.py` (the records other packages read).

May import: `polylift.mlir` (to check what it prints parses) and `polylift.errors`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pycparser import c_ast

from polylift.errors import PolyliftError, SourceLoc
from polylift.frontend.c.decls import Unit
from polylift.frontend.c.source import (
    UnsupportedError,
    parse_c,
    preprocess,
    system_headers,
    unsupported,
)
from polylift.frontend.signature import Param, Signature, Translation
from polylift.frontend.versioning import Lowered, lower_function
from polylift.recursion import deep_recursion

__all__ = ["Param", "Signature", "Translation", "Skipped", "UnsupportedError",
           "translate_file", "translate_file_detailed"]


@dataclass(frozen=True)
class Skipped:
    """A function that `--function='*'` left out, and why (the rendered error)."""

    name: str
    reason: str


def _selected(ast: c_ast.FileAST, path: str, function: str) -> list[c_ast.FuncDef]:
    defs = [d for d in ast.ext if isinstance(d, c_ast.FuncDef)
            and d.decl.coord is not None and d.decl.coord.file == path]
    if function == "*":
        return [d for d in defs if d.decl.name != "main"]
    chosen = [d for d in defs if d.decl.name == function]
    if not chosen:
        raise PolyliftError(f"no function '{function}' is defined in '{path}'")
    return chosen


def _lowered(func: c_ast.FuncDef, unit: Unit, assume_noalias: bool) -> Lowered:
    """`lower_function`, with a function too deep even for `deep_recursion` (an
    expression of thousands of terms) refused at its name."""
    try:
        with deep_recursion():
            return lower_function(func, unit, assume_noalias)
    except RecursionError:
        raise unsupported("function: its expressions or statements nest too deeply "
                          "to translate", func.decl) from None


def translate_file_detailed(path: str, include_dirs: Sequence[str] = (),
                            defines: Sequence[str] = (), function: str = "*",
                            assume_noalias: bool = False,
                            allow_empty: bool = False) -> tuple[Translation, list[Skipped]]:
    """`translate_file`, plus the functions `'*'` skipped as outside the subset; with
    `allow_empty`, a file where nothing translates gives an empty module (mlir "")
    instead of an error."""
    from polylift.mlir import new_context, parse_module

    ast = parse_c(preprocess(path, include_dirs, defines), path)
    unit = Unit.of(ast, system_headers())
    bodies, signatures, skipped = [], {}, []
    declarations: dict[str, str] = {}
    for func in _selected(ast, path, function):
        try:
            lowered = _lowered(func, unit, assume_noalias)
        except UnsupportedError as exc:
            if function != "*":
                raise
            skipped.append(Skipped(func.decl.name, exc.render()))
            continue
        bodies.append(lowered.text)
        declarations.update(lowered.declarations)
        signatures[lowered.signature.name] = lowered.signature
    if not bodies and allow_empty:
        return Translation("", {}), skipped
    if not bodies:
        reasons = "; ".join(f"{s.name}: {s.reason.splitlines()[0]}" for s in skipped)
        raise PolyliftError("no function to translate" + (f" ({reasons})" if reasons else ""),
                            SourceLoc(path, 1, 1))
    bodies += [f'  {d} loc("{path}":1:1)' for _, d in sorted(declarations.items())]
    text = "module {\n" + "\n".join(bodies) + f'\n}} loc("{path}":1:1)\n'
    ctx = new_context()
    try:
        module = parse_module(text, ctx, "<polylift-cc output>")
    except PolyliftError as exc:
        raise PolyliftError(f"internal error: the generated MLIR does not verify: "
                            f"{exc.loc}: {exc.message}") from None
    printed = str(module.operation.get_asm(enable_debug_info=True))
    return Translation(printed, signatures), skipped


def translate_file(path: str, include_dirs: Sequence[str] = (), defines: Sequence[str] = (),
                   function: str = "*", assume_noalias: bool = False) -> Translation:
    """Translate the static-control functions of a C file to affine MLIR.

    `function` names one function, or `'*'` for every function except `main` (those
    outside the subset are skipped then). `assume_noalias` declares the array arguments
    of every function distinct, as if each were `restrict` (see `aliasing.py`). Raises
    `PolyliftError` subclasses located in the C source for anything outside the subset.
    """
    return translate_file_detailed(path, include_dirs, defines, function, assume_noalias)[0]
