"""The stages of the pipeline, defined once: their names, order, files and passes.

    source.c ──polylift-cc──▶ 00-affine ──raise──▶ 01-linalg ──match──▶ 02-matched
      ──lower per backend──▶ 03-lowered-<b> ──lower-to-llvm, mlir-translate──▶ 04-llvm-<b>
      ──opt -O2, llc──▶ 05-object-<b>

A stage's file is its key, the backend label of a per-backend stage, and its suffix:
`02-matched.mlir`, `03-lowered-host.mlir`, `04-llvm-host.ll`. The bake writes them
(up to LLVM IR), the site shows one tab per stage in this order, `commands.txt`
reproduces them, and `polylift check` names the files of its work directory so.

The backend label of a lowering is the chain of backends it tried, `ref` left out
unless alone: `--backend host` lowers to host, then ref for the rest, and is labelled
`host`; `--backend cublas,host` is `cublas,host`.

No MLIR here: the site and a fully cached bake read this table without loading it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from polylift.errors import UsageError
from polylift.tdl.checks import BACKENDS

LOWERING_PREFIX = "lower-kernel-launch-to-"
CHECK_PASS = "check-no-kernel-launch"
MATCH_REPORT = "match-report.json"  # written beside the matched stage


@dataclass(frozen=True)
class Stage:
    """One stage: `key` names it (and its file, with `suffix`); `flags` are the passes
    that make it from the stage before (none for a stage another tool makes: `tool`);
    `diff_from` is the stage a reader compares it with; a `per_backend` stage has one
    file per backend label; the bake writes the stages that are `baked`."""

    key: str
    suffix: str
    tool: str
    flags: tuple[str, ...] = ()
    per_backend: bool = False
    diff_from: str = ""
    baked: bool = True

    def name(self, label: str = "") -> str:
        """The stage's name for a backend label: `03-lowered-host`, `02-matched`."""
        return f"{self.key}-{label}" if self.per_backend and label else self.key

    def file(self, label: str = "") -> str:
        """The stage's file for a backend label: `03-lowered-host.mlir`."""
        return self.name(label) + self.suffix


SOURCE = Stage("source", ".c", "")
AFFINE = Stage("00-affine", ".mlir", "polylift-cc")
LINALG = Stage("01-linalg", ".mlir", "polylift-opt", ("raise-affine-to-linalg",),
               diff_from=AFFINE.key)
MATCHED = Stage("02-matched", ".mlir", "polylift-opt", ("match-kernels",),
                diff_from=LINALG.key)
# Its flags depend on the backend chain: `lowering_flags`.
LOWERED = Stage("03-lowered", ".mlir", "polylift-opt", per_backend=True,
                diff_from=MATCHED.key)
LLVM = Stage("04-llvm", ".ll", "mlir-translate", ("lower-to-llvm",), per_backend=True)
OBJECT = Stage("05-object", ".o", "llc", per_backend=True, baked=False)

STAGES: tuple[Stage, ...] = (SOURCE, AFFINE, LINALG, MATCHED, LOWERED, LLVM, OBJECT)


def lowering_pass(backend: str) -> str:
    """The flag of the pass that lowers launches to `backend`."""
    return LOWERING_PREFIX + backend


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


def lowering_flags(spec: str) -> tuple[str, ...]:
    """The passes of the lowered stage for `--backend spec`: each backend's lowering in
    order, `ref` last for the launches the others leave."""
    return tuple(lowering_pass(b) for b in backend_chain(spec))


def chain_passes(spec: str) -> list[str]:
    """The pass flags of `--backend=spec`: each lowering in order, then the check."""
    return [*lowering_flags(spec), CHECK_PASS]


def backend_passes(spec: str) -> tuple[str, ...]:
    """The passes of `--backend spec`, one backend or a comma list, from the affine stage
    to LLVM: raise, match, lower each launch to the first listed backend that implements
    it (`ref` last), to the LLVM dialect.

    Raises `UsageError` for an unknown backend or a misplaced `ref`."""
    return (*LINALG.flags, *MATCHED.flags, *lowering_flags(spec), *LLVM.flags)


# The passes of each single backend (a comma list goes through `backend_passes`).
BACKEND_PASSES: dict[str, tuple[str, ...]] = {b: backend_passes(b) for b in BACKENDS}


def lowered_backends(passes: Sequence[str]) -> tuple[str, ...]:
    """The backends whose launch lowering is among `passes`, in order: the shim libraries
    the lifted program links."""
    found: list[str] = []
    for element in passes:
        name = element.split("{", 1)[0].strip()
        if name.startswith(LOWERING_PREFIX) and name[len(LOWERING_PREFIX):] not in found:
            found.append(name[len(LOWERING_PREFIX):])
    return tuple(found)


def backend_label(backends: Sequence[str]) -> str:
    """The label of a lowering that tried `backends` in order (see the module doc)."""
    shown = [b for b in backends if b != "ref"] or list(backends)
    return ",".join(shown)


def stage_of(element: str) -> Stage | None:
    """The stage a pipeline element (a flag, with options or not) belongs to, if any."""
    name = element.split("{", 1)[0].strip()
    if name.startswith(LOWERING_PREFIX) or name == CHECK_PASS:
        return LOWERED
    return next((s for s in STAGES if name in s.flags), None)
