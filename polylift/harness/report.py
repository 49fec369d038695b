"""How check results are shown: a verdict line, a suite table, and the results document
(`polylift.results`: the JSON schema every command writes)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from polylift.errors import UsageError
from polylift.harness.check import CheckOptions, CheckResult
from polylift.harness.comparison.audit import LaunchAudit
from polylift.harness.comparison.compare import Comparison, Element
from polylift.harness.comparison.figures import seconds
from polylift.harness.facts.coverage import LaunchCost
from polylift.harness.verdict import SOURCE_RUNS
from polylift.results import KEPT, LIFTED, document, dumps, element, lift, load, result, value_of
from polylift.shard import Shard, missing_shards

# The speedup cell of a kernel whose lifted program runs the source's own code.
SOURCE_MARK = " (source)"


def _speedup(result: CheckResult) -> str:
    """The speedup, marked where it is the source's own code against itself."""
    if result.speedup is None:
        return "-"
    return f"{result.speedup:.2f}x" + (SOURCE_MARK if result.source_runs else "")


def verdict_line(result: CheckResult) -> str:
    """`kernel_gemm: BIT-EXACT  reference 1.2 ms  lifted 1.1 ms  speedup 1.09x`, plus details."""
    line = (f"{result.kernel}: {result.verdict}  reference {seconds(result.reference_s)}  "
            f"lifted {seconds(result.lifted_s)}  speedup {_speedup(result)}")
    if result.verdict != "FAIL":
        line += f"\n  coverage {result.coverage}, {len(result.launches)} launch(es)"
        line += "".join(f" {name}" for name in result.launches)
        if result.flops:
            line += f"; {_flops(result.flops)} flops, {_gflops(result)} GFLOP/s"
        if result.source_runs:
            line += f"; the MLIR build {seconds(result.mlir_s)}"
    if result.message:
        line += "\n  " + result.message.replace("\n", "\n  ")
    if result.reproducer:
        line += f"\n  reproducer: {result.reproducer}"
    return line


def _flops(value: float | None) -> str:
    if value is None:
        return "-"
    for scale, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= scale:
            return f"{value / scale:.3g}{unit}"
    return f"{value:.0f}"


def _gflops(result: CheckResult) -> str:
    return f"{result.gflops:.2f}" if result.gflops is not None else "-"


def _row(r: CheckResult, with_flops: bool) -> tuple[str, ...]:
    row = (r.kernel, r.coverage, str(len(r.launches)), r.verdict, seconds(r.reference_s),
           seconds(r.lifted_s), _speedup(r))
    return row + ((_flops(r.flops), _gflops(r)) if with_flops else ())


def table(results: Sequence[CheckResult]) -> str:
    """One row per benchmark: kernel, coverage, launches, verdict, times, speedup.

    Where some kernel's flop count is known, two more columns: the flops of one kernel
    call and the lifted kernel's GFLOP/s.
    """
    with_flops = any(r.flops for r in results)
    head = ("kernel", "coverage", "launches", "verdict", "reference", "lifted", "speedup")
    head += ("flops", "GFLOP/s") if with_flops else ()
    rows = [_row(r, with_flops) for r in results]
    widths = [max(len(str(row[i])) for row in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
             for row in [head, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    ok = sum(r.ok for r in results)
    lines.append(f"{ok} of {len(results)} ok")
    if any(r.source_runs for r in results):
        lines.append(f"{SOURCE_MARK.strip()}: {SOURCE_RUNS}")
    failures = [r for r in results if not r.ok]
    for r in failures:
        lines.append(f"{r.kernel}: {r.verdict}: {r.message}".rstrip(": "))
        if r.reproducer:
            lines.append(f"  reproducer: {r.reproducer}")
    return "\n".join(lines) + "\n"


def _element(value: Element | None) -> dict[str, Any] | None:
    return element(value.value, value.bits) if value is not None else None


def _array_json(c: Comparison) -> dict[str, Any]:
    return {"name": c.name, "verdict": c.verdict, "elements": c.elements,
            "differing": c.differing, "max_ulp": c.max_ulp,
            "first_index": list(c.first_index) if c.first_index is not None else None,
            "reference": _element(c.reference), "lifted": _element(c.lifted),
            "of_terms": c.of_terms, "shapes": c.shapes}


def _cost_json(cost: LaunchCost) -> dict[str, Any]:
    return {**asdict(cost), "sizes": dict(cost.sizes)}


def check_json(result: CheckResult, options: CheckOptions) -> dict[str, Any]:
    """One check of a function as the results schema has it (`polylift.results`)."""
    arrays = [_array_json(c) for c in result.arrays]
    return {"backend": options.backend, "target": options.target, "size": options.size,
            "inputs": options.inputs, "verdict": result.verdict, "message": result.message,
            "reproducer": result.reproducer, "ulp_bound": result.ulp_bound,
            "max_ulp": max((c.max_ulp for c in result.arrays), default=None),
            "launches": list(result.launches), "residual_loops": result.residual_loops,
            "flops": result.flops, "reference_s": result.reference_s,
            "lifted_s": result.lifted_s, "speedup": result.speedup, "gflops": result.gflops,
            "mlir_s": result.mlir_s, "source_runs": result.source_runs,
            "reference_times": list(result.reference_times),
            "lifted_times": list(result.lifted_times), "arrays": arrays,
            "audit": [asdict(a) for a in result.audit],
            "launch_costs": [_cost_json(c) for c in result.launch_costs]}


def lift_json(result: CheckResult) -> dict[str, Any] | None:
    """What the check found of the function's lift (None: it failed before lifting)."""
    if result.coverage == "-":
        return None
    return lift(LIFTED if result.launches else KEPT, result.coverage, result.launches)


def config_json(options: CheckOptions) -> dict[str, Any]:
    """The options every result of a `check` run shares."""
    return {"backend": options.backend, "target": options.target, "size": options.size,
            "inputs": options.inputs, "repeat": options.repeat, "ulp_bound": options.ulp_bound,
            "templates": list(options.templates), "function": options.function,
            "offload_policy": options.offload_policy, "assume_noalias": options.assume_noalias}


def results_json(results: Sequence[CheckResult], options: CheckOptions,
                 suite: str | None = None, **extra: Any) -> str:
    """All results as a results document (`polylift.results`; `extra`: its `shard`);
    the reproducer paths are machine-local."""
    entries = [result(r.benchmark, r.kernel, lift_json(r), [check_json(r, options)], suite)
               for r in results]
    return dumps(document("check", config_json(options), entries, **extra))


def _comparison(data: dict[str, Any]) -> Comparison:
    def elem(value: dict[str, Any] | None) -> Element | None:
        return Element(value_of(value["value"]), value["bits"]) if value else None

    index = tuple(data["first_index"]) if data["first_index"] is not None else None
    return Comparison(data["name"], data["verdict"], data["elements"], data["differing"],
                      data["max_ulp"], index, elem(data["reference"]), elem(data["lifted"]),
                      data["of_terms"], data["shapes"])


def _cost(data: dict[str, Any]) -> LaunchCost:
    return LaunchCost(data["template"], data["dtype"], tuple(data["sizes"].items()),
                      data["flops"], data["moved"], data["times"])


def check_from_json(entry: dict[str, Any]) -> CheckResult:
    """A function's check read back from a results document (its first check)."""
    check, lifted = entry["checks"][0], entry["lift"]
    return CheckResult(
        entry["source"], entry["function"], check["verdict"],
        reference_s=check["reference_s"], lifted_s=check["lifted_s"],
        arrays=tuple(_comparison(a) for a in check["arrays"]), message=check["message"],
        reproducer=check["reproducer"], coverage=lifted["coverage"] if lifted else "-",
        launches=tuple(check["launches"]), residual_loops=check["residual_loops"],
        flops=check["flops"], ulp_bound=check["ulp_bound"],
        reference_times=tuple(check["reference_times"]),
        lifted_times=tuple(check["lifted_times"]),
        audit=tuple(LaunchAudit(**a) for a in check["audit"]),
        launch_costs=tuple(_cost(c) for c in check["launch_costs"]),
        source_runs=check["source_runs"], mlir_s=check["mlir_s"])


def options_from_config(config: dict[str, Any]) -> CheckOptions:
    """The options of a `check` run, from its document's config."""
    return CheckOptions(backend=config["backend"], target=config["target"],
                        size=config["size"], inputs=config["inputs"], repeat=config["repeat"],
                        ulp_bound=config["ulp_bound"], templates=tuple(config["templates"]),
                        function=config["function"], offload_policy=config["offload_policy"],
                        assume_noalias=config["assume_noalias"])


@dataclass(frozen=True)
class MergedChecks:
    """A check's shards joined: what the run on one machine would have written."""

    options: CheckOptions
    results: list[CheckResult]
    suite: str | None


def merge_results(paths: Sequence[str]) -> MergedChecks:
    """The `--json` documents of a check's shards 1..N joined."""
    docs = []
    for path in paths:
        try:
            docs.append(load(path))
        except (OSError, ValueError) as exc:
            raise UsageError(f"cannot merge '{path}': {exc}") from None
    if any(d["kind"] != "check" for d in docs):
        raise UsageError("cannot merge: not all files are results of `polylift check`")
    why = missing_shards([Shard.parse(d.get("shard", "1/1")) for d in docs])
    if why:
        raise UsageError(f"cannot merge: {why}")
    if any(d["config"] != docs[0]["config"] for d in docs):
        raise UsageError("cannot merge: the shards were checked with other options")
    entries = sorted((e for d in docs for e in d["results"]), key=lambda e: e["source"])
    return MergedChecks(options_from_config(docs[0]["config"]),
                        [check_from_json(e) for e in entries],
                        entries[0]["suite"] if entries else None)
