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
from typing import TYPE_CHECKING

from pycparser import c_ast

from polylift.errors import InternalError, PolyliftError, SourceLoc, describe_exception
from polylift.frontend.c.decls import Unit
from polylift.frontend.c.source import (
    UnsupportedError,
    node_loc,
    parse_file,
    preprocess_file,
    system_headers,
    unsupported,
)
from polylift.frontend.c.unmodelled import reason_with_headers
from polylift.frontend.signature import Param, Signature, Translation
from polylift.frontend.versioning import Lowered, lower_function
from polylift.output import write_reproducer
from polylift.recursion import deep_recursion

if TYPE_CHECKING:
    from polylift.mlir import ir

__all__ = ["Param", "Signature", "Translation", "Skipped", "UnsupportedError",
           "translate_file", "translate_file_detailed"]


@dataclass(frozen=True)
class Skipped:
    """A function that `--function='*'` left out, and why (the rendered error); whether
    that was a bug of polylift (an `InternalError`) rather than C outside the subset."""

    name: str
    reason: str
    internal: bool = False


def _selected(ast: c_ast.FileAST, path: str, function: str) -> list[c_ast.FuncDef]:
    defs = [d for d in ast.ext if isinstance(d, c_ast.FuncDef)
            and d.decl.coord is not None and d.decl.coord.file == path]
    if function == "*":
        return [d for d in defs if d.decl.name != "main"]
    chosen = [d for d in defs if d.decl.name == function]
    if not chosen:
        raise PolyliftError(f"no function '{function}' is defined in '{path}'")
    return chosen


def _lowered(func: c_ast.FuncDef, unit: Unit, assume_noalias: bool, source: str) -> Lowered:
    """`lower_function`, with a function too deep even for `deep_recursion` (an
    expression of thousands of terms) refused at its name, and a bug of the front end met
    in it (any other exception) an `InternalError` there, with `source` (the
    preprocessed file) as its reproducer."""
    try:
        with deep_recursion():
            return lower_function(func, unit, assume_noalias)
    except RecursionError:
        raise unsupported("function: its expressions or statements nest too deeply "
                          "to translate", func.decl) from None
    except PolyliftError:
        raise
    except Exception as exc:
        raise _internal(func, f"translating '{func.decl.name}': {describe_exception(exc)}",
                        source) from exc


def _internal(func: c_ast.FuncDef, what: str, source: str) -> InternalError:
    """An internal error of the front end at function `func`, with a reproducer: the
    preprocessed file, and the command that replays it in a comment at its end."""
    name = func.decl.name
    path = write_reproducer(f"polylift-cc-{name}", ".c", f"{source.rstrip()}\n"
                            f"/* reproduce: polylift-cc THIS_FILE --function={name} */\n")
    return InternalError(f"internal error in the C front end: {what}", node_loc(func.decl),
                         function=name, reproducer=path or None)


def _module_text(lowered: Sequence[Lowered], path: str) -> str:
    """The module of `lowered` functions, with the declarations of what they call and
    the module does not define (a `static inline` helper a kernel calls is both)."""
    defined = {item.signature.name for item in lowered}
    declarations = {k: v for item in lowered for k, v in item.declarations.items()
                    if k not in defined}
    bodies = [item.text for item in lowered]
    bodies += [f'  {d} loc("{path}":1:1)' for _, d in sorted(declarations.items())]
    return "module {\n" + "\n".join(bodies) + f'\n}} loc("{path}":1:1)\n'


def _unverified(lowered: Sequence[Lowered], ctx: ir.Context, path: str) -> dict[str, str]:
    """The functions whose MLIR does not parse and verify on its own, with why: asked
    only when the whole module does not, so that one bad function costs no other."""
    from polylift.mlir import parse_module

    bad = {}
    for item in lowered:
        try:
            parse_module(_module_text([item], path), ctx, "<polylift-cc output>")
        except PolyliftError as exc:
            bad[item.signature.name] = f"{exc.loc}: {exc.message}"
    return bad


def translate_file_detailed(path: str, include_dirs: Sequence[str] = (),
                            defines: Sequence[str] = (), function: str = "*",
                            assume_noalias: bool = False, allow_empty: bool = False,
                            cpp_args: Sequence[str] = ()) -> tuple[Translation, list[Skipped]]:
    """`translate_file`, plus the functions `'*'` skipped as outside the subset or as
    meeting a bug of the front end (an `InternalError`, with a reproducer: the other
    functions of the file are translated all the same); with `allow_empty`, a file where
    nothing translates gives an empty module (mlir "") instead of an error; `cpp_args`
    are more preprocessing flags (a project's own, `preprocess`)."""
    from polylift.mlir import new_context, parse_module

    pre = preprocess_file(path, include_dirs, defines, cpp_args)
    parsed = parse_file(pre, path)
    source, ast = pre.text, parsed.ast
    unit = Unit.of(ast, system_headers())
    lowered: dict[str, tuple[c_ast.FuncDef, Lowered]] = {}
    skipped: list[Skipped] = []
    for func in _selected(ast, path, function):
        try:
            lowered[func.decl.name] = (func, _lowered(func, unit, assume_noalias, source))
        except (UnsupportedError, InternalError) as exc:
            if isinstance(exc, UnsupportedError):
                exc.message = reason_with_headers(exc.message, parsed.opaque, pre.unmodelled)
            if function != "*":
                raise
            skipped.append(Skipped(func.decl.name, exc.render(),
                                   isinstance(exc, InternalError)))
    ctx = new_context()
    items = [item for _, item in lowered.values()]
    try:
        module = parse_module(_module_text(items, path), ctx, "<polylift-cc output>")
    except PolyliftError:
        for name, why in _unverified(items, ctx, path).items():
            error = _internal(lowered.pop(name)[0], f"the MLIR generated for '{name}' "
                              f"does not verify: {why}", source)
            if function != "*":
                raise error from None
            skipped.append(Skipped(name, error.render(), True))
        items = [item for _, item in lowered.values()]
        module = parse_module(_module_text(items, path), ctx, "<polylift-cc output>")
    if not items and allow_empty:
        return Translation("", {}), skipped
    if not items:
        reasons = "; ".join(f"{s.name}: {s.reason.splitlines()[0]}" for s in skipped)
        raise PolyliftError("no function to translate" + (f" ({reasons})" if reasons else ""),
                            SourceLoc(path, 1, 1))
    printed = str(module.operation.get_asm(enable_debug_info=True))
    return Translation(printed, {item.signature.name: item.signature for item in items}), \
        skipped


def translate_file(path: str, include_dirs: Sequence[str] = (), defines: Sequence[str] = (),
                   function: str = "*", assume_noalias: bool = False) -> Translation:
    """Translate the static-control functions of a C file to affine MLIR.

    `function` names one function, or `'*'` for every function except `main` (those
    outside the subset are skipped then). `assume_noalias` declares the array arguments
    of every function distinct, as if each were `restrict` (see `aliasing.py`). Raises
    `PolyliftError` subclasses located in the C source for anything outside the subset.
    """
    return translate_file_detailed(path, include_dirs, defines, function, assume_noalias)[0]
