"""The generated adapter: the lifted kernel called through memref descriptors.

In the lifted program `polylift_impl_<kernel>` is this adapter: it has the kernel's C
prototype (a kernel taking structs keeps its own), builds one memref descriptor per
array argument (allocated = aligned = the C pointer, offset 0, sizes from the dims,
row-major strides), passes scalars (a struct's fields read from the struct), and calls
`_mlir_ciface_<lifted name>`, returning what it returns.

The compiler driver puts the same body in place of a lifted function's own, in gcc's
preprocessed text of the file (`AdapterParts`): there no header is included, so the
types are spelled as the C language has them (`Spelling`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from polylift.errors import BuildError
from polylift.harness.programs.wrapper import (
    SCALAR_C,
    ParamLike,
    SignatureLike,
    c_prototype,
    c_types,
    ident,
    impl_name,
    lifted_name,
    result_ctype,
)

_MEMREF = re.compile(r"memref<(?P<shape>(?:[0-9?]+x)*)(?P<elem>[a-z0-9]+)>")


@dataclass(frozen=True)
class Spelling:
    """How generated C names the fixed-width integers: `<stdint.h>`'s names, or the
    language's own types (in preprocessed text, which includes nothing)."""

    types: dict[str, str]
    int64_max: str

    def of(self, ctype: str) -> str:
        """A C type as this spelling writes it."""
        return self.types.get(ctype, ctype)


STDINT = Spelling({}, "INT64_MAX")
BUILTIN = Spelling({"int64_t": "long long", "int32_t": "int", "int16_t": "short",
                    "int8_t": "signed char", "uint64_t": "unsigned long long",
                    "uint32_t": "unsigned int", "uint16_t": "unsigned short",
                    "uint8_t": "unsigned char"}, "0x7fffffffffffffffLL")


@dataclass(frozen=True)
class AdapterParts:
    """The adapter in pieces: what goes at file scope before it (the descriptor types
    and the callee's prototype) and the lines of its body."""

    declarations: tuple[str, ...]
    body: tuple[str, ...]


def _memref_rank(p: ParamLike) -> int:
    match = _MEMREF.fullmatch(p.mlir_type.replace(" ", ""))
    if match is None:
        raise BuildError(f"array '{p.name}' has type '{p.mlir_type}', not a plain memref")
    return match.group("shape").count("x")


def _scalar_type(p: ParamLike, spelling: Spelling) -> str:
    try:
        return spelling.of(SCALAR_C[p.mlir_type])
    except KeyError:
        raise BuildError(f"scalar '{p.name}' has MLIR type '{p.mlir_type}', which the C "
                         "adapter cannot pass") from None


def _size(dim: str | int, ctype: str, spelling: Spelling) -> str:
    """A dim as an int64 value: its C expression, or for an open dim (a plain pointer)
    the most elements a descriptor can hold."""
    i64 = spelling.of("int64_t")
    if dim == "?":
        return f"({spelling.int64_max} / ({i64})sizeof({ctype}))"
    return f"({i64})({dim})"


def _descriptor(p: ParamLike, rank: int, spelling: Spelling) -> str:
    """A descriptor for one array: sizes from the dims, row-major strides."""
    if rank != len(p.dims):
        raise BuildError(f"array '{p.name}': type '{p.mlir_type}' has rank {rank} but the C "
                         f"type has {len(p.dims)} dims")
    sizes = [_size(d, p.ctype, spelling) for d in p.dims]
    strides = ["1"] * rank
    for i in range(rank - 2, -1, -1):
        strides[i] = f"{strides[i + 1]} * {sizes[i + 1]}" if strides[i + 1] != "1" else sizes[i + 1]
    return (f"  struct polylift_memref_{rank} d_{ident(p.name)} = {{(void *)({p.c_expr}), "
            f"(void *)({p.c_expr}), 0, {{{', '.join(sizes)}}}, {{{', '.join(strides)}}}}};")


def descriptor_types(ranks: set[int], spelling: Spelling = STDINT) -> list[str]:
    """The memref descriptor struct of each rank (defined once per C file)."""
    i64 = spelling.of("int64_t")
    return [f"struct polylift_memref_{r} {{ void *allocated; void *aligned; {i64} offset; "
            f"{i64} sizes[{r}]; {i64} strides[{r}]; }};" for r in sorted(ranks)]


def array_ranks(sig: SignatureLike) -> dict[str, int]:
    """The memref rank of each array argument of the kernel."""
    return {p.name: _memref_rank(p) for p in sig.params if p.kind == "array"}


def adapter_parts(sig: SignatureLike, callee: str, spelling: Spelling = STDINT,
                  with_types: bool = True) -> AdapterParts:
    """The adapter of `sig` calling `callee` (an `_mlir_ciface_` entry point); without
    `with_types`, the caller defines the descriptor types (`descriptor_types`)."""
    ranks = array_ranks(sig)
    formals, actuals, body = [], [], []
    for p in sig.params:
        if p.kind == "array":
            formals.append(f"struct polylift_memref_{ranks[p.name]} *")
            actuals.append(f"&d_{ident(p.name)}")
            body.append(_descriptor(p, ranks[p.name], spelling))
        else:
            formals.append(_scalar_type(p, spelling))
            actuals.append(f"({_scalar_type(p, spelling)})({p.c_expr})")
    returns = _scalar_type(sig.result, spelling) if sig.result is not None else "void"
    call = f"{callee}({', '.join(actuals)});"
    if sig.result is not None:
        call = f"return ({result_ctype(sig)}){call}"
    types = descriptor_types(set(ranks.values()), spelling) if with_types else []
    prototype = f"{returns} {callee}({', '.join(formals) or 'void'});"
    return AdapterParts((*types, prototype), (*body, f"  {call}"))


def adapter_source(sig: SignatureLike) -> str:
    """C source of `polylift_impl_<kernel>`: builds descriptors, calls the MLIR function."""
    kernel = sig.name
    parts = adapter_parts(sig, f"_mlir_ciface_{lifted_name(kernel)}")
    lines = [
        f"/* Generated by polylift: calls the lifted {kernel} through memref descriptors. */",
        "#include <stddef.h>", "#include <stdint.h>", "#include <stdio.h>",
        "#include <stdlib.h>", c_types(sig), "", *parts.declarations, "",
        c_prototype(impl_name(kernel), sig) + " {",
        *parts.body,
        "}", "",
    ]
    return "\n".join(lines)
