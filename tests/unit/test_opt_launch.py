"""The process entry of polylift-opt (`cli/launch.py`) turns the cyclic collector off
for its own process only: the driver imported into another program leaves it on."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Runs the entry with a driver `main` that reports the collector's state.
PROBE = """
import gc, sys
import polylift.cli.opt as opt
opt.main = lambda: print("enabled" if gc.isenabled() else "disabled") or 0
from polylift.cli.launch import opt as entry
sys.exit(entry())
"""


def test_the_entry_runs_the_driver_with_the_collector_off():
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "disabled"


def test_the_entry_runs_polylift_opt():
    done = subprocess.run([sys.executable, "-m", "polylift.cli.launch", "--list-passes"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "--match-kernels" in done.stdout


def test_importing_the_driver_leaves_the_collector_on():
    done = subprocess.run([sys.executable, "-c", "import gc, polylift.cli.opt; "
                           "print(gc.isenabled())"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"
