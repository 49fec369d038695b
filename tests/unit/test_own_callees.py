"""`own_callees`: the functions of a file that only its kernel runs."""

from __future__ import annotations

from pycparser import c_ast

from polylift.frontend.c.source import parse_c
from polylift.harness.programs.own_callees import own_callees

SOURCE = """
static void inner(int n, float *x) { for (int i = 0; i < n; i++) x[i] = 0; }
static void layer(int n, float *x) { inner(n, x); }
static void shared(int n, float *x) { x[0] = n; }
static void taken(int n, float *x) { x[0] = n; }
static void (*table[1])(int, float *) = { taken };
static void kernel_k(int n, float *x) { layer(n, x); shared(n, x); taken(n, x); }
int main(void) { float x[4]; shared(4, x); kernel_k(4, x); return 0; }
"""


def _own(source: str) -> list[str]:
    unit = parse_c(source, "k.c")
    functions = {d.decl.name: d for d in unit.ext if isinstance(d, c_ast.FuncDef)}
    return [f.decl.name for f in own_callees(functions["kernel_k"], functions, unit)]


def test_only_the_functions_nothing_else_runs_are_the_kernels():
    # `inner` through `layer`; `shared` is called from main too, `taken`'s address is in
    # a table.
    assert _own(SOURCE) == ["inner", "layer"]


def test_a_helper_whose_only_caller_is_shared_is_not_the_kernels():
    source = SOURCE.replace("int main(void) { float x[4]; shared(4, x);",
                            "int main(void) { float x[4]; layer(4, x);")
    assert _own(source) == ["shared"]
