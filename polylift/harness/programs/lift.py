"""The lifted kernel: MLIR from the front end, through polylift's passes, to an object.

Every stage is a file in the work directory, named by the stage table
(`passes/stages.py`) as the bake and the site name it: the input (`00-affine.mlir`, the
kernel renamed and marked for the C interface), the module after each stage the passes
make (`01-linalg.mlir`, `02-matched.mlir`, `03-lowered-<backends>.mlir`,
`04-llvm-<backends>.mlir`), its LLVM IR (`04-llvm-<backends>.ll`, `.opt.ll` after
`opt -O2`) and the object (`05-object-<backends>.o`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from polylift import rewriter
from polylift.errors import BuildError, InternalError, PolyliftError
from polylift.function_versions import c_function_name
from polylift.harness.programs.memo import CommandFiles
from polylift.harness.programs.toolchain import Toolchain
from polylift.harness.programs.wrapper import lifted_name
from polylift.mlir import ir, new_context, parse_module
from polylift.output import write_reproducer
from polylift.passes.pipeline import PassRun, Step, parse_element, run_pipeline
from polylift.passes.stages import (
    LLVM,
    OBJECT,
    STAGES,
    Stage,
    backend_label,
    lowered_backends,
    stage_of,
)
from polylift.shims.build import HELPER_DIR, SHIM_CFLAGS
from polylift.shims.header import INCLUDE_DIR
from polylift.shims.units import UNITS_ATTR, units_of

# Fast-math flags on an LLVM instruction; any of them could change the bits computed.
_FAST_MATH = re.compile(r"(?<![\w@%.\"$-])(fast|contract|reassoc|afn|arcp)(?![\w\"$-])")


def _functions(module: ir.Module) -> dict[str, ir.Operation]:
    return {ir.StringAttr(op.attributes["sym_name"]).value: op.operation
            for op in module.body.operations if op.operation.name == "func.func"}


def prepare_module(text: str, kernel: str, filename: str = "kernel.mlir",
                   keep_locations: bool = False) -> str:
    """Rename `@kernel` to its lifted name and ask for its C interface (`_mlir_ciface_`);
    with `keep_locations`, the printed module keeps its source locations.

    The C name stays free for the wrapper, which the benchmark's `main` calls.
    """
    return prepare_functions(text, {kernel: lifted_name(kernel)}, filename, keep_locations)


def prepare_functions(text: str, renames: Mapping[str, str], filename: str = "kernel.mlir",
                      keep_locations: bool = False) -> str:
    """Rename each function of `renames` (its versions too: `f.noalias` becomes
    `<new>.noalias`, and the calls of them follow) and ask for its C interface: what a
    caller compiled by gcc reaches it by (the harness's adapter, the driver's stubs)."""
    ctx = new_context()
    with ctx, ir.Location.unknown():
        module = parse_module(text, ctx, filename)
        functions = _functions(module)
        for name, new in renames.items():
            if name not in functions:
                raise BuildError(f"the MLIR module has no function '@{name}'")
            for version in [n for n in functions if c_function_name(n) == name and n != name]:
                rewriter.rename_symbol(functions[version], new + version[len(name):],
                                       module.operation)
            rewriter.set_attribute(functions[name], "sym_name", ir.StringAttr.get(new))
            rewriter.set_attribute(functions[name], "llvm.emit_c_interface", ir.UnitAttr.get())
        if keep_locations:
            return str(module.operation.get_asm(enable_debug_info=True))
        return str(module)


@dataclass(frozen=True)
class StagePlan:
    """Where the module is written: `input` before the first pass, then `after[k]` after
    pass `k`, the last pass of each stage the passes make; `label` names the lowering."""

    input: str
    after: dict[int, str]
    label: str

    def file(self, stage: Stage, suffix: str) -> str:
        """A file of `stage` for this plan's backend label, ending in `suffix`."""
        return stage.name(self.label) + suffix


def stage_plan(passes: Sequence[str]) -> StagePlan:
    """The stage files of a pass list. A pass outside the stage table belongs to the
    stage of the pass before it (at the start, of the first pass in the table); a list
    with none in the table makes the LLVM stage, as the module it leaves is translated
    to LLVM IR."""
    known = [stage_of(p) for p in passes]
    current = next((s for s in known if s is not None), LLVM)
    stages: list[Stage] = []
    for stage in known:
        current = stage or current
        stages.append(current)
    label = backend_label(lowered_backends(passes))
    after = {k: f"{stage.name(label)}.mlir" for k, stage in enumerate(stages)
             if k + 1 == len(stages) or stages[k + 1] != stage}
    before = STAGES[STAGES.index(stages[0]) - 1] if stages else LLVM
    return StagePlan(f"{before.name(label)}.mlir", after, label)


def pipeline_argument(passes: Sequence[str]) -> str:
    """The passes as a polylift-opt `--pass-pipeline` value."""
    return "builtin.module(" + ",".join(passes) + ")"


def run_passes(text: str, passes: Sequence[str], plan: StagePlan, tc: Toolchain) -> Path:
    """Run `passes` on the prepared module, writing the files of `plan`; the last file."""
    stage = tc.workdir / plan.input
    stage.write_text(text)
    steps: list[Step] = [parse_element(p) for p in passes]
    ctx = new_context()
    done: list[Step] = []

    def save(step: Step, module: ir.Module) -> None:
        done.append(step)
        name = plan.after.get(len(done) - 1)
        if name is not None:
            (tc.workdir / name).write_text(str(module))

    final = tc.workdir / plan.after.get(len(passes) - 1, plan.input)
    tc.log.record(["polylift-opt", f"--pass-pipeline={pipeline_argument(passes)}",
                   stage.name, "-o", final.name])
    with ctx:
        module = parse_module(text, ctx, stage.name)
        try:
            # Nothing reads remarks here: no pass spends time on them.
            run = PassRun(filename=stage.name, wanted=frozenset())
            run_pipeline(steps, module, run, after_each=save)
        except InternalError as exc:
            # A bug, with the function it met (a caller may do without that one) and
            # the module and passes that replay it.
            raise _with_reproducer(exc, text, passes) from exc
        except PolyliftError as exc:
            raise BuildError(f"polylift passes failed: {exc.render()}") from None
    return final


def _with_reproducer(exc: InternalError, text: str, passes: Sequence[str]) -> InternalError:
    """`exc` with a reproducer: the module the passes read, and the command in a comment."""
    if exc.reproducer:
        return exc
    command = f"polylift-opt %s --pass-pipeline='{pipeline_argument(passes)}'"
    path = write_reproducer("polylift-passes", ".mlir",
                            f"{text.rstrip()}\n// reproduce: {command}\n")
    return InternalError(exc.message, exc.loc, exc.source, exc.function, path or None)


def check_no_fast_math(ll_text: str, name: str) -> None:
    """Fail when the LLVM IR in file `name` carries a fast-math flag (the bits could
    change)."""
    for number, line in enumerate(ll_text.splitlines(), 1):
        code = line.split(";", 1)[0]
        if code.startswith(("attributes", "declare", "source_filename")):
            continue
        found = _FAST_MATH.search(code)
        if found:
            raise BuildError(f"{name}:{number}: fast-math flag '{found.group(1)}' in the "
                             f"lowered kernel: {line.strip()}")


def compile_lifted(mlir_text: str, kernel: str, passes: Sequence[str], tc: Toolchain) -> Path:
    """The front end's MLIR for `kernel` to an object file for `tc`'s target."""
    plan = stage_plan(passes)
    tc.log.note(f"{plan.input} is kernel.mlir with the kernel renamed and its C interface on")
    return emit_object(run_passes(prepare_module(mlir_text, kernel), passes, plan, tc), plan,
                       tc)


def emit_object(final: Path, plan: StagePlan, tc: Toolchain) -> Path:
    """The module of the LLVM dialect in `final` to an object file for `tc`'s target,
    through LLVM IR (`mlir-translate`), `opt -O2` and `llc`, each file named by `plan`."""
    obj = plan.file(OBJECT, OBJECT.suffix)
    _llc(_optimised_ir(final, plan, tc), "obj", obj, tc)
    return with_units(tc.workdir / obj, final, tc)


def emit_assembly(final: Path, plan: StagePlan, tc: Toolchain) -> list[Path]:
    """What `emit_object` makes, as assembly: LLVM's of the module, then gcc's of each
    shim unit it carries (the parts an assembly file of the lifted code joins)."""
    asm = plan.file(OBJECT, ".s")
    _llc(_optimised_ir(final, plan, tc), "asm", asm, tc)
    return [tc.workdir / name for name in [asm, *_compiled_units(final, tc, "-S")]]


def _optimised_ir(final: Path, plan: StagePlan, tc: Toolchain) -> str:
    """The module's LLVM IR after `opt -O2` (its file's name), checked for fast-math
    flags before and after."""
    ll, opt_ll = plan.file(LLVM, ".ll"), plan.file(LLVM, ".opt.ll")
    tc.produce([tc.llvm_tool("mlir-translate"), "--mlir-to-llvmir", final.name, "-o", ll],
               "mlir-translate", CommandFiles((final.name,), (ll,)))
    check_no_fast_math((tc.workdir / ll).read_text(), ll)
    # LLVM's middle end (vectoriser included) as gcc -O2 has for the reference: without
    # fast-math flags it neither reassociates nor contracts, so the bits stay the same.
    # A call of the C library stays that call: LLVM would make `fminf` a `minnum`
    # without signed zeros, which the C library's fminf does not compute.
    tc.produce([tc.llvm_tool("opt"), "-O2", "-disable-simplify-libcalls",
                f"-mtriple={tc.target.triple}", ll, "-S", "-o", opt_ll], "opt",
               CommandFiles((ll,), (opt_ll,)))
    check_no_fast_math((tc.workdir / opt_ll).read_text(), opt_ll)
    return opt_ll


def _llc(opt_ll: str, filetype: str, output: str, tc: Toolchain) -> None:
    tc.produce([tc.llvm_tool("llc"), "-O2", f"-mtriple={tc.target.triple}",
                f"-filetype={filetype}", "--fp-contract=off", "--relocation-model=pic",
                opt_ll, "-o", output], "llc", CommandFiles((opt_ll,), (output,)))


def with_units(obj: Path, final: Path, tc: Toolchain) -> Path:
    """`obj` with the shim units the module in `final` carries (`shims/units.py`)
    compiled into it. Two files of one program may carry the same expression's shim:
    the compiler driver makes every symbol of a lifted object local
    (`driver/unit/compile.py`), so they never clash."""
    objects = _compiled_units(final, tc, "-c")
    if not objects:
        return obj
    merged = obj.with_name(f"{obj.stem}.units.o")
    tc.run([tc.target.tool("ld"), "-r", obj.name, *objects, "-o", merged.name],
           "linking the shim units into the lifted object")
    return merged


def _compiled_units(final: Path, tc: Toolchain, stop: str) -> list[str]:
    """The shim units the module in `final` carries, each compiled by gcc as `stop`
    says (`-c`: an object, `-S`: assembly); the names of what it wrote."""
    written = []
    for name in _unit_sources(final, tc):
        written.append(f"{Path(name).stem}{'.s' if stop == '-S' else '.o'}")
        tc.run([tc.gcc(), *SHIM_CFLAGS, f"-I{INCLUDE_DIR}", f"-I{HELPER_DIR}", stop, name,
                "-o", written[-1]], f"compiling shim unit {name}")
    return written


def _unit_sources(final: Path, tc: Toolchain) -> list[str]:
    """The shim units the module in `final` carries, written into the work directory
    (their names)."""
    text = final.read_text()
    if UNITS_ATTR not in text:
        return []
    ctx = new_context()
    with ctx:
        units = units_of(parse_module(text, ctx, final.name))
    for name, source in units.items():
        (tc.workdir / name).write_text(source)
    return list(units)
