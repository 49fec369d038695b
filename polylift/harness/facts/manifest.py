"""The manifest between the harness's stages: what was built, and how to run it.

The build stage writes `manifest.json` beside the programs; the run stage (`run.py`
here, or a bundle's `run.sh` on another machine) runs every program it lists and writes
their outputs beside them; the compare stage reads the manifest and the outputs back and
gives the verdicts. Nothing else passes between them, so the three can run on different
machines. The format is versioned JSON (`MANIFEST_VERSION`); README.md documents it.
Paths in it are relative: a kernel's `directory` to the manifest's folder, a program's
`path` to its kernel's directory.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from polylift.errors import BuildError
from polylift.frontend.signature import CDecl, Param, Signature
from polylift.harness.facts.coverage import Launch, LiftSummary
from polylift.harness.facts.param_exprs import Runs
from polylift.harness.programs.wrapper import CDeclLike, ParamLike, SignatureLike

# 2: a launch's `guards`; 3: its `runs`, tests and trip counts; 4: the storage launches
# and residual code read and write
MANIFEST_VERSION = 4
MANIFEST_NAME = "manifest.json"
# The programs of a kernel, by role: the two compared, then the two the verdict may need,
# and, where nothing was lifted, the kernel as the reference's compiler built it (timed
# as the lifted program users get).
REFERENCE, LIFTED, AUDITED, MAGNITUDE = "reference", "lifted", "audited", "magnitude"
FROM_C = "from_c"


@dataclass(frozen=True)
class Program:
    """One executable of a kernel and how it is run: its role, its file, the wrapper's
    repeat count and the environment it needs besides the dump directory and inputs."""

    role: str
    path: str
    repeat: int = 1
    env: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class KernelEntry:
    """One benchmark's kernel: its signature (arrays, extents, what it writes), what the
    lift made of it, its programs; or the error that stopped its build."""

    benchmark: str
    kernel: str
    directory: str
    signature: Signature | None = None
    summary: LiftSummary | None = None
    programs: tuple[Program, ...] = ()
    error: str = ""

    def program(self, role: str) -> Program | None:
        """The program of `role`, or None when the kernel has none."""
        return next((p for p in self.programs if p.role == role), None)


@dataclass(frozen=True)
class BuildManifest:
    """Everything the run and compare stages need of one build (one or many kernels)."""

    backend: str
    target: str
    size: str
    inputs: str
    repeat: int
    ulp_bound: int | None
    templates: tuple[str, ...]
    kernels: tuple[KernelEntry, ...]
    cuda_backends: tuple[str, ...] = ()  # the vendor backends the programs call
    library_key: str = ""  # a hash of the template files the kernels were matched with
    suite: bool = False  # built from a suite: shown as a table
    version: int = MANIFEST_VERSION


def _record(value: Any) -> dict[str, Any]:
    """A frozen dataclass as a JSON object of its fields (one level)."""
    return {f.name: getattr(value, f.name) for f in fields(value)}


def _param_json(p: ParamLike) -> dict[str, Any]:
    return {"name": p.name, "kind": p.kind, "ctype": p.ctype, "mlir_type": p.mlir_type,
            "dims": list(p.dims), "access": p.c_expr if p.c_expr != p.name else ""}


def _param(data: dict[str, Any]) -> Param:
    return Param(data["name"], data["kind"], data["ctype"], data["mlir_type"],
                 tuple(data["dims"]), data["access"])


def _c_decl_json(decl: CDeclLike) -> dict[str, Any]:
    return {"types": decl.types, "result": decl.result, "params": list(decl.params),
            "structs": list(decl.structs), "names": list(decl.names)}


def signature_json(sig: SignatureLike) -> dict[str, Any]:
    """A signature as JSON: its parameters with their C types, dims and field paths, the
    scalar it returns, and the C declaration of a kernel taking structs."""
    return {"name": sig.name, "written": list(sig.written),
            "params": [_param_json(p) for p in sig.params],
            "result": _param_json(sig.result) if sig.result is not None else None,
            "c_decl": _c_decl_json(sig.c_decl) if sig.c_decl is not None else None}


def _signature(data: dict[str, Any]) -> Signature:
    decl = data["c_decl"]
    c_decl = (CDecl(decl["types"], decl["result"], tuple(decl["params"]),
                    tuple(decl["structs"]), tuple(decl["names"])) if decl is not None else None)
    return Signature(data["name"], tuple(_param(p) for p in data["params"]),
                     tuple(data["written"]),
                     result=_param(data["result"]) if data["result"] is not None else None,
                     c_decl=c_decl)


def _runs_json(runs: Runs | None) -> dict[str, Any] | None:
    """How often a launch runs: its `tests` and `trips` as lists, or null (unknown)."""
    if runs is None:
        return None
    return {"tests": list(runs.tests), "trips": list(runs.trips)}


def _runs(data: dict[str, Any] | None) -> Runs | None:
    if data is None:
        return None
    return Runs(_texts(data["tests"]), _texts(data["trips"]))


def _texts(value: Any) -> tuple[str, ...]:
    """A JSON list of strings; a TypeError (a malformed manifest) for anything else."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"expected a list of expressions, got {value!r}")
    return tuple(value)


def _summary_json(summary: LiftSummary) -> dict[str, Any]:
    return {"residual": summary.residual, "rounding": list(summary.rounding),
            "residual_reads": list(summary.residual_reads),
            "launches": [dict(_record(launch), sizes=[list(s) for s in launch.sizes],
                              arrays=[list(a) for a in launch.arrays],
                              runs=_runs_json(launch.runs), reads=list(launch.reads),
                              writes=list(launch.writes))
                         for launch in summary.launches]}


def _summary(data: dict[str, Any]) -> LiftSummary:
    launches = tuple(Launch(**dict(launch, sizes=tuple(tuple(s) for s in launch["sizes"]),
                                   arrays=tuple(tuple(a) for a in launch["arrays"]),
                                   runs=_runs(launch["runs"]), reads=_texts(launch["reads"]),
                                   writes=_texts(launch["writes"])))
                     for launch in data["launches"])
    return LiftSummary(launches, data["residual"], tuple(data["rounding"]),
                       _texts(data["residual_reads"]))


def _entry_json(entry: KernelEntry) -> dict[str, Any]:
    return {"benchmark": entry.benchmark, "kernel": entry.kernel,
            "directory": entry.directory, "error": entry.error,
            "signature": signature_json(entry.signature) if entry.signature else None,
            "summary": _summary_json(entry.summary) if entry.summary else None,
            "programs": [dict(_record(p), env=dict(p.env)) for p in entry.programs]}


def _entry(data: dict[str, Any]) -> KernelEntry:
    programs = tuple(Program(p["role"], p["path"], p["repeat"], tuple(sorted(p["env"].items())))
                     for p in data["programs"])
    return KernelEntry(data["benchmark"], data["kernel"], data["directory"],
                       _signature(data["signature"]) if data["signature"] else None,
                       _summary(data["summary"]) if data["summary"] else None,
                       programs, data["error"])


def manifest_json(manifest: BuildManifest) -> str:
    """The manifest as deterministic JSON text."""
    body = dict(_record(manifest), templates=list(manifest.templates),
                cuda_backends=list(manifest.cuda_backends),
                kernels=[_entry_json(k) for k in manifest.kernels])
    return json.dumps(body, indent=2, sort_keys=True) + "\n"


def read_manifest_json(folder: Path) -> BuildManifest:
    """The manifest in `folder`; a `BuildError` names what is missing or malformed."""
    path = folder / MANIFEST_NAME
    try:
        data = json.loads(path.read_text())
    except OSError as exc:
        raise BuildError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise BuildError(f"{path}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    version = data.get("version") if isinstance(data, dict) else None
    if version != MANIFEST_VERSION:
        raise BuildError(f"{path}: manifest version {version!r}, this polylift reads version "
                         f"{MANIFEST_VERSION} (rebuild the bundle with this polylift)")
    try:
        return _manifest(data)
    except (KeyError, TypeError) as exc:
        raise BuildError(f"{path}: malformed manifest ({exc})") from None


def _manifest(data: dict[str, Any]) -> BuildManifest:
    return BuildManifest(
        backend=data["backend"], target=data["target"], size=data["size"],
        inputs=data["inputs"], repeat=int(data["repeat"]), ulp_bound=data["ulp_bound"],
        templates=tuple(data["templates"]), kernels=tuple(_entry(k) for k in data["kernels"]),
        cuda_backends=tuple(data["cuda_backends"]), library_key=data["library_key"],
        suite=bool(data["suite"]), version=data["version"])
