"""The offload policy of a bake (`--offload-policy`, `--offload-profile`): the options it
gives the passes and the checks, its flags in `commands.txt`, and its part of the stage
cache's keys.

Under `profitable`, match-kernels keeps the source loops where the profile says a host
call loses, so the matched stage and every stage after it depend on the policy and on
the profile's contents (not on its path: a profile edited in place rebakes). A named
profile is copied into each kernel's bake directory as `offload-profile.json`, which
`commands.txt` names, so the commands reproduce the stages from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from polylift.bake.cache import digest

ALWAYS = "always"
PROFILE_FILE = "offload-profile.json"  # the profile's copy beside a kernel's stages


@dataclass(frozen=True)
class OffloadChoice:
    """The policy, and the profile it reads (absolute; "" for the shipped default)."""

    policy: str = ALWAYS
    profile: str = ""

    def pass_options(self) -> dict[str, str]:
        """The options of match-kernels and of the launch lowerings."""
        if self.policy == ALWAYS:
            return {}
        return {"offload-policy": self.policy, "offload-profile": self.profile}

    def files(self) -> dict[str, str]:
        """What a kernel's bake directory holds of the policy: the named profile's copy."""
        return {PROFILE_FILE: Path(self.profile).read_text()} if self.profile else {}

    def key(self) -> str:
        """What the matched stage's cache key adds: the policy and the profile's text."""
        if self.policy == ALWAYS:
            return ALWAYS
        return digest(self.policy, self.files().get(PROFILE_FILE, ""))

    def flags(self) -> list[str]:
        """The command-line flags of polylift-opt and polylift check (none for `always`)."""
        if self.policy == ALWAYS:
            return []
        shown = [f"--offload-profile={PROFILE_FILE}"] if self.profile else []
        return [f"--offload-policy={self.policy}", *shown]
