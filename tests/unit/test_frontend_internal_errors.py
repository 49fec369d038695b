"""A bug of the C front end costs the function it met, never the file
(`frontend.translate_file_detailed`): the function is skipped with a located internal
error and a reproducer, the others are translated; asked for by name, it is the error."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import polylift.frontend as frontend
from polylift.cli.cc import main as cc_main
from polylift.errors import InternalError

SOURCE = """\
void scale(int n, float *restrict x) {
  for (int i = 0; i < n; i++) x[i] = 2.0f * x[i];
}
void shift(int n, float *restrict x) {
  for (int i = 0; i < n; i++) x[i] = x[i] + 1.0f;
}
"""


@pytest.fixture
def source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POLYLIFT_CRASH_DIR", str(tmp_path / "crashes"))
    path = tmp_path / "two.c"
    path.write_text(SOURCE)
    return path


def _break(monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """Make the front end fail on `shift`: raise (`raise`), or print MLIR that does not
    verify (`verify`)."""
    lower = frontend.lower_function

    def broken(func, unit, assume_noalias=False):
        lowered = lower(func, unit, assume_noalias)
        if func.decl.name != "shift":
            return lowered
        if how == "raise":
            raise ArithmeticError("planted fault")
        return dataclasses.replace(lowered, text=lowered.text.replace("arith.addf %",
                                                                      "arith.addf , %", 1))

    monkeypatch.setattr(frontend, "lower_function", broken)


@pytest.mark.parametrize("how", ["raise", "verify"])
def test_the_other_functions_of_the_file_are_translated(source: Path, how: str,
                                                        monkeypatch: pytest.MonkeyPatch):
    _break(monkeypatch, how)
    translation, skipped = frontend.translate_file_detailed(str(source))
    assert set(translation.signatures) == {"scale"}
    (item,) = skipped
    assert item.name == "shift"
    first = item.reason.splitlines()[0]
    assert first.startswith(f"{source}:4:6: error: internal error in the C front end: ")
    reproducer = Path(item.reason.split("note: reproducer: ")[1].strip())
    # The reproducer is the preprocessed file, with the command that replays it.
    assert "void shift(int n" in reproducer.read_text()
    assert "polylift-cc THIS_FILE --function=shift" in reproducer.read_text()


@pytest.mark.parametrize("how", ["raise", "verify"])
def test_asked_for_by_name_it_is_a_located_error(source: Path, how: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]):
    _break(monkeypatch, how)
    with pytest.raises(InternalError):
        frontend.translate_file_detailed(str(source), function="shift")
    out = tmp_path / "out.mlir"
    assert cc_main([str(source), "--function=shift", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{source}:4:6: error: internal error in the C front end")
    assert "Traceback" not in err and "note: reproducer: " in err
    assert not out.exists()


def test_polylift_cc_says_which_function_it_skipped_and_where_the_reproducer_is(
        source: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    _break(monkeypatch, "raise")
    assert cc_main([str(source)]) == 0
    captured = capsys.readouterr()
    assert "func.func @scale" in captured.out and "@shift" not in captured.out
    lines = captured.err.splitlines()
    assert lines[0].startswith("polylift-cc: note: skipped function 'shift': ")
    assert lines[1].startswith("polylift-cc: note: reproducer: ")
