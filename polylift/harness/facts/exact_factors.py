"""Exact inputs for kernels whose launches are factorizations and triangular solves.

`--inputs exact` gives every float array small dyadic values so that any order of sums
gives the same bits (`wrapper.py`). A factorization or a solve divides and takes roots
of what it computed, so such values are not enough: the kernel's matrices must be
products of known small factors, and its right-hand sides products of those factors
with small integers (`exact_factors.h`). This module reads the kernel's launches (their
templates' launch names and the kernel arguments their arrays are) and writes the C
that fills those arguments, after the ordinary fill:

- a factorization (`potrf_lower`, `getrf_nopivot`) of argument A: factors L and U (L.L^T
  for Cholesky), A = L.U; afterwards A holds them (in the triangles the factorization
  writes), which later solves read;
- a chain of solves, each solving for the right-hand side the one before it produced:
  the first right-hand side (a kernel argument, or x itself in place) is T1.T2...Tk.x0
  with the chain's matrices as each solve reads them (a factor of an earlier
  factorization, or the argument's own triangle, then filled with small integers).

A launch whose arrays are not whole kernel arguments, or a chain whose right-hand side
an earlier launch computes, gets no plan: the check then compares what the ordinary
fill gives, within the templates' bounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from polylift.harness.facts.coverage import Launch
from polylift.harness.programs.wrapper import SignatureLike
from polylift.tdl.library import Library

_FACTORS = {"potrf_lower": "cholesky", "getrf_nopivot": "lu"}


@dataclass(frozen=True)
class _Solve:
    lower: bool
    unit: bool


def _solve(launch: str) -> _Solve | None:
    """What a trsv launch solves with (None for another launch)."""
    parts = launch.split("_")
    if parts[0] != "trsv" or len(parts) < 2 or parts[1] not in ("lower", "upper"):
        return None
    return _Solve(parts[1] == "lower", "unit" in parts[2:])


@dataclass(frozen=True)
class _Matrix:
    """A triangle a solve reads: a C expression of its first element and its row stride."""

    data: str
    ld: str
    lower: bool
    unit: bool


@dataclass
class _Chain:
    rhs: str  # the kernel argument holding the first right-hand side
    n: str
    matrices: list[_Matrix] = field(default_factory=list)
    result: str = ""  # the argument the last solve wrote


@dataclass
class _Plan:
    """C lines being written, with what the kernel's arrays hold after each launch."""

    sig: SignatureLike
    dtype: str
    lines: list[str] = field(default_factory=list)
    factored: dict[str, str] = field(default_factory=dict)  # argument -> its content after
    written: set[str] = field(default_factory=set)
    chains: list[_Chain] = field(default_factory=list)
    buffers: list[str] = field(default_factory=list)
    seed: int = 1000

    def fresh_seed(self) -> int:
        self.seed += 1
        return self.seed

    def ld(self, name: str) -> str:
        dims = next(p.dims for p in self.sig.params if p.name == name)
        return f"(int64_t)({dims[1]})" if len(dims) == 2 else "1"


def exact_fill(launches: Sequence[Launch], sig: SignatureLike, library: Library) -> list[str]:
    """The C statements that fill the kernel's arguments for its factorizations and
    solves (empty when the kernel has none, or none that can be planned)."""
    plan: _Plan | None = None
    for launch in launches:
        name = launch.template_in(library).launch
        kind, solve = _FACTORS.get(name), _solve(name)
        if kind is None and solve is None:
            if plan is not None:
                plan.written |= {a for _, a in launch.arrays if a is not None}
            continue
        plan = plan or _Plan(sig, launch.dtype)
        arrays = dict(launch.arrays)
        sizes = dict(launch.sizes)
        if None in arrays.values() or not isinstance(sizes.get("n"), str | int) \
                or launch.dtype != plan.dtype:
            return []
        n = f"(int64_t)({sizes['n']})"
        if kind is not None:
            _factor(plan, kind, str(arrays["A"]), n)
        elif solve is not None and not _chain(plan, solve, arrays, n):
            return []
    if plan is None:
        return []
    return _finish(plan)


def _factor(plan: _Plan, kind: str, array: str, n: str) -> None:
    """A = L.U (or L.L^T), and A's content after the factorization, as a packed copy."""
    dt = plan.dtype
    lower, upper, after = (f"polylift_x{len(plan.buffers) + k}" for k in range(3))
    plan.buffers += [lower, upper, after]
    plan.lines += [f"{_ctype(dt)} *{b} = polylift_exact_alloc_{dt}({n});"
                   for b in (lower, upper, after)]
    unit = int(kind == "lu")
    plan.lines.append(f"polylift_exact_triangle_{dt}({lower}, {n}, {n}, 1, {unit}, "
                      f"{plan.fresh_seed()});")
    if kind == "lu":
        plan.lines.append(f"polylift_exact_triangle_{dt}({upper}, {n}, {n}, 0, 0, "
                          f"{plan.fresh_seed()});")
    else:
        plan.lines.append(f"polylift_exact_transpose_{dt}({upper}, {lower}, {n});")
    plan.lines.append(f"polylift_exact_product_{dt}({array}, {n}, {plan.ld(array)}, {lower}, "
                      f"{unit}, {upper});")
    # After: the factors where the factorization writes them (LU: all of A, the unit
    # diagonal implied; Cholesky: the lower triangle), A as it was elsewhere.
    ld = plan.ld(array)
    own, other = ("j < i", f"{upper}[i * {n} + j]") if kind == "lu" else \
        ("j <= i", f"{array}[i * {ld} + j]")
    plan.lines.append(f"for (int64_t i = 0; i < {n}; i++) for (int64_t j = 0; j < {n}; j++) "
                      f"{after}[i * {n} + j] = {own} ? {lower}[i * {n} + j] : {other};")
    plan.factored[array] = after
    plan.written.add(array)


def _chain(plan: _Plan, solve: _Solve, arrays: dict, n: str) -> bool:
    """Add a solve to the chain whose result it solves for, or start one; False when its
    right-hand side comes from a launch the plan cannot invert."""
    matrix_name = str(arrays.get("L") or arrays.get("U"))
    rhs = str(arrays.get("b") or arrays["x"])
    matrix = plan.factored.get(matrix_name)
    if matrix is None:
        plan.lines.append(f"polylift_exact_triangle_{plan.dtype}({matrix_name}, {n}, "
                          f"{plan.ld(matrix_name)}, {int(solve.lower)}, {int(solve.unit)}, "
                          f"{plan.fresh_seed()});")
        triangle = _Matrix(matrix_name, plan.ld(matrix_name), solve.lower, solve.unit)
    else:
        triangle = _Matrix(matrix, n, solve.lower, solve.unit)
    chain = next((c for c in plan.chains if c.result == rhs), None)
    if chain is None:
        if rhs in plan.written:
            return False
        chain = _Chain(rhs, n)
        plan.chains.append(chain)
    chain.matrices.append(triangle)
    chain.result = str(arrays["x"])
    plan.written.add(chain.result)
    return True


def _finish(plan: _Plan) -> list[str]:
    """The right-hand sides of the chains, then the buffers freed, in one C block."""
    dt = plan.dtype
    lines = list(plan.lines)
    for chain in plan.chains:
        inc = plan.ld(chain.rhs)
        lines.append(f"polylift_exact_vector_{dt}({chain.rhs}, {chain.n}, {inc}, "
                     f"{plan.fresh_seed()});")
        for m in reversed(chain.matrices):
            lines.append(f"polylift_exact_apply_{dt}({chain.rhs}, {chain.n}, {inc}, {m.data}, "
                         f"{m.ld}, {int(m.lower)}, {int(m.unit)});")
    lines += [f"free({b});" for b in plan.buffers]
    return ["{", *[f"  {line}" for line in lines], "}"]


def _ctype(dtype: str) -> str:
    return {"f32": "float", "f64": "double"}[dtype]
