"""The span of each plain pointer argument (`Param.span`): the elements its function
reaches, as C over the parameters, checked against the elements the accesses reach."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from polylift.frontend import translate_file

SOURCE = """\
void gemv(int n, int m, int lda, const float *A, const float *x, float *y) {
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int j = 0; j < m; j++)
      s += A[i * lda + j] * x[j];
    y[i] = s;
  }
}
typedef struct { int w, h; float *output; } layer_t;
void shift(layer_t l, const float *in, float *unused) {
  for (int i = 0; i < l.w * l.h; i++)
    l.output[i] = in[i + 1] + in[i + 2];
}
void scatter(int n, const int *idx, float *out) {
  for (int i = 0; i < n; i++)
    out[idx[i]] = 1.0f;
}
"""
# (function, arguments of the run, the C that reaches every parameter) -> the elements
# each pointer's accesses reach, [first, end), computed by hand from the loops.
CASES = [
    ("gemv", "int n = 5, m = 3, lda = 7;", {"A": (0, 4 * 7 + 3), "x": (0, 3), "y": (0, 5)}),
    ("shift", "layer_t l = {4, 3, 0};", {"l.output": (0, 12), "in": (1, 14), "unused": (0, 0)}),
]


@pytest.fixture(scope="module")
def signatures(tmp_path_factory: pytest.TempPathFactory):
    path = tmp_path_factory.mktemp("spans") / "spans.c"
    path.write_text(SOURCE)
    return path, translate_file(str(path)).signatures


@pytest.mark.parametrize("function,setup,expected", CASES, ids=[c[0] for c in CASES])
def test_a_span_is_the_elements_the_accesses_reach(signatures, function: str, setup: str,
                                                   expected: dict[str, tuple[int, int]],
                                                   tmp_path: Path):
    path, sigs = signatures
    spans = {p.name: p.span for p in sigs[function].params if p.kind == "array"}
    assert set(spans) == set(expected) and all(s is not None for s in spans.values())
    prints = "".join(f'  printf("{name} %lld %lld\\n", (long long)({s.first}), '
                     f"(long long)({s.end}));\n"
                     for name, s in spans.items() if s is not None)
    assumes = [a for s in spans.values() if s is not None for a in s.assumes]
    checks = "".join(f'  if (({a}) < 0) printf("assumption fails\\n");\n' for a in assumes)
    program = tmp_path / "main.c"
    program.write_text("#include <stdio.h>\ntypedef struct { int w, h; float *output; } layer_t;\n"
                       f"int main(void) {{\n  {setup}\n{checks}{prints}  return 0;\n}}\n")
    exe = tmp_path / "main"
    subprocess.run(["gcc", "-Wall", "-o", str(exe), str(program)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    found = {line.split()[0]: (int(line.split()[1]), int(line.split()[2]))
             for line in out.splitlines()}
    assert "assumption" not in out
    assert found == expected


def test_an_array_read_at_a_computed_subscript_has_no_span(signatures):
    _, sigs = signatures
    spans = {p.name: p.span for p in sigs["scatter"].params if p.kind == "array"}
    assert spans["out"] is None  # out[idx[i]]: whatever idx holds
    assert spans["idx"] is not None and spans["idx"].first == "0LL"
