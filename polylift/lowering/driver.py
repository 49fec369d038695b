"""The `lower-kernel-launch-to-<backend>` passes, the `--backend` chain, and the check
that every launch was lowered.

Each pass claims the launches whose template declares its backend and leaves the rest,
so the passes compose in any order: `--backend=cudnn,cublas,host` runs the cuDNN
lowering first, then cuBLAS on what is left, then host, then `ref` for the remainder.
"""

from __future__ import annotations

from typing import ClassVar

from polylift import rewriter
from polylift.errors import PassError, UsageError
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
from polylift.passes.registry import Pass, PassRun
from polylift.shims.header import shim_symbol
from polylift.tdl.checks import BACKENDS
from polylift.tdl.library import load_library

CHECK_PASS = "check-no-kernel-launch"
CPU_OPTIONS = {"templates": "extra template directories (comma-separated)"}
GPU_OPTIONS = {**CPU_OPTIONS, "offload-policy": "always (default) or profitable: offload "
               "only where the template's cost says the transfer pays"}


def lowering_pass(backend: str) -> str:
    """The flag of the pass that lowers launches to `backend`."""
    return f"lower-kernel-launch-to-{backend}"


def backend_chain(spec: str) -> list[str]:
    """The backends of `a,b,c` in order, `ref` appended last unless given (no duplicates)."""
    names: list[str] = []
    for name in (n.strip() for n in spec.split(",")):
        if name not in BACKENDS:
            raise UsageError(f"unknown backend '{name}' (known: {', '.join(BACKENDS)})")
        if name in names:
            raise UsageError(f"backend '{name}' is given twice in '{spec}'")
        names.append(name)
    if "ref" in names and names[-1] != "ref":
        raise UsageError(f"backend 'ref' takes every launch left, so it must come last in "
                         f"'{spec}'")
    return names if names[-1:] == ["ref"] else [*names, "ref"]


def chain_passes(spec: str) -> list[str]:
    """The pass flags of `--backend=spec`: each lowering in order, then the check."""
    return [lowering_pass(b) for b in backend_chain(spec)] + [CHECK_PASS]


class UnclaimedLaunchError(PassError):
    """Launches no backend lowered; renders one `file:line:col: error:` per launch."""

    def __init__(self, errors: list[PassError]):
        super().__init__(errors[0].message, errors[0].loc)
        self.errors = errors

    def render(self) -> str:
        return "\n".join(e.render() for e in self.errors)


def check_all_lowered(module: ir.Module, run: PassRun) -> None:
    """Fail, listing every one, when `kernel.launch` ops remain in the module."""
    errors = [PassError(f"no backend claimed kernel.launch '{template_name(op)}'",
                        source_loc(op.location, run.filename))
              for op in find_launches(module)]
    if errors:
        raise UnclaimedLaunchError(errors)


class LaunchLoweringPass(Pass):
    """Base of the `lower-kernel-launch-to-<backend>` passes: set `backend`."""

    backend: ClassVar[str] = ""
    option_help: ClassVar[dict[str, str]] = CPU_OPTIONS

    @property
    def policy(self) -> str:
        """`always` or `profitable` (GPU backends only)."""
        return self.options.get("offload-policy", "always")

    def run(self, module: ir.Module, run: PassRun) -> None:
        if self.policy not in offload.POLICIES:
            raise UsageError(f"--offload-policy must be always or profitable, not "
                             f"'{self.policy}'")
        dirs = [d for d in self.options.get("templates", "").split(",") if d]
        library = load_library(dirs)
        with module.context:
            decls = Declarations(module, run.filename)
            for op in find_launches(module):
                launch, why = resolve(op, library)
                if launch is None:
                    # Said once, by the lowering every chain ends with, not by each pass.
                    if self.backend == "ref":
                        run.remark(op, f"{self.name}: {why}", "missed")
                elif self.backend in launch.template.backends:
                    self.lower(launch, decls, run)

    def lower(self, launch: Launch, decls: Declarations, run: PassRun) -> None:
        """Lower one launch whose template declares this backend, or say why not."""
        problem = abi_problem(launch)
        if problem is not None:
            run.remark(launch.op, f"{self.name}: launch left: {problem}", "missed")
            return
        symbol = shim_symbol(self.backend, launch.template.launch, launch.dtype)
        if self.backend in GPU_BACKENDS and self.policy == "profitable":
            self.lower_if_profitable(launch, decls, run, symbol)
            return
        build_call(launch, self.backend, decls, rewriter.before(launch.op))
        run.remark(launch.op, f"{self.name}: {launch.template.name} -> @{symbol}", "applied")
        rewriter.erase(launch.op)

    def lower_if_profitable(self, launch: Launch, decls: Declarations, run: PassRun,
                            symbol: str) -> None:
        """Offload, keep on the host, or guard, as the cost model says."""
        if has_attr(launch.op, offload.DECLINED):
            return
        decision = offload.decide(launch)
        if decision.kind == "guard":
            # Declared before the guard is built, so a clashing declaration changes nothing.
            decls.declare(symbol, shim_types(launch), launch.location)
            offload.build_guard(launch, lambda ip: build_call(launch, self.backend, decls, ip))
            run.remark(launch.op, f"{self.name}: sizes known at run time only: @{symbol} is "
                       f"called when {offload.criterion()}, else the launch stays for the "
                       f"next backend", "analysis")
            return
        cost = f"{decision.flops:g} flops, {decision.moved:g} bytes"
        if decision.kind == "host":
            rewriter.set_attribute(launch.op, offload.DECLINED, ir.UnitAttr.get())
            run.remark(launch.op, f"{self.name}: kept on the host ({cost}; offload needs "
                       f"{offload.criterion()})", "missed")
            return
        build_call(launch, self.backend, decls, rewriter.before(launch.op))
        run.remark(launch.op, f"{self.name}: offloaded to @{symbol} ({cost})", "applied")
        rewriter.erase(launch.op)

