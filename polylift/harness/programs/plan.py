"""How lifted code is built, resolved once from a command's options.

`polylift check`, its `--bundle`, the bake's checks and the compiler driver take options
in their own spellings (`--backend host --offload-policy profitable`,
`-fpolylift-backend=host`); each resolves them once into a `BuildPlan`, and the build
steps read the plan alone: the passes with their options (template folders, offload
policy and profile), the backends they lower to, the shim libraries those link, the
target. So one plan builds the same object wherever it is built.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from polylift.passes.registry import is_python_pass, load_pass
from polylift.passes.stages import MATCHED, backend_passes, lowered_backends, stage_of
from polylift.shims.build import ShimLibrary, shim_library
from polylift.shims.generate import CUDA_BACKENDS

OFFLOAD_POLICIES = ("always", "profitable")


@dataclass(frozen=True)
class BuildPlan:
    """The backend chain (`host`, `cublas,host`), the target, the template folders
    (absolute), the offload policy and profile (absolute; "" for the shipped one), and a
    pass list that replaces the backend's (a check's `passes`), None for the backend's."""

    backend: str = "ref"
    target: str = "x86_64"
    templates: tuple[str, ...] = ()
    offload_policy: str = "always"
    offload_profile: str = ""
    explicit_passes: tuple[str, ...] | None = None

    @staticmethod
    def resolved(backend: str, target: str = "x86_64", templates: Sequence[str] = (),
                 offload_policy: str = "always", offload_profile: str = "",
                 passes: Sequence[str] | None = None) -> BuildPlan:
        """A plan with the paths of a command line made absolute (the compilers run in
        work folders of their own)."""
        return BuildPlan(backend, target, tuple(str(Path(d).resolve()) for d in templates),
                         offload_policy,
                         str(Path(offload_profile).resolve()) if offload_profile else "",
                         None if passes is None else tuple(passes))

    @property
    def pass_options(self) -> dict[str, str]:
        """The options the plan gives every pass that declares them."""
        return {"templates": ",".join(self.templates),
                "offload-policy": "" if self.offload_policy == "always" else self.offload_policy,
                "offload-profile": self.offload_profile}

    @cached_property
    def passes(self) -> tuple[str, ...]:
        """The passes from the front end's MLIR to the LLVM dialect, with their options."""
        chosen = self.explicit_passes if self.explicit_passes is not None \
            else backend_passes(self.backend)
        return with_options(chosen, self.pass_options)

    def through_matching(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The passes split after `match-kernels`: what makes the matched stage, and
        what lowers it (a build that picks functions by their launches in between)."""
        stages = [stage_of(p.split("{", 1)[0]) for p in self.passes]
        cut = max((k + 1 for k, s in enumerate(stages) if s == MATCHED), default=0)
        return self.passes[:cut], self.passes[cut:]

    @property
    def backends(self) -> tuple[str, ...]:
        """The backends the passes lower launches to, in order."""
        return lowered_backends(self.passes)

    @property
    def cuda_backends(self) -> tuple[str, ...]:
        """Those of them that run on a GPU."""
        return tuple(b for b in self.backends if b in CUDA_BACKENDS)

    def shim_libraries(self, kind: str = "static", portable: bool = False) -> list[ShimLibrary]:
        """The shim library of each backend, for the target; `portable` leaves out this
        machine's library paths (a program run elsewhere)."""
        libraries = [shim_library(b, self.target, kind=kind,
                                  template_dirs=[Path(d) for d in self.templates])
                     for b in self.backends]
        if not portable:
            return libraries
        return [replace(lib, link_args=tuple(a for a in lib.link_args
                                             if not a.startswith("-Wl,-rpath,")))
                for lib in libraries]


def with_options(passes: Sequence[str], options: dict[str, str]) -> tuple[str, ...]:
    """`passes` with each of `options` (name -> value) given to every pass that declares
    that option; empty values are left out."""
    given = {k: v for k, v in options.items() if v}
    out = []
    for element in passes:
        name, _, opts = element.partition("{")
        declared = load_pass(name.strip()).option_help if is_python_pass(name.strip()) else {}
        extra = " ".join(f"{k}={v}" for k, v in given.items() if k in declared)
        if extra:
            inner = opts.rstrip("}").strip()
            element = f"{name}{{{(inner + ' ') if inner else ''}{extra}}}"
        out.append(element)
    return tuple(out)


__all__ = ["OFFLOAD_POLICIES", "BuildPlan", "with_options"]
