# Lit configuration for polylift: FileCheck and `not` come from the pinned llvm wheel,
# the polylift commands from the virtual environment that runs lit.
import os
import sys
from pathlib import Path

import lit.formats

config.name = "polylift"  # noqa: F821
config.test_format = lit.formats.ShTest(execute_external=False)  # noqa: F821
config.suffixes = [".mlir", ".c", ".tpl", ".test"]  # noqa: F821
config.test_source_root = os.path.dirname(__file__)  # noqa: F821
config.excludes = ["Inputs", "lit.cfg.py"]  # noqa: F821

bindir = Path(sys.executable).parent
llvm_bin = None
for entry in sys.path:
    candidate = Path(entry) / "llvm" / "bin"
    if (candidate / "FileCheck").exists():
        llvm_bin = candidate
        break
paths = [str(bindir)] + ([str(llvm_bin)] if llvm_bin else [])
config.environment["PATH"] = os.pathsep.join(paths + [os.environ.get("PATH", "")])  # noqa: F821
config.substitutions.append(("%python", sys.executable))  # noqa: F821
config.substitutions.append(("%benchmarks", str(Path(__file__).parents[2] / "benchmarks")))  # noqa: F821
