"""The lifted kernel: MLIR from the front end, through polylift's passes, to an object.

Every stage is a file in the work directory: `00-input.mlir` (the kernel, renamed and
marked for the C interface), `NN-<pass>.mlir` after each pass, `kernel.ll`, `kernel.o`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from polylift import rewriter
from polylift.errors import BuildError, PolyliftError
from polylift.harness.toolchain import Toolchain
from polylift.harness.wrapper import lifted_name
from polylift.lowering.driver import backend_chain, lowering_pass
from polylift.mlir import ir, new_context, parse_module
from polylift.passes.pipeline import PassRun, Step, parse_element, run_pipeline
from polylift.tdl.checks import BACKENDS

RAISE_AND_MATCH = ("raise-affine-to-linalg", "match-kernels")


def backend_passes(spec: str) -> tuple[str, ...]:
    """The passes of `--backend spec`, one backend or a comma list: raise, match, lower
    each launch to the first listed backend that implements it (`ref` last), to LLVM.

    Raises `UsageError` for an unknown backend or a misplaced `ref`."""
    chain = backend_chain(spec)
    return (*RAISE_AND_MATCH, *(lowering_pass(b) for b in chain), "lower-to-llvm")


def lowered_backends(passes: Sequence[str]) -> tuple[str, ...]:
    """The backends whose launch lowering is among `passes`, in order: the shim libraries
    the lifted program links."""
    found = []
    for element in passes:
        name = element.split("{", 1)[0].strip()
        prefix = lowering_pass("")
        if name.startswith(prefix) and name[len(prefix):] not in found:
            found.append(name[len(prefix):])
    return tuple(found)


# The passes of each single backend (a comma list goes through `backend_passes`).
BACKEND_PASSES: dict[str, tuple[str, ...]] = {b: backend_passes(b) for b in BACKENDS}

# Fast-math flags on an LLVM instruction; any of them could change the bits computed.
_FAST_MATH = re.compile(r"(?<![\w@%.\"$-])(fast|contract|reassoc|afn|arcp)(?![\w\"$-])")


def _kernel_func(module: ir.Module, kernel: str) -> ir.Operation:
    for op in module.body.operations:
        if op.operation.name == "func.func":
            if ir.StringAttr(op.attributes["sym_name"]).value == kernel:
                return op.operation
    raise BuildError(f"the MLIR module has no function '@{kernel}'")


def prepare_module(text: str, kernel: str, filename: str = "kernel.mlir") -> str:
    """Rename `@kernel` to its lifted name and ask for its C interface (`_mlir_ciface_`).

    The C name stays free for the wrapper, which the benchmark's `main` calls.
    """
    ctx = new_context()
    with ctx, ir.Location.unknown():
        module = parse_module(text, ctx, filename)
        func = _kernel_func(module, kernel)
        rewriter.set_attribute(func, "sym_name", ir.StringAttr.get(lifted_name(kernel)))
        rewriter.set_attribute(func, "llvm.emit_c_interface", ir.UnitAttr.get())
        return str(module)


def pipeline_argument(passes: Sequence[str]) -> str:
    """The passes as a polylift-opt `--pass-pipeline` value."""
    return "builtin.module(" + ",".join(passes) + ")"


def run_passes(text: str, passes: Sequence[str], tc: Toolchain) -> Path:
    """Run `passes` on the prepared module, writing a file per stage; the last file."""
    stage = tc.workdir / "00-input.mlir"
    stage.write_text(text)
    steps: list[Step] = [parse_element(p) for p in passes]
    ctx = new_context()
    written: list[Path] = [stage]

    def save(step: Step, module: ir.Module) -> None:
        path = tc.workdir / f"{len(written):02d}-{step.name}.mlir"
        path.write_text(str(module))
        written.append(path)

    tc.log.record(["polylift-opt", f"--pass-pipeline={pipeline_argument(passes)}",
                   stage.name, "-o", f"{len(passes):02d}-{steps[-1].name}.mlir"])
    with ctx:
        module = parse_module(text, ctx, stage.name)
        try:
            run_pipeline(steps, module, PassRun(filename=stage.name), after_each=save)
        except PolyliftError as exc:
            raise BuildError(f"polylift passes failed: {exc.render()}") from None
    return written[-1]


def check_no_fast_math(ll_text: str) -> None:
    """Fail when the LLVM IR carries a fast-math flag (the bits could change)."""
    for number, line in enumerate(ll_text.splitlines(), 1):
        code = line.split(";", 1)[0]
        if code.startswith(("attributes", "declare", "source_filename")):
            continue
        found = _FAST_MATH.search(code)
        if found:
            raise BuildError(f"kernel.ll:{number}: fast-math flag '{found.group(1)}' in the "
                             f"lowered kernel: {line.strip()}")


def compile_lifted(mlir_text: str, kernel: str, passes: Sequence[str], tc: Toolchain) -> Path:
    """The front end's MLIR for `kernel` to an object file for `tc`'s target."""
    final = run_passes(prepare_module(mlir_text, kernel), passes, tc)
    tc.run([tc.llvm_tool("mlir-translate"), "--mlir-to-llvmir", final.name, "-o", "kernel.ll"],
           "mlir-translate")
    check_no_fast_math((tc.workdir / "kernel.ll").read_text())
    # LLVM's middle end (vectoriser included) as gcc -O2 has for the reference: without
    # fast-math flags it neither reassociates nor contracts, so the bits stay the same.
    tc.run([tc.llvm_tool("opt"), "-O2", f"-mtriple={tc.target.triple}", "kernel.ll", "-S",
            "-o", "kernel.opt.ll"], "opt")
    check_no_fast_math((tc.workdir / "kernel.opt.ll").read_text())
    tc.run([tc.llvm_tool("llc"), "-O2", f"-mtriple={tc.target.triple}", "-filetype=obj",
            "--fp-contract=off", "--relocation-model=pic", "kernel.opt.ll", "-o", "kernel.o"],
           "llc")
    return tc.workdir / "kernel.o"
