"""The project's own applications (`benchmarks/apps/`) built with their own Makefiles
through `polylift-gcc`, run, and compared with their gcc builds (`driver/check_app.py`):
on ref and host, for aarch64 under qemu on ref, in shadow mode, with a planted wrong
shim the shadow mode must catch, and twice with `make -j2` (the second from the cache).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest

from polylift.cli.main import main
from polylift.driver.check_app import AppCheck, build_and_run, check_app, driver_program
from polylift.driver.records import read_records
from polylift.harness.comparison.compare import DIFF
from polylift.results import SCHEMA_FILE
from polylift.shims.header import INCLUDE_DIR

APPS = Path(__file__).parents[2] / "benchmarks" / "apps"
SCHEMA = json.loads(SCHEMA_FILE.read_text())
QEMU = "qemu-aarch64 -L /usr/aarch64-linux-gnu"
RUNS = {
    "cnn": ("./cnn tiny.cfg -o out.bin", "float32"),
    "transformer": ("./tlm -w model.bin && ./tlm model.bin -n 24 -o out.bin", "float32"),
}
# What each app must get lifted (among others), by C function.
LIFTED = {"cnn": {"gemm_nn", "normalize_cpu", "add_bias", "fill_cpu", "activate_array"},
          "transformer": {"matmul", "rmsnorm", "softmax", "argmax"}}


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache for the module: the shim libraries are built once."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture
def env(cache: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    for name in ("POLYLIFT_BACKEND", "POLYLIFT_FLAGS", "POLYLIFT_REPORT", "POLYLIFT_CC",
                 "POLYLIFT_SHADOW", "POLYLIFT_SHADOW_RATE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("POLYLIFT_CACHE_DIR", str(cache))
    return {"POLYLIFT_CACHE_DIR": str(cache)}


def _check(app: str, backend: str, env: dict[str, str], **more) -> AppCheck:
    run, dtype = RUNS[app]
    return AppCheck(APPS / app, run, "make -j2 CC={cc}", ("out.bin",), dtype, rtol=1e-4,
                    flags=(f"-fpolylift-backend={backend}",), env=env, stdout="digits",
                    **more)


def _lifted(folder: Path) -> set[str]:
    return {f["name"] for record in read_records([str(folder)]) for unit in record["units"]
            for f in unit["functions"] if f["status"] == "lifted"}


@pytest.mark.parametrize("backend", ["ref", "host"])
@pytest.mark.parametrize("app", sorted(RUNS))
def test_an_app_through_the_driver_computes_what_its_gcc_build_does(
        app: str, backend: str, env: dict[str, str], tmp_path: Path):
    result = check_app(_check(app, backend, env), tmp_path)
    assert result.verdict != DIFF, "\n".join(result.outputs.values())
    assert result.stdout_equal
    assert LIFTED[app] <= _lifted(result.polylift.folder)
    exe = "cnn" if app == "cnn" else "tlm"
    linked = subprocess.run(["nm", str(result.polylift.folder / exe)], capture_output=True,
                            text=True, check=True).stdout
    assert f"polylift_{backend}_" in linked


def test_every_lifted_call_passes_in_shadow_mode(env: dict[str, str], tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]):
    """Through the commands, with `--json -`: the results documents of the check and of
    the build report, valid against their schema, list the same functions."""
    keep = tmp_path / "keep"
    run, _ = RUNS["cnn"]
    status = main(["check-app", str(APPS / "cnn"), "--run", run, "--build", "make -j2 CC={cc}",
                   "--output", "out.bin", "--rtol", "1e-4", "--stdout", "digits", "--shadow",
                   "--backend", "host", "--keep", str(keep), "--json", "-"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "stdout: equal" in captured.err  # the report, on stderr
    app = json.loads(captured.out)
    jsonschema.validate(app, SCHEMA)
    assert app["kind"] == "app" and app["app"]["verdict"] != DIFF
    checks = {r["function"]: r["checks"][0] for r in app["results"] if r["checks"]}
    assert all(c["mismatched"] == 0 for c in checks.values())
    assert checks["gemm_nn"]["checked"] >= 1 and checks["normalize_cpu"]["checked"] >= 1
    assert main(["report", str(keep / "polylift"), "--json", "-"]) == 0
    build = json.loads(capsys.readouterr().out)
    jsonschema.validate(build, SCHEMA)
    assert [(r["function"], r["lift"]) for r in build["results"]] == \
        [(r["function"], r["lift"]) for r in app["results"]]
    assert LIFTED["cnn"] <= {r["function"] for r in build["results"]
                             if r["lift"]["status"] == "lifted"}


WRONG_SHIM = """\
#include "polylift_shims.h"
#include <string.h>
void __real_polylift_host_gemm_f32(int64_t m, int64_t n, int64_t k, float alpha,
                                   const float *A, int64_t ldA, const float *B, int64_t ldB,
                                   float beta, float *C, int64_t ldC);
/* The host gemm, with one bit of its first output flipped: the highest of the significand
 * (a 1-ULP flip is inside a gemm's bound). */
void __wrap_polylift_host_gemm_f32(int64_t m, int64_t n, int64_t k, float alpha,
                                   const float *A, int64_t ldA, const float *B, int64_t ldB,
                                   float beta, float *C, int64_t ldC) {
  __real_polylift_host_gemm_f32(m, n, k, alpha, A, ldA, B, ldB, beta, C, ldC);
  unsigned int bits;
  memcpy(&bits, C, sizeof bits);
  bits ^= 1u << 22;
  memcpy(C, &bits, sizeof bits);
}
"""


def test_the_shadow_mode_names_a_wrong_shim_and_its_function(env: dict[str, str],
                                                             tmp_path: Path):
    wrong = tmp_path / "wrong.c"
    wrong.write_text(WRONG_SHIM)
    subprocess.run(["gcc", "-O2", f"-I{INCLUDE_DIR}", "-c", str(wrong), "-o",
                    str(tmp_path / "wrong.o")], check=True)
    build = (f"make -j2 CC={{cc}} LDFLAGS='-Wl,--wrap=polylift_host_gemm_f32 "
             f"{tmp_path / 'wrong.o'}'")
    check = AppCheck(APPS / "cnn", "./cnn tiny.cfg", build,
                     flags=("-fpolylift-backend=host", "-fpolylift-shadow"),
                     env={**env, "POLYLIFT_FLAGS": "-fpolylift-shadow"})
    side = build_and_run(check, tmp_path / "app", driver_program(), check.env)
    mismatch = [line for line in side.stderr.splitlines() if "MISMATCH" in line]
    assert mismatch, side.stderr
    assert mismatch[0].startswith("polylift shadow: MISMATCH in gemm_nn (gemm.c:9), call 1: C[")
    assert "gemm_nn (gemm.c:9): 5 calls, 5 checked, 0 skipped, 5 mismatched" in side.stderr
    # abort stops the program at the first one.
    aborted = subprocess.run(["./cnn", "tiny.cfg"], cwd=tmp_path / "app", capture_output=True,
                             text=True, env={**env, "POLYLIFT_SHADOW": "abort"}, check=False)
    assert aborted.returncode != 0 and aborted.stderr.count("MISMATCH") == 1


@pytest.mark.skipif(shutil.which("aarch64-linux-gnu-gcc") is None
                    or shutil.which("qemu-aarch64") is None,
                    reason="no aarch64 cross compiler or qemu-aarch64")
def test_an_aarch64_build_on_ref_runs_under_qemu(env: dict[str, str], tmp_path: Path):
    cross = {**env, "POLYLIFT_CC": "aarch64-linux-gnu-gcc"}
    check = AppCheck(APPS / "cnn", f"{QEMU} ./cnn tiny.cfg -o out.bin",
                     "make -j2 CC={cc} AR=aarch64-linux-gnu-ar", ("out.bin",), rtol=1e-4,
                     flags=("-fpolylift-backend=ref",), env=cross, stdout="digits")
    result = check_app(check, tmp_path)
    assert result.verdict != DIFF, "\n".join(result.outputs.values())
    machine = subprocess.run(["file", str(result.polylift.folder / "cnn")],
                             capture_output=True, text=True, check=False).stdout
    assert "aarch64" in machine or "ARM" in machine
    assert LIFTED["cnn"] <= _lifted(result.polylift.folder)


def test_a_second_build_with_make_j2_comes_from_the_cache(env: dict[str, str], tmp_path: Path):
    folder = tmp_path / "cnn"
    shutil.copytree(APPS / "cnn", folder)
    # Flags no other test builds with: the first build finds nothing in the cache.
    make = ["make", "-j2", f"CC={driver_program()}", "CFLAGS=-std=c99 -O2 -DCACHE_TEST"]
    run_env = {**os.environ, **env}
    subprocess.run(["make", "clean"], cwd=folder, check=True, capture_output=True)
    first = subprocess.run(make, cwd=folder, env=run_env, capture_output=True, text=True,
                           check=True)
    subprocess.run(["make", "clean"], cwd=folder, check=True, capture_output=True)
    second = subprocess.run(make, cwd=folder, env=run_env, capture_output=True, text=True,
                            check=True)
    lines = [line for line in second.stderr.splitlines() if line.startswith("polylift: ")]
    assert len(lines) == 13 and all(line.endswith("(cached)") for line in lines)
    assert not any("(cached)" in line for line in first.stderr.splitlines())
    built = subprocess.run(["./cnn", "tiny.cfg"], cwd=folder, capture_output=True, text=True,
                           check=True)
    assert "layer  0 conv" in built.stdout
