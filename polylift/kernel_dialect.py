"""The `kernel` dialect: `kernel.launch` and its verifier (filled in by the matcher)."""

from __future__ import annotations

from typing import Any


def register_kernel_dialect(ctx: Any) -> None:
    """Make `kernel.launch` parse in `ctx`: it is accepted as an unregistered op."""
    del ctx
