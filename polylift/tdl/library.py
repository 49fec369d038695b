"""The template library: load every `.tpl` file, check it, and describe it to backends.

`load_library(extra_dirs)` reads `polylift/templates/*.tpl` and any user directories.
Later stages (launch lowering, shim header generation) read templates through
`Library.templates[name]`: parameters, size symbols, shim signature, backends, types,
accuracy and cost.
"""

from __future__ import annotations

import operator
import pickle
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from polylift.errors import PolyliftError, SourceLoc, read_source
from polylift.recursion import deep_recursion
from polylift.subscripts import plain_subscript
from polylift.tdl import disk_cache
from polylift.tdl.ast import (
    Access,
    ArrayDecl,
    Bin,
    Call,
    Expr,
    Neg,
    Num,
    Ref,
    ScalarDecl,
    Step,
    Template,
)
from polylift.tdl.checks import ELEMENT_SIZE, check_template, check_unique
from polylift.tdl.errors import TemplateError
from polylift.tdl.steps import accesses, step_kind, target_array, walk

BUILTIN_DIR = Path(__file__).parent.parent / "templates"


@dataclass(frozen=True)
class ParamInfo:
    """A parameter as a backend sees it."""

    name: str
    kind: str  # "array" or "scalar"
    rank: int  # 0 for scalars
    role: str  # "in", "out", "inout" (scalars are "in")
    fixed: float | None = None  # a scalar the template fixes (passed as a constant)


@dataclass(frozen=True)
class SizeInfo:
    """A size symbol and the operand dimension it is read from."""

    name: str
    array: str
    dim: int


@dataclass(frozen=True)
class ShimArg:
    """One argument of the shim ABI.

    kind: `size` (int64), `scalar` (by value, element type), `pointer` (to the first
    element of `param`) or `ld` (int64 stride of dimension `dim` of `param`, in elements).
    dtype: the C element type of a scalar or pointer when it is not the template's
    element type (e.g. `i32` for a shift amount); None means the element type.
    """

    name: str
    kind: str
    param: str = ""
    dim: int = -1
    dtype: str | None = None


@dataclass(frozen=True)
class KernelTemplate:
    """A checked template plus the derived facts later stages need; `source` is the
    text of an expression template, which its launches carry (`tdl/expression.py`)."""

    ast: Template
    source: str = ""

    @property
    def name(self) -> str:
        """`domain.op`, e.g. `blas.gemm`."""
        return self.ast.name

    @property
    def launch(self) -> str:
        """The op name of the shim (`gemm` gives `polylift_<backend>_gemm_<dtype>`)."""
        return self.ast.launch

    @cached_property
    def params(self) -> tuple[ParamInfo, ...]:
        """Parameters in launch-operand order."""
        out = []
        for p in self.ast.params:
            if isinstance(p, ArrayDecl):
                out.append(ParamInfo(p.name, "array", p.rank, p.role))
            else:
                out.append(ParamInfo(p.name, "scalar", 0, "in", p.fixed))
        return tuple(out)

    @cached_property
    def sizes(self) -> tuple[SizeInfo, ...]:
        """Each size symbol, read from the first array (in parameter order) that has it."""
        found: dict[str, SizeInfo] = {}
        for array in self.ast.arrays:
            for dim, size in enumerate(array.dims):
                found.setdefault(size, SizeInfo(size, array.name, dim))
        return tuple(found.values())

    @cached_property
    def shim_args(self) -> tuple[ShimArg, ...]:
        """The ordered ABI arguments: arrays expand to a pointer and rank-1 strides."""
        args: list[ShimArg] = []
        for name in self.ast.shim:
            decl = self.ast.param(name)
            if isinstance(decl, ArrayDecl):
                args.append(ShimArg(name, "pointer", name, dtype=decl.dtype))
                if decl.rank == 1:
                    args.append(ShimArg(f"inc{name}", "ld", name, 0))
                for d in range(decl.rank - 1):
                    suffix = str(d) if decl.rank > 2 else ""
                    args.append(ShimArg(f"ld{name}{suffix}", "ld", name, d))
            elif decl is not None:
                args.append(ShimArg(name, "scalar", name, dtype=decl.dtype))
            else:
                args.append(ShimArg(name, "size"))
        return tuple(args)

    @property
    def dtypes(self) -> tuple[str, ...]:
        """Element types this template serves; the launch symbol takes one as suffix."""
        return self.ast.types

    @property
    def unsigned(self) -> bool:
        """Whether the element types are unsigned integers (reads zero-extend)."""
        return all(t.startswith("u") for t in self.ast.types)

    def dtype_for(self, element: str) -> str | None:
        """The template's name for memory of MLIR element type `element` (`i8` memory
        is `u8` to a template of unsigned pixels), or None when it serves no such type."""
        if element in self.ast.types:
            return element
        unsigned = "u" + element[1:] if element.startswith("i") else ""
        return unsigned if unsigned in self.ast.types else None

    @property
    def accumulate(self) -> str:
        """Integer templates: the type their arithmetic runs in ("" when none)."""
        return self.ast.accumulate

    def scalar_dtype(self, name: str, dtype: str) -> str:
        """The type of scalar `name` when the launch's element type is `dtype`."""
        decl = self.ast.param(name)
        declared = decl.dtype if isinstance(decl, ScalarDecl) else None
        return declared or dtype

    @property
    def backends(self) -> tuple[str, ...]:
        """Backends that implement the launch."""
        return self.ast.backends

    @property
    def accuracy(self) -> tuple[str, str]:
        """(`exact`, ""), (`reassoc`, the ULP bound as written, e.g. `2*k + 64`) or
        (`backward`, the backward error bound in unit roundoffs)."""
        kind, bound = self.ast.accuracy
        return kind, "" if bound is None else str(bound)

    def ulp_bound(self, sizes: dict[str, int]) -> int:
        """The ULP bound at concrete sizes: 0 for an `exact` template, and for a
        `backward` one, which bounds no element (the launch audit holds its backward
        error instead, `backward_bound`).

        A reassociated reduction of length k can differ from the template's order by
        about 2k ULP in the worst case, so bounds are expressions of the sizes.
        """
        kind, bound = self.ast.accuracy
        return 0 if bound is None or kind == "backward" else int(evaluate(bound, sizes))

    def backward_bound(self, sizes: dict[str, int]) -> int:
        """The backward error bound at concrete sizes, in unit roundoffs (0 unless the
        template declares `accuracy backward`)."""
        kind, bound = self.ast.accuracy
        return int(evaluate(bound, sizes)) if kind == "backward" and bound is not None else 0

    @property
    def bound_sizes(self) -> tuple[str, ...]:
        """The size symbols the ULP bound depends on."""
        bound = self.ast.accuracy[1]
        return tuple(sorted({n.name for n in walk(bound) if isinstance(n, Ref)})) \
            if bound is not None else ()

    @cached_property
    def element_steps(self) -> tuple[tuple[int, Step], ...]:
        """The steps that ops match, with their positions: all but a local's definitions,
        which are values the later steps read. A loop program has none: its loops match
        whole (`element_kinds`)."""
        if self.ast.program:
            return ()
        return tuple((k, step) for k, step in enumerate(self.ast.steps)
                     if step_kind(step) != "local")

    @cached_property
    def op_steps(self) -> tuple[tuple[tuple[int, Step], ...], ...]:
        """`element_steps` grouped by the op each group matches: one step, or the steps
        of a joint update (`Step.with_previous`), which one op with an output per
        target computes."""
        groups: list[list[tuple[int, Step]]] = []
        for position, step in self.element_steps:
            if step.with_previous and groups:
                groups[-1].append((position, step))
            else:
                groups.append([(position, step)])
        return tuple(tuple(group) for group in groups)

    @cached_property
    def element_kinds(self) -> tuple[str, ...]:
        """What each of `op_steps` matches (`steps.step_kind` of its first step),
        computed once: the matcher asks it of every template it tries. Each top-level
        loop of a loop program matches one loop nest (`program`)."""
        if self.ast.program:
            return ("program",) * len(self.ast.program)
        return tuple(step_kind(group[0][1]) for group in self.op_steps)

    @cached_property
    def widened(self) -> frozenset:
        """The types the template's arithmetic widens to (`i64(x)`)."""
        calls = {n.fn for step in self.ast.steps for n in walk(step.value)
                 if isinstance(n, Call)}
        return frozenset({"i64"}) if "i64" in calls else frozenset()

    @cached_property
    def index_values(self) -> frozenset[str]:
        """Names the template reads as numbers that are neither parameters nor locals:
        the indices read as values (`lut[k] = k`), in any step."""
        names = {n.name for step in self.ast.steps for n in walk(step.value)
                 if isinstance(n, Ref)}
        return frozenset(n for n in names
                         if self.ast.param(n) is None and self.ast.local(n) is None)

    @cached_property
    def repeated_reads(self) -> int:
        """How many reads of an array other than a step's target repeat an array read
        before (A.A^T reads A twice: one repeat), over all steps."""
        reads = [a.array for step in self.ast.steps for a in accesses(step)
                 if a.array != target_array(step)]
        return len(reads) - len(set(reads))

    @cached_property
    def written_length(self) -> int:
        """The length of the steps as written: how much the template says."""
        return sum(len(str(step)) for step in self.ast.steps)

    @property
    def attrs(self) -> dict[str, str]:
        """Extra attributes the launch carries (`trans_a = true`, ...)."""
        return dict(self.ast.attrs)

    def cost(self, sizes: dict[str, int], dtype: str) -> tuple[float, float]:
        """(flops, bytes moved) for concrete sizes of one element type.

        A cost expression may name `esize`, the bytes of one element of `dtype`, so one
        template states the bytes of its f32 and f64 forms alike.
        """
        assert self.ast.flops is not None and self.ast.bytes is not None
        env = {**sizes, ELEMENT_SIZE: element_bytes(dtype)}
        return evaluate(self.ast.flops, env), evaluate(self.ast.bytes, env)

    def callee(self, dtype: str) -> str:
        """The launch symbol for one element type, e.g. `gemm_f64`."""
        return f"{self.launch}_{dtype}"

    @property
    def scaled_outputs(self) -> tuple[tuple[str, str], ...]:
        """(scalar, array) pairs: the template first reads output `array` only as the term
        `scalar * array[...]` of a step over the whole array (`C[i,j] = beta * C[i,j]`,
        `y[i] = alpha * x[i] + beta * y[i]`), with `scalar` free.

        Shims follow the BLAS convention that a zero scale means the output is not read,
        while the template reads it (0 * NaN is NaN, 0 * -1 is -0); the launch lowering
        makes up the difference for these pairs.
        """
        found: list[tuple[str, str]] = []
        written: set[str] = set()
        for step in self.ast.steps:
            scalar = _scale_of_target(step)
            if scalar is not None and target_array(step) not in written:
                decl = self.ast.param(scalar)
                if isinstance(decl, ScalarDecl) and decl.fixed is None:
                    found.append((scalar, target_array(step)))
            written.add(target_array(step))
        return tuple(found)


def _scale_of_target(step: Step) -> str | None:
    """The scalar `s` when `step` is `X[i,j,..] = ... + s * X[i,j,..] + ...`, unmasked, with
    distinct plain subscripts, X read nowhere else and no index beyond X's."""
    target = step.target
    if not isinstance(target, Access):
        return None  # a scatter accumulates
    found = [plain_subscript(ix, shifted=False) for ix in target.indices]
    plain = all(name is not None for name in found)
    names = set(found) if plain else set()
    reads = [n for n in walk(step.value) if isinstance(n, Access)]
    if step.op != "=" or step.where or not plain or len(names) != len(target.indices) or \
            any(set(ix.vars) - names for a in reads for ix in a.indices) or \
            [a for a in reads if a.array == target.array] != [target]:
        return None
    for term in _terms(step.value):
        if isinstance(term, Bin) and term.op == "*":
            pair = {type(term.lhs), type(term.rhs)}
            if pair == {Ref, Access}:
                ref, access = (term.lhs, term.rhs) if isinstance(term.lhs, Ref) else \
                    (term.rhs, term.lhs)
                if access == target:
                    assert isinstance(ref, Ref)
                    return ref.name
    return None


def _terms(expr: Expr) -> list[Expr]:
    """The addends of a sum (the expression itself when it is not one)."""
    if isinstance(expr, Bin) and expr.op == "+":
        return _terms(expr.lhs) + _terms(expr.rhs)
    return [expr]


def storage_type(dtype: str) -> str:
    """The MLIR element type that holds a template type (`u8` -> `i8`: MLIR integers are
    signless, the ops say how they read them)."""
    return "i" + dtype[1:] if dtype.startswith("u") else dtype


def element_bytes(dtype: str) -> int:
    """Bytes of one element of `f32`, `i16`, `u8`, ..."""
    return max(1, int(dtype[1:]) // 8)


# The operators of a cost or bound expression (`checks.COST_OPERATORS`); one divides
# only by a positive number, so a size of 0 (an empty launch) never divides by zero.
_COST_OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul,
                  "/": operator.truediv}


def evaluate(expr: Expr, env: dict[str, int]) -> float:
    """The value of a cost expression for concrete sizes."""
    if isinstance(expr, Num):
        return expr.value
    if isinstance(expr, Ref):
        return float(env[expr.name])
    if isinstance(expr, Neg):
        return -evaluate(expr.operand, env)
    assert isinstance(expr, Bin), expr
    return _COST_OPERATORS[expr.op](evaluate(expr.lhs, env), evaluate(expr.rhs, env))


@dataclass(frozen=True)
class Library:
    """Every template, by name, in load order (built-in files first, sorted by path)."""

    templates: dict[str, KernelTemplate]
    files: tuple[str, ...]

    def by_launch(self, launch: str) -> list[KernelTemplate]:
        """The templates that lower to one launch op."""
        return [t for t in self.templates.values() if t.launch == launch]


def template_files(dirs: Iterable[Path]) -> list[Path]:
    """The `.tpl` files of each directory, sorted, directories in the given order."""
    files: list[Path] = []
    for folder in dirs:
        if not folder.is_dir():
            raise PolyliftError(f"template directory '{folder}' does not exist")
        files.extend(sorted(folder.glob("*.tpl")))
    return files


def load_files(files: Iterable[Path]) -> Library:
    """Parse and check the given template files (raises `TemplateError`)."""
    return load_sources({str(path): read_source(path, "template file") for path in files})


def load_sources(sources: dict[str, str]) -> Library:
    """Parse and check template texts, by file name, in order (raises `TemplateError`)."""
    # The parser loads lark (about 40 ms), which a library read from the disk cache
    # never needs: imported here, where a template is parsed.
    from polylift.tdl.parser import parse_templates

    templates: list[Template] = []
    for file, text in sources.items():
        try:
            with deep_recursion():
                for tpl in parse_templates(text, file):
                    check_template(tpl, text)
                    templates.append(tpl)
        except RecursionError:
            raise TemplateError("the file nests too deeply to read (an expression of "
                                "thousands of terms?)", SourceLoc(file, 1, 1), text) from None
    check_unique(templates, sources)
    return Library({t.name: KernelTemplate(t) for t in templates},
                   tuple(sources))


@cache
def _load(extra: tuple[str, ...]) -> Library:
    """The library of the built-in and `extra` directories, from the disk cache when an
    earlier run loaded the same files: its key is every file's name and text, the
    grammar, and the language's code and version (`disk_cache.key`). The texts are read
    once, so the key and the library are of the same bytes even while a file changes."""
    files = template_files([BUILTIN_DIR, *map(Path, extra)])
    sources = {str(path): read_source(path, "template file") for path in files}
    parts = [part for item in sources.items() for part in item]
    return disk_cache.cached("library", disk_cache.key(*parts),
                             lambda: load_sources(sources), _pickled, _unpickled)


# The derived facts of every template that `settle` stores with the library.
SETTLED = ("params", "element_steps", "op_steps", "element_kinds", "index_values",
           "repeated_reads", "written_length")


def _pickled(library: Library) -> bytes:
    settle(library)
    return pickle.dumps(library, protocol=pickle.HIGHEST_PROTOCOL)


def settle(library: Library) -> None:
    """Compute the cached properties that ranking and indexing the library read of
    every template (`SETTLED`), so that the cache entry holds them: each walks the
    template's AST; read from the entry, they cost a share of one unpickling. Those
    read only of a matched template (`shim_args`) stay lazy: they would cost every
    run their unpickling."""
    for tpl in library.templates.values():
        for name in SETTLED:
            getattr(tpl, name)


def _unpickled(data: bytes) -> Library:
    library = pickle.loads(data)
    if not isinstance(library, Library):
        raise TypeError(f"a library cache entry holds a {type(library).__name__}")
    return library


def load_library(extra_dirs: Iterable[str | Path] = ()) -> Library:
    """The built-in templates plus those of `extra_dirs` (cached per directory list)."""
    return _load(tuple(str(d) for d in extra_dirs))
