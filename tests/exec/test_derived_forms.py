"""The forms the matcher derives from the map templates, each written as C, lifted and
checked against gcc's build of the loop on `ref` and `host`:

- in place (`binding/in_place.py`): for each template that may take one and each input
  it reads only at the element it writes, the template with that input replaced by the
  output (`arr[i] = arr[i] * arr[i] * arr[i]` for `ew.cube`);
- a factor of 1 (`Matcher.unit_factor`): for each scalar that multiplies inside a larger
  expression, the template without it (`c[i] = m * a[i] + b[i]` for `ew.axpbyz`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from polylift.cli.main import main
from polylift.matcher.binding.in_place import derivable
from polylift.shims.render.expr_c import number, render
from polylift.subscripts import plain_subscript
from polylift.tdl.ast import Access, ArrayDecl, Bin, Expr, Ref, ScalarDecl
from polylift.tdl.library import KernelTemplate, load_library
from polylift.tdl.steps import walk

_CTYPE = {"f32": "float", "f64": "double", "u8": "uint8_t", "i32": "int32_t"}
# Sizes per size symbol: a row length no vector width divides, and a few rows.
_SIZES = {"n": 37, "m": 5}
# Scalar values by name: exact in binary, and inside any range the template tests.
_SCALARS = {"lo": "-0.5", "hi": "0.75", "t": "0.25", "a": "0.75", "b": "-1.25"}


def _variants() -> list[tuple[str, str]]:
    """(template, input) for every in-place form the matcher derives."""
    found = []
    for name, tpl in sorted(load_library([]).templates.items()):
        if not derivable(tpl):
            continue
        step = tpl.ast.steps[0]
        target = step.target
        assert isinstance(target, Access)
        for decl in tpl.ast.arrays:
            reads = [n for n in walk(step.value)
                     if isinstance(n, Access) and n.array == decl.name]
            if decl.role == "in" and reads and \
                    all(r.indices == target.indices for r in reads):
                found.append((name, decl.name))
    return found


def _maps() -> list[tuple[str, KernelTemplate]]:
    """The one-step maps over plain indices: every array read at the written point's
    own indices or some of them (`x[i]` beside `A[i, j]`), what `_program` writes."""
    found = []
    for name, tpl in sorted(load_library([]).templates.items()):
        steps = tpl.ast.steps
        if len(steps) != 1 or tpl.ast.program or tpl.ast.locals or steps[0].where:
            continue
        target = steps[0].target
        if steps[0].op != "=" or not isinstance(target, Access):
            continue
        written = [plain_subscript(i, shifted=False) for i in target.indices]
        reads = [n for n in walk(steps[0].value) if isinstance(n, Access)]
        if None not in written and all(
                all(plain_subscript(i, shifted=False) in written for i in r.indices)
                for r in reads):
            found.append((name, tpl))
    return found


def _unit_variants() -> list[tuple[str, str]]:
    """(template, scalar) for every scalar of a map that is only ever a factor of a
    product inside a larger expression: the form without it."""
    found = []
    for name, tpl in _maps():
        value = tpl.ast.steps[0].value
        for p in tpl.ast.params:
            if not isinstance(p, ScalarDecl) or p.fixed is not None:
                continue
            uses = sum(isinstance(n, Ref) and n.name == p.name for n in walk(value))
            if uses and _without(value, p.name, top=True)[1] == uses:
                found.append((name, p.name))
    return found


def _without(e: Expr, scalar: str, top: bool = False) -> tuple[Expr, int]:
    """`e` with each product `scalar * v` below the top replaced by `v`, and how many."""
    if not isinstance(e, Bin):
        return e, 0
    if e.op == "*" and not top:
        for factor, rest in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
            if isinstance(factor, Ref) and factor.name == scalar:
                inner, count = _without(rest, scalar)
                return inner, count + 1
    lhs, left = _without(e.lhs, scalar)
    rhs, right = _without(e.rhs, scalar)
    return replace(e, lhs=lhs, rhs=rhs), left + right


def _program(tpl: KernelTemplate, source: str = "", dropped: str = "") -> str:
    """A C program whose kernel is `tpl` with the array `source` the output itself, or
    without the factor `dropped`, and whose `main` fills the arrays and calls it once."""
    dtype = tpl.dtypes[0]
    t = _CTYPE[dtype]
    step = tpl.ast.steps[0]
    target = step.target
    assert isinstance(target, Access)
    out = target.array
    arrays = [d for d in tpl.ast.arrays if d.name != source]
    scalars = [p for p in tpl.ast.params if isinstance(p, ScalarDecl) and p.fixed is None
               and p.name != dropped]
    sizes = sorted({s for d in tpl.ast.arrays for s in d.dims})
    params = [f"int {s}" for s in sizes]
    params += [f"{_CTYPE[p.dtype or dtype]} {p.name}" for p in scalars]
    params += [f"{'' if d.role != 'in' else 'const '}{_CTYPE[d.dtype or dtype]} "
               f"{d.name}{''.join(f'[{s}]' for s in d.dims)}" for d in arrays]
    acc = tpl.accumulate or ""

    def element(access: Access) -> str:
        name = out if access.array == source else access.array
        text = name + "".join(f"[{plain_subscript(i)}]" for i in access.indices)
        return f"({_CTYPE[acc]}){text}" if acc else text

    fixed = {p.name: number(p.fixed, dtype, acc) for p in tpl.ast.params
             if isinstance(p, ScalarDecl) and p.fixed is not None}
    expression = _without(step.value, dropped, top=True)[0] if dropped else step.value
    value = render(expression, element, dtype, acc, lambda name: fixed.get(name, name))
    decl = tpl.ast.param(out)
    assert isinstance(decl, ArrayDecl)
    loops = "".join(f"for (int {plain_subscript(i)} = 0; {plain_subscript(i)} < {size}; "
                    f"{plain_subscript(i)}++) " for i, size in zip(target.indices, decl.dims,
                                                                    strict=True))
    store = "".join(f"[{plain_subscript(i)}]" for i in target.indices)
    kernel = f"void kern({', '.join(params)}) {{\n  {loops}\n    {out}{store} = ({t})({value});\n}}"
    fills, args = [], [str(_SIZES[s]) for s in sizes]
    args += [_SCALARS.get(p.name, "0.75") for p in scalars]
    for k, d in enumerate(arrays):
        count = " * ".join(str(_SIZES[s]) for s in d.dims)
        ct = _CTYPE[d.dtype or dtype]
        fills.append(f"  {ct} *{d.name} = malloc(sizeof({ct}) * {count});\n"
                     f"  for (int e = 0; e < {count}; e++) {d.name}[e] = "
                     f"({ct})((e * {7 + 2 * k} + {k}) % 23) / ({ct})4 - ({ct})1;")
        args.append(f"(void *){d.name}")
    total = " * ".join(str(_SIZES[s]) for s in decl.dims)
    return f"""#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
{_macros(acc or dtype)}
{kernel}
int main(void) {{
{chr(10).join(fills)}
  kern({', '.join(args)});
  double sum = 0;
  for (int e = 0; e < {total}; e++) sum += (double){out}[e];
  printf("%g\\n", sum);
  return 0;
}}
"""


def _macros(name: str) -> str:
    """max, min and abs as a user writes them, a `?:` of elements read twice (the
    renderer's helper functions read each operand once, for any operand)."""
    return (f"#define polylift_max_{name}(a, b) ((a) > (b) ? (a) : (b))\n"
            f"#define polylift_min_{name}(a, b) ((a) < (b) ? (a) : (b))\n"
            f"#define polylift_abs_{name}(a) ((a) < 0 ? -(a) : (a))\n")


def _check(program: str, backend: str, capsys: pytest.CaptureFixture[str],
           verdicts: tuple[str, ...]) -> None:
    """`polylift check` of `kern` in `program` (written to the current folder): one of
    `verdicts`, with every loop lifted."""
    Path("variant.c").write_text(program)
    status = main(["check", "variant.c", "--function", "kern", "--backend", backend])
    out = capsys.readouterr().out
    assert status == 0, out + program
    assert out.startswith(verdicts), out + program
    assert "coverage FULL" in out, out + program


VARIANTS = _variants()
UNIT_VARIANTS = _unit_variants()


def test_the_derived_forms_cover_the_map_templates():
    """The listed in-place templates' forms are among them, so the list is redundant
    where a listed form is not more specific (it still wins where it is)."""
    names = {name for name, _ in VARIANTS}
    assert {"ew.cube", "ew.sqr", "ew.muls", "ew.axpbyz", "ew.lerp", "ew.muls2d"} <= names
    assert len(VARIANTS) >= 30


@pytest.mark.parametrize("backend", ["ref", "host"])
@pytest.mark.parametrize(("template", "source"), VARIANTS,
                         ids=[f"{t}-{s}" for t, s in VARIANTS])
def test_in_place_form_lifts_and_checks(template: str, source: str, backend: str,
                                        tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    _check(_program(load_library([]).templates[template], source), backend, capsys,
           ("kern: BIT-EXACT",))


def test_the_unit_factor_forms_cover_the_scaled_maps():
    names = {name for name, _ in UNIT_VARIANTS}
    assert {"ew.axpbyz", "ew.lerp", "blas.axpy", "blas.axpby", "blas.ger"} <= names


@pytest.mark.parametrize("backend", ["ref", "host"])
@pytest.mark.parametrize(("template", "scalar"), UNIT_VARIANTS,
                         ids=[f"{t}-{s}" for t, s in UNIT_VARIANTS])
def test_unit_factor_form_lifts_and_checks(template: str, scalar: str, backend: str,
                                           tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    # blas.ger is declared within 2 ULP (its BLAS may regroup): PASS.
    _check(_program(load_library([]).templates[template], dropped=scalar), backend, capsys,
           ("kern: BIT-EXACT", "kern: PASS"))


IN_FLOAT = """\
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
void increment(int n, float *x) { for (int i = 0; i < n; i++) x[i] += 1.0; }
void invert(int n, const float *restrict x, float *restrict y) {
  for (int i = 0; i < n; i++) y[i] = 1.0 / x[i];
}
void halve(int n, const float *restrict x, float *restrict y) {
  for (int i = 0; i < n; i++) y[i] = x[i] * 0.5;
}
void root(int n, const float *restrict x, float *restrict y) {
  for (int i = 0; i < n; i++) y[i] = sqrt(x[i]);
}
/* Ordinary values, then the IEEE edges: signed zeros, infinities, quiet and signaling
   NaNs with payloads, subnormals, the largest float. */
static const uint32_t EDGES[] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u,
                                 0x7FC00000u, 0xFFC12345u, 0x7FA00001u, 0x00000001u,
                                 0x80000003u, 0x007FFFFFu, 0x7F7FFFFFu, 0xFF7FFFFFu};
int main(void) {
  int n = 100;
  float *x = malloc(sizeof(float) * n), *y = malloc(sizeof(float) * n);
  for (int k = 0; k < n; k++) {
    x[k] = (float)(k % 17) / 3 - 2.5f;
    if (k % 8 == 5) memcpy(&x[k], &EDGES[(k / 8) % 12], 4);
  }
  invert(n, x, y); halve(n, x, y); root(n, x, y); increment(n, x);
  printf("%g %g\\n", x[1], y[2]);
  return 0;
}
"""


@pytest.mark.parametrize(("backend", "target"), [("ref", "x86_64"), ("host", "x86_64"),
                                                 ("ref", "aarch64")])
@pytest.mark.parametrize(("function", "template"), [("increment", "ew.adds"),
                                                    ("invert", "ew.recip"),
                                                    ("halve", "ew.muls"), ("root", "ew.sqrt")])
def test_an_operation_computed_in_double_lifts_in_float(
        function: str, template: str, backend: str, target: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    """C computes each in double; the launch computes in float, on every edge value."""
    monkeypatch.chdir(tmp_path)
    Path("in_float.c").write_text(IN_FLOAT)
    status = main(["check", "in_float.c", "--function", function, "--backend", backend,
                   "--target", target])
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.startswith(f"{function}: BIT-EXACT"), out
    assert f"1 launch(es) {template}" in out, out
