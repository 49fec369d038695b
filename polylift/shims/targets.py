"""The machines polylift builds for: their triples, their GNU tool prefixes, how to run
on them, and the C flags every compile shares.

The shim build needs these facts and sits below the harness, so they live here; the
harness (`polylift.harness.programs.toolchain`) imports them from this module.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift.errors import UsageError


@dataclass(frozen=True)
class Target:
    """A machine the harness builds for: its triple, its C tools and how to run on it."""

    name: str
    triple: str
    prefix: str  # binutils/gcc prefix, empty for the host tools
    emulator: tuple[str, ...] = ()

    def tool(self, name: str) -> str:
        """The target's variant of a GNU tool (`gcc`, `objcopy`, `objdump`)."""
        return f"{self.prefix}{name}"


TARGETS: dict[str, Target] = {
    "x86_64": Target("x86_64", "x86_64-linux-gnu", ""),
    "aarch64": Target("aarch64", "aarch64-linux-gnu", "aarch64-linux-gnu-",
                      ("qemu-aarch64", "-L", "/usr/aarch64-linux-gnu")),
}

# Flags shared by every C compile: no FMA contraction, so C and MLIR round alike.
C_FLAGS: tuple[str, ...] = ("-O2", "-ffp-contract=off", "-fno-fast-math")


def target_named(name: str) -> Target:
    """The target called `name` (`x86_64` or `aarch64`)."""
    try:
        return TARGETS[name]
    except KeyError:
        raise UsageError(f"unknown target '{name}' (known: {', '.join(sorted(TARGETS))})") from None
