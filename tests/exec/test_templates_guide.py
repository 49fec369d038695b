"""The worked example of `polylift/tdl/README.md` runs as the guide says.

The guide marks each file of its example with `<!-- file: PATH -->`, each command block
with `<!-- run: NAME -->` and the output it quotes with `<!-- output: NAME -->`, on the
line before the fenced block. This test writes the files under a temporary directory,
runs every command block there (in document order, as a user would from the repository
root) and requires the output the guide quotes, then checks the program with the
harness. A change to the language or the passes that breaks the example fails here.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from polylift.harness.check import CheckOptions, check_benchmark

GUIDE = Path(__file__).parents[2] / "polylift" / "tdl" / "README.md"
MARKED_BLOCK = re.compile(r"^<!-- (file|run|output): (\S+) -->\n```[a-z]*\n(.*?)^```$",
                          re.MULTILINE | re.DOTALL)
TEMPLATE = "user.scale_shift"


def guide_blocks() -> dict[str, dict[str, str]]:
    """kind ("file", "run", "output") -> name -> the block's text, in document order."""
    blocks: dict[str, dict[str, str]] = {"file": {}, "run": {}, "output": {}}
    for kind, name, text in MARKED_BLOCK.findall(GUIDE.read_text()):
        assert name not in blocks[kind], f"two '{kind}: {name}' blocks in the guide"
        blocks[kind][name] = text
    return blocks


BLOCKS = guide_blocks()


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> Path:
    """A directory holding the guide's files, with `.venv` standing for the repository's."""
    root = tmp_path_factory.mktemp("guide")
    for name, text in BLOCKS["file"].items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (root / ".venv").symlink_to(Path(sys.prefix))
    return root


@pytest.fixture(scope="module")
def runs(example) -> dict[str, tuple[int, str]]:
    """Every command block of the guide, run in order: name -> (status, stdout + stderr)."""
    out = {}
    for name, script in BLOCKS["run"].items():
        done = subprocess.run(["bash", "-eo", "pipefail", "-c", script], cwd=example,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=120)
        out[name] = (done.returncode, done.stdout)
    return out


def test_the_guide_holds_the_example():
    assert set(BLOCKS["file"]) == {"scale_shift.c", "my-templates/scale_shift.tpl",
                                   "my-templates/ref/scale_shift.c"}
    assert {"before", "after", "error"} <= set(BLOCKS["run"])
    # Every command's output is quoted, and the check's output too.
    assert set(BLOCKS["output"]) == set(BLOCKS["run"]) | {"check"}


@pytest.mark.parametrize("name", sorted(BLOCKS["run"]))
def test_each_command_prints_what_the_guide_quotes(runs, name):
    status, output = runs[name]
    assert status == (1 if name == "error" else 0), output
    assert output.splitlines() == BLOCKS["output"][name].splitlines()


def test_without_the_directory_no_user_launch_and_a_closest_remark(runs):
    _, output = runs["before"]
    assert TEMPLATE not in output and "kernel.launch" not in output
    assert "remark: no template matches linalg.generic; closest " in output


def test_with_the_directory_one_launch_of_the_user_template(runs, example):
    _, output = runs["after"]
    assert f"remark: matched {TEMPLATE} (1 op) -> @scale_shift_f32" in output
    ir = (example / "scale_shift.mlir").read_text()
    launches = [line for line in ir.splitlines() if '"kernel.launch"' in line]
    assert len(launches) == 1 and f'template = "{TEMPLATE}"' in launches[0]
    assert "linalg.generic" not in ir


def test_a_planted_error_points_at_the_template_source(runs):
    _, output = runs["error"]
    assert output.startswith("bad-templates/scale_shift.tpl:")
    assert ": error: template 'user.scale_shift': " in output.splitlines()[0]


def test_the_harness_finds_the_program_bit_exact(example, runs):
    del runs  # the command blocks ran first: the harness sees the same directory
    options = CheckOptions(templates=(str(example / "my-templates"),))
    result = check_benchmark(example / "scale_shift.c", options)
    assert result.verdict == "BIT-EXACT", result.message
    assert result.coverage == "FULL"
    assert result.launches == (TEMPLATE,)
    assert [c.name for c in result.arrays] == ["y"]
    assert [c.elements for c in result.arrays] == [1000]
    quoted = BLOCKS["output"]["check"]
    assert quoted.startswith(f"{result.kernel}: {result.verdict} ")
    assert f"coverage {result.coverage}, 1 launch(es) {TEMPLATE};" in quoted
