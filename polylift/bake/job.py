"""What a bake worker is given for one kernel (`KernelJob`): picklable, paths absolute.

Apart from `kernel.py`, which bakes it, so that the summary of a baked kernel
(`summary.py`, which `kernel.py` calls) reads the job without importing its caller.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift.bake.checks import CheckConfig
from polylift.bake.offload import OffloadChoice


@dataclass(frozen=True)
class KernelJob:
    """Everything a worker needs to bake one kernel (paths absolute, `*_display` relative)."""

    suite: str
    kernel: str
    source: str
    display: str
    root: str
    function: str
    include_dirs: tuple[str, ...]
    include_display: tuple[str, ...]
    default_includes: int  # how many of `include_dirs` the harness adds by itself
    defines: tuple[str, ...]
    polybench: str  # the PolyBench checkout the kernel belongs to (relative to root), or ""
    out_dir: str
    cache_dir: str
    backends: tuple[str, ...]
    sizes: tuple[str, ...]
    targets: tuple[str, ...]
    check: bool
    assume_noalias: bool = False
    offload: OffloadChoice = OffloadChoice()  # match-kernels' offload policy
    library: bool = False  # a library's source: every function ('*'), per-function rows

    @property
    def configs(self) -> list[CheckConfig]:
        """The checks to run, backends outermost."""
        return [CheckConfig(b, s, t) for b in self.backends for s in self.sizes
                for t in self.targets]
