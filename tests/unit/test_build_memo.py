"""The build memo a fuzz campaign shares between its checks: a compile with the same
arguments and input bytes gets its outputs back without running, in another work
directory, with the permission bits it had; a changed input runs the command again; the
log records the command either way, so a reproducer replays it."""

from __future__ import annotations

import os
from pathlib import Path

from polylift.harness.programs.memo import BuildMemo, CommandFiles
from polylift.harness.programs.toolchain import CommandLog, Toolchain, target_named

SOURCE = "int twice(int x) { return 2 * x; }\nint main(void) { return twice(0); }\n"


def _toolchain(tmp_path: Path, name: str, memo: BuildMemo, text: str) -> Toolchain:
    work = tmp_path / name
    work.mkdir()
    (work / "prog.c").write_text(text)
    return Toolchain(target_named("x86_64"), work, CommandLog(work), memo)


def _build(tc: Toolchain) -> Path:
    tc.produce([tc.gcc(), "-O2", "prog.c", "-o", "prog"], "compiling prog",
               CommandFiles(("prog.c",), ("prog",)))
    return tc.workdir / "prog"


def test_a_second_identical_build_is_restored_with_its_mode(tmp_path: Path) -> None:
    memo = BuildMemo()
    first = _build(_toolchain(tmp_path, "a", memo, SOURCE))
    second_tc = _toolchain(tmp_path, "b", memo, SOURCE)
    second = _build(second_tc)
    assert (memo.hits, memo.misses) == (1, 1)
    assert second.read_bytes() == first.read_bytes()
    assert os.access(second, os.X_OK)
    assert second_tc.log.lines == [f"{second_tc.gcc()} -O2 prog.c -o prog"]


def test_a_changed_input_builds_again(tmp_path: Path) -> None:
    memo = BuildMemo()
    _build(_toolchain(tmp_path, "a", memo, SOURCE))
    changed = _build(_toolchain(tmp_path, "b", memo, SOURCE.replace("2 * x", "3 * x")))
    assert (memo.hits, memo.misses) == (0, 2)
    assert changed.is_file()


def test_the_least_recently_used_entry_is_dropped(tmp_path: Path) -> None:
    memo = BuildMemo(limit=1)
    _build(_toolchain(tmp_path, "a", memo, SOURCE))
    _build(_toolchain(tmp_path, "b", memo, SOURCE.replace("2 * x", "3 * x")))
    _build(_toolchain(tmp_path, "c", memo, SOURCE))
    assert (memo.hits, memo.misses) == (0, 3)


def test_without_a_memo_the_command_runs(tmp_path: Path) -> None:
    work = tmp_path / "plain"
    work.mkdir()
    (work / "prog.c").write_text(SOURCE)
    tc = Toolchain(target_named("x86_64"), work, CommandLog(work))
    assert _build(tc).is_file()
