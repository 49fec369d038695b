"""Valid arguments for any launch of the template library at given sizes.

`arguments(template, dtype, sizes, scales, seed)` builds, from the template's shim
signature alone, every array as a padded view (rows longer than the view, first element
offset, a margin of two elements around it in every dimension that holds the stencils'
halo) inside a parent buffer, and every scalar. Inputs are filled whole, halo and padding
included, with small values every launch accepts (pixels that are keys of the tables,
positive weights); written arrays are filled with a sentinel, so an element a shim should
have written and did not keeps it, and a shim that reads an output it should not read
(beta == 0) spreads its NaN. Comparing whole parents then also shows writes outside a view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from polylift.tdl.library import KernelTemplate
from tests.exec.shim_calls import NP_TYPES

MARGIN = 2
# Extents every launch accepts: conv H = P + R - 1 and W = Q + S - 1, a pool reads 2P x 2Q,
# the PVA kernels are 3x3, the table sizes cover every key (pixels are 0 .. 7, ranges
# |q - p| < 8), histogram equalisation reads cdf[255]; nb x nc x ns: feature maps; nb x ng
# rows of n: softmax over the groups of a batch.
SIZES = {"m": 5, "n": 4, "k": 3, "nb": 2, "l": 3, "N": 2, "C": 3, "K": 2, "R": 2, "S": 2,
         "P": 3, "Q": 3, "H": 4, "W": 4, "h": 3, "w": 5, "kh": 3, "kw": 3, "nc": 3, "ns": 4,
         "I": 5, "ng": 3}
SIZES_OF = {"pva_histeq": {"nbins": 256}, "pva_histogram": {"nbins": 8}, "pva_lut": {"n": 8},
            "pva_bilateral3x3": {"n": 8}, "pva_bilateral3x3_roi": {"n": 8},
            "maxpool": {"H": 6, "W": 7}, **{
                # Index arrays hold 1 .. 7 (`_input_values`): positions inside tables of
                # 8; CSR row pointers in any order bound rows inside 8 entries.
                launch: {"nz": 5, "n": 8} for launch in ("gather", "axpyi", "doti",
                                                           "doti_init")},
            "histogram": {"nbins": 256}, "bincount": {"nbins": 8},
            "coomv_acc": {"nnz": 5, "m": 8, "n": 8}, **{
                launch: {"mp": 6, "nnz": 8, "n": 8} for launch in ("csrmv", "csrmv_acc",
                                                                  "csrmv_axpby",
                                                                  "csrmv_one")}}
INT_SENTINEL = -77


@dataclass(frozen=True)
class Scales:
    """The floating-point scalars of a call: `beta` apart, as BLAS reads beta == 0."""

    beta: float
    other: float = 1.5


def sizes_for(launch: str, zero: str | None = None) -> dict[str, int]:
    """The sizes of a launch's call, with `zero` set to 0 and the extents it bounds cut
    to fit (an image of height 0 has no output rows)."""
    sizes = {**SIZES, **SIZES_OF.get(launch, {})}
    if zero is not None:
        sizes[zero] = 0
    if {"P", "R", "H"} <= sizes.keys() and launch != "maxpool":
        sizes["P"] = min(sizes["P"], max(0, sizes["H"] - sizes["R"] + 1))
        sizes["Q"] = min(sizes["Q"], max(0, sizes["W"] - sizes["S"] + 1))
    if launch == "maxpool":
        sizes["P"] = min(sizes["P"], sizes["H"] // 2)
        sizes["Q"] = min(sizes["Q"], sizes["W"] // 2)
    return sizes


def _sentinel(dtype: Any, scales: Scales) -> Any:
    if np.issubdtype(dtype, np.integer):  # an unsigned pixel gets the same bits
        return np.array(INT_SENTINEL).astype(dtype)
    return np.nan if scales.beta == 0 else -12345.0


def _input_values(rng: np.random.Generator, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
    if np.issubdtype(dtype, np.integer):  # pixels and weights: keys of every table
        return rng.integers(1, 8, size=shape).astype(dtype)
    return (rng.integers(-8, 9, size=shape) * 0.25).astype(dtype)


def _view(parent: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    if not shape:  # a one-element array: a view of one element of the parent
        return parent[MARGIN:MARGIN + 1].reshape(())
    return parent[tuple(slice(MARGIN, MARGIN + s) for s in shape)]


def _scalar(template: KernelTemplate, name: str, dtype: str, scales: Scales) -> Any:
    kind = template.scalar_dtype(name, dtype)
    if kind.startswith("i"):
        return 0 if name == "rshift" else 2  # coefficients, shifts
    if name == "beta":
        return NP_TYPES[kind](scales.beta)
    return NP_TYPES[kind](0.25 if name == "eps" else scales.other)


def arguments(template: KernelTemplate, dtype: str, sizes: dict[str, int], scales: Scales,
              seed: int = 0) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """The values of one call (views, scalars, sizes) and the parent of each array."""
    rng = np.random.default_rng(seed)
    values: dict[str, Any] = {}
    parents: dict[str, np.ndarray] = {}
    for decl in template.ast.arrays:
        shape = tuple(sizes[d] for d in decl.dims)
        np_type = NP_TYPES[decl.dtype or dtype]
        # Rows padded by three more elements: views are never packed.
        pshape = tuple(s + 2 * MARGIN + (3 if d == len(shape) - 1 else 0)
                       for d, s in enumerate(shape)) or (2 * MARGIN + 1,)
        if decl.role == "in":
            parent = _input_values(rng, pshape, np_type)
        else:
            parent = np.full(pshape, _sentinel(np_type, scales), dtype=np_type)
        parents[decl.name] = parent
        values[decl.name] = _view(parent, shape)
    for decl in template.ast.scalars:
        values[decl.name] = _scalar(template, decl.name, dtype, scales)
    for size in template.sizes:
        values[size.name] = sizes[size.name]
    return values, parents
