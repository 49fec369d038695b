"""A template folding a local over its indices and storing it once into a 0-d output is
derived as the fold into the output itself (binding/homed_local.py), the form the
raising gives such a loop; any other use of the local or of the output keeps no
derived form."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.matcher.binding.homed_local import homed_form, homed_local
from polylift.tdl.library import KernelTemplate, load_library

TEMPLATE = """
template user.t {{
  doc "a fold"
  types i32
  array r[] {role}
  array x[n] in
  scalar t
  local count : i32
  compute {{
{body}
  }}
  launch t
  shim n, t, x, r
  backends ref
  accuracy exact
  cost flops n bytes esize*n
}}
"""


def _template(tmp_path: Path, body: str, role: str = "out") -> KernelTemplate:
    (tmp_path / "t.tpl").write_text(TEMPLATE.format(body=body, role=role))
    return load_library([tmp_path]).templates["user.t"]


def test_the_fold_is_derived_into_the_output(tmp_path: Path):
    tpl = _template(tmp_path, "count = 0\n    count = x[i] > t ? count + 1 : count\n"
                              "    r[] = count")
    homed = homed_local(tpl)
    assert homed is not None and not homed.ast.locals
    assert [f"{s.target} {s.op} {s.value}" for s in homed.ast.steps] == \
        ["r[] = 0", "r[] = (x[i] > t ? (r[] + 1) : r[])"]
    assert (homed.name, homed.launch, homed.shim_args) == (tpl.name, tpl.launch, tpl.shim_args)
    assert homed_form(tpl) == "with count in r[]"


@pytest.mark.parametrize(("body", "role"), [
    # The stored value is more than the local: it is no fold stored as it is.
    ("count = 0\n    count = x[i] > t ? count + 1 : count\n    r[] = count + 1", "out"),
    # The fold reads the output: replacing the local by it would read itself.
    ("count = 0\n    count = x[i] > t ? count + r[] : count\n    r[] = count", "inout"),
    # The initial value reads the output.
    ("count = r[]\n    count = x[i] > t ? count + 1 : count\n    r[] = count", "inout"),
])
def test_other_uses_derive_nothing(tmp_path: Path, body: str, role: str):
    assert homed_local(_template(tmp_path, body, role)) is None
