"""Bundles: built here, run from a copy in another folder by their `run.sh` (natively, or
under qemu for aarch64), and collected: the verdicts are those of a local check."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from polylift.cli.main import main
from polylift.harness.bundle.collect import collect_bundle
from polylift.harness.bundle.write import write_bundle
from polylift.harness.check import CheckOptions, CheckResult
from polylift.harness.facts.manifest import MANIFEST_NAME
from polylift.harness.programs.gpu import gpu_available
from polylift.harness.suite import check_suite
from polylift.shims.cuda_build import cuda_available

ROOT = Path(__file__).resolve().parents[2]
GEMM = ROOT / "benchmarks" / "linalg" / "gemm.c"
# Two linalg and two cnn kernels; gramschmidt's host gemv calls for the launch audit.
SOURCES = [ROOT / "benchmarks" / "linalg" / "gemm.c",
           ROOT / "benchmarks" / "linalg" / "gramschmidt.c",
           ROOT / "benchmarks" / "cnn" / "conv2d.c",
           ROOT / "benchmarks" / "cnn" / "batchnorm.c"]
# A sum that cancels: on ref its verdict needs the magnitude run.
CANCEL = ROOT / "tests" / "exec" / "inputs" / "reduced" / "cancel_gemv.c"
# A framework layer (structs, a POLYLIFT_LINK file) and a kernel that returns a scalar.
CONNECTED = ROOT / "benchmarks" / "framework" / "connected.c"
SCALED_SUM = ROOT / "tests" / "exec" / "inputs" / "harness" / "scaled_sum.c"
QEMU = "qemu-aarch64 -L /usr/aarch64-linux-gnu"


def _moved_and_run(bundle: Path, tmp_path: Path, env: dict[str, str] | None = None
                   ) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """Copy the bundle elsewhere, delete the original, run the copy's run.sh with a bare
    environment from yet another folder. The BLAS keeps the configuration the local
    check runs with (`OPENBLAS_CORETYPE` picks its kernels, and so the order of a
    reordered sum's terms): the verdicts compared are those of the same library."""
    copy = tmp_path / "elsewhere" / "bundle"
    shutil.copytree(bundle, copy)
    shutil.rmtree(bundle)
    blas = {k: v for k, v in os.environ.items() if k.startswith("OPENBLAS_")}
    done = subprocess.run(["sh", str(copy / "run.sh")], cwd=tmp_path, text=True,
                          capture_output=True,
                          env={"PATH": "/usr/bin:/bin", **blas, **(env or {})}, check=False)
    return copy, done


def _refers_back(bundle: Path) -> list[str]:
    """Files of the bundle that name the checkout or the Python environment."""
    needles = [str(ROOT).encode(), sys.prefix.encode()]
    return [str(p) for p in bundle.rglob("*")
            if p.is_file() and any(n in p.read_bytes() for n in needles)]


def _verdicts(results: list[CheckResult]) -> dict[str, tuple]:
    """What must be equal between a local check and a collected bundle (not times)."""
    return {r.kernel: (r.verdict, tuple(c.describe() for c in r.arrays), r.audit,
                       r.coverage, r.launches, r.ulp_bound, r.flops, r.source_runs)
            for r in results}


@pytest.mark.parametrize("target, backend, sources, env", [
    ("x86_64", "host", [*SOURCES, CONNECTED, SCALED_SUM], {}),
    ("aarch64", "ref", [*SOURCES, CANCEL], {"POLYLIFT_EMULATOR": QEMU}),
])
def test_a_moved_bundle_gives_the_verdicts_of_a_local_check(tmp_path, target, backend,
                                                            sources, env):
    options = CheckOptions(backend=backend, target=target)
    manifest = write_bundle(sources, options, tmp_path / "bundle", progress=False)
    assert [k.error for k in manifest.kernels] == [""] * len(sources)
    assert _refers_back(tmp_path / "bundle") == []
    copy, done = _moved_and_run(tmp_path / "bundle", tmp_path, env)
    assert done.returncode == 0, done.stderr
    assert " 0 failed; collect with: polylift check --collect " in done.stderr
    _, collected = collect_bundle(copy)
    local = check_suite(sources, options, progress=False)
    assert _verdicts(collected) == _verdicts(local)
    assert all(r.ok and r.reference_s and r.lifted_s for r in collected)
    by_kernel = {r.kernel: r for r in collected}
    if backend == "host":
        assert by_kernel["kernel_gramschmidt"].audit  # the audit ran from the bundle
        assert "blas.gemm_nt_zero" in by_kernel["kernel_connected"].launches
        assert [c.name for c in by_kernel["kernel_scaled_sum"].arrays] == ["y", "return"]
    else:
        assert by_kernel["kernel_cancel_gemv"].arrays[0].of_terms  # so did the magnitudes


def test_bundle_and_collect_on_the_command_line(tmp_path, capsys):
    bundle = tmp_path / "b"
    assert main(["check", str(GEMM), "--backend", "host", "--repeat", "3",
                 "--bundle", str(bundle)]) == 0
    out = capsys.readouterr().out
    assert f"bundle {bundle}: 1 of 1 kernel(s) built for host on x86_64, MINI" in out
    assert f"then: polylift check --collect {bundle}" in out
    # Collected before its run.sh ran: a FAIL that says so.
    assert main(["check", "--collect", str(bundle)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("kernel_gemm: FAIL")
    assert "kernel_gemm/reference has not run (no reference.status): run the bundle's " \
           "run.sh first" in out
    subprocess.run(["sh", str(bundle / "run.sh")], check=True, capture_output=True)
    out_json = tmp_path / "r.json"
    assert main(["check", "--collect", str(bundle), "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("kernel_gemm: PASS  reference ")
    data = json.loads(out_json.read_text())
    assert data["config"]["backend"] == "host" and data["config"]["repeat"] == 3
    assert len(data["results"][0]["checks"][0]["lifted_times"]) == 3  # warm-up, median of 3


def test_a_suite_bundle_built_in_parallel_collects_as_a_table(tmp_path, capsys):
    suite = tmp_path / "suite"
    suite.mkdir()
    for name in ("colsum.c", "colsum64.c", "axpy.c"):
        shutil.copy(ROOT / "tests" / "exec" / "inputs" / "harness" / name, suite / name)
    bundle = tmp_path / "b"
    assert main(["check", "--suite", str(suite), "--backend", "host", "-j", "2",
                 "--no-progress", "--bundle", str(bundle)]) == 0
    capsys.readouterr()
    subprocess.run(["sh", str(bundle / "run.sh")], check=True, capture_output=True)
    assert main(["check", "--collect", str(bundle)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["kernel", "coverage", "launches", "verdict"]
    assert [line.split()[0] for line in lines[2:5]] == ["kernel_axpy", "kernel_colsum",
                                                        "kernel_colsum64"]
    assert "3 of 3 ok" in out
    # colsum's `B = 3 * A` is an expression template's launch, whose shim the lifted
    # object carries into the bundle; colsum64 has none: collected from the bundle, it
    # says the source's own code ran.
    assert lines[3].split()[1:4] == ["PARTIAL", "1", "BIT-EXACT"], lines[3]
    assert "1.00x (source)" in lines[4] and "(source)" not in "".join(lines[2:4])


def test_a_program_that_fails_in_the_bundle_is_a_fail_with_its_stderr(tmp_path, capsys):
    bundle = tmp_path / "b"
    assert main(["check", str(GEMM), "--bundle", str(bundle)]) == 0
    lifted = bundle / "kernel_gemm" / "lifted"
    lifted.write_text("#!/bin/sh\necho 'lifted: out of luck' >&2\nexit 3\n")
    done = subprocess.run(["sh", str(bundle / "run.sh")], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2 and "kernel_gemm/lifted: exit 3" in done.stderr
    assert main(["check", "--collect", str(bundle)]) == 1
    out = capsys.readouterr().out
    assert "error: running lifted failed (exit 3): lifted: out of luck" in out
    assert f"reproducer: {bundle / 'kernel_gemm'}" in out


@pytest.mark.parametrize("argv, message", [
    (["check", "--collect", "d", str(GEMM)], "--collect takes only --json"),
    (["check", "--collect", "d", "--backend", "host"], "--collect takes only --json"),
    (["check", str(GEMM), "--cuda-lib-dir", "x"], "--cuda-lib-dir goes with --bundle"),
])
def test_bundle_usage_errors(capsys, argv, message):
    assert main(argv) == 1
    assert message in capsys.readouterr().err


def test_a_folder_that_is_not_a_bundle_is_neither_replaced_nor_collected(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["check", str(GEMM), "--bundle", str(tmp_path)]) == 1
    assert "exists and is not a bundle" in capsys.readouterr().err
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert main(["check", "--collect", str(tmp_path)]) == 1
    assert f"cannot read {tmp_path / MANIFEST_NAME}" in capsys.readouterr().err


def test_a_bundle_from_another_template_library_is_refused(tmp_path, capsys):
    bundle = tmp_path / "b"
    assert main(["check", str(GEMM), "--bundle", str(bundle)]) == 0
    manifest = bundle / MANIFEST_NAME
    manifest.write_text(manifest.read_text().replace('"library_key": "', '"library_key": "x'))
    assert main(["check", "--collect", str(bundle)]) == 1
    assert "the template library is not the one the bundle was built with" in \
        capsys.readouterr().err


def test_run_sh_needs_only_a_posix_shell(tmp_path):
    if shutil.which("dash") is None:
        pytest.skip("no dash to run run.sh with a strictly POSIX shell")
    bundle = tmp_path / "b"
    write_bundle([GEMM], CheckOptions(), bundle, progress=False)
    done = subprocess.run(["dash", str(bundle / "run.sh")], capture_output=True, text=True,
                          env={"PATH": os.defpath}, check=False)
    assert done.returncode == 0, done.stderr
    assert (bundle / "kernel_gemm" / "lifted.status").read_text().strip() == "0"


needs_no_gpu = pytest.mark.skipif(gpu_available(need_pycuda=False)[0],
                                  reason="a GPU is usable here: nothing to refuse")
needs_cuda_build = pytest.mark.skipif(not cuda_available()[0],
                                      reason=f"cuda shims cannot build: {cuda_available()[1]}")


@needs_no_gpu
@pytest.mark.parametrize("backend", ["cublas", "cublaslt", "cudnn,host", "npp,host"])
def test_check_refuses_a_cuda_backend_without_a_gpu_before_building(tmp_path, capsys,
                                                                    backend):
    assert main(["check", str(GEMM), "--backend", backend, "--keep", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    first = backend.split(",")[0]
    assert err.startswith(f"polylift: error: backend {first} needs an NVIDIA GPU and driver: ")
    assert err.rstrip().endswith("; use --bundle to build for another machine")
    assert list(tmp_path.iterdir()) == []  # nothing was built


def _fake_python_env(root: Path, libs: list[str]) -> Path:
    """A Python environment's layout holding (empty) CUDA library files."""
    folder = root / "lib" / "python3.12" / "site-packages" / "nvidia" / "cu13" / "lib"
    folder.mkdir(parents=True)
    for name in libs:
        (folder / name).write_bytes(b"")
    return folder


@needs_cuda_build
@needs_no_gpu
def test_a_cuda_bundle_builds_here_and_its_run_sh_says_why_it_cannot_run(tmp_path):
    bundle = tmp_path / "bundle"
    manifest = write_bundle([GEMM], CheckOptions(backend="cublas"), bundle, progress=False)
    assert manifest.cuda_backends == ("cublas",) and not manifest.kernels[0].error
    assert _refers_back(bundle) == []  # no rpath into this machine's wheels
    # No CUDA library anywhere it looks: it says which one and how to point at it.
    copy, done = _moved_and_run(bundle, tmp_path)
    assert done.returncode == 1
    assert "run.sh: error: cannot find libcublas.so.13: set POLYLIFT_CUDA_LIB_DIR" in done.stderr
    # The libraries in a Python environment's site-packages/nvidia/*/lib, no driver.
    libs = _fake_python_env(tmp_path / "env", ["libcublas.so.13", "libcublasLt.so.13",
                                               "libcudart.so.13"])
    done = subprocess.run(["sh", str(copy / "run.sh")], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "VIRTUAL_ENV": str(tmp_path / "env")},
                          check=False)
    assert done.returncode == 1
    assert f"run.sh: CUDA libraries from {libs}" in done.stderr
    assert "run.sh: error: this bundle's programs call cublas and need an NVIDIA GPU and " \
           "driver: no NVIDIA driver library (libcuda.so.1 cannot be loaded)" in done.stderr
    assert not list(copy.glob("kernel_gemm/*.status"))  # nothing ran


def test_run_sh_says_what_to_set_on_a_machine_of_another_architecture(tmp_path):
    """An aarch64 bundle run on this x86-64 machine without an emulator runs nothing and
    names the architecture and POLYLIFT_EMULATOR (the programs once failed each with an
    exit status whose cause only a .stderr file held)."""
    if os.uname().machine != "x86_64":
        pytest.skip("the check is of an aarch64 bundle on an x86-64 machine")
    bundle = tmp_path / "b"
    write_bundle([GEMM], CheckOptions(target="aarch64"), bundle, progress=False)
    done = subprocess.run(["sh", str(bundle / "run.sh")], capture_output=True, text=True,
                          env={"PATH": os.defpath}, check=False)
    assert done.returncode == 1
    assert "built for aarch64 and this machine is x86_64" in done.stderr
    assert "POLYLIFT_EMULATOR" in done.stderr and "qemu-aarch64" in done.stderr
    assert not (bundle / "kernel_gemm" / "lifted.status").exists()
