"""The import contract of pyproject.toml holds, and breaks when an import goes up the
layers, closes a cycle, or brings MLIR into the template language.

Each case runs `lint-imports` on a copy of the package in a temporary directory, so the
repository itself is never touched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The package and its contract, copied."""
    shutil.copytree(ROOT / "polylift", tmp_path / "polylift",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """`lint-imports` run on the copy at `root` (the copy is the package it imports)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=root, env=env,
                          capture_output=True, text=True, check=False, timeout=300)


def add_import(root: Path, module: str, line: str) -> None:
    """Append `line` to `module` (a path under the package) of the copy."""
    path = root / "polylift" / module
    path.write_text(path.read_text() + f"\n{line}\n")


def test_the_package_keeps_every_contract(copy: Path):
    done = lint_imports(copy)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 kept, 0 broken" in done.stdout


def test_an_import_up_the_layers_breaks_the_layers(copy: Path):
    add_import(copy, "matcher/binding/engine.py", "from polylift.passes import registry  # noqa")
    done = lint_imports(copy)
    assert done.returncode != 0
    assert "polylift.matcher is not allowed to import polylift.passes" in done.stdout
    assert "polylift.matcher.binding.engine -> polylift.passes.registry" in done.stdout


def test_an_import_inside_a_function_counts_too(copy: Path):
    add_import(copy, "raising/nest_model/linear.py",
               "def _late():\n    from polylift.matcher import engine  # noqa\n")
    done = lint_imports(copy)
    assert done.returncode != 0
    assert "polylift.raising is not allowed to import polylift.matcher" in done.stdout


def test_a_cycle_inside_a_package_breaks_the_acyclic_contract(copy: Path):
    add_import(copy, "bake/job.py", "from polylift.bake import kernel  # noqa")
    done = lint_imports(copy)
    assert done.returncode != 0
    assert "No cycles are allowed in polylift.bake." in done.stdout


def test_the_template_language_may_not_load_mlir(copy: Path):
    add_import(copy, "tdl/steps.py", "from polylift.errors import SourceLoc  # noqa")
    assert lint_imports(copy).returncode == 0  # errors.py is below the language
    add_import(copy, "tdl/steps.py", "import mlir  # noqa")
    done = lint_imports(copy)
    assert done.returncode != 0
    assert "polylift.tdl is not allowed to import mlir" in done.stdout
