"""Match report over the bundled suites: per kernel, the launches, residual ops and why.

Every kernel of `benchmarks/{linalg,cnn,image,arrays}` goes through the front end, the
raising and `match-kernels` (which writes its `--match-report` JSON); the script prints, per
kernel, the coverage (FULL, PARTIAL, NONE), the templates of the launches, and for each
op left over the closest template and where it stopped matching.

    .venv/bin/python scripts/match_report.py [--suite linalg] [--kernels gemm,atax]
        [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from polylift.errors import PolyliftError
from polylift.matcher.explain.report import merge_reports
from polylift.mlir import new_context, parse_module
from polylift.passes.match_kernels import MatchKernelsPass
from polylift.passes.pipeline import Step, run_pipeline
from polylift.passes.registry import PassRun

ROOT = Path(__file__).resolve().parents[1]
SUITES = ("linalg", "cnn", "image", "arrays")


def report_kernel(path: Path, templates: str = "") -> dict:
    """The match report of one benchmark's kernel (or the front end's error)."""
    from polylift.frontend import translate_file
    from polylift.harness.check import default_include_dirs, kernel_name

    name = kernel_name(path)
    try:
        mlir = translate_file(str(path), default_include_dirs(path), ["MINI_DATASET"],
                              name).mlir
        module = parse_module(mlir, new_context(), str(path))
        run = PassRun(filename=str(path))
        run_pipeline([Step("raise-affine-to-linalg")], module, run)
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "report.json"
            options = {"match-report": str(out)}
            if templates:
                options["templates"] = templates
            MatchKernelsPass(options).run(module, run)
            functions = json.loads(out.read_text())["functions"]
    except PolyliftError as exc:
        return {"kernel": name, "coverage": "ERROR", "error": exc.message.splitlines()[0]}
    # The kernel may call helpers of its file (a CNN framework's gemm_nn): report them together.
    return {"kernel": name, **merge_reports(functions)}


def render(suite: str, stem: str, item: dict) -> list[str]:
    """Readable lines for one kernel."""
    head = f"{suite}/{stem:<20} {item['coverage']:<8}"
    if item["coverage"] == "ERROR":
        return [f"{head} {item['error']}"]
    launches = ", ".join(launch["template"] + ("" if launch["source_order_matches"] else "*")
                         for launch in item["launches"])
    lines = [f"{head} {launches or '-'}"]
    if item.get("guarded_launches"):
        pairs = ", ".join(f"{a} and {b}" for a, b in item["alias_guarded"])
        lines.append(f"    {item['guarded_launches']} launch(es) guarded at entry: they run "
                     f"when {pairs} (which may alias) are apart")
    for res in item["residual"]:
        closest = f"closest {res['closest']}: " if res["closest"] else ""
        lines.append(f"    residual {res['op']} at {res['at']} in @{res['function']}: "
                     f"{closest}{res['difference']}")
    for function, count in item.get("fallback", {}).items():
        guard = "entry" if item.get("alias_guarded") else "delinearisation"
        lines.append(f"    fallback @{function} (taken when the {guard} guard fails): "
                     f"{count} residual op(s), not counted")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print the report of the chosen suites; optionally write it as JSON."""
    parser = argparse.ArgumentParser(description="Match report over the bundled suites.")
    parser.add_argument("--suite", action="append", choices=SUITES,
                        help="a bundled suite (repeatable; default: all)")
    parser.add_argument("--kernels", default="",
                        help="only these kernels (comma-separated file stems)")
    parser.add_argument("--templates", default="", help="extra template directories")
    parser.add_argument("--json", type=Path, help="write the full report here")
    args = parser.parse_args(argv)
    suites = args.suite or list(SUITES)
    wanted = {k for k in args.kernels.split(",") if k}
    data: dict[str, dict] = {}
    counts = {"FULL": 0, "PARTIAL": 0, "NONE": 0, "ERROR": 0}
    guarded = 0
    for suite in suites:
        for path in sorted((ROOT / "benchmarks" / suite).glob("*.c")):
            if wanted and path.stem not in wanted:
                continue
            item = report_kernel(path, args.templates)
            data[f"{suite}/{path.stem}"] = item
            counts[item["coverage"]] += 1
            guarded += item.get("guarded_launches", 0)
            sys.stdout.write("\n".join(render(suite, path.stem, item)) + "\n")
    unknown = sorted(wanted - {key.split("/")[1] for key in data})
    if unknown:
        parser.error(f"no kernel named {', '.join(unknown)} in {', '.join(suites)}")
    full = sorted(k for k, v in data.items() if v["coverage"] == "FULL")
    sys.stdout.write(f"\n{len(data)} kernels: " + ", ".join(f"{n} {k}" for k, n in
                                                            counts.items())
                     + f"; {guarded} launch(es) guarded at entry\n")
    sys.stdout.write("FULL: " + " ".join(full) + "\n")
    sys.stdout.write("(* marks a launch whose template order differs from the source's)\n")
    if args.json:
        args.json.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
