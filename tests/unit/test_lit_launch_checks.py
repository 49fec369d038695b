"""Every lit check of a `kernel.launch` names the launch's operands, in order.

A check such as `"kernel.launch"({{.*}}) {callee = @gemm_f64, ...}` passes when the
arguments are swapped, so it proves the template and not the call. The rule, written as
code so that new tests keep it: a check of any prefix and any kind (CHECK, -NEXT, -SAME,
-DAG, -COUNT) whose pattern mentions `kernel.launch` spells the whole operand list,
`"kernel.launch"(%[[C]], %[[A]], %[[B]])`, each operand a FileCheck variable. FileCheck
itself fails on a variable never captured; capture each where its value is defined (a
function argument on a -SAME after the label, a view with the array it views, a constant
with its value), so that the check says which value goes where. Exempt are:

- `-NOT` checks: they say that no launch is left, whatever its operands;
- a diagnostic that names a template (`error: no backend claimed kernel.launch
  'blas.gemm'`): that is a message about a launch, not the printed op;
- the source line that a diagnostic quotes in a run that fails (`RUN: not ...`): it is
  the input's text, so its operands may keep their names from the input (`%C, %A`),
  and no printed IR is there to capture them from.
"""

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

LIT_DIR = Path(__file__).parents[1] / "lit"
SUFFIXES = {".mlir", ".c", ".tpl", ".test"}

_RUN = re.compile(r"\bRUN:\s?(.*?)\s*$")
_PREFIX_OPTION = re.compile(r"--?check-prefix(?:es)?[= ]([A-Za-z0-9_,-]+)")
_KINDS = r"(-NEXT|-SAME|-DAG|-NOT|-LABEL|-EMPTY|-COUNT-\d+)?"
# FileCheck's own test for a prefix: not preceded by a word character or '-'.
_DIRECTIVE = r"(?<![\w-])({prefixes}){kinds}:(.*)$"
# A launch check names the op as printed; a diagnostic names it before a template name.
_LAUNCH = re.compile(r"kernel\.launch(?! ')")
_VARIABLE_USE = r"%?\[\[[A-Za-z_]\w*\]\]"
_SOURCE_NAME = r"%[\w$.-]+"


@dataclass(frozen=True)
class FileCheckRun:
    """One FileCheck invocation of a RUN line: the prefixes it reads and whether the
    command that feeds it is expected to fail (its output is diagnostics, not IR)."""

    prefixes: frozenset[str]
    failing: bool


@dataclass(frozen=True)
class LaunchCheck:
    """A positive check line whose pattern mentions `kernel.launch`."""

    path: Path
    line: int
    prefix: str
    pattern: str


def run_lines(text: str) -> list[str]:
    """The RUN commands of a test, with `\\` continuations joined."""
    commands: list[str] = []
    pending = ""
    for line in text.splitlines():
        found = _RUN.search(line)
        if found is None:
            continue
        pending += found.group(1)
        if pending.endswith("\\"):
            pending = pending[:-1] + " "
            continue
        commands.append(pending)
        pending = ""
    return commands


def filecheck_runs(text: str) -> list[FileCheckRun]:
    """Each FileCheck of each RUN line, with the prefixes it checks (CHECK by default)."""
    runs: list[FileCheckRun] = []
    for command in run_lines(text):
        for stage in re.split(r"&&|;", command):
            producer, bar, checker = stage.rpartition("|")
            checker = checker.strip()
            if not checker.startswith("FileCheck"):
                continue
            options = _PREFIX_OPTION.findall(checker)
            prefixes = {p for option in options for p in option.split(",")} or {"CHECK"}
            failing = bool(bar) and producer.strip().startswith("not ")
            runs.append(FileCheckRun(frozenset(prefixes), failing))
    return runs


def launch_checks(path: Path, prefixes: set[str]) -> list[LaunchCheck]:
    """The positive checks of `prefixes` in `path` that mention `kernel.launch`."""
    if not prefixes:
        return []
    alternatives = "|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
    directive = re.compile(_DIRECTIVE.format(prefixes=alternatives, kinds=_KINDS))
    checks: list[LaunchCheck] = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        found = directive.search(line)
        if found is None or found.group(2) == "-NOT" or not _LAUNCH.search(found.group(3)):
            continue
        checks.append(LaunchCheck(path, number, found.group(1), found.group(3).strip()))
    return checks


def names_operands(pattern: str, source_names: bool) -> bool:
    """Whether every `kernel.launch` in `pattern` is followed by its whole operand list,
    each operand a FileCheck variable (or, in a quoted source line, its own name)."""
    operand = f"(?:{_VARIABLE_USE}|{_SOURCE_NAME})" if source_names else _VARIABLE_USE
    operands = re.compile(rf'"\(((?:{operand})(?:, {operand})*)?\)')
    for found in _LAUNCH.finditer(pattern):
        if not operands.match(pattern, found.end()):
            return False
    return True


def lit_tests() -> list[Path]:
    """Every file lit would run under tests/lit, and the inputs beside them (not lit's
    Output directories, which hold the products of earlier runs, binary ones among them)."""
    return sorted(p for p in LIT_DIR.rglob("*") if p.is_file() and p.suffix in SUFFIXES
                  and "Output" not in p.parts)


def unnamed_launch_checks(path: Path) -> list[LaunchCheck]:
    """The launch checks of one lit test that do not name their operands."""
    runs = filecheck_runs(path.read_text())
    prefixes = {p for run in runs for p in run.prefixes}
    failing_only = {p for p in prefixes if all(r.failing for r in runs if p in r.prefixes)}
    return [check for check in launch_checks(path, prefixes)
            if not names_operands(check.pattern, check.prefix in failing_only)]


def test_every_launch_check_names_its_operands():
    bad = [f"{c.path.relative_to(LIT_DIR.parents[1])}:{c.line}: {c.prefix}: {c.pattern}"
           for path in lit_tests() for c in unnamed_launch_checks(path)]
    assert not bad, "launch checks that do not name their operands in order:\n" + "\n".join(bad)


def test_the_rule_sees_the_launch_checks_there_are():
    counted = [c for path in lit_tests()
               for c in launch_checks(path, {p for r in filecheck_runs(path.read_text())
                                             for p in r.prefixes})]
    assert len(counted) >= 100


@pytest.mark.parametrize("pattern, named", [
    ('"kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[ONE]]) {callee = @gemm_f64', True),
    ('"kernel.launch"([[Y]], [[X]])', True),
    ('"kernel.launch"() {callee = @init_f64}', True),
    ('"kernel.launch"({{.*}}) {callee = @gemm_f64', False),
    ('"kernel.launch"(%[[C]], %{{.*}}) {callee = @scal_f64', False),
    ('"kernel.launch"(%[[C]], {{.*}}) {callee = @scal_f64', False),
    ('"kernel.launch"{{.*}}callee = @conv2d_f32', False),
    ('"kernel.launch"', False),
    ('"kernel.launch"(%[[C]], %[[A]]', False),
    ('"kernel.launch"(%arg2, %arg0, %cst_0)', False),
    ('"kernel.launch"(%[[C:.*]], %[[A]])', False),
])
def test_a_launch_pattern_names_operands_only_by_variables(pattern: str, named: bool):
    assert names_operands(pattern, source_names=False) is named


def test_a_quoted_source_line_may_keep_the_input_names():
    assert names_operands('{{^}}  "kernel.launch"(%C, %At, %B, %a, %a)', source_names=True)
    assert not names_operands('{{^}}  "kernel.launch"({{.*}})', source_names=True)


def test_the_rule_reports_file_and_line_of_each_launch_check_that_names_nothing(
        tmp_path: Path):
    test = tmp_path / "t.mlir"
    test.write_text("\n".join([
        "// RUN: polylift-opt %s --match-kernels | FileCheck %s",
        "// RUN: polylift-opt %s --match-kernels | FileCheck %s --check-prefixes=PRE,DAG",
        "// RUN: polylift-opt %s --remarks=all 2>&1 | FileCheck %s --check-prefix=REMARK",
        "// RUN: not polylift-opt %s --backend=ref 2>&1 | FileCheck %s --check-prefix=ERR",
        '// CHECK: "kernel.launch"(%[[C]], %[[A]]) {callee = @copy_f64',
        '// CHECK-NEXT: "kernel.launch"({{.*}}) {callee = @copy_f64',
        "// CHECK-NOT: kernel.launch",
        '// PRE-SAME: "kernel.launch"',
        '// DAG-DAG: "kernel.launch"(%[[C]], %{{.*}})',
        "// REMARK: remark: no backend claimed kernel.launch 'blas.gemm'",
        "// REMARK: kernel.launch",
        '// ERR: {{^}}  "kernel.launch"(%C, %A)',
        '// ERR: {{^}}  "kernel.launch"({{.*}})',
        '// OTHER: "kernel.launch"({{.*}})',
    ]) + "\n")
    assert [(c.line, c.prefix) for c in unnamed_launch_checks(test)] == [
        (6, "CHECK"), (8, "PRE"), (9, "DAG"), (11, "REMARK"), (13, "ERR")]
