"""Lowering a module's launches to one backend's shim calls, and the check that every
launch was lowered: what the `lower-kernel-launch-to-<backend>` passes and
`check-no-kernel-launch` run (`polylift/passes/`).

Each lowering claims the launches whose template declares its backend and leaves the
rest, so lowerings compose in any order: `--backend=cudnn,cublas,host` runs the cuDNN
lowering first, then cuBLAS on what is left, then host, then `ref` for the remainder.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass

from polylift import rewriter
from polylift.errors import PassError
from polylift.lowering import offload
from polylift.lowering.launch_call import (
    GPU_BACKENDS,
    Declarations,
    Launch,
    abi_problem,
    build_call,
    find_launches,
    has_attr,
    resolve,
    shim_types,
    template_name,
)
from polylift.mlir import ir, source_loc
from polylift.shims.header import shim_symbol
from polylift.shims.units import add_unit
from polylift.tdl.library import Library

# Where a lowering says what it did and did not: (op, message, kind), kind being
# `missed`, `applied` or `analysis` (a pass's `PassRun.remark`).
Remark = Callable[[ir.Operation | ir.OpView, str, str], None]
# What marks an op as the one being lowered, for the report of a bug met there (a
# pass's `PassRun.at`).
Focus = Callable[[ir.Operation | ir.OpView], AbstractContextManager[object]]


def _no_focus(op: ir.Operation | ir.OpView) -> AbstractContextManager[object]:
    return nullcontext()


class UnclaimedLaunchError(PassError):
    """Launches no backend lowered; renders one `file:line:col: error:` per launch."""

    def __init__(self, errors: list[PassError]):
        super().__init__(errors[0].message, errors[0].loc)
        self.errors = errors

    def render(self) -> str:
        return "\n".join(e.render() for e in self.errors)


def check_all_lowered(module: ir.Module, filename: str) -> None:
    """Fail, listing every one, when `kernel.launch` ops remain in the module."""
    errors = [PassError(f"no backend claimed kernel.launch '{template_name(op)}'",
                        source_loc(op.location, filename))
              for op in find_launches(module)]
    if errors:
        raise UnclaimedLaunchError(errors)


@dataclass(frozen=True)
class LaunchLowering:
    """The lowering of launches to `backend`, with an offload `policy` (`always` or
    `profitable`, GPU backends only); remarks go to `remark`."""

    backend: str
    policy: str
    remark: Remark
    focus: Focus = _no_focus

    def run(self, module: ir.Module, library: Library, filename: str) -> None:
        """Lower every launch of `module` whose template declares this backend."""
        decls = Declarations(module, filename)
        for op in find_launches(module):
            with self.focus(op):
                self.lower_if_claimed(op, library, decls)

    def lower_if_claimed(self, op: ir.Operation, library: Library, decls: Declarations) -> None:
        """Lower one launch when its template declares this backend."""
        launch, why = resolve(op, library)
        if launch is None:
            # Said once, by the lowering every chain ends with, not by each backend.
            if self.backend == "ref":
                self.remark(op, why, "missed")
        elif self.backend in launch.template.backends:
            self.lower(launch, decls)

    def lower(self, launch: Launch, decls: Declarations) -> None:
        """Lower one launch whose template declares this backend, or say why not."""
        problem = abi_problem(launch)
        if problem is not None:
            self.remark(launch.op, f"launch left: {problem}", "missed")
            return
        symbol = shim_symbol(self.backend, launch.template.launch, launch.dtype)
        if self.backend in GPU_BACKENDS and self.policy == "profitable":
            self.lower_if_profitable(launch, decls, symbol)
            return
        build_call(launch, self.backend, decls, rewriter.before(launch.op))
        if launch.template.source:
            # Rendering loads jinja2: only for a launch whose shim is rendered here.
            from polylift.shims.expression_unit import expression_unit

            add_unit(decls.module, f"{symbol}.c",
                     expression_unit(launch.template, self.backend, launch.dtype))
        self.remark(launch.op, f"{launch.template.name} -> @{symbol}", "applied")
        rewriter.erase(launch.op)

    def lower_if_profitable(self, launch: Launch, decls: Declarations, symbol: str) -> None:
        """Offload, keep on the host, or guard, as the cost model says."""
        if has_attr(launch.op, offload.DECLINED):
            return
        decision = offload.decide(launch)
        if decision.kind == "guard":
            # Declared before the guard is built, so a clashing declaration changes nothing.
            decls.declare(symbol, shim_types(launch), launch.location)
            offload.build_guard(launch, lambda ip: build_call(launch, self.backend, decls, ip))
            self.remark(launch.op, f"sizes known at run time only: @{symbol} is called when "
                        f"{offload.criterion()}, else the launch stays for the next backend",
                        "analysis")
            return
        cost = f"{decision.flops:g} flops, {decision.moved:g} bytes"
        if decision.kind == "host":
            rewriter.set_attribute(launch.op, offload.DECLINED, ir.UnitAttr.get())
            self.remark(launch.op, f"kept on the host ({cost}; offload needs "
                        f"{offload.criterion()})", "missed")
            return
        build_call(launch, self.backend, decls, rewriter.before(launch.op))
        self.remark(launch.op, f"offloaded to @{symbol} ({cost})", "applied")
        rewriter.erase(launch.op)
