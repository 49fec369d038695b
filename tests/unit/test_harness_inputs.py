"""The wrapper's run-time modes: exact inputs and repeated, restored, timed calls.

Each test compiles the generated wrapper with a stand-in kernel (`polylift_impl_...`)
and a `main`, runs it with the wrapper's environment variables and reads its dumps.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

from polylift.errors import BuildError
from polylift.frontend import Param, Signature
from polylift.harness.programs.run import read_dumps, read_manifest, run_program
from polylift.harness.programs.toolchain import CommandLog, Toolchain, target_named
from polylift.harness.programs.wrapper import wrapper_source

N = 240
SIG = Signature("kernel_k", (
    Param("n", "scalar", "int", "index"), Param("alpha", "scalar", "double", "f64"),
    Param("x", "array", "double", "memref<?xf64>", ("n",)),
    Param("y", "array", "float", "memref<?xf32>", ("n",)),
    Param("k", "array", "int", "memref<?xi32>", ("n",)),
    Param("u", "array", "unsigned char", "memref<?xi8>", ("n",))), ("k", "u", "x", "y"))
PROTO = "int n, double alpha, double *x, float *y, int *k, unsigned char *u"
MAIN = f"""
void kernel_k({PROTO});
int main(void) {{
  static double x[{N}]; static float y[{N}]; static int k[{N}]; static unsigned char u[{N}];
  for (int i = 0; i < {N}; ++i) {{ x[i] = 100 + i; y[i] = 7; k[i] = 1000; u[i] = 200; }}
  kernel_k({N}, 3.0, x, y, k, u);
  return 0;
}}
"""
SCALE = f"""
static int count;
void polylift_impl_kernel_k({PROTO}) {{
  ++count;
  for (int i = 0; i < n; ++i) x[i] *= alpha;
  (void)y; (void)k; (void)u;
}}
"""


def _build(tmp_path: Path, impl: str, sig: Signature = SIG, main: str = MAIN) -> Path:
    (tmp_path / "wrapper.c").write_text(wrapper_source(sig))
    (tmp_path / "rest.c").write_text(impl + main)
    subprocess.run(["gcc", "-O2", "-ffp-contract=off", "wrapper.c", "rest.c", "-o", "prog"],
                   cwd=tmp_path, check=True)
    return tmp_path / "prog"


def _run(tmp_path: Path, out: str, **env: str) -> dict[str, np.ndarray]:
    (tmp_path / out).mkdir()
    subprocess.run(["./prog"], cwd=tmp_path, check=True, env={"POLYLIFT_DUMP_DIR": out, **env})
    return read_dumps(tmp_path / out, SIG)[0]


def test_exact_inputs_are_small_dyadic_values_per_type(tmp_path):
    _build(tmp_path, SCALE)
    got = _run(tmp_path, "exact", POLYLIFT_INPUTS="exact")
    # alpha became 0.75 (the first float scalar); x was filled with (-4..4) / 4.
    quarters = got["x"] / 0.75 * 4
    assert np.array_equal(quarters, np.round(quarters))
    assert set(quarters.astype(int)) == set(range(-4, 5))
    assert set((got["y"] * 2).astype(int)) == {-2, -1, 0, 1, 2}
    assert np.array_equal(got["y"] * 2, np.round(got["y"] * 2))
    # Integer arithmetic is exact in any order: integer arrays keep the program's values
    # (and its invariants: weights that sum to a divisor, indices into a table).
    assert set(got["k"]) == {1000} and set(got["u"]) == {200}
    # Integer scalars (sizes) are kept.
    assert read_manifest(tmp_path / "exact").scalars == {"n": N}


def test_exact_inputs_are_deterministic_and_differ_between_arrays(tmp_path):
    _build(tmp_path, SCALE)
    first = _run(tmp_path, "a", POLYLIFT_INPUTS="exact")
    second = _run(tmp_path, "b", POLYLIFT_INPUTS="exact")
    for name in first:
        assert first[name].tobytes() == second[name].tobytes(), name
    # Each array has its own hash seed: x's and y's values do not follow one pattern.
    assert not np.array_equal(np.sign(first["x"]), np.sign(first["y"]))


def test_native_inputs_are_the_programs_own(tmp_path):
    _build(tmp_path, SCALE)
    got = _run(tmp_path, "native")
    assert np.array_equal(got["x"], 3.0 * (100 + np.arange(N)))
    assert set(got["k"]) == {1000} and set(got["u"]) == {200}


def test_repeat_restores_inputs_and_times_each_call(tmp_path):
    _build(tmp_path, SCALE)
    once = _run(tmp_path, "once")
    many = _run(tmp_path, "many", POLYLIFT_REPEAT="4")
    # Five calls (one warm-up), each on restored inputs: the same bits as one call.
    assert many["x"].tobytes() == once["x"].tobytes()
    manifest = read_manifest(tmp_path / "many")
    assert len(manifest.times_ns) == 4 and all(t > 0 for t in manifest.times_ns)
    assert manifest.calls == 1 and not manifest.unstable


def test_a_kernel_whose_calls_differ_is_refused(tmp_path):
    impl = SCALE.replace("++count;", "++count; x[0] = count;")
    exe = _build(tmp_path, impl)
    tc = Toolchain(target_named("x86_64"), tmp_path, CommandLog(tmp_path))
    assert len(run_program(exe, SIG, tc, repeat=1).times) == 1
    with pytest.raises(BuildError, match="different outputs on different calls"):
        run_program(exe, SIG, tc, repeat=3)


def test_exact_inputs_need_every_extent(tmp_path):
    sig = Signature("kernel_k", SIG.params[:2] + (
        Param("x", "array", "double", "memref<?xf64>", ("?",)),) + SIG.params[3:], ("k",))
    _build(tmp_path, SCALE, sig)
    (tmp_path / "out").mkdir()
    done = subprocess.run(["./prog"], cwd=tmp_path, capture_output=True, text=True,
                          env={"POLYLIFT_DUMP_DIR": "out", "POLYLIFT_INPUTS": "exact"})
    assert done.returncode == 98
    assert "--inputs exact needs the extent of array 'x'" in done.stderr
    done = subprocess.run(["./prog"], cwd=tmp_path, capture_output=True, text=True,
                          env={"POLYLIFT_DUMP_DIR": "out", "POLYLIFT_REPEAT": "2"})
    assert done.returncode == 98 and "--repeat needs the extent of array 'x'" in done.stderr


def test_wrapper_locals_never_shadow_kernel_parameters(tmp_path):
    """Parameters named like the wrapper's own counters still reach the kernel."""
    sig = Signature("kernel_k", (
        Param("r", "scalar", "int", "index"), Param("h", "scalar", "int", "index"),
        Param("times", "array", "double", "memref<?xf64>", ("r",)),
        Param("dims", "array", "double", "memref<?xf64>", ("h",))), ("dims", "times"))
    impl = ("void polylift_impl_kernel_k(int r, int h, double *times, double *dims) {\n"
            "  for (int i = 0; i < r; ++i) times[i] = 10.0 * r + i;\n"
            "  for (int i = 0; i < h; ++i) dims[i] = -h; }\n")
    main = ("void kernel_k(int, int, double *, double *);\n"
            "int main(void) { double t[5], d[3]; kernel_k(5, 3, t, d); return 0; }\n")
    _build(tmp_path, impl, sig, main)
    (tmp_path / "out").mkdir()
    subprocess.run(["./prog"], cwd=tmp_path, check=True,
                   env={"POLYLIFT_DUMP_DIR": "out", "POLYLIFT_REPEAT": "3"})
    got = read_dumps(tmp_path / "out", sig)[0]
    assert got["times"].tolist() == [50.0, 51.0, 52.0, 53.0, 54.0]
    assert got["dims"].tolist() == [-3.0, -3.0, -3.0]
    assert read_manifest(tmp_path / "out").scalars == {"r": 5, "h": 3}
