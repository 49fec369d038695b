"""`polylift match-report`: per file and per function of plain C files (a library's
sources, without main), translated or skipped with the reason, and the blockers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from polylift.bake.functions import skip_category
from polylift.cli.main import run_main
from polylift.errors import UsageError

LIBRARY = {
    "blas.c": """
void axpy(int n, float a, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}
int find(int n, const float *x, float v)
{
  int i = 0;
  while (i < n && x[i] != v)
    i++;
  return i;
}
""",
    "broken.c": "void f(int n) { n = ; }\n",
}


@pytest.fixture
def library(tmp_path: Path) -> Path:
    for name, text in LIBRARY.items():
        (tmp_path / name).write_text(text)
    return tmp_path


def test_rows_per_function_and_blockers(library: Path, capsys, tmp_path: Path) -> None:
    out = tmp_path / "rows.json"
    assert run_main(["match-report", str(library), "--json", str(out)]) == 0
    text = capsys.readouterr().out
    lines = {line.split()[1]: line for line in text.splitlines()
             if line.startswith(str(library))}
    assert "translated  FULL" in lines["axpy"] and "1 (blas.axpy)" in lines["axpy"]
    assert "skipped" in lines["find"] and "blas.c:10:3: error: unsupported while loop" \
        in lines["find"]
    assert "C syntax error" in lines["(file)"]
    assert "3 functions: 1 translated, 2 skipped, 1 with a launch" in text
    assert "blockers: syntax 1, while loop 1" in text
    rows = json.loads(out.read_text())
    assert [r["name"] for r in rows[str(library / "blas.c")]] == ["axpy", "find"]


def test_a_sibling_include_folder_is_read_as_check_reads_it(tmp_path: Path, capsys) -> None:
    """`suite/prog.c` including `"sizes.h"` from `include/` beside `suite/`: found
    without -I, as `check` and `bake` find it."""
    (tmp_path / "include").mkdir()
    (tmp_path / "include" / "sizes.h").write_text("#define SCALE 2.0f\n")
    (tmp_path / "suite").mkdir()
    (tmp_path / "suite" / "prog.c").write_text(
        '#include "sizes.h"\n'
        "void scale(int n, float *restrict y) { for (int i = 0; i < n; i++) y[i] *= SCALE; }\n")
    assert run_main(["match-report", str(tmp_path / "suite")]) == 0
    text = capsys.readouterr().out
    assert "1 functions: 1 translated, 0 skipped, 1 with a launch" in text, text


def test_a_path_that_does_not_exist(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no such file or directory"):
        run_main(["match-report", str(tmp_path / "missing")])
    with pytest.raises(UsageError, match="holds no .c file"):
        run_main(["match-report", str(tmp_path)])


@pytest.mark.parametrize(("reason", "category"), [
    ("a.c:1:2: error: unsupported while loop", "while loop"),
    ("a.c:1:2: error: unsupported call to 'g', which is declared nowhere", "call"),
    ("a.c:1:2: error: unsupported recursive call to 'f'", "recursion"),
    ("a.c:1:2: error: unsupported use of field 'next': pointer to a struct", "struct"),
    ("a.c:1:2: error: unsupported non-affine loop bound", "loop bounds"),
    ("a.c:1:2: error: unsupported goto", "jump"),
    ("a.c:1:2: error: something else entirely", "other"),
])
def test_skip_categories(reason: str, category: str) -> None:
    assert skip_category(reason) == category
