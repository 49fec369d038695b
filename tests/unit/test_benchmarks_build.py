"""The project's own benchmark programs compile warning-free and run at MINI size."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from polylift.harness.programs.links import linked_sources

BENCH_ROOT = Path(__file__).resolve().parents[2] / "benchmarks"
INCLUDE_DIR = BENCH_ROOT / "include"
SUITES = ("linalg", "cnn", "image", "framework", "arrays", "kernels", "sparse")
PROGRAMS = sorted(p for suite in SUITES for p in (BENCH_ROOT / suite).glob("*.c"))
CFLAGS = ["-O2", "-std=c99", "-Wall", "-Wextra", "-Werror", "-ffp-contract=off"]
CHECKSUM_LINE = re.compile(r"^\S+ \d+ sum=\S+ hash=[0-9a-f]{16}$")

LINALG = {
    "correlation", "covariance", "2mm", "3mm", "atax", "bicg", "doitgen", "mvt", "gemm",
    "gemver", "gesummv", "symm", "syr2k", "syrk", "trmm", "cholesky", "durbin",
    "gramschmidt", "lu", "ludcmp", "trisolv", "deriche", "floyd-warshall", "nussinov",
    "adi", "fdtd-2d", "heat-3d", "jacobi-1d", "jacobi-2d", "seidel-2d",
    "conv2d_f64", "conv2d_f32", "conv2d_i32", "conv2d_i16", "conv2d_i8",
}
CNN = {
    "conv2d", "gemm_nn", "gemm_nt", "gemm_tn", "maxpool", "batchnorm", "shortcut",
    "conv_bn_relu", "conv_bias_relu_add", "gemm_bias_relu", "ata_gemm", "conv1x1",
    "im2col_gemm",
}
FRAMEWORK = {
    "activation", "avgpool", "batchnorm", "blas1", "connected", "convolutional",
    "global_avgpool", "l2norm", "maxpool", "route", "shortcut", "softmax", "upsample",
}
SPARSE = {
    "gather", "scatter_add", "axpyi", "sparse_dot", "histogram_u8", "bincount", "csr_spmv",
    "cg_step", "coo_spmv", "csr_spmv_one",
}
IMAGE = {
    "conv3x3_q_i8", "conv3x3_q_i16", "box_i8", "box_i16", "gaussian_i8", "gaussian_i16",
    "bilateral_i8", "bilateral_i16", "histeq_i8",
}

ARRAYS = {
    "vadd", "vsub_f64", "vmul", "vdiv_f64", "vmax", "vmin_f64", "vlerp", "vadd_scalar",
    "vscale", "vdiv_scalar_f64", "vrecip", "vneg", "vabs", "vsquare", "vcube", "vsqrt_f64",
    "vclamp", "vaxpbyz", "vsub_inplace", "vmul_inplace", "vdiv_inplace_f64",
    "vadd_scalar_inplace", "vdiv_scalar_inplace", "vneg_inplace", "relu_inplace", "madd",
    "mhadamard", "msub_inplace", "mscale_f64", "maxpby_f64", "mdiv_f64", "vsum", "vdot",
    "vsumsq_f64", "vasum", "vnorm", "vmaxval", "vminval_f64", "vsum_acc_f64", "vmean", "softmax",
    "rmsnorm", "normalize", "center_f64", "dot_ret", "sum_ret_f64", "max_ret", "length_ret",
    "blend_multiply", "blend_screen", "blend_darken", "blend_lighten", "blend_linear_burn",
    "blend_linear_dodge", "blend_subtract", "blend_difference", "blend_average",
    "blend_overlay", "blend_hard_light", "amax_ret", "vamax_f64", "argmax_ret", "iamax_abs",
}

# Single-function kernels in the styles of real code (DSP, vector math, array
# loops, 8-bit blends, a transformer's pieces): benchmarks/kernels.
KERNELS = {
    "attn_scores", "attn_weighted", "autocorr", "axpy_third", "biquad", "clip_signal",
    "cmul_interleaved", "col_mean", "conv1d_full", "crossfade", "cube_inplace", "cumsum",
    "decimate", "delay_mix", "diff", "dot_walk", "energy_walk", "envelope", "exp_shift",
    "fir_walk", "gain_offset", "gelu_tanh", "inc_inplace", "layernorm", "lerp",
    "mean_positive", "moving_average", "mul_acc", "outer", "px_abs_diff", "px_alpha",
    "px_color_burn", "px_color_dodge", "px_darken_if", "px_exclusion", "px_gray",
    "px_invert", "px_lighten_if", "px_threshold", "recip_inplace", "residual_add", "rms",
    "rmsnorm_w", "rope", "row_sum", "sad", "silu", "skip_zeros", "softmax_row", "split_sign",
    "sq_err", "sum_positive", "swiglu", "vabs", "vmac_walk", "vmax2", "vsqrt",
    "where_select", "window_apply", "xcorr", "zero_crossings",
}

needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")


def _code_of(source: str) -> str:
    """The source without its comments."""
    return re.sub(r"/\*.*?\*/|//[^\n]*", " ", source, flags=re.DOTALL)


def _kernel_name(program: Path) -> str:
    return "kernel_" + program.stem.replace("-", "_")


def _run(cmd: list[str]) -> None:
    result = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{' '.join(cmd)}\n{result.stderr}"
    assert result.stderr == "", result.stderr


def _compile(program: Path, out: Path, *extra: str) -> None:
    """The program with the files it links (POLYLIFT_LINK), each compiled as the harness
    compiles it: without -Dstatic, so its own helpers stay private."""
    objects = []
    for source in linked_sources(program):
        obj = out.with_name(f"{source.stem}.o")
        _run(["gcc", *CFLAGS, f"-I{INCLUDE_DIR}", "-DMINI_DATASET", "-c", str(source),
              "-o", str(obj)])
        objects.append(str(obj))
    _run(["gcc", *CFLAGS, f"-I{INCLUDE_DIR}", f"-I{program.parent}", *extra, str(program),
          *objects, "-o", str(out), "-lm"])


def test_every_suite_is_complete():
    for suite, expected in (("linalg", LINALG), ("cnn", CNN), ("image", IMAGE),
                            ("framework", FRAMEWORK), ("arrays", ARRAYS),
                            ("kernels", KERNELS), ("sparse", SPARSE)):
        found = {p.stem for p in (BENCH_ROOT / suite).glob("*.c")}
        assert found == expected, f"{suite}: missing {expected - found}, extra {found - expected}"


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_defines_its_kernel(program: Path):
    source = program.read_text()
    name = _kernel_name(program)
    # A kernel returns nothing, or (benchmarks/arrays) the scalar or index it computes.
    assert re.search(rf"^static (void|float|double|int) {name}\(", source, re.MULTILINE), \
        f"no {name} in {program}"
    assert re.search(rf"^\s+(\w+\[0\] = )?{name}\(", source, re.MULTILINE), \
        f"main does not call {name}"
    # The harness compiles with -Dstatic=__attribute__((noipa)): `inline` would break it.
    assert not re.search(r"\binline\b", _code_of(source))


def test_header_has_no_inline():
    header = (INCLUDE_DIR / "polylift_bench.h").read_text()
    assert not re.search(r"\binline\b", _code_of(header))


@needs_gcc
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_compiles_and_runs_at_mini(program: Path, tmp_path: Path):
    exe = tmp_path / program.stem
    _compile(program, exe, "-DMINI_DATASET", "-Dstatic=__attribute__((noipa))")
    result = subprocess.run([str(exe)], capture_output=True, text=True, timeout=30, check=False)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines, f"{program.name} printed nothing"
    for line in lines:
        assert CHECKSUM_LINE.match(line), f"unexpected output line: {line!r}"
        assert "nan" not in line.lower() and "inf" not in line.lower(), line
