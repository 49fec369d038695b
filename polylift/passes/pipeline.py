"""The pipeline driver: runs Python passes and upstream MLIR passes in one sequence.

A Python pass cannot sit inside an upstream `PassManager` pipeline by name, so the
driver runs each step itself: Python passes as callables on the module, upstream
passes through a `PassManager` built for that step. This gives every step, of both
kinds, a place in `--mlir-timing` and `--mlir-print-ir-after-all`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field

from polylift.errors import (
    InternalError,
    PassError,
    PolyliftError,
    SourceLoc,
    UsageError,
    describe_exception,
)
from polylift.kernel_dialect import verify_kernel_ops
from polylift.mlir import (
    Diag,
    MLIRError,
    collect_diagnostics,
    error_diagnostics,
    ir,
    passmanager,
    source_loc,
)
from polylift.passes.registry import FOCUS_ATTRIBUTE, Focus, PassRun, is_python_pass, load_pass
from polylift.recursion import deep_recursion


@dataclass(frozen=True)
class Step:
    """One pass of a pipeline: its flag, its options text, and whether it is Python."""

    name: str
    options: str = ""
    nested: str = ""  # a full nested element such as `func.func(cse,canonicalize)`

    @property
    def is_python(self) -> bool:
        return not self.nested and is_python_pass(self.name)

    @property
    def text(self) -> str:
        """The step as pipeline text (`name{options}` or the nested element)."""
        if self.nested:
            return self.nested
        return f"{self.name}{{{self.options}}}" if self.options else self.name


@dataclass
class Timing:
    """Wall time per step, in pipeline order, for `--mlir-timing`."""

    rows: list[tuple[str, float]] = field(default_factory=list)

    def render(self) -> str:
        total = sum(t for _, t in self.rows) or 1e-12
        bar = "===" + "-" * 73 + "==="
        lines = [bar, "  ... Execution time report ...".center(79).rstrip(), bar,
                 f"  Total Execution Time: {total:.4f} seconds", "",
                 "  ----Wall Time----  ----Name----"]
        for name, secs in self.rows:
            lines.append(f"  {secs:8.4f} ({100 * secs / total:5.1f}%)  {name}")
        lines.append(f"  {total:8.4f} (100.0%)  Total")
        return "\n".join(lines)


def split_top_level(text: str, sep: str = ",") -> list[str]:
    """Split `text` at `sep` outside parentheses and braces."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
            if depth < 0:
                raise UsageError(f"unbalanced ')' in pass pipeline '{text}'")
        elif ch == sep and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if depth != 0:
        raise UsageError(f"unbalanced '(' in pass pipeline '{text}'")
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def parse_element(element: str) -> Step:
    """One pipeline element: `name`, `name{opts}` or `anchor(nested,...)`."""
    if "(" in element.split("{", 1)[0]:
        anchor = element.split("(", 1)[0].strip()
        inner = element[element.index("(") + 1: element.rindex(")")]
        for sub in split_top_level(inner):
            name = parse_element(sub).name
            if is_python_pass(name):
                raise UsageError(f"polylift pass '{name}' cannot be nested "
                                 f"under '{anchor}': Python passes run on the module")
        return Step(anchor, nested=element)
    if "{" in element:
        name, rest = element.split("{", 1)
        if not rest.endswith("}"):
            raise UsageError(f"malformed options in pass pipeline element '{element}'")
        return Step(name.strip(), rest[:-1].strip())
    return Step(element.strip())


def parse_pipeline(text: str) -> list[Step]:
    """The steps of a `--pass-pipeline='builtin.module(...)'` string."""
    text = text.strip()
    if not (text.startswith("builtin.module(") and text.endswith(")")):
        raise UsageError(f"pass pipeline must have the form 'builtin.module(...)', got '{text}'")
    return [parse_element(e) for e in split_top_level(text[len("builtin.module("):-1])]


def pass_names(step: Step) -> list[str]:
    """The passes a step runs, by name: its own, or each one of its nest at any depth."""
    if not step.nested:
        return [step.name]
    return [name for sub in _nest(step) for name in pass_names(parse_element(sub))]


def _nest(step: Step) -> list[str]:
    """The elements inside a nested step's parentheses."""
    return split_top_level(step.nested[step.nested.index("(") + 1: step.nested.rindex(")")])


def is_registered(name: str, ctx: ir.Context) -> bool:
    """Whether `name` is an upstream pass or pass pipeline of the bindings' registry."""
    try:
        passmanager.PassManager.parse(f"builtin.module({name})", ctx)
    except ValueError as exc:
        return "does not refer to a registered pass" not in str(exc)
    return True


def step_text(step: Step, run: PassRun, ctx: ir.Context) -> str:
    """The step as pipeline text with every option it runs with: an upstream pass's
    defaults as its pass manager prints them, a Python pass's options given on the
    command line (`--name=value`) or in its element."""
    if step.is_python:
        cls = load_pass(step.name)
        options = {k: v for k, v in run.options.items() if k in cls.option_help}
        options.update(parse_options(step.options))
        listed = " ".join(f"{k}={v}" for k, v in sorted(options.items()))
        return f"{step.name}{{{listed}}}" if listed else step.name
    text = str(_upstream_manager(step, ctx))
    return text[len("builtin.module("):-1]


def _upstream_manager(step: Step, ctx: ir.Context) -> passmanager.PassManager:
    """A pass manager for one upstream step, nested under func.func when it must be."""
    try:
        return passmanager.PassManager.parse(f"builtin.module({step.text})", ctx)
    except ValueError as exc:
        if "does not refer to a registered pass" in str(exc):
            raise UsageError(f"unknown pass '{step.name}'") from None
        if "did you intend to nest" not in str(exc):
            raise UsageError(_first_line(str(exc)) or f"unknown pass '{step.name}'") from None
    try:
        return passmanager.PassManager.parse(f"builtin.module(func.func({step.text}))", ctx)
    except ValueError as exc:
        raise UsageError(_first_line(str(exc))) from None


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""


def parse_options(text: str) -> dict[str, str]:
    """`a=1 b=x` -> {'a': '1', 'b': 'x'}; a bare name means `true`."""
    options = {}
    for item in split_top_level(text, " "):
        key, _, value = item.partition("=")
        options[key.strip()] = value.strip() if _ else "true"
    return options


class StepHooks:
    """What a driver adds around each step of `run_pipeline`: polylift-opt's IR dumps
    and pass statistics (cli/mlir_opt/printing.py). The methods do nothing here, so that the
    library's callers (the bake, the harness) pay for none of it."""

    def prepared(self, step: Step, pm: passmanager.PassManager | None) -> None:
        """`step` is built; `pm` is its pass manager (None for a Python pass), to
        configure before it runs (IR printing, statistics)."""

    def running(self, step: Step) -> AbstractContextManager[object]:
        """A context the step runs in (the driver reads what upstream prints there)."""
        return nullcontext()

    def before(self, step: Step, module: ir.Module) -> None:
        """Called before `step` runs."""

    def after(self, step: Step, module: ir.Module) -> None:
        """Called after `step` ran and its output verified."""

    def failed(self, step: Step, module: ir.Module) -> None:
        """Called when `step` failed or left IR that does not verify."""


def prepare_step(step: Step, run: PassRun, ctx: ir.Context, hooks: StepHooks | None = None,
                 verify_each: bool = True) -> Callable[[ir.Module], None]:
    """What runs `step` on a module: the pass built once, with its options checked.

    `verify_each` False: an upstream step's pass manager does not verify after each of
    its passes (`--verify-each=false`)."""
    hooks = hooks or StepHooks()
    if step.is_python:
        cls = load_pass(step.name)
        options = {k: v for k, v in run.options.items() if k in cls.option_help}
        options.update(parse_options(step.options))
        try:
            instance = cls(options)
        except PolyliftError:
            raise
        except Exception as exc:
            raise internal_error(step, exc, run) from exc
        hooks.prepared(step, None)
        return lambda module: instance.run(module, run)
    pm = _upstream_manager(step, ctx)
    pm.enable_verifier(verify_each)
    hooks.prepared(step, pm)
    return lambda module: _run_upstream(pm, module, run)


def _run_upstream(pm: passmanager.PassManager, module: ir.Module, run: PassRun) -> None:
    """Run an upstream pass manager; its first error becomes a `PassError`."""
    with collect_diagnostics(module.context, run.filename) as diags:
        try:
            pm.run(module.operation)
        except MLIRError as exc:
            failed = [d for d in diags if d.severity in ("error", "note")]
            if not any(d.severity == "error" for d in failed):
                failed = _carried(exc, run)
            raise PassFailure(failed) from None
    if run.wants("analysis"):
        run.remarks.extend(("analysis", d) for d in diags if d.severity == "remark")


class PassFailure(PassError):
    """An upstream pass's failure: the first error, and every error and note it emitted
    (`--verify-diagnostics` checks each of them)."""

    def __init__(self, diags: list[Diag]):
        first = next(d for d in diags if d.severity == "error")
        super().__init__(first.message, first.loc)
        self.diags = diags


def _carried(exc: Exception, run: PassRun) -> list[Diag]:
    """The errors an `MLIRError` carries (the bindings take a failed run's diagnostics
    into it, past the handlers), with their notes, located; its text where it carries
    none."""
    carried = []
    for d in error_diagnostics(exc):
        carried.append(Diag("error", source_loc(d.location, run.filename), d.message))
        carried += [Diag("note", source_loc(n.location, run.filename), n.message)
                    for n in d.notes]
    return carried or [Diag("error", None, str(exc))]


def _run_step(step: Step, runner: Callable[[ir.Module], None], module: ir.Module,
              run: PassRun) -> None:
    """Run one step with room to recurse; IR too deep even then is a located error, and
    so is a bug in a pass (`internal_error`)."""
    run.focus.clear()
    try:
        with deep_recursion():
            runner(module)
    except RecursionError:
        raise PassError(f"{step.text}: the IR nests too deeply to process",
                        SourceLoc(run.filename, 1, 1)) from None
    except PolyliftError:
        raise
    except Exception as exc:
        raise internal_error(step, exc, run) from exc


def internal_error(step: Step, exc: Exception, run: PassRun) -> InternalError:
    """An unexpected exception of a pass as an error at the op the pass was working on
    (`PassRun.at`), naming the pass and the op; where no op was marked, at the start of
    the input. The module is left as the pass left it: callers discard it."""
    focus: Focus | None = getattr(exc, FOCUS_ATTRIBUTE, None)
    try:
        loc = source_loc(focus.location, run.filename) if focus is not None else None
    except Exception:  # noqa: BLE001 - the report must not fail where the pass did
        loc = None
    where = f" at '{focus.op}'" if focus is not None else ""
    return InternalError(f"internal error in pass '{step.name}'{where}: "
                         f"{describe_exception(exc)}",
                         loc or SourceLoc(run.filename, 1, 1),
                         function=focus.function if focus is not None else None)


def run_pipeline(steps: list[Step], module: ir.Module, run: PassRun,
                 after_each: Callable[[Step, ir.Module], None] | None = None,
                 timing: Timing | None = None, hooks: StepHooks | None = None,
                 verify_each: bool = True) -> None:
    """Run `steps` in order, calling `after_each` after every step and timing each.

    Every step is prepared before the first runs, so an unknown pass or a bad option
    fails before anything changes; the module is verified after each step, or where
    `verify_each` is False only after the last (what is printed must verify, and the
    launches must be checked)."""
    hooks = hooks or StepHooks()
    runners = [prepare_step(step, run, module.context, hooks, verify_each) for step in steps]
    for step, runner in zip(steps, runners, strict=True):
        hooks.before(step, module)
        start = time.perf_counter()
        try:
            with hooks.running(step):
                _run_step(step, runner, module, run)
            if timing is not None:
                timing.rows.append((step.text, time.perf_counter() - start))
            # As mlir-opt does: a pass that leaves invalid IR is named by its error, and
            # the next pass never reads it.
            if verify_each:
                verify_module(module, run)
        except PolyliftError:
            hooks.failed(step, module)
            raise
        hooks.after(step, module)
        if after_each is not None:
            after_each(step, module)
    if not steps or not verify_each:
        verify_module(module, run)


def verify_module(module: ir.Module, run: PassRun) -> None:
    """The MLIR verifier plus polylift's check of `kernel.launch` ops."""
    if _verifies_registered(module):
        return  # no unregistered op, so no launch either
    with collect_diagnostics(module.context, run.filename) as diags:
        try:
            module.operation.verify()
        except MLIRError:
            first = diags[0] if diags else Diag("error", None, "module does not verify")
            raise PassError(first.message, first.loc) from None
    accepted = ("*",) if run.allow_unregistered else ()
    for op, message in verify_kernel_ops(module.operation, accepted):
        raise PassError(message, source_loc(op.location, run.filename))


def _verifies_registered(module: ir.Module) -> bool:
    """Whether the module verifies with every op registered: MLIR's verifier rejects an
    unregistered op where the context does not accept them. After the lowering of the
    launches that answers for the whole module at once, where `verify_kernel_ops`
    crosses from Python for each op; where it fails, the caller says why."""
    context = module.context
    accepts = context.allow_unregistered_dialects
    with collect_diagnostics(context, ""):
        context.allow_unregistered_dialects = False
        try:
            module.operation.verify()
        except MLIRError:
            return False
        finally:
            context.allow_unregistered_dialects = accepts
    return True
