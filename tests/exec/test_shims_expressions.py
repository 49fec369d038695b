"""The rendered shims of expression templates: every `host` shim gives the `ref` shim's
bits, on inputs with NaN, signed zeros, infinities and subnormals (floats) or every
value of the type (8-bit pixels), for contiguous and strided views; elements outside a
view keep their bits.

The templates are written here as the matcher states them (`matcher/expression/`):
maps over a vector and a matrix, a narrow-integer map computed in int, folds per column
(whose host shim runs the rows outer, `shims/render/columns.py`) and per row (blocks of eight
rows, `shims/render/row_folds.py`; 37 rows leave five to the template's loops), a filter's
window `x[i + j]` among them.
"""

from __future__ import annotations

import ctypes
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from polylift.shims.build import HELPER_DIR, HOST_LINK_ARGS, SHIM_CFLAGS
from polylift.shims.calls import call_shim
from polylift.shims.expression_unit import expression_unit
from polylift.shims.header import INCLUDE_DIR
from polylift.tdl.expression import expression_template
from polylift.tdl.library import KernelTemplate

NP = {"f32": np.float32, "f64": np.float64, "u8": np.uint8}


def _template(name: str, types: str, arrays: str, steps: str, shim: str,
              accumulate: str = "", scalars: str = "") -> str:
    lines = [f"template expr.{name} {{", f'  doc "{name}"', f"  types {types}"]
    lines += [f"  accumulate {accumulate}"] if accumulate else []
    lines += [f"  {a}" for a in arrays.split(";")]
    lines += [f"  scalar {s}" for s in scalars.split(",") if s]
    lines += ["  compute {", *(f"    {s}" for s in steps.split(";")), "  }",
              f"  launch expr_{name}", f"  shim {shim}", "  backends ref, host",
              "  accuracy exact", "  cost flops n bytes esize*n", "}"]
    return "\n".join(lines) + "\n"


TEMPLATES = {
    "map_axpb": _template("map_axpb", "f32, f64", "array z[n] out;array x0[n] in;array x1[n] in",
                          "z[i] = ((x0[i] * s0) + x1[i])", "n, s0, x0, x1, z", scalars="s0"),
    "map_rowsub": _template("map_rowsub", "f32, f64",
                            "array z[m, n] out;array x0[m, n] in;array x1[n] in",
                            "z[i, j] = ((x0[i, j] > x1[j]) ? (x0[i, j] - x1[j]) : x1[j])",
                            "m, n, x0, x1, z"),
    "map_invert": _template("map_invert", "u8", "array z[n] out;array x0[n] in",
                            "z[i] = (255 - x0[i])", "n, x0, z", accumulate="i32"),
    "fold_colsum": _template("fold_colsum", "f32, f64", "array r[n] inout;array x0[m, n] in",
                             "r[j] = (r[j] + x0[i, j])", "m, n, x0, r"),
    "fold_weighted": _template("fold_weighted", "f32, f64",
                               "array r[n] out;array x0[m, n] in;array x1[m] in;array x2[n] in",
                               "r[j] = x2[j];r[j] = (r[j] + (x0[i, j] * x1[i]))",
                               "m, n, x0, x1, x2, r"),
    "fold_rowsum": _template("fold_rowsum", "f32, f64", "array r[m] inout;array x0[m, n] in",
                             "r[i] = (r[i] + x0[i, j])", "m, n, x0, r"),
    "fold_fir": _template("fold_fir", "f32, f64",
                          "array r[m] out;array x0[p0] in;array x1[n] in",
                          "r[i] = 0.0;r[i] = (r[i] + (x0[i + j] * x1[j]))",
                          "m, n, p0, x0, x1, r"),
    "fold_colmax": _template("fold_colmax", "f32, f64", "array r[n] inout;array x0[m, n] in",
                             "r[j] = ((x0[i, j] > r[j]) ? x0[i, j] : r[j])", "m, n, x0, r"),
}
CASES = [(name, dtype) for name, text in TEMPLATES.items()
         for dtype in expression_template(text).dtypes]
SPECIAL = [np.nan, -0.0, 0.0, np.inf, -np.inf, 1e-40, -1e-310, 1.5, -2.25, 3.0e38]


@cache
def _library(name: str, dtype: str, workdir: Path) -> ctypes.CDLL:
    """The ref and host shims of one template and type, compiled into one library."""
    tpl = expression_template(TEMPLATES[name])
    sources = []
    for backend in ("ref", "host"):
        path = workdir / f"{backend}_{name}_{dtype}.c"
        path.write_text(expression_unit(tpl, backend, dtype))
        sources.append(str(path))
    lib = workdir / f"lib{name}_{dtype}.so"
    subprocess.run(["gcc", *SHIM_CFLAGS, f"-I{INCLUDE_DIR}", f"-I{HELPER_DIR}", "-shared",
                    *sources, "-o", str(lib), *HOST_LINK_ARGS], check=True,
                   capture_output=True, text=True)
    return ctypes.CDLL(str(lib))


def _values(shape: tuple[int, ...], dtype: str, rng: np.random.Generator) -> np.ndarray:
    if dtype == "u8":
        return rng.integers(0, 256, size=shape).astype(np.uint8)
    # Special values at a rate that leaves most columns of a fold free of NaNs and
    # infinities (one would hide every later step of its column).
    values = rng.uniform(-4.0, 4.0, size=shape).astype(NP[dtype])
    special = rng.random(size=shape) < 0.03
    values[special] = rng.choice(np.array(SPECIAL, dtype=NP[dtype]), size=int(special.sum()))
    return values


def _arguments(tpl: KernelTemplate, dtype: str, strided: bool, seed: int
               ) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """Views (every other element, or rows padded by 3, where `strided`) inside buffers
    filled with a sentinel, and the scalars."""
    rng = np.random.default_rng(seed)
    sizes = {"m": 37, "n": 29, "p0": 37 + 29 - 1}  # p0: a filter's window x[i + j]
    values: dict[str, Any] = {}
    buffers: dict[str, np.ndarray] = {}
    for decl in tpl.ast.arrays:
        shape = tuple(sizes[d] for d in decl.dims)
        outer = (*shape[:-1], shape[-1] * 2 if len(shape) == 1 else shape[-1] + 3)
        buffers[decl.name] = np.full(outer if strided else shape, 77, dtype=NP[dtype])
        index = tuple(slice(0, s) for s in shape)
        if strided and len(shape) == 1:
            index = (slice(0, 2 * shape[0], 2),)
        view = buffers[decl.name][index]
        if decl.role != "out":
            view[...] = _values(shape, dtype, rng)
        values[decl.name] = view
    for decl in tpl.ast.scalars:
        values[decl.name] = float(rng.choice([-0.0, 1.5, -3.25]))
    return values, buffers


def _same_bits(expected: np.ndarray, got: np.ndarray) -> bool:
    """Every element has the same bits, where a NaN stands for every NaN: C fixes no
    NaN's sign or payload, and a compiler commutes the operands of + and * freely (which
    operand's NaN an operation returns then changes)."""
    same = expected.view(f"u{expected.itemsize}") == got.view(f"u{got.itemsize}")
    if expected.dtype.kind == "f":
        same |= np.isnan(expected) & np.isnan(got)
    return bool(np.all(same))


@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
@pytest.mark.parametrize(("name", "dtype"), CASES, ids=[f"{n}-{d}" for n, d in CASES])
def test_host_shim_gives_refs_bits(name: str, dtype: str, strided: bool,
                                   tmp_path_factory: pytest.TempPathFactory) -> None:
    tpl = expression_template(TEMPLATES[name])
    lib = _library(name, dtype, tmp_path_factory.getbasetemp())
    results = {}
    for backend in ("ref", "host"):
        values, buffers = _arguments(tpl, dtype, strided, seed=5)
        call_shim(lib, tpl, backend, dtype, values)
        results[backend] = buffers
    for array, expected in results["ref"].items():
        got = results["host"][array]
        assert _same_bits(expected, got), f"{name} {dtype}: {array} differs"
    # The outputs were computed: not the sentinel, and not the inputs' bits alone.
    out = next(d.name for d in tpl.ast.arrays if d.role != "in")
    assert not np.all(results["ref"][out] == 77)


def test_a_fold_per_column_runs_the_rows_outer_and_others_do_not() -> None:
    unit = expression_unit(expression_template(TEMPLATES["fold_colsum"]), "host", "f32")
    assert "for (int64_t i = 0; i < m; i++)\n      fold_row_f32(n, r, x0 + i * ldx0);" in unit
    assert "if (incr == 1)" in unit  # a strided r runs the template's loops
    weighted = expression_unit(expression_template(TEMPLATES["fold_weighted"]), "host", "f64")
    assert "fold_start_f64(n, r, x0 + 0 * ldx0, x1 + 0 * incx1, x2);" in weighted
    assert "fold_row_f64(n, r, x0 + i * ldx0, x1 + i * incx1, x2);" in weighted
    assert "if (incr == 1 && incx2 == 1)" in weighted


def test_a_fold_per_row_runs_blocks_of_rows_then_the_rest_as_a_shifted_view() -> None:
    unit = expression_unit(expression_template(TEMPLATES["fold_fir"]), "host", "f32")
    assert "acc[k] = (acc[k] + (x0[((i0 + k)+j) * incx0] * x1[j * incx1]));" in unit
    assert "for (; i0 + 8 <= m; i0 += 8)" in unit
    assert "ref_f32(m - i0, n, p0, x0 + i0 * incx0, incx0, x1, incx1, r + i0 * incr, incr);" \
        in unit
