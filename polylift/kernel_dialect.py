"""The `kernel` dialect: `kernel.launch`, why contexts accept it unregistered, its verifier.

`kernel.launch` is kept as an unregistered operation: a dynamic IRDL dialect cannot
state "any memref or any scalar" for one variadic operand list in MLIR 22 (an
`irdl.any` constraint binds the first operand's type; `irdl.base` inside `irdl.any_of`
aborts the loader). So every context accepts unregistered ops (`mlir.new_context`) and
`verify_kernel_ops` is the one verifier: it rejects any other unregistered op and checks
every launch.

May import: `polylift.mlir` and `polylift.errors` only.
"""

from __future__ import annotations

from typing import Any

from polylift.mlir import ir, walk

LAUNCH = "kernel.launch"


def _attr(op: Any, name: str) -> Any:
    """A launch attribute, whether it was written as a property `<{}>` or in `{}`."""
    try:
        return op.attributes[name]
    except (KeyError, IndexError):
        return None


def launch_problems(op: Any) -> list[str]:
    """Why `op` (a `kernel.launch`) is malformed; empty when it verifies."""
    problems = []
    callee, template = _attr(op, "callee"), _attr(op, "template")
    if not isinstance(callee, ir.FlatSymbolRefAttr):
        problems.append("'kernel.launch' needs a 'callee' symbol reference attribute")
    if not isinstance(template, ir.StringAttr):
        problems.append("'kernel.launch' needs a 'template' string attribute")
    if len(op.results):
        problems.append("'kernel.launch' has no results")
    for value in op.operands:
        kind = value.type
        if not isinstance(kind, ir.MemRefType | ir.FloatType | ir.IntegerType | ir.IndexType):
            problems.append(f"'kernel.launch' operand of type {kind} is not a memref or scalar")
    return problems


def verify_kernel_ops(root: Any, dialects_ok: tuple[str, ...] = ()) -> list[tuple[Any, str]]:
    """Every (op, message) under `root` that fails: bad launches, unknown unregistered ops.

    `dialects_ok` names further dialects whose unregistered ops the caller accepts
    (as `--allow-unregistered-dialect` does).
    """
    found: list[tuple[Any, str]] = []
    context = root.context
    # Per op name, whether an op of that name is accepted: a module of a few hundred ops
    # has a few dozen names, and asking the context costs more than the walk.
    accepted: dict[str, bool] = {LAUNCH: True}

    def visit(op: Any) -> Any:
        name = op.name
        known = accepted.get(name)
        if known is None:
            known = accepted[name] = context.is_registered_operation(name) \
                or name.split(".", 1)[0] in dialects_ok or "*" in dialects_ok
        if name == LAUNCH:
            found.extend((op, text) for text in launch_problems(op))
        elif not known:
            found.append((op, f"operation '{name}' is unknown (unregistered dialect)"))
        return ir.WalkResult.ADVANCE

    walk(root, visit)
    return found
