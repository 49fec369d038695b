"""The wheel's build: the package, and the bundled benchmark suites inside it.

`benchmarks/` sits beside the package in a checkout (the layout of the project); an
installed package has no checkout beside it, so the build copies the suites into
`polylift/suites/`, where `polylift.resources.benchmarks_dir` finds them.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SUITE_FILES = ("*.c", "*.h", "*.md", "*.cfg", "Makefile", ".gitignore")


class BuildWithSuites(build_py):
    """build_py, then the benchmark suites copied into the built package."""

    def run(self) -> None:
        super().run()
        source = Path(__file__).parent / "benchmarks"
        target = Path(self.build_lib) / "polylift" / "suites"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source, target, ignore=_not_suite_files)


def _not_suite_files(folder: str, names: list[str]) -> list[str]:
    """What a suite folder holds that is no source (build products of the apps)."""
    keep = {n for pattern in SUITE_FILES for n in (p.name for p in Path(folder).glob(pattern))}
    return [n for n in names if n not in keep and not (Path(folder) / n).is_dir()]


setup(cmdclass={"build_py": BuildWithSuites})
