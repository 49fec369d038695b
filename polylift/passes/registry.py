"""The pass base class, what a pass sees while it runs, and the registry of pass flags.

A pass is named by its flag: `raise-affine-to-linalg` lives in
`polylift/passes/raise_affine_to_linalg.py` as `RaiseAffineToLinalgPass`. Modules are
imported only when their pass runs, so `--list-passes` stays fast.
"""

from __future__ import annotations

import importlib
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import cache
from types import TracebackType
from typing import ClassVar

from polylift.errors import PassError, UsageError
from polylift.function_versions import c_function_name
from polylift.mlir import Diag, ir, source_loc

# Every Python pass, by flag. Adding a pass: a module named after the flag and a line here.
PASS_FLAGS: tuple[str, ...] = (
    "raise-affine-to-linalg",
    "specialize-linalg",
    "match-kernels",
    "lower-kernel-launch-to-cudnn",
    "lower-kernel-launch-to-cusolver",
    "lower-kernel-launch-to-cublaslt",
    "lower-kernel-launch-to-cublas",
    "lower-kernel-launch-to-npp",
    "lower-kernel-launch-to-pva",
    "lower-kernel-launch-to-host",
    "lower-kernel-launch-to-ref",
    "check-no-kernel-launch",
    "lower-masked-generics",
    "lower-to-llvm",
)

REMARK_KINDS = ("missed", "applied", "analysis")
# The attribute an unexpected exception carries out of `PassRun.at`: where it happened.
FOCUS_ATTRIBUTE = "polylift_focus"


@dataclass(frozen=True)
class Focus:
    """What a pass was working on: an op's name and location, and the C function of the
    function around it (None where none is known)."""

    op: str
    location: ir.Location
    function: str | None


class _At(AbstractContextManager[None]):
    """`PassRun.at`: pushes a focus for the block; an exception that leaves the block
    takes the innermost focus with it (unless an inner block gave it one)."""

    def __init__(self, focus: list[Focus], op: ir.Operation | ir.OpView):
        self.stack = focus
        op = op.operation
        function = self.stack[-1].function if self.stack else _function_around(op)
        self.focus = Focus(op.name, op.location, function)

    def __enter__(self) -> None:
        self.stack.append(self.focus)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 trace: TracebackType | None) -> bool:
        self.stack.pop()
        if isinstance(exc, Exception) and not hasattr(exc, FOCUS_ATTRIBUTE):
            try:
                setattr(exc, FOCUS_ATTRIBUTE, self.focus)
            except (AttributeError, TypeError):
                pass  # an exception type that takes no attributes: reported unlocated
        return False


def _function_around(op: ir.Operation) -> str | None:
    """The C function of the `func.func` that is or holds `op`, if any."""
    current: ir.Operation | None = op
    while current is not None and current.name != "func.func":
        parent = current.parent
        current = parent.operation if parent is not None else None
    if current is None:
        return None
    return c_function_name(ir.StringAttr(current.attributes["sym_name"]).value)


@dataclass
class PassRun:
    """What a running pass may use: its options, the file name, and a remark sink."""

    filename: str = "-"
    options: dict[str, str] = field(default_factory=dict)
    remarks: list[tuple[str, Diag]] = field(default_factory=list)
    allow_unregistered: bool = False
    # The kinds of remarks the caller reads; the others are dropped, and a pass may skip
    # the work that only they need (match-kernels explains residual ops only for them).
    wanted: frozenset[str] = frozenset(REMARK_KINDS)
    # What the pass works on now, outermost first (`at`).
    focus: list[Focus] = field(default_factory=list)

    def wants(self, kind: str) -> bool:
        """Whether remarks of `kind` are read."""
        return kind in self.wanted

    def remark(self, op: ir.Operation | ir.OpView, message: str, kind: str = "missed") -> None:
        """Record a remark at `op`'s location; `kind` is missed, applied or analysis."""
        self.remark_at(op.location, message, kind)

    def remark_at(self, location: ir.Location, message: str, kind: str = "missed") -> None:
        """Record a remark at `location` (of an op that may be gone since)."""
        assert kind in REMARK_KINDS, kind
        if kind in self.wanted:
            loc = source_loc(location, self.filename)
            self.remarks.append((kind, Diag("remark", loc, message)))

    def at(self, op: ir.Operation | ir.OpView) -> _At:
        """`with run.at(op):` marks `op` (a function, a nest, a launch) as what the pass
        works on in the block, so that a bug met there is reported at its location, in
        its function (`pipeline.internal_error`), not as a traceback."""
        return _At(self.focus, op)

    def fail(self, op: ir.Operation | ir.OpView, message: str) -> PassError:
        """An error at `op`'s location, to be raised by the pass."""
        return PassError(message, source_loc(op.location, self.filename))


class Pass:
    """Base class of polylift's Python passes: set `name` and `summary`, define `run`."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    # Options a pass accepts, as name -> help; given as `--name=value` on the command
    # line (shared by every pass that declares it) or as `{name=value}` in a pipeline.
    option_help: ClassVar[dict[str, str]] = {}

    def __init__(self, options: dict[str, str] | None = None):
        self.options = dict(options or {})
        unknown = sorted(set(self.options) - set(self.option_help))
        if unknown:
            raise UsageError(f"pass '{self.name}' has no option '{unknown[0]}'")

    def run(self, module: ir.Module, run: PassRun) -> None:
        """Transform `module` in place; raise `PassError` to fail."""
        raise NotImplementedError


def module_name(flag: str) -> str:
    """The module that defines the pass with this flag."""
    return "polylift.passes." + flag.replace("-", "_")


def class_name(flag: str) -> str:
    """The class name of the pass with this flag (`match-kernels` -> `MatchKernelsPass`)."""
    return "".join(part.capitalize() for part in flag.split("-")) + "Pass"


def is_python_pass(flag: str) -> bool:
    """Whether `flag` names one of polylift's Python passes."""
    return flag in PASS_FLAGS


def load_pass(flag: str) -> type[Pass]:
    """The class of the Python pass named `flag`."""
    if flag not in PASS_FLAGS:
        raise UsageError(f"unknown polylift pass '{flag}'")
    module = importlib.import_module(module_name(flag))
    cls = getattr(module, class_name(flag))
    assert issubclass(cls, Pass) and cls.name == flag, flag
    return cls


@cache
def all_option_names() -> frozenset[str]:
    """Every option any Python pass declares (accepted as global command-line flags)."""
    names: set[str] = set()
    for flag in PASS_FLAGS:
        names.update(load_pass(flag).option_help)
    return frozenset(names)
