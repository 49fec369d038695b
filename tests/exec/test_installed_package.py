"""The installed package stands alone: the wheel, installed into a fresh virtual
environment (offline: its dependencies are this environment's, its own files the
wheel's), runs the README's commands from a folder outside any checkout."""

from __future__ import annotations

import os
import site
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = """\
#include <stdio.h>
void add_scaled(int n, float a, const float *x, float *y) {
  for (int i = 0; i < n; i++) y[i] = y[i] + a * x[i];
}
int main(void) {
  float x[100], y[100];
  for (int i = 0; i < 100; i++) { x[i] = i * 0.25f; y[i] = 1.0f / (i + 1); }
  add_scaled(100, 1.5f, x, y);
  printf("%g\\n", y[99]);
  return 0;
}
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the built wheel installed: its bin folder."""
    work = tmp_path_factory.mktemp("installed")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(work / "dist"), str(ROOT)], check=True,
                   capture_output=True)
    (wheel,) = (work / "dist").glob("polylift-*.whl")
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    packages = next(venv.glob("lib/python3*/site-packages"))
    # The dependencies are this environment's (a path line: its .pth files, such as the
    # editable install's finder, are not read), polylift itself the wheel's.
    (packages / "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True)
    return venv / "bin"


def _run(bindir: Path, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("POLYLIFT")}
    env["PATH"] = f"{bindir}{os.pathsep}{env.get('PATH', '')}"
    env["POLYLIFT_CACHE_DIR"] = str(cwd / "cache")
    return subprocess.run([str(bindir / args[0]), *args[1:]], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=900)


def test_it_is_the_wheel_that_runs(installed: Path, tmp_path: Path):
    done = _run(installed, ["python", "-c", "import polylift, polylift.resources as r; "
                            "print(polylift.__file__); print(r.benchmarks_dir())"], tmp_path)
    module, suites = done.stdout.splitlines()
    assert str(ROOT) not in module and Path(suites).name == "suites"
    assert (Path(suites) / "linalg" / "gemm.c").is_file()
    for tool in ("polylift", "polylift-cc", "polylift-opt", "polylift-gcc"):
        assert _run(installed, [tool, "--version"], tmp_path).returncode == 0


def test_the_readme_commands_work_from_any_folder(installed: Path, tmp_path: Path):
    demo = _run(installed, ["polylift", "demo", "--only", "gemm"], tmp_path)
    assert demo.returncode == 0, demo.stderr[-2000:]
    assert (tmp_path / "site-out" / "index.html").is_file()
    check = _run(installed, ["polylift", "check", "--suite", "linalg", "--only", "gemm"],
                 tmp_path)
    assert check.returncode == 0, check.stderr[-2000:]
    assert "gemm" in check.stdout and ("BIT-EXACT" in check.stdout or "PASS" in check.stdout)


def test_check_function_on_a_users_file(installed: Path, tmp_path: Path):
    (tmp_path / "mine.c").write_text(PROGRAM)
    done = _run(installed, ["polylift", "check", "mine.c", "--function", "add_scaled",
                            "--backend", "host"], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("add_scaled: ")
