"""The shim build helper: cache, concurrent builds, errors, symbols, cross builds."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from polylift.errors import BuildError
from polylift.shims.build import missing_symbols, shim_library
from polylift.shims.header import declared_symbols
from polylift.tdl.library import load_library

ROOT = Path(__file__).resolve().parents[2]
USER_TEMPLATE = """template user.twice {
  doc "y = 2 * x"
  types f64
  array y[n] out
  array x[n] in
  compute { y[i] = 2 * x[i] }
  launch twice
  shim n, x, y
  backends ref
  accuracy exact
  cost flops n bytes 2*n
}
"""
USER_SHIM = """#include "polylift_shims.h"
void polylift_ref_twice_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy)
{
  for (int64_t i = 0; i < n; i++)
    y[i * incy] = 2 * x[i * incx];
}
"""
DRIVER = """#include <stdio.h>
#include "polylift_shims.h"
int main(void)
{
  double a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {1, 0, 0, 1, 1, 1}, c[4] = {1, 1, 1, 1};
  polylift_%s_gemm_f64(2, 2, 3, 2.0, a, 3, b, 2, 0.5, c, 2);
  printf("%%g %%g %%g %%g\\n", c[0], c[1], c[2], c[3]);
  return 0;
}
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("POLYLIFT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_libraries_are_cached_by_content(cache: Path):
    first = shim_library("ref")
    assert first.path.is_file() and first.path.suffix == ".a"
    assert first.path.is_relative_to(cache) and first.link_args == ()
    assert (first.include_dir / "polylift_shims.h").is_file()
    stamp = first.path.stat().st_mtime_ns
    assert shim_library("ref") == first and first.path.stat().st_mtime_ns == stamp
    shared = shim_library("ref", kind="shared")
    assert shared.path.suffix == ".so" and shared.path.parent != first.path.parent
    host = shim_library("host")
    assert host.link_args == ("-lopenblas", "-lm")
    assert not list(cache.glob("shims/.build-*"))


def test_concurrent_builds_agree(cache: Path):
    code = "from polylift.shims.build import shim_library; print(shim_library('pva').path)"
    env = dict(os.environ, POLYLIFT_CACHE_DIR=str(cache))
    procs = [subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                              text=True) for _ in range(3)]
    paths = {p.communicate()[0].strip() for p in procs}
    assert all(p.returncode == 0 for p in procs)
    assert len(paths) == 1 and Path(paths.pop()).is_file()
    assert len(list((cache / "shims").iterdir())) == 1  # no half-built folder left behind


@pytest.mark.parametrize("backend", ["ref", "host", "pva"])
def test_every_declared_symbol_is_defined(backend: str):
    lib = shim_library(backend)
    out = subprocess.run(["nm", "-g", "--defined-only", str(lib.path)], check=True,
                         capture_output=True, text=True).stdout
    defined = {line.split()[-1] for line in out.splitlines() if len(line.split()) == 3}
    wanted = set(declared_symbols(load_library(), backend))
    missing = sorted(wanted - defined)
    assert wanted and not missing, f"{backend} shims missing: {missing}"
    assert missing_symbols(backend, lib) == []


def test_user_template_folders_bring_their_shims(cache: Path, tmp_path: Path):
    user = tmp_path / "user"
    (user / "ref").mkdir(parents=True)
    (user / "twice.tpl").write_text(USER_TEMPLATE)
    (user / "ref" / "twice.c").write_text(USER_SHIM)
    lib = shim_library("ref", kind="shared", template_dirs=[user])
    assert "polylift_ref_twice_f64" in (lib.include_dir / "polylift_shims.h").read_text()
    assert "polylift_ref_twice_f64" not in missing_symbols("ref", lib, template_dirs=[user])
    (user / "ref" / "twice.c").write_text(USER_SHIM.replace("2 * x", "2 * undeclared"))
    with pytest.raises(BuildError) as info:
        shim_library("ref", template_dirs=[user])
    assert "compiling shim" in info.value.message and "ref/twice.c" in info.value.message
    assert "undeclared" in info.value.message


def test_headers_beside_the_shims_are_part_of_the_cache_key(cache: Path, tmp_path: Path):
    user = tmp_path / "user"
    (user / "ref").mkdir(parents=True)
    (user / "twice.tpl").write_text(USER_TEMPLATE)
    (user / "ref" / "twice.c").write_text('#include "twice.h"\n' + USER_SHIM.replace(
        "2 * x", "FACTOR * x"))
    (user / "ref" / "twice.h").write_text("#define FACTOR 2\n")
    first = shim_library("ref", template_dirs=[user])
    (user / "ref" / "twice.h").write_text("#define FACTOR 3\n")
    assert shim_library("ref", template_dirs=[user]).path != first.path


def test_a_template_without_its_shim_is_reported(cache: Path, tmp_path: Path):
    user = tmp_path / "user"
    user.mkdir()
    (user / "twice.tpl").write_text(USER_TEMPLATE)
    lib = shim_library("ref", template_dirs=[user])
    assert "polylift_ref_twice_f64" in missing_symbols("ref", lib, template_dirs=[user])


def test_pva_sdk_hook_adds_its_flags(cache: Path, tmp_path: Path, monkeypatch):
    plain = shim_library("pva")
    sdk = tmp_path / "sdk"
    (sdk / "include").mkdir(parents=True)
    (sdk / "lib").mkdir()
    monkeypatch.setenv("PVA_SDK_ROOT", str(sdk))
    monkeypatch.setenv("PVA_SDK_LIBS", "-lm")
    built = shim_library("pva")
    assert built.path != plain.path
    assert built.link_args == (f"-L{sdk}/lib", f"-Wl,-rpath,{sdk}/lib", "-lm")
    assert missing_symbols("pva", built) == []


@pytest.mark.skipif(shutil.which("aarch64-linux-gnu-gcc") is None
                    or shutil.which("qemu-aarch64") is None, reason="no aarch64 toolchain")
@pytest.mark.parametrize("backend", ["ref", "host"])
def test_aarch64_library_links_and_runs_under_qemu(backend: str, tmp_path: Path):
    lib = shim_library(backend, "aarch64")
    out = subprocess.run(["aarch64-linux-gnu-objdump", "-f", str(lib.path)], check=True,
                         capture_output=True, text=True).stdout
    assert "aarch64" in out
    (tmp_path / "driver.c").write_text(DRIVER % backend)
    exe = tmp_path / "driver"
    subprocess.run(["aarch64-linux-gnu-gcc", "-O2", f"-I{lib.include_dir}",
                    str(tmp_path / "driver.c"), str(lib.path), *lib.link_args, "-o", str(exe)],
                   check=True, capture_output=True)
    run = subprocess.run(["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu", str(exe)],
                         check=True, capture_output=True, text=True,
                         env=dict(os.environ, OPENBLAS_NUM_THREADS="1"))
    # C = 2 * A.B + 0.5 * C with A = [1 2 3; 4 5 6], B = [1 0; 0 1; 1 1].
    assert run.stdout.split() == ["8.5", "10.5", "20.5", "22.5"]


def test_unknown_backend_and_kind_are_usage_errors():
    from polylift.errors import UsageError

    with pytest.raises(UsageError, match="unknown shim backend 'blas'"):
        shim_library("blas")
    with pytest.raises(UsageError, match="unknown library kind 'dll'"):
        shim_library("ref", kind="dll")
    with pytest.raises(UsageError, match="unknown target 'riscv'"):
        shim_library("ref", "riscv")
