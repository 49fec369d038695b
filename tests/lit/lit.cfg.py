# Lit configuration for polylift: FileCheck and `not` come from the pinned llvm wheel,
# the polylift commands from the virtual environment that runs lit.
# pyright: reportUndefinedVariable=false
# (lit defines `config` before it runs this file.)
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
# The pinned wheels keep their tools in site-packages/{llvm,mlir}/bin (FileCheck, not,
# llc; mlir-opt, mlir-translate).
tool_dirs = []
for tool, package in (("FileCheck", "llvm"), ("mlir-translate", "mlir")):
    found = [Path(e) / package / "bin" for e in sys.path
             if (Path(e) / package / "bin" / tool).exists()]
    tool_dirs += [str(found[0])] if found else []
paths = [str(bindir)] + tool_dirs
config.environment["PATH"] = os.pathsep.join(paths + [os.environ.get("PATH", "")])  # noqa: F821
config.substitutions.append(("%python", sys.executable))  # noqa: F821
config.substitutions.append(("%benchmarks", str(Path(__file__).parents[2] / "benchmarks")))  # noqa: F821
