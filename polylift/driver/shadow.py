"""The shadow mode's stubs: each lifted call checked against the function's original
code inside the running program (`-fpolylift-shadow`).

The stub of a lifted function `f` in a shadow build, in gcc's text of its file:

    static <f's declaration, as __polylift_orig_f> { original body }  (strict IEEE:
                                          no fast-math, no contraction, whatever the
                                          project's flags: the source's own semantics)
    static <as __polylift_call_f> { the adapter: the lifted version }
    <f's declaration> {
      if the runtime does not select this call: return __polylift_call_f(...);
      snapshot every array f reaches (overlapping ones share one copy)
      [a second, of absolute values: the magnitudes of a cancelling sum]
      run __polylift_orig_f on the snapshot, __polylift_call_f on the program's memory
      compare every array f writes (and its result) within the templates' bound
    }

What an array reaches is its C extent (a VLA's dims) or, for a plain pointer, the span
the front end computed from its subscripts (`Param.span`); a function with an array of
neither is counted, never checked. The bound is the largest of the ULP bounds of the
function's launches at their sizes (C expressions of its parameters; a size that is not
one counts as its largest integer parameter, as `polylift check` does); 0 where the
backend keeps the source's order. A function whose launches are all polynomials (and
nothing else: coverage FULL) also gets the magnitude rule, from its original code run on
the absolute values of its data (`harness/comparison/magnitude.py`).

The runtime (`shadow_runtime/`) is a static library the link adds (`shadow_library`).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from polylift.driver.stubs import BodyMaker, Site
from polylift.frontend import Signature
from polylift.harness.comparison.magnitude import has_magnitudes
from polylift.harness.facts.coverage import FULL, LiftSummary
from polylift.harness.programs.adapter import AdapterParts
from polylift.harness.programs.wrapper import ident
from polylift.shims.build import compiler_identity
from polylift.shims.store import built_once, cache_dir, content_key, run_tool
from polylift.shims.targets import C_FLAGS, target_named
from polylift.tdl.ast import Bin, Expr, Neg, Num, Ref
from polylift.tdl.library import Library

RUNTIME_DIR = Path(__file__).with_name("shadow_runtime")
_KINDS = {"float": 1, "double": 2, "_Float16": 0}
_UNSIGNED = ("unsigned", "uint", "_Bool", "size_t")
_STRICT = ('#pragma GCC push_options', '#pragma GCC optimize ("no-fast-math", "fp-contract=off")')
_DECLARATIONS = """\
struct polylift_shadow_fn { const char *name; const char *where; const char *unchecked;
  long long calls, checked, mismatches, skipped; double worst; void *next; int registered; };
int polylift_shadow_begin(struct polylift_shadow_fn *);
void *polylift_shadow_snapshot(struct polylift_shadow_fn *, int, const void *const *,
                               const long long *, void **);
void polylift_shadow_abs(void *, int, long long);
void polylift_shadow_compare(struct polylift_shadow_fn *, const char *, int, int, long long,
                             const void *, const void *, double, const void *);
void polylift_shadow_end(struct polylift_shadow_fn *, void *, void *);"""


@dataclass(frozen=True)
class Checked:
    """What a shadow stub checks of one function: the C bound of its comparisons and
    whether the magnitude rule holds for it."""

    bound: str
    magnitudes: bool


def prelude() -> list[str]:
    """The runtime's declarations, once per file (the stubs include no header)."""
    return [str(line) for line in _DECLARATIONS.splitlines()]


def checks(summary: LiftSummary, library: Library, backend: str, sig: Signature) -> Checked:
    """The bound and the magnitude rule of a lifted function, from its launches."""
    access = {p.name: p.c_expr for p in sig.params if p.kind == "scalar"}
    bounds = []
    for launch in summary.launches:
        tpl = launch.template_in(library)
        kind, bound = tpl.ast.accuracy
        if kind != "reassoc" or bound is None or (backend == "ref" and
                                                  launch.source_order_matches):
            continue
        sizes = {name: _size_c(expr, access) for name, expr in launch.sizes}
        bounds.append(_c_bound(bound, sizes))
    total = "0.0"
    for bound in bounds:
        total = f"((({bound}) > {total}) ? ({bound}) : {total})"
    return Checked(total, summary.coverage == FULL and has_magnitudes(summary, library))


def _size_c(expr: str | int | None, access: dict[str, str]) -> str | None:
    """A size of the harness's expressions (`param_exprs`: names, integers, `+ - * /`
    with C's division, `min`, `max`) as C over the parameters (`access`: a name's C
    expression); None where it is unknown or not one of those."""
    if expr is None or isinstance(expr, int):
        return None if expr is None else str(expr)
    try:
        tree = ast.parse(expr.replace("->", "."), mode="eval").body
    except SyntaxError:
        return None
    return _node_c(tree, access)


_OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "/"}


def _node_c(node: ast.expr, access: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return f"{node.value}LL"
    if isinstance(node, ast.Name | ast.Attribute):
        return access.get(ast.unparse(node))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _node_c(node.operand, access)
        return None if inner is None else f"(-{inner})"
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        lhs, rhs = _node_c(node.left, access), _node_c(node.right, access)
        if lhs is None or rhs is None:
            return None
        return f"((long long)({lhs}) {_OPERATORS[type(node.op)]} (long long)({rhs}))"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id in ("min", "max") and node.args:
        args = [_node_c(a, access) for a in node.args]
        if None in args:
            return None
        keep = "<" if node.func.id == "min" else ">"
        result = str(args[0])
        for arg in args[1:]:
            result = f"(({arg}) {keep} ({result}) ? ({arg}) : ({result}))"
        return result
    return None


def _c_bound(expr: Expr, sizes: dict[str, str | None]) -> str:
    """A bound expression of sizes as C double arithmetic; a size with no C expression
    is the largest integer parameter (`polylift_largest`)."""
    if isinstance(expr, Num):
        return repr(float(expr.value))
    if isinstance(expr, Ref):
        size = sizes.get(expr.name)
        return "(double)polylift_largest" if size is None else f"(double)({size})"
    if isinstance(expr, Neg):
        return f"(-{_c_bound(expr.operand, sizes)})"
    if isinstance(expr, Bin) and expr.op in "+-*/":
        return f"({_c_bound(expr.lhs, sizes)} {expr.op} {_c_bound(expr.rhs, sizes)})"
    return "1e300"  # a bound the C cannot state: nothing is held to less


def shadow_maker(checked: dict[str, Checked], source: str) -> BodyMaker:
    """The stub maker of a shadow build (`stubs.stubbed`), for functions `checked`."""
    def make(sig: Signature, parts: AdapterParts, site: Site) -> tuple[list[str], list[str]]:
        return _stub(sig, parts, site, checked[sig.name], source)
    return make


def _stub(sig: Signature, parts: AdapterParts, site: Site, checked: Checked,
          source: str) -> tuple[list[str], list[str]]:
    name = sig.name
    original, caller = f"__polylift_orig_{name}", f"__polylift_call_{name}"
    before = [*_STRICT, _static(site.copy(original)), "#pragma GCC pop_options",
              *parts.declarations,
              _static(site.header(caller)) + "{\n" + "\n".join(parts.body) + "\n}"]
    where = f"{source}:{sig.source.line}" if sig.source is not None else source
    reasons = _unknown_extents(sig, checked)
    unchecked = f'"extent of {", ".join(reasons)} unknown"' if reasons else "0"
    body = [f'  static struct polylift_shadow_fn polylift_fn = {{"{name}", "{where}", '
            f"{unchecked}}};",
            f"  if (!polylift_shadow_begin(&polylift_fn)) {_return(sig, _call(sig, caller))}"]
    if not reasons:
        body += _checked_call(sig, original, caller, checked)
    elif sig.result is not None:
        body.append(f"  return {_call(sig, caller)};")
    return before, body


def _return(sig: Signature, call: str) -> str:
    return f"return {call};" if sig.result is not None else f"{{ {call}; return; }}"


def _call(sig: Signature, callee: str, names: dict[str, str] | None = None) -> str:
    """A call of `callee` with the function's own parameters (each renamed by `names`)."""
    args = sig.c_decl.names if sig.c_decl is not None else tuple(p.name for p in sig.params)
    return f"{callee}({', '.join((names or {}).get(a, a) for a in args)})"


def _extent(p) -> tuple[str, str] | None:
    """(first, end) elements of an array argument as C, or None when unknown."""
    if "?" not in p.dims:
        count = " * ".join(f"(long long)({d})" for d in p.dims) or "1LL"
        return "0LL", count
    return (p.span.first, p.span.end) if p.span is not None else None


def _copied(sig: Signature) -> list:
    """The array parameters the shadow copies: those whose extent is known (an array
    whose extent is not is only read, `_unknown_extents`: both runs read it in place)."""
    return [p for p in sig.params if p.kind == "array" and _extent(p) is not None]


def _unknown_extents(sig: Signature, checked: Checked) -> list[str]:
    """The arrays whose unknown extent keeps a call from being checked: one the function
    writes (the copy the original writes, and the comparison, need it) and, where the
    magnitude rule applies, any (its run reads absolute values of a copy). An array
    only read needs no copy: neither run changes it, and the original runs first."""
    return [p.name for p in sig.params if p.kind == "array" and _extent(p) is None
            and (p.name in sig.written or checked.magnitudes)]


def _read_inside_copied(sig: Signature) -> str:
    """C that is true when an array read in place (its extent unknown) starts inside
    one the function writes: the original would then see the writes through it, which
    on the copies it cannot (such a call is skipped). One that starts below a written
    array and reaches into it is not seen: its extent is what is unknown."""
    tests = []
    for u in sig.params:
        if u.kind != "array" or _extent(u) is not None:
            continue
        for p in _copied(sig):
            if p.name in sig.written:
                first, end = _extent(p) or ("0", "0")
                at = f"(const char *)({u.c_expr})"
                tests.append(f"({at} >= (const char *)(({p.ctype} *)({p.c_expr}) + {first}) "
                             f"&& {at} < (const char *)(({p.ctype} *)({p.c_expr}) + {end}))")
    return " || ".join(tests)


def _checked_call(sig: Signature, original: str, caller: str, checked: Checked) -> list[str]:
    arrays = _copied(sig)
    lines = _largest(sig) if "polylift_largest" in checked.bound else []
    assumes = [a for p in arrays if p.span is not None for a in p.span.assumes]
    if assumes:
        test = " || ".join(f"({a}) < 0" for a in assumes)
        lines.append(f"  if ({test}) {_return(sig, _call(sig, caller))}")
    inside = _read_inside_copied(sig)
    if inside:
        lines.append(f"  if ({inside}) {{ polylift_shadow_skip(&polylift_fn); "
                     f"{_return(sig, _call(sig, caller))} }}")
    lines += _snapshot(arrays, "polylift_copy", "polylift_snap")
    lines.append(f"  if (!polylift_snap) {_return(sig, _call(sig, caller))}")
    ref_args, setup = _on_copies(sig, "polylift_copy", "r")
    lines += setup
    result = sig.result.ctype if sig.result is not None else ""
    magnitude = "0"
    if checked.magnitudes:
        lines += _magnitude_run(sig, original)
        magnitude = "polylift_mag"
    lines.append(f"  {result + ' polylift_expected = ' if result else ''}"
                 f"{_call(sig, original, ref_args)};")
    lines.append(f"  {result + ' polylift_actual = ' if result else ''}{_call(sig, caller)};")
    for k, p in enumerate(arrays):
        if p.name in sig.written:
            lines.append(_compare(p, k, checked.bound, magnitude))
    if sig.result is not None:
        kind, size = _kind(sig.result.ctype), f"sizeof({sig.result.ctype})"
        lines.append(f'  polylift_shadow_compare(&polylift_fn, "return", {kind}, {size}, 1, '
                     f"&polylift_expected, &polylift_actual, {checked.bound}, 0);")
    lines.append(f"  polylift_shadow_end(&polylift_fn, polylift_snap, "
                 f"{'polylift_msnap' if checked.magnitudes else '0'});")
    if sig.result is not None:
        lines.append("  return polylift_actual;")
    return lines


def _largest(sig: Signature) -> list[str]:
    """`polylift_largest`: the largest integer parameter (at least 1), what a bound
    takes for a size it cannot state."""
    ints = [p.c_expr for p in sig.params if p.kind == "scalar" and _kind(p.ctype) >= 3]
    lines = ["  long long polylift_largest = 1;"]
    lines += [f"  if ((long long)({v}) > polylift_largest) polylift_largest = (long long)({v});"
              for v in ints]
    return lines


def _snapshot(arrays: list, copies: str, handle: str) -> list[str]:
    """Copies of every array's extent (`copies[k]` points at element `first` of array k)."""
    at, sizes = [], []
    for p in arrays:
        extent = _extent(p)
        assert extent is not None
        first, end = extent
        at.append(f"(const void *)(({p.ctype} *)({p.c_expr}) + {first})")
        sizes.append(f"(({end}) > ({first}) ? (({end}) - ({first})) * (long long)"
                     f"sizeof({p.ctype}) : 0LL)")
    n = len(arrays)
    return [f"  const void *{copies}_at[{n}] = {{{', '.join(at)}}};",
            f"  long long {copies}_bytes[{n}] = {{{', '.join(sizes)}}};",
            f"  void *{copies}[{n}];",
            f"  void *{handle} = polylift_shadow_snapshot(&polylift_fn, {n}, {copies}_at, "
            f"{copies}_bytes, {copies});"]


def _on_copies(sig: Signature, copies: str, tag: str) -> tuple[dict[str, str], list[str]]:
    """The arguments that run the original on the copies: each array parameter copied
    (`_copied`) the copy (moved back by its first element), a struct holding arrays a
    local copy of it whose fields point at the copies. Returns (parameter -> argument,
    the lines that set them)."""
    names: dict[str, str] = {}
    lines: list[str] = []
    for k, p in enumerate(_copied(sig)):
        extent = _extent(p)
        assert extent is not None
        moved = f"(({p.ctype} *){copies}[{k}] - {extent[0]})"
        field = _field(p.c_expr)
        if field is None:
            names[p.c_expr] = moved
            continue
        local = f"polylift_{tag}_{ident(field.root)}"
        if field.root not in names:
            lines += _struct_copy(sig, field.root, local)
            names[field.root] = f"&{local}" if field.pointer else local
        lines.append(f"  {local}{field.path} = {moved};")
    return names, lines


@dataclass(frozen=True)
class _Field:
    """A struct field a parameter is reached by: the struct parameter, the path from the
    struct to the field (`.output`), and whether the parameter points at the struct."""

    root: str
    path: str
    pointer: bool


_FIELD = re.compile(r"(?P<root>[A-Za-z_]\w*)(?P<arrow>->|\.)(?P<rest>.+)")


def _field(access: str) -> _Field | None:
    """The field `access` (`l.output`, `l->output`) reaches, or None for a parameter."""
    match = _FIELD.fullmatch(access)
    if match is None:
        return None
    return _Field(match["root"], "." + match["rest"], match["arrow"] == "->")


def _struct_copy(sig: Signature, root: str, local: str) -> list[str]:
    """A local copy of struct parameter `root` (of the struct it points at)."""
    assert sig.c_decl is not None
    declaration = sig.c_decl.params[sig.c_decl.names.index(root)]
    pointer = "*" in declaration
    kind = re.sub(r"\b(const|volatile|restrict)\b|\*", " ", declaration)
    kind = " ".join(kind.rsplit(root, 1)[0].split())
    return [f"  {kind} {local} = {'*' if pointer else ''}{root};"]


def _magnitude_run(sig: Signature, original: str) -> list[str]:
    """The original on absolute values of a second snapshot: the magnitudes."""
    arrays = _copied(sig)
    lines = _snapshot(arrays, "polylift_mcopy", "polylift_msnap")
    lines.append("  if (!polylift_msnap) { polylift_shadow_end(&polylift_fn, polylift_snap, "
                 f"0); {_return(sig, _call(sig, f'__polylift_call_{sig.name}'))} }}")
    for k, p in enumerate(arrays):
        first, end = _extent(p) or ("0", "0")
        lines.append(f"  polylift_shadow_abs(polylift_mcopy[{k}], {_kind(p.ctype)}, "
                     f"(({end}) - ({first})));")
    names, setup = _on_copies(sig, "polylift_mcopy", "m")
    lines += setup
    for p in sig.params:
        if p.kind == "scalar" and p.ctype in ("float", "double"):
            fabs = "__builtin_fabsf" if p.ctype == "float" else "__builtin_fabs"
            field = _field(p.c_expr)
            if field is None:
                names[p.c_expr] = f"{fabs}({p.c_expr})"
            elif field.root in names:
                local = f"polylift_m_{ident(field.root)}"
                lines.append(f"  {local}{field.path} = {fabs}({local}{field.path});")
    lines.append(f"  {_call(sig, original, names)};")
    lines.append("  const void *polylift_mag_of[] = {" +
                 ", ".join(f"polylift_mcopy[{k}]" for k in range(len(arrays))) + "};")
    return lines


def _compare(p, k: int, bound: str, magnitude: str) -> str:
    first, end = _extent(p) or ("0", "0")
    mag = f"polylift_mag_of[{k}]" if magnitude != "0" and _kind(p.ctype) in (1, 2) else "0"
    return (f'  polylift_shadow_compare(&polylift_fn, "{p.name}", {_kind(p.ctype)}, '
            f"(int)sizeof({p.ctype}), (({end}) - ({first})), polylift_copy[{k}], "
            f"(const void *)(({p.ctype} *)({p.c_expr}) + {first}), {bound}, {mag});")


def _kind(ctype: str) -> int:
    """The runtime's element kind of a C type."""
    if ctype in _KINDS:
        return _KINDS[ctype]
    return 4 if ctype.startswith(_UNSIGNED) else 3


def _static(text: str) -> str:
    """A definition or declaration made `static` (a copy exports nothing)."""
    head = text.split("(", 1)[0]
    if re.search(r"\bstatic\b", head):
        return text
    if re.search(r"\bextern\b", head):
        return re.sub(r"\bextern\b", "static", text, count=1)
    return "static " + text


def shadow_library(target: str) -> Path:
    """The shadow runtime built for `target` (a static library, cached by content)."""
    tc = target_named(target)
    source = RUNTIME_DIR / "polylift_shadow.c"
    flags = (*C_FLAGS, "-fPIC", "-std=gnu11", "-Wall")
    key = content_key([source.read_text(), (RUNTIME_DIR / "polylift_shadow.h").read_text(),
                       compiler_identity(tc.tool("gcc")), *flags])

    def build(work: Path) -> None:
        obj = work / "polylift_shadow.o"
        run_tool([tc.tool("gcc"), *flags, f"-I{RUNTIME_DIR}", "-c", str(source), "-o",
                  str(obj)], "compiling the shadow runtime")
        run_tool([tc.tool("ar"), "rcs", str(work / "libpolylift_shadow.a"), str(obj)],
                 "archiving the shadow runtime")
        obj.unlink()

    return built_once(cache_dir() / "shadow" / f"{target}-{key}", "libpolylift_shadow.a",
                      build)


__all__ = ["Checked", "checks", "prelude", "shadow_library", "shadow_maker"]
