"""Every function of the framework suite, translated with `--function='*'`, computes
what gcc's build computes.

Each file of `benchmarks/framework` is translated whole (every function but main; none
may be skipped), JIT-compiled, and each translated function is run against the same
function built by gcc (`-O2 -ffp-contract=off`, with the file the program links) on
random inputs: small sizes (each index stays in arrays of 64 Ki elements), every value
of an enum in turn, random floats of both signs. Every array it writes, and the scalar
it returns, must have the same bits.

A function that takes structs is reached through a small C function generated here,
which takes the fields as the translated function does, puts them into the structs
and calls the original: the structs' layout stays gcc's business.
"""

from __future__ import annotations

import ctypes
import subprocess
from pathlib import Path

import numpy as np
import pytest

from polylift.frontend import Param, Signature, translate_file_detailed
from polylift.harness.programs.links import linked_sources
from polylift.harness.programs.toolchain import C_FLAGS

from .jit import bits, jit
from .test_frontend_diff import NUMPY, ctypes_scalar, result_holder, run_mlir

ROOT = Path(__file__).resolve().parents[2]
FRAMEWORK = ROOT / "benchmarks" / "framework"
INCLUDES = [str(ROOT / "benchmarks" / "include"), str(FRAMEWORK)]
# The programs, and the helpers several of them include (as a file of their own: `'*'`
# translates the functions a file defines, not those of its headers).
PROGRAMS = sorted(FRAMEWORK.glob("*.c")) + [FRAMEWORK / "helpers.h"]
ELEMENTS = 1 << 16
TRIALS = 5


def _ident(name: str) -> str:
    return name.replace(".", "__")


def _shim(sig: Signature) -> str:
    """`polylift_ref_<f>(fields...)`: builds the structs and calls `f`."""
    decl = sig.c_decl
    assert decl is not None
    formals = ", ".join(f"{p.ctype} *{_ident(p.name)}" if p.kind == "array"
                        else f"{p.ctype} {_ident(p.name)}" for p in sig.params)
    lines = [f"{decl.result} {sig.name}({', '.join(decl.params)});",
             f"{decl.result} polylift_ref_{sig.name}({formals or 'void'}) {{"]
    for name, text in zip(decl.names, decl.params, strict=True):
        if name not in decl.structs:
            continue
        base = text.replace("const ", "").rsplit(name, 1)[0].strip()
        if base.endswith("*"):
            lines += [f"  {base[:-1].strip()} {name}_value;", f"  {base} {name} = &{name}_value;",
                      f"  memset({name}, 0, sizeof *{name});"]
        else:
            lines += [f"  {base} {name};", f"  memset(&{name}, 0, sizeof {name});"]
    lines += [f"  {p.c_expr} = {_ident(p.name)};" for p in sig.params if p.access]
    call = f"{sig.name}({', '.join(decl.names)});"
    lines += [f"  return {call}" if decl.result != "void" else f"  {call}", "}"]
    return "\n".join(lines)


def build_reference(path: Path, signatures: list[Signature], tmp: Path) -> Path:
    """The file (with what it links) and the shims, as one shared library."""
    shims = [s for s in signatures if s.c_decl is not None]
    shim = tmp / f"{path.stem}_shims.c"
    types = next((s.c_decl.types for s in shims if s.c_decl is not None), "")
    shim.write_text("#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
                    "#include <string.h>\n" + types + "\n\n"
                    + "\n\n".join(_shim(s) for s in shims) + "\n")
    library = tmp / f"{path.stem}.so"
    subprocess.run(["gcc", *C_FLAGS, "-shared", "-fPIC", "-Dstatic=",
                    "-Dmain=polylift_unused_main", "-DMINI_DATASET",
                    *[f"-I{d}" for d in INCLUDES], str(path), *map(str, linked_sources(path)),
                    str(shim), "-o", str(library), "-lm"], check=True, capture_output=True)
    return library


def _scalar(p: Param, trial: int, rng: np.random.Generator) -> int | float:
    if p.ctype in ("float", "double"):
        return float(rng.uniform(0.5, 1.5))
    if p.name.endswith("activation"):
        return trial % 5  # each enumerator of ACTIVATION in turn
    return int(rng.integers(1, 5))


def _array(p: Param, rng: np.random.Generator) -> np.ndarray:
    dtype = NUMPY[p.ctype]
    if np.issubdtype(dtype, np.floating):
        return rng.uniform(-2.0, 2.0, ELEMENTS).astype(dtype)
    return np.zeros(ELEMENTS, dtype)


def run_reference(library: ctypes.CDLL, sig: Signature, args: list) -> object:
    """Call gcc's build (through its shim when it takes structs); its return value."""
    name = f"polylift_ref_{sig.name}" if sig.c_decl is not None else sig.name
    function = getattr(library, name)
    if sig.result is not None:
        function.restype = type(result_holder(sig))
    c_args = [a.ctypes.data_as(ctypes.c_void_p) if p.kind == "array" else ctypes_scalar(p, a)
              for p, a in zip(sig.params, args, strict=True)]
    found = function(*c_args)
    return found if sig.result is not None else None


def _same(a: object, b: object, ctype: str) -> bool:
    dtype = NUMPY[ctype]
    return bool(np.array([a], dtype).view(np.uint8).tobytes()
                == np.array([b], dtype).view(np.uint8).tobytes())


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_every_function_translates_and_matches_gcc(path: Path, tmp_path: Path) -> None:
    if path.suffix == ".h":
        source = tmp_path / f"{path.stem}.c"
        source.write_text(f'#include "polylift_bench.h"\n{path.read_text()}')
        path = source
    translation, skipped = translate_file_detailed(str(path), INCLUDES, ["MINI_DATASET"], "*")
    assert not skipped, [f"{s.name}: {s.reason}" for s in skipped]
    signatures = list(translation.signatures.values())
    library = build_reference(path, signatures, tmp_path)
    engine = jit(translation.mlir, shared_libs=(str(library),))
    reference = ctypes.CDLL(str(library))
    for sig in signatures:
        for trial in range(TRIALS):
            rng = np.random.default_rng(trial)
            inputs = [_array(p, rng) if p.kind == "array" else _scalar(p, trial, rng)
                      for p in sig.params]
            ref = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
            got = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
            expected = run_reference(reference, sig, ref)
            found = run_mlir(engine, sig, got)
            if sig.result is not None:
                assert _same(expected, found, sig.result.ctype), \
                    f"{sig.name} (trial {trial}) returned {found}, gcc {expected}"
            for index, p in enumerate(sig.params):
                if p.kind == "array":
                    want, have = ref[index], got[index]
                    assert isinstance(want, np.ndarray) and isinstance(have, np.ndarray)
                    assert np.array_equal(bits(want), bits(have)), \
                        f"{sig.name} (trial {trial}): '{p.name}' differs"
