"""In-place forms derived from a map template: the output is one of the inputs.

`arr[i] = arr[i] * arr[i] * arr[i]` is `ew.cube` (`z = (x * x) * x`) with `x` and `z`
the same array, and `y[i] = y[i] - x[i]` is `ew.sub` with its first input the output.
No template needs to list such a form: the launch passes the one array as both, and
computes the same bits, when the template is a map whose every element reads that
input only at the element it writes. Then each element's inputs are read before its
output is written, whatever the order of the elements, as the op reads them.

Only templates whose every backend is a shim written here (`ref`, `host`) take the
form: each loops over the elements or, on `host`, compares the spans of its arrays and
loops as the template does where they meet. A library call may assume its input and
output apart, so a template with one among its backends keeps to its listed forms.
"""

from __future__ import annotations

from polylift.matcher.binding.state import State
from polylift.tdl.ast import Access, Lookup
from polylift.tdl.library import KernelTemplate
from polylift.tdl.steps import walk, written_access

# The backends whose shims take an input that is the output, element for element.
SHIMS_OF_OUR_OWN = frozenset({"ref", "host"})


def derivable(tpl: KernelTemplate) -> bool:
    """Whether `tpl` may match in place: a one-step map (`=`, no table, no `where`) of
    a template whose backends are all shims of our own."""
    steps = tpl.ast.steps
    if len(steps) != 1 or tpl.ast.program or tpl.ast.locals:
        return False
    step = steps[0]
    targets = written_access(step)
    return step.op == "=" and not step.where and len(targets) == 1 \
        and isinstance(step.target, Access) \
        and not any(isinstance(n, Lookup) for n in walk(step.value)) \
        and bool(tpl.backends) and set(tpl.backends) <= SHIMS_OF_OUR_OWN


def same_elements(tpl: KernelTemplate, s: State, output: str, source: str) -> bool:
    """Whether the input `source` is bound to the very elements of `output` that the
    template writes, and read nowhere else: the in-place form of `tpl`."""
    if not derivable(tpl):
        return False
    decl = tpl.ast.param(source)
    step = tpl.ast.steps[0]
    target = step.target
    assert isinstance(target, Access)
    reads = [n for n in walk(step.value) if isinstance(n, Access) and n.array == source]
    return getattr(decl, "role", None) == "in" and bool(reads) \
        and all(r.indices == target.indices for r in reads) \
        and all(s.get(table, source) == s.get(table, output)
                for table in ("arrays", "kept", "strides"))


def is_in_place(tpl: KernelTemplate, s: State) -> bool:
    """Whether the match `s` binds an input of `tpl` to the elements its output writes."""
    outputs = [d.name for d in tpl.ast.arrays if d.role != "in"]
    return any(same_elements(tpl, s, out, d.name) for out in outputs
               for d in tpl.ast.arrays if d.role == "in")


__all__ = ["SHIMS_OF_OUR_OWN", "derivable", "is_in_place", "same_elements"]
