"""Generated C around a kernel: the timing/dump wrapper.

Both the reference and the lifted program get the same wrapper, so both are measured
and fed the same way. The wrapper takes the kernel's own name and C signature (arrays
decay to element pointers, which is the same ABI as the C99 VLA parameters; a kernel
taking structs keeps its own declaration, with its file's type declarations before it,
and reaches each argument as a field, `l.output`) and calls `polylift_impl_<kernel>`.
Its behaviour is set at run time by the environment:

- `POLYLIFT_INPUTS=exact`: before the call, every floating-point array the kernel takes
  is overwritten with small integers times a power of two (per element type, see
  `exact_values`) from a fixed hash of (array position, element index), and every float
  scalar becomes 0.75 or 1.25; sums and products of such values are exact, so any
  evaluation order gives the same bits. Integer arithmetic is exact in any order
  already, so integer arrays and scalars (sizes, shifts, weight tables, lookup tables)
  keep the values the program gave them, and with them its invariants (a bilateral
  filter divides by a sum of its weights, which arbitrary small integers can make 0).
- `POLYLIFT_REPEAT=N` (N > 1): every array is saved, then the kernel runs once to warm
  up and N more times, each on the restored arrays and timed alone; a hash of the
  written arrays after each call tells whether every call wrote the same bits.
- `POLYLIFT_DUMP_DIR=DIR`: after the calls, every array the kernel writes is written
  raw to `DIR/<name>.bin`, with a `manifest.txt`:

      array <name> <element bytes> <rank> <dim0> <dim1> ...
      scalar <name> <value>            (each integer scalar argument)
      calls <number of calls main made>
      time_ns <t1> <t2> ...            (each timed call of the last one)
      unstable <0 or 1>                (1: two calls wrote different bits)

  When main calls the kernel more than once (an in-place call and an out-of-place one,
  say), each later call k appends its arrays as `<name>@k` (file `<name>@k.bin`) and
  its lines to the manifest: every call's outputs are compared, not only the last.
  Arrays are dumped per argument, so two arguments naming one buffer are both dumped.
  A kernel that returns a scalar has it dumped as a one-element array `return`; the
  wrapper returns it to main.

Extents come from the C dims evaluated at run time. A dim the C type leaves open (a plain
pointer, dims `("?",)`) needs a `POLYLIFT_EXTENT` annotation (see `extents.py`); without
one, the lifted call gets the largest extent a descriptor can hold and the array cannot
be dumped, filled or restored (asking to is an error).

In the lifted program `polylift_impl_<kernel>` is the adapter (`adapter.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from polylift.errors import BuildError

DUMP_ENV = "POLYLIFT_DUMP_DIR"
REPEAT_ENV = "POLYLIFT_REPEAT"
INPUTS_ENV = "POLYLIFT_INPUTS"
UNKNOWN_DIM = "?"


class ParamLike(Protocol):
    """What the harness reads of a front-end `Param`."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def ctype(self) -> str: ...
    @property
    def mlir_type(self) -> str: ...
    @property
    def dims(self) -> tuple[str | int, ...]: ...
    @property
    def c_expr(self) -> str: ...


class CDeclLike(Protocol):
    """What the harness reads of the C declaration of a kernel taking structs."""

    @property
    def types(self) -> str: ...
    @property
    def result(self) -> str: ...
    @property
    def params(self) -> tuple[str, ...]: ...
    @property
    def structs(self) -> tuple[str, ...]: ...
    @property
    def names(self) -> tuple[str, ...]: ...


class SignatureLike(Protocol):
    """What the harness reads of a front-end `Signature`."""

    @property
    def name(self) -> str: ...
    @property
    def params(self) -> Sequence[ParamLike]: ...
    @property
    def written(self) -> tuple[str, ...]: ...
    @property
    def result(self) -> ParamLike | None: ...
    @property
    def c_decl(self) -> CDeclLike | None: ...


SCALAR_C = {"index": "int64_t", "i64": "int64_t", "i32": "int32_t", "i16": "int16_t",
             "i8": "int8_t", "i1": "_Bool", "f64": "double", "f32": "float", "f16": "_Float16"}


def impl_name(kernel: str) -> str:
    """The symbol the wrapper calls: the original kernel's code, or the adapter."""
    return f"polylift_impl_{kernel}"


def lifted_name(kernel: str) -> str:
    """The name the MLIR function takes in the lifted build (the C name is the wrapper's)."""
    return f"polylift_lifted_{kernel}"


def _c_param(p: ParamLike) -> str:
    if p.kind == "array":
        return f"{p.ctype} *{p.name}"
    return f"{p.ctype} {p.name}"


def c_prototype(name: str, sig: SignatureLike, writable: bool = False) -> str:
    """`void name(int ni, ..., double *C, ...)`: the kernel's C signature, arrays decayed;
    a kernel taking structs keeps its own declaration (`void f(layer l, network net)`),
    so passing them is the C compiler's business. `writable` drops a `const` that
    qualifies a struct parameter itself (a compatible declaration: the wrapper may then
    set the copy's fields for exact inputs)."""
    if sig.c_decl is not None:
        params = list(sig.c_decl.params)
        if writable:
            params = [p.removeprefix("const ") if n in sig.c_decl.structs and "*" not in p
                      else p for p, n in zip(params, sig.c_decl.names, strict=True)]
        return f"{sig.c_decl.result} {name}({', '.join(params) or 'void'})"
    params = ", ".join(_c_param(p) for p in sig.params) or "void"
    return f"{result_ctype(sig)} {name}({params})"


def result_ctype(sig: SignatureLike) -> str:
    """The C type the kernel returns."""
    return sig.result.ctype if sig.result is not None else "void"


def c_types(sig: SignatureLike) -> str:
    """The type declarations the kernel's prototype needs (its file's, for structs)."""
    return sig.c_decl.types if sig.c_decl is not None else ""


def call_arguments(sig: SignatureLike) -> str:
    """The kernel's own parameters, as a call passes them on."""
    if sig.c_decl is not None:
        return ", ".join(sig.c_decl.names)
    return ", ".join(p.name for p in sig.params)


def ident(name: str) -> str:
    """A C identifier part for an argument's name (`l.output` is a field's path)."""
    return name.replace(".", "__")


def dim_expr(dim: str | int, ctype: str) -> str:
    if dim == UNKNOWN_DIM:
        return f"(INT64_MAX / (int64_t)sizeof({ctype}))"
    return f"(int64_t)({dim})"


def _array(sig: SignatureLike, name: str) -> ParamLike:
    for p in sig.params:
        if p.name == name and p.kind == "array":
            return p
    raise BuildError(f"kernel '{sig.name}' writes '{name}', which is not one of its arrays")


_RUNTIME = Path(__file__).with_name("wrapper_runtime.h")
_FACTORS_RUNTIME = Path(__file__).with_name("exact_factors.h")

# Exact-mode values per float type: (span, lowest, scale), so element k is
# (lowest + pick(k) % span) * scale: small integers times a power of two; the fewer
# mantissa bits a type has, the fewer bits its values use.
_EXACT_VALUES = {"double": (9, -4, "0.25"), "float": (5, -2, "0.5f"), "_Float16": (3, -1, "1")}
FLOAT_CTYPES = frozenset(_EXACT_VALUES)


def exact_values(ctype: str) -> tuple[int, int, str]:
    """(span, lowest, scale) of the exact-mode values of a C float type."""
    return _EXACT_VALUES[ctype]


def exact_scalar(ctype: str, index: int) -> str:
    """The exact-mode value of the `index`-th float scalar: 0.75 or 1.25, exact products."""
    return f"({ctype})({3 + 2 * (index % 2)}) * ({ctype})0.25"


def _count_expr(p: ParamLike) -> str | None:
    """The element count of an array as a C expression, None when a dim is open."""
    if UNKNOWN_DIM in p.dims:
        return None
    return " * ".join(dim_expr(d, p.ctype) for d in p.dims) or "1"


def _arrays(sig: SignatureLike) -> list[ParamLike]:
    return [p for p in sig.params if p.kind == "array"]


def _n(p: ParamLike) -> str:
    return f"polylift_n_{ident(p.name)}"


def _save(p: ParamLike) -> str:
    return f"polylift_save_{ident(p.name)}"


def _exact_fill(sig: SignatureLike, factors: Sequence[str]) -> list[str]:
    lines = ["  if (polylift_exact_inputs()) {"]
    for seed, p in enumerate(_arrays(sig), 1):
        if p.ctype not in FLOAT_CTYPES:
            continue  # integer arithmetic is exact: keep the program's own values
        if _count_expr(p) is None:
            lines.append(f"    polylift_fail(\"--inputs exact needs the extent of array\", "
                         f"\"{p.name}\");")
            continue
        span, low, scale = exact_values(p.ctype)
        lines.append(f"    if ({p.c_expr}) POLYLIFT_FILL((({p.ctype} *)({p.c_expr})), {_n(p)}, "
                     f"{seed}, {p.ctype}, {span}, {low}, {scale});")
    floats = [p for p in sig.params if p.kind == "scalar" and p.ctype in FLOAT_CTYPES]
    # Through a pointer, as a struct reached by a pointer to const holds the field.
    lines += [f"    *({p.ctype} *)&({p.c_expr}) = {exact_scalar(p.ctype, i)};"
              for i, p in enumerate(floats)]
    return lines + [f"    {line}" for line in factors] + ["  }"]


def _repeat_setup(sig: SignatureLike) -> list[str]:
    lines = ["  long polylift_reps = polylift_repeats();"]
    lines += [f"  void *{_save(p)} = 0;" for p in _arrays(sig)]
    lines.append("  if (polylift_reps > 1) {")
    for p in _arrays(sig):
        if _count_expr(p) is None:
            lines.append(f"    polylift_fail(\"--repeat needs the extent of array\", "
                         f"\"{p.name}\");")
        else:
            lines.append(f"    if ({p.c_expr}) {_save(p)} = polylift_save({p.c_expr}, "
                         f"(size_t){_n(p)} * sizeof({p.ctype}), \"{p.name}\");")
    return lines + ["  }"]


def _timed_calls(sig: SignatureLike) -> list[str]:
    """One call, or a warm-up and `reps` calls on restored inputs, each timed alone.

    Every local is prefixed `polylift_` so that no kernel parameter is shadowed.
    """
    args = call_arguments(sig)
    restore = [f"      if ({_save(p)}) memcpy((void *)({p.c_expr}), {_save(p)}, (size_t){_n(p)} * "
               f"sizeof({p.ctype}));" for p in _arrays(sig) if _count_expr(p) is not None]
    hashes = [f"      polylift_h = polylift_fnv(polylift_h, {p.c_expr}, (size_t){_n(p)} * "
              f"sizeof({p.ctype}));" for p in (_array(sig, name) for name in sig.written)]
    call = f"{impl_name(sig.name)}({args});"
    if sig.result is not None:
        call = f"polylift_result = {call}"
        hashes.append("      polylift_h = polylift_fnv(polylift_h, &polylift_result, "
                      "sizeof polylift_result);")
    return [
        "  long long *polylift_times = malloc((size_t)polylift_reps * sizeof(long long));",
        "  if (!polylift_times) polylift_fail(\"cannot allocate\", \"times\");",
        "  long polylift_timed = 0, polylift_ncalls = polylift_reps + (polylift_reps > 1);",
        "  uint64_t polylift_first = 0;",
        "  int polylift_unstable = 0;",
        "  for (long polylift_r = 0; polylift_r < polylift_ncalls; ++polylift_r) {",
        "    if (polylift_r > 0) {", *restore, "    }",
        "    long long polylift_t0 = polylift_now_ns();",
        f"    {call}",
        "    long long polylift_t1 = polylift_now_ns();",
        "    if (polylift_reps == 1 || polylift_r > 0)",
        "      polylift_times[polylift_timed++] = polylift_t1 - polylift_t0;",
        "    if (polylift_reps > 1) {",
        "      uint64_t polylift_h = UINT64_C(14695981039346656037);", *hashes,
        "      if (polylift_r == 0) polylift_first = polylift_h;",
        "      else if (polylift_h != polylift_first) polylift_unstable = 1;",
        "    }",
        "  }",
        *[f"  free({_save(p)});" for p in _arrays(sig)],
    ]


def _returned(sig: SignatureLike) -> str:
    return " polylift_result" if sig.result is not None else ""


def _manifest(sig: SignatureLike) -> list[str]:
    lines = ["  const char *polylift_dir = getenv(\"" + DUMP_ENV + "\");",
             f"  if (!polylift_dir) {{ free(polylift_times); return{_returned(sig)}; }}",
             "  FILE *polylift_out = polylift_manifest(polylift_dir, polylift_calls);"]
    for name in sig.written:
        p = _array(sig, name)
        dims = ", ".join(dim_expr(d, p.ctype) for d in p.dims)
        lines.append(f"  {{ int64_t polylift_dims[] = {{{dims}}};\n"
                     f"    polylift_dump(polylift_out, polylift_dir, \"{name}\", polylift_calls, "
                     f"{p.c_expr}, "
                     f"sizeof({p.ctype}), {len(p.dims)}, polylift_dims); }}")
    if sig.result is not None:
        lines.append(f"  {{ int64_t polylift_dims[] = {{1}};\n"
                     f"    polylift_dump(polylift_out, polylift_dir, \"{sig.result.name}\", "
                     f"polylift_calls, &polylift_result, sizeof polylift_result, 1, "
                     f"polylift_dims); }}")
    for p in sig.params:
        if p.kind == "scalar" and p.ctype not in FLOAT_CTYPES:
            lines.append(f"  fprintf(polylift_out, \"scalar {p.name} %lld\\n\", "
                         f"(long long)({p.c_expr}));")
    return lines + [
        "  fprintf(polylift_out, \"calls %lld\\ntime_ns\", polylift_calls);",
        "  for (long polylift_r = 0; polylift_r < polylift_timed; ++polylift_r)",
        "    fprintf(polylift_out, \" %lld\", polylift_times[polylift_r]);",
        "  fprintf(polylift_out, \"\\nunstable %d\\n\", polylift_unstable);",
        "  fclose(polylift_out);",
        "  free(polylift_times);",
        *([f"  return{_returned(sig)};"] if sig.result is not None else []),
    ]


def wrapper_source(sig: SignatureLike, factors: Sequence[str] = ()) -> str:
    """C source of the timing and dump wrapper named after the kernel; `factors`: the
    exact-mode fill of its factorizations and solves (`exact_factors.py`), after the
    ordinary one, with the helpers it calls."""
    kernel = sig.name
    for name in sig.written:
        if UNKNOWN_DIM in _array(sig, name).dims:
            raise BuildError(f"cannot dump array '{name}' of '{kernel}': its extent is "
                             "unknown (a plain pointer whose subscripts' range polylift "
                             "cannot compute: state it in a comment above the function, "
                             f"/* POLYLIFT_EXTENT({name}, <elements>) */)")
    counts = [f"  int64_t {_n(p)} = {_count_expr(p) or '-1'};" for p in _arrays(sig)]
    result = [f"  {result_ctype(sig)} polylift_result = 0;"] if sig.result is not None else []
    lines = [
        f"/* Generated by polylift: times {kernel} and dumps the arrays it writes. */",
        _RUNTIME.read_text(),
        _FACTORS_RUNTIME.read_text() if factors else "",
        c_types(sig),
        c_prototype(impl_name(kernel), sig) + ";",
        "static long long polylift_calls;", "",
        c_prototype(kernel, sig, writable=True) + " {",
        *counts, *result, *_exact_fill(sig, factors), *_repeat_setup(sig), *_timed_calls(sig),
        "  ++polylift_calls;",
        *_manifest(sig),
        "}", "",
    ]
    return "\n".join(lines)
