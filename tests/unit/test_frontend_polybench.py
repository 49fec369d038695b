"""PolyBench-style sources: prototype macros, both array-size modes, signatures."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.errors import PolyliftError
from polylift.frontend import translate_file

HEADER = """
#include <math.h>
#ifdef POLYBENCH_USE_RESTRICT
# define POLYBENCH_RESTRICT restrict
#else
# define POLYBENCH_RESTRICT
#endif
#ifdef POLYBENCH_USE_C99_PROTO
# define POLYBENCH_C99_SELECT(x,y) y
#else
# define POLYBENCH_C99_SELECT(x,y) x
#endif
#define POLYBENCH_PADDING_FACTOR 0
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) \\
  var[POLYBENCH_RESTRICT POLYBENCH_C99_SELECT(dim1,ddim1) + POLYBENCH_PADDING_FACTOR]\\
     [POLYBENCH_RESTRICT POLYBENCH_C99_SELECT(dim2,ddim2) + POLYBENCH_PADDING_FACTOR]
#define SCALAR_VAL(x) x##f
#define SQRT_FUN(x) sqrtf(x)
#define DATA_TYPE float
"""

KERNEL = """
#include <polybench.h>
#define NI 20
#define NJ 30
static void kernel_scale(int ni, int nj, DATA_TYPE alpha,
                         DATA_TYPE POLYBENCH_2D(C, NI, NJ, ni, nj))
{
  int i, j;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i][j] = SQRT_FUN(C[i][j] * alpha) + SCALAR_VAL(1.0);
#pragma endscop
}

int main(void) { return 0; }
"""


@pytest.fixture()
def program(tmp_path: Path) -> Path:
    (tmp_path / "utilities").mkdir()
    (tmp_path / "utilities" / "polybench.h").write_text(HEADER)
    source = tmp_path / "scale.c"
    source.write_text(KERNEL)
    return source


@pytest.mark.parametrize(("defines", "mlir_type", "dims"), [
    (["POLYBENCH_USE_C99_PROTO", "POLYBENCH_USE_RESTRICT"], "memref<?x?xf32>", ("ni", "nj")),
    ([], "memref<20x30xf32>", (20, 30)),
])
def test_polybench_kernel_signature(program: Path, defines: list[str], mlir_type: str,
                                    dims: tuple) -> None:
    result = translate_file(str(program), [str(program.parent / "utilities")], defines)
    assert list(result.signatures) == ["kernel_scale"]
    sig = result.signatures["kernel_scale"]
    assert [(p.name, p.kind, p.ctype, p.mlir_type) for p in sig.params] == [
        ("ni", "scalar", "int", "index"), ("nj", "scalar", "int", "index"),
        ("alpha", "scalar", "float", "f32"), ("C", "array", "float", mlir_type)]
    assert sig.params[3].dims == dims
    assert sig.written == ("C",)
    assert sig.source.line == 5
    assert "math.sqrt" in result.mlir and "llvm.emit_c_interface" not in result.mlir
    assert "fastmath" not in result.mlir
    assert f'loc("{program}":12:' in result.mlir


def test_missing_header_is_an_error(tmp_path: Path) -> None:
    source = tmp_path / "bad.c"
    source.write_text('#include "nowhere.h"\nvoid f(void) {}\n')
    with pytest.raises(PolyliftError, match="nowhere.h"):
        translate_file(str(source))
