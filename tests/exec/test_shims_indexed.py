"""The indexed-vector launches of sparse.tpl: gather, axpyi, the sparse dots and counts.

Called through their templates' shim signatures for ref and host, on contiguous and
strided views, and compared with the source's loops run step by step in the element
type (numpy scalars), repeated positions included. A position outside the dense vector is
the source program's own bug; the launches must then do what the source's loop does:
read (or write) at that position. The tests place such a position inside a larger
buffer, where the source's read is defined, and expect its value.
"""

from __future__ import annotations

import numpy as np
import pytest

from polylift.tdl.library import load_library
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

BACKENDS = ["ref", "host"]


def run(backend: str, template: str, dtype: str, **values) -> None:
    """Call the launch of `template` for one backend and element type."""
    call_shim(shim_cdll(backend), load_library().templates[template], backend, dtype, values)


def positions(rng: np.random.Generator, nz: int, n: int) -> np.ndarray:
    """nz int32 positions in 0 .. n-1, several repeated."""
    return rng.integers(0, n, size=nz).astype(np.int32)


def values(rng: np.random.Generator, dtype: str, count: int) -> np.ndarray:
    """count elements of dtype with fractions whose sums round."""
    if dtype == "i32":
        return rng.integers(-1000, 1000, size=count).astype(np.int32)
    return (rng.standard_normal(count) * 3).astype(NP_TYPES[dtype])


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["f32", "f64", "i32"])
@pytest.mark.parametrize("stride", [1, 2])
def test_gather_reads_the_values_at_the_positions(backend: str, dtype: str, stride: int):
    rng = np.random.default_rng(11)
    x = values(rng, dtype, 3 * 700)[::stride][:700]
    idx = positions(rng, 1500, 700)
    parent = np.zeros(1500 * stride, dtype=NP_TYPES[dtype])
    y = parent[::stride]
    run(backend, "sparse.gather", dtype, x=x, idx=idx, y=y)
    assert np.array_equal(y, x[idx])


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_gather_position_outside_x_reads_what_the_source_reads(backend: str):
    rng = np.random.default_rng(5)
    buffer = values(rng, "f32", 4000)
    x, y = buffer[:600], buffer[1000:3000]  # x declared 600 elements; y further on
    idx = positions(rng, 2000, 600)
    idx[1700] = 950  # past x, inside the buffer
    idx[1705] = 1000 + 1704  # past x, into y: the value stored the iteration before
    want = buffer.copy()
    for k in range(2000):  # the source's loop, in order
        want[1000 + k] = want[idx[k]]
    run(backend, "sparse.gather", "f32", x=x, idx=idx, y=y, n=600)
    assert np.array_equal(buffer, want)


def axpyi_oracle(y: np.ndarray, alpha, x: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """The source's loop: y[idx[k]] = y[idx[k]] + alpha * x[k], k in order."""
    out = y.copy()
    for k, p in enumerate(idx):
        out[p] = out[p] + alpha * x[k]
    return out


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("template", ["sparse.axpyi", "sparse.scatter_add"])
def test_axpyi_adds_repeated_positions_in_order(backend: str, dtype: str, template: str):
    rng = np.random.default_rng(2)
    x, idx = values(rng, dtype, 900), positions(rng, 900, 50)
    y = values(rng, dtype, 50)
    alpha = NP_TYPES[dtype](0.3) if template == "sparse.axpyi" else NP_TYPES[dtype](1)
    want = axpyi_oracle(y, alpha, x, idx)
    run(backend, template, dtype, x=x, idx=idx, y=y, alpha=alpha)
    assert np.array_equal(y, want)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["f32", "f64"])
def test_sparse_dots_add_in_order(backend: str, dtype: str):
    rng = np.random.default_rng(9)
    x, idx, y = values(rng, dtype, 777), positions(rng, 777, 300), values(rng, dtype, 300)
    s = NP_TYPES[dtype](0.1)
    acc = s
    for k, p in enumerate(idx):
        acc = acc + x[k] * y[p]
    r = np.zeros(1, dtype=NP_TYPES[dtype])
    run(backend, "sparse.doti_init", dtype, x=x, idx=idx, y=y, s=s, r=r)
    assert r[0] == acc
    r[0] = s
    run(backend, "sparse.doti", dtype, x=x, idx=idx, y=y, r=r)
    assert r[0] == acc
    assert acc != sum(x.astype(np.float64) * y[idx].astype(np.float64))  # order matters


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_histogram_adds_the_unsigned_values_to_the_counts(backend: str, dtype: str):
    rng = np.random.default_rng(4)
    unsigned = np.uint8 if dtype == "i8" else np.uint16
    keys = rng.integers(0, 256 if dtype == "i8" else 65536, size=5001).astype(unsigned)
    x = keys.view(NP_TYPES[dtype])
    nbins = 1 << (8 * x.itemsize)
    h = rng.integers(0, 9, size=nbins + 2).astype(np.int32)
    want = h + np.bincount(keys, minlength=nbins + 2).astype(np.int32)
    run(backend, "sparse.histogram", dtype, x=x, h=h)
    assert np.array_equal(h, want)


@pytest.mark.parametrize("backend", BACKENDS)
def test_bincount_counts_the_keys(backend: str):
    rng = np.random.default_rng(6)
    x = positions(rng, 3000, 37)
    h = np.arange(37, dtype=np.int32)
    want = h + np.bincount(x, minlength=37).astype(np.int32)
    run(backend, "sparse.bincount", "i32", x=x, h=h)
    assert np.array_equal(h, want)


def csr(rng: np.random.Generator, m: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Row pointers and columns of an m-row CSR structure: empty rows, rows of many
    entries, columns out of order and repeated."""
    lengths = rng.integers(0, 9, size=m)
    lengths[::5] = 0
    rowptr = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int32)
    col = rng.integers(0, n, size=int(rowptr[-1])).astype(np.int32)
    return rowptr, col


def csrmv_oracle(start, rowptr, col, val, x, alpha=None, beta=None, base=0) -> np.ndarray:
    """The source's loops: each row's sum in order from `start[i]`, then y[i]; `base`
    is what row pointers and columns count from."""
    out = start.copy()
    for i in range(len(start)):
        acc = start[i]
        for k in range(rowptr[i] - base, rowptr[i + 1] - base):
            acc = acc + val[k] * x[col[k] - base]
        out[i] = acc if alpha is None else alpha * acc + beta * start[i]
    return out


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("template", ["sparse.csrmv", "sparse.csrmv_acc",
                                      "sparse.csrmv_axpby", "sparse.csrmv_one"])
@pytest.mark.parametrize("stride", [1, 2])
def test_csr_products_add_each_row_in_order(backend: str, dtype: str, template: str,
                                            stride: int):
    rng = np.random.default_rng(12)
    kind = NP_TYPES[dtype]
    rowptr, col = csr(rng, 40, 30)
    val, x = values(rng, dtype, len(col)), values(rng, dtype, 30)
    parent = values(rng, dtype, 40 * stride)
    y = parent[::stride]
    start = y.copy()
    scalars = {}
    if template == "sparse.csrmv":
        want = csrmv_oracle(np.zeros(40, kind), rowptr, col, val, x)
    elif template == "sparse.csrmv_acc":
        want = csrmv_oracle(start, rowptr, col, val, x)
    elif template == "sparse.csrmv_one":
        rowptr, col = rowptr + 1, col + 1  # the same structure, counted from 1
        want = csrmv_oracle(np.zeros(40, kind), rowptr, col, val, x, base=1)
    else:
        scalars = {"alpha": kind(0.7), "beta": kind(-1.3)}
        zero_start = csrmv_oracle(np.zeros(40, kind), rowptr, col, val, x)
        want = scalars["alpha"] * zero_start + scalars["beta"] * start
    run(backend, template, dtype, rowptr=rowptr, col=col, val=val, x=x, y=y, **scalars)
    assert np.array_equal(y, want)
    assert (np.diff(rowptr) == 0).any() and len(set(col.tolist())) < len(col)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_csr_column_outside_x_reads_what_the_source_reads(backend: str):
    rng = np.random.default_rng(3)
    rowptr, col = csr(rng, 20, 12)
    col[len(col) // 2] = 17  # past the 12 elements the kernel declared, inside the buffer
    val, buffer = values(rng, "f64", len(col)), values(rng, "f64", 24)
    y = np.zeros(20)
    run(backend, "sparse.csrmv", "f64", rowptr=rowptr, col=col, val=val, x=buffer, y=y, n=12)
    assert np.array_equal(y, csrmv_oracle(np.zeros(20), rowptr, col, val, buffer))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("stride", [1, 2])
def test_coo_product_adds_each_entry_into_its_row_in_order(backend: str, dtype: str,
                                                           stride: int):
    rng = np.random.default_rng(8)
    row, col = positions(rng, 300, 25), positions(rng, 300, 40)
    row[::7] = 3  # one row gets many entries
    val, x = values(rng, dtype, 300), values(rng, dtype, 40)
    parent = values(rng, dtype, 25 * stride)
    y = parent[::stride]
    want = y.copy()
    for k in range(300):
        want[row[k]] = want[row[k]] + val[k] * x[col[k]]
    run(backend, "sparse.coomv_acc", dtype, row=row, col=col, val=val, x=x, y=y)
    assert np.array_equal(y, want)
