"""polylift's own options in a build: `-fpolylift-*` flags and `POLYLIFT_*` variables.

Build systems pass compiler flags through (`CFLAGS`) and the environment through `make`,
so both carry polylift's options; a flag wins over a variable. `POLYLIFT_FLAGS` holds
more flags, as a build's `CFLAGS` would:

    -fpolylift-backend=B[,B...]   POLYLIFT_BACKEND      lower launches to these backends
                                                        (default host; `ref` last implied)
    -fpolylift-offload=P          POLYLIFT_OFFLOAD      always | profitable (the measured
                                                        offload profile decides)
    -fpolylift-offload-profile=F  POLYLIFT_OFFLOAD_PROFILE  a profile of `polylift calibrate`
    -fpolylift-templates=DIR      POLYLIFT_TEMPLATES    more template folders (`:`-separated)
    -fpolylift-report=FILE        POLYLIFT_REPORT       append every compile's records to FILE
                                                        (default: `<object>.polylift.json`)
    -fpolylift-shadow             POLYLIFT_SHADOW_BUILD=1  each lifted call also runs the
                                                        original and compares (runtime:
                                                        POLYLIFT_SHADOW=report|abort|off)
    -fpolylift-quiet              POLYLIFT_QUIET=1      no line per file on stderr
    -fno-polylift                 POLYLIFT_DISABLE=1    compile with gcc only
    -Werror=polylift                                    a function polylift fails on is an
                                                        error, not a warning
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from polylift.errors import UsageError

if TYPE_CHECKING:
    from polylift.harness.programs.plan import BuildPlan

OFFLOAD_POLICIES = ("always", "profitable")

_VALUED = {"-fpolylift-backend=": "backend", "-fpolylift-offload=": "offload",
           "-fpolylift-offload-profile=": "offload_profile",
           "-fpolylift-templates=": "templates", "-fpolylift-report=": "report"}
_SWITCHES = {"-fpolylift-shadow": ("shadow", True), "-fno-polylift-shadow": ("shadow", False),
             "-fpolylift-quiet": ("quiet", True), "-fno-polylift": ("enabled", False),
             "-fpolylift": ("enabled", True), "-Werror=polylift": ("werror", True),
             "-Wno-error=polylift": ("werror", False)}
_ENVIRONMENT = {"POLYLIFT_BACKEND": "backend", "POLYLIFT_OFFLOAD": "offload",
                "POLYLIFT_OFFLOAD_PROFILE": "offload_profile",
                "POLYLIFT_TEMPLATES": "templates", "POLYLIFT_REPORT": "report"}
_ENVIRONMENT_SWITCHES = {"POLYLIFT_SHADOW_BUILD": "shadow", "POLYLIFT_QUIET": "quiet",
                         "POLYLIFT_DISABLE": "enabled"}


@dataclass(frozen=True)
class DriverOptions:
    """polylift's options for one command."""

    enabled: bool = True
    backend: str = "host"
    offload: str = "always"
    offload_profile: str = ""
    templates: str = ""  # folders separated by ':'
    report: str = ""
    shadow: bool = False
    quiet: bool = False
    werror: bool = False

    def plan(self, target: str) -> BuildPlan:
        """The build of the lifted functions for `target`."""
        from polylift.harness.programs.plan import BuildPlan

        templates = [d for d in self.templates.split(":") if d]
        return BuildPlan.resolved(self.backend, target, templates, self.offload,
                                  self.offload_profile)

    def key(self) -> list[str]:
        """What of these options changes a compiled object (for the cache key)."""
        return [self.backend, self.offload, self.offload_profile, self.templates,
                str(self.shadow)]


def _from_environment(env: Mapping[str, str]) -> DriverOptions:
    options = DriverOptions()
    for name, field in _ENVIRONMENT.items():
        if env.get(name):
            options = replace(options, **{field: env[name]})
    for name, field in _ENVIRONMENT_SWITCHES.items():
        if env.get(name, "") not in ("", "0"):
            options = replace(options, **{field: field != "enabled"})
    return options


def _apply(options: DriverOptions, flag: str) -> DriverOptions:
    for prefix, field in _VALUED.items():
        if flag.startswith(prefix):
            return replace(options, **{field: flag[len(prefix):]})
    if flag in _SWITCHES:
        field, value = _SWITCHES[flag]
        return replace(options, **{field: value})
    raise UsageError(f"unknown polylift option '{flag}' (see polylift-gcc --help)")


def driver_options(flags: Sequence[str], env: Mapping[str, str] | None = None) -> DriverOptions:
    """The options of a command: the environment's, then `POLYLIFT_FLAGS`, then `flags`."""
    env = os.environ if env is None else env
    options = _from_environment(env)
    for flag in [*shlex.split(env.get("POLYLIFT_FLAGS", "")), *flags]:
        options = _apply(options, flag)
    if options.offload not in OFFLOAD_POLICIES:
        raise UsageError(f"-fpolylift-offload must be always or profitable, not "
                         f"'{options.offload}'")
    return options


__all__ = ["DriverOptions", "driver_options"]
