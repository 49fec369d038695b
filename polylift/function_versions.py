"""The versions of a function the front end makes, and the attributes that say what each
assumes: the contract between the front end (which writes them) and the passes, the
matcher, the harness and the reports (which read them).

A C function `f` whose translation needs run-time conditions (delinearised pointer views,
arguments that may alias found apart) becomes a dispatcher `@f` that calls a guarded
version (`f.delinearized`, or `f.noalias` when no pointer is delinearised) or the
fallback `f.flat`. Kept apart from `polylift.frontend` so that a pass reading these names
does not load the C front end (pycparser and all its modules). May import nothing of
polylift.
"""

from __future__ import annotations

# Function attributes (both list pairs of parameter names, `[["x", "y"]]`; the names are
# those of the arguments in order, `polylift.arg_names`):
MAY_ALIAS = "polylift.may_alias"          # may overlap: nothing may assume otherwise
ALIAS_GUARDED = "polylift.alias_guarded"  # proven apart by the entry guard
ARG_NAMES = "polylift.arg_names"
# An op attribute: a call the front end kept (a function it could not inline); it may
# read and write every array it is passed, so nothing is raised across it.
OPAQUE_CALL = "polylift.opaque_call"


def delinearized_name(name: str) -> str:
    """The private function holding the delinearised version of `name`."""
    return f"{name}.delinearized"


def noalias_name(name: str) -> str:
    """The private function holding the version that runs when the arguments that may
    alias were found apart at entry (and no pointer is delinearised)."""
    return f"{name}.noalias"


def fast_name(name: str, delinearized: bool) -> str:
    """The version the dispatcher calls when its guard holds."""
    return delinearized_name(name) if delinearized else noalias_name(name)


def flat_name(name: str) -> str:
    """The private function holding the flat (fallback) version of `name`."""
    return f"{name}.flat"


def c_function_name(name: str) -> str:
    """The C function a function of the module (any of its versions) translates."""
    base, dot, version = name.rpartition(".")
    return base if dot and version in ("delinearized", "noalias", "flat") else name


def fallback_functions(names: set[str]) -> set[str]:
    """The flat versions among `names` whose guarded sibling (delinearised, or noalias)
    is there too: the path taken only when the guard fails, which coverage leaves out
    (the guarded path is the one the kernel runs whenever its views are valid and its
    arguments apart)."""
    guarded = {n.rsplit(".", 1)[0] for n in names
               if n.endswith((".delinearized", ".noalias"))}
    return {flat_name(n) for n in guarded} & names
