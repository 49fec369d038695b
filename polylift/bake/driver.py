"""The bake driver: find the kernels, bake them in parallel, write `index.json`.

Layout of a bake directory:

    BAKE_DIR/index.json                  every kernel's summary, by suite
    BAKE_DIR/results.json                every kernel's results document (`document.py`)
    BAKE_DIR/templates.json              the template library the bake matched against
    BAKE_DIR/shard-K-of-N.json           a shard's part of the index (`shards.py`)
    BAKE_DIR/<suite>/<kernel>/...        source.c, 00-affine.mlir ... results.json, commands.txt
                                         (and each stage after the affine one with its
                                         locations: 01-linalg.loc.mlir ...)
    BAKE_DIR/.cache/                     stage records by input hash

Before starting workers the driver replays each kernel from the cache alone; only the
kernels with a missing stage go to the process pool, so a bake with nothing to do
never loads MLIR or starts a process.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import shutil
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from polylift.bake.cache import PACKAGE
from polylift.bake.document import (
    RESULTS_NAME,
    bake_document,
    kernel_results,
    suite_config,
    verdicts,
)
from polylift.bake.job import KernelJob
from polylift.bake.kernel import CacheMiss, bake_kernel, write_if_changed
from polylift.bake.offload import OffloadChoice
from polylift.bake.shards import write_fragment
from polylift.errors import PolyliftError, UsageError
from polylift.progress import Progress
from polylift.results import dumps
from polylift.shard import Shard

if TYPE_CHECKING:
    from polylift.tdl.library import KernelTemplate


@dataclass(frozen=True)
class BakeOptions:
    """What to bake for every kernel."""

    backends: tuple[str, ...] = ("ref",)
    sizes: tuple[str, ...] = ("MINI",)
    targets: tuple[str, ...] = ("x86_64",)
    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)
    check: bool = True
    progress: bool = True
    assume_noalias: bool = False  # polylift-cc --assume-noalias for every kernel
    offload: OffloadChoice = OffloadChoice()  # match-kernels' offload policy
    # Only these kernels (file stems) of the suites; the bake's suite then holds just
    # them, as a bake of a directory of those files would. Empty: every kernel.
    only: tuple[str, ...] = ()
    shard: Shard = Shard()  # this machine's part of the kernels (`shards.py`)


@dataclass(frozen=True)
class Suite:
    """A set of kernel sources; display paths are relative to `root`."""

    name: str
    root: Path
    sources: tuple[Path, ...]
    extra_includes: tuple[Path, ...] = ()
    defines: tuple[str, ...] = ()
    polybench_root: Path | None = None  # a PolyBench/C checkout: checks link its utilities
    library: bool = False  # plain C files without main: every function, nothing to run


@dataclass
class BakeStats:
    """What a bake did: kernels baked, stages computed and found cached, kernels failing."""

    kernels: int = 0
    computed: int = 0
    cached: int = 0
    failed: list[str] = field(default_factory=list)
    summaries: list[dict[str, Any]] = field(default_factory=list)
    configs: dict[str, dict[str, Any]] = field(default_factory=dict)  # per suite baked


def find_suite(arg: str) -> Suite:
    """A bundled suite name, a directory of `*.c` kernels, or a PolyBench/C checkout."""
    from polylift.harness.suite import POLYBENCH_DEFINES, polybench_sources, suite_sources

    path = Path(arg)
    if "/" not in arg:  # a bundled suite name wins over a directory of that name here
        try:
            sources = suite_sources(arg)
        except UsageError:
            if not path.is_dir():
                raise
        else:
            if sources[0].parent.resolve() != path.resolve():
                return Suite(arg, sources[0].resolve().parents[2], tuple(sources))
    if not path.is_dir():
        raise UsageError(f"no suite '{arg}': not a suite name nor a directory")
    path = path.resolve()
    flat = sorted(path.glob("*.c"))
    if flat:
        return Suite(path.name, path.parent, tuple(flat), library=not any(map(_has_main, flat)))
    if not (path / "utilities" / "polybench.h").is_file():
        raise UsageError(f"'{arg}' holds no kernels (no *.c, and not a PolyBench/C checkout)")
    return Suite(path.name, path.parent, tuple(polybench_sources(path)),
                 (path / "utilities",), tuple(POLYBENCH_DEFINES), path)


_MAIN = re.compile(r"\bmain\s*\([^;{]*\)\s*\{")


def _has_main(source: Path) -> bool:
    """Whether a C file defines `main` (a program; else a library's source)."""
    return bool(_MAIN.search(source.read_text(errors="replace")))


def _relative(path: Path, root: Path) -> str:
    return os.path.relpath(path, root).replace(os.sep, "/")


def kernel_jobs(suite: Suite, out: Path, options: BakeOptions) -> list[KernelJob]:
    """One job per source of `suite`, in name order."""
    from polylift.harness.check import default_include_dirs, kernel_name

    jobs, seen = [], set()
    for source in suite.sources:
        if source.stem in seen:
            raise UsageError(f"suite '{suite.name}' has two kernels named '{source.stem}'")
        seen.add(source.stem)
        defaults = [Path(d) for d in default_include_dirs(source)]
        includes = (*defaults, *suite.extra_includes)
        jobs.append(KernelJob(
            suite=suite.name, kernel=source.stem, source=str(source.resolve()),
            display=_relative(source.resolve(), suite.root), root=str(suite.root),
            function="*" if suite.library else kernel_name(source),
            include_dirs=tuple(str(d) for d in includes),
            include_display=tuple(_relative(d, suite.root) for d in includes),
            default_includes=len(defaults), defines=suite.defines,
            polybench=_relative(suite.polybench_root, suite.root) if suite.polybench_root else "",
            out_dir=str(out / suite.name / source.stem), cache_dir=str(out / ".cache"),
            backends=options.backends, sizes=options.sizes, targets=options.targets,
            check=options.check and not suite.library, assume_noalias=options.assume_noalias,
            offload=options.offload,
            library=suite.library))
    return sorted(jobs, key=lambda j: j.kernel)


def _run_pool(jobs: list[KernelJob], options: BakeOptions) -> Iterable[dict[str, Any]]:
    """Bake `jobs`, yielding outcomes as they finish (in a process pool when -j > 1);
    each kernel's line goes to stderr as it finishes (`polylift.progress`)."""
    with Progress(len(jobs), "bake", bar=options.progress) as shown:
        if options.jobs <= 1 or len(jobs) <= 1:
            for job in jobs:
                shown.working(job.kernel)
                outcome = bake_kernel(job)
                shown.done(_line(outcome["summary"]))
                yield outcome
            return
        # spawn: MLIR contexts own threads, which a forked child must not inherit.
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(min(options.jobs, len(jobs)), mp_context=context) as pool:
            futures = [pool.submit(bake_kernel, job) for job in jobs]
            for future in as_completed(futures):
                outcome = future.result()
                shown.done(_line(outcome["summary"]))
                yield outcome


def _line(summary: dict[str, Any]) -> str:
    """`linalg/gemm: FULL, 1 launch(es); ref/MINI/x86_64 BIT-EXACT`."""
    checks = verdicts(kernel_results(summary))
    return (f"{summary['suite']}/{summary['kernel']}: {summary['coverage']}, "
            f"{summary['launches']} launch(es)" + (f"; {checks}" if checks else ""))


def bake(args: Sequence[str], out: Path, options: BakeOptions) -> BakeStats:
    """Bake every kernel of the suites or directories in `args` into `out` (of a shard,
    its kernels, and its fragment instead of the index: `shards.py`)."""
    suites = _selected([find_suite(a) for a in args], options.only)
    if len({s.name for s in suites}) != len(suites):
        raise UsageError("two suites have the same name")
    out = out.resolve()
    stats = BakeStats()
    pending = []
    jobs = [job for suite in suites for job in kernel_jobs(suite, out, options)]
    for job in options.shard.take(jobs):
        try:
            _account(stats, bake_kernel(job, offline=True))
        except CacheMiss:
            pending.append(job)
    for outcome in _run_pool(pending, options):
        _account(stats, outcome)
    stats.summaries.sort(key=lambda s: (s["suite"], s["kernel"]))
    stats.configs = {s.name: suite_config(options.backends, options.sizes, options.targets,
                                          options.check and not s.library, s.library)
                     for s in suites}
    if options.shard.whole:
        write_index(out, stats.configs, stats.summaries)
    else:
        write_fragment(out, options.shard, stats.configs, stats.summaries)
    return stats


def _selected(suites: list[Suite], only: tuple[str, ...]) -> list[Suite]:
    """The suites with only the kernels named in `only` (all when it is empty)."""
    if not only:
        return suites
    missing = sorted(set(only) - {p.stem for s in suites for p in s.sources})
    if missing:
        raise UsageError(f"--only names no kernel of the suites: {', '.join(missing)}")
    chosen = [replace(s, sources=tuple(p for p in s.sources if p.stem in only)) for s in suites]
    return [s for s in chosen if s.sources]  # a suite none of them is in is not baked


def _account(stats: BakeStats, outcome: dict[str, Any]) -> None:
    stats.kernels += 1
    stats.computed += outcome["computed"]
    stats.cached += outcome["cached"]
    stats.summaries.append(outcome["summary"])
    if outcome["failed"]:
        stats.failed.append(f"{outcome['summary']['suite']}/{outcome['summary']['kernel']}")


def write_index(out: Path, configs: dict[str, dict[str, Any]],
                summaries: list[dict[str, Any]]) -> None:
    """Merge the suites of `configs` (each suite's config, its kernels in `summaries`)
    into `index.json`; drop kernels a suite no longer has; write the results document
    of the whole index (`results.json`) and the template library (`templates.json`)."""
    index_path = out / "index.json"
    try:
        index = json.loads(index_path.read_text())
    except (OSError, ValueError):
        index = {"suites": {}}
    for name, config in configs.items():
        kernels = [s for s in summaries if s["suite"] == name]
        index["suites"][name] = {"config": config, "kernels": kernels}
        names = {k["kernel"] for k in kernels}
        for old in sorted((out / name).iterdir()) if (out / name).is_dir() else ():
            if old.is_dir() and old.name not in names and (old / "commands.txt").exists():
                shutil.rmtree(old)
    index["suites"] = dict(sorted(index["suites"].items()))
    write_if_changed(index_path, json.dumps(index, indent=2, sort_keys=True) + "\n")
    write_if_changed(out / RESULTS_NAME, dumps(bake_document(index["suites"])))
    stated = {name: text for suite in index["suites"].values() for kernel in suite["kernels"]
              for name, text in kernel.get("expressions", {}).items()}
    write_if_changed(out / "templates.json", templates_json(stated))


def templates_json(expressions: dict[str, str] | None = None) -> str:
    """The library the bake matched against, and the expression templates its launches
    state (`expressions`, name -> text): each template's source text and facts."""
    from polylift.tdl.expression import expression_template
    from polylift.tdl.library import load_library

    try:
        library = load_library()
    except PolyliftError as exc:  # the site then shows no template pages, and says why
        error = exc.render().replace(str(PACKAGE) + "/", "polylift/")
        return json.dumps({"error": error, "templates": []}, indent=2, sort_keys=True) + "\n"
    entries = []
    for tpl in library.templates.values():
        text = Path(tpl.ast.file).read_text()
        entries.append(library_entry(tpl, Path(tpl.ast.file).name,
                                      template_source(text, tpl.ast.span.line)))
    for text in sorted((expressions or {}).values()):
        entries.append(library_entry(expression_template(text), "", text))
    entries.sort(key=lambda e: e["name"])
    return json.dumps({"templates": entries}, indent=2, sort_keys=True) + "\n"


def library_entry(tpl: KernelTemplate, file: str, source: str) -> dict[str, Any]:
    """A template's entry of `templates.json`; `file` is empty for an expression
    template, which the op it matched states."""
    return {"name": tpl.name, "file": file, "line": tpl.ast.span.line, "source": source,
            "doc": tpl.ast.doc, "launch": tpl.launch, "backends": list(tpl.backends),
            "dtypes": list(tpl.dtypes), "accuracy": list(tpl.accuracy),
            "shims": shim_prototypes(tpl)}


def shim_prototypes(template: KernelTemplate) -> list[dict[str, str]]:
    """The C declaration of the template's shim for each backend and element type, as
    `polylift_shims.h` declares it (none when a type has no C spelling)."""
    from polylift.shims.header import c_prototype

    try:
        return [{"backend": backend, "dtype": dtype,
                 "prototype": c_prototype(template, backend, dtype) + ";"}
                for backend in template.backends for dtype in template.dtypes]
    except PolyliftError:
        return []


def template_source(text: str, line: int) -> str:
    """The text of the template starting at `line` (1-based), through its closing brace."""
    lines = text.splitlines()[line - 1:]
    depth, taken = 0, []
    for current in lines:
        taken.append(current)
        code = re.sub(r'"[^"]*"', "", current).split("#", 1)[0]
        depth += code.count("{") - code.count("}")
        if depth <= 0 and "{" in "".join(taken):
            break
    return "\n".join(taken) + "\n"
