"""What makes `polylift-opt` (cli/opt.py) a drop-in for mlir-opt: its command line
(`args.py`: mlir-opt's spellings, "Did you mean"), what it prints around the passes
(`printing.py`: IR dumps, statistics, the pipeline, locations), upstream's passes and
dialects as the pinned mlir-opt lists them (`upstream.py`), and `--verify-diagnostics`
with upstream's syntax and messages (`verify_diagnostics.py`), lowest first.
"""
