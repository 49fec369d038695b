"""Time the ref and host shims of launches on one problem size: what the host backend
gains over the template's loops, shim against shim.

Each template's arrays are packed views of the sizes given (random normal values; the
absolute values for an array named `variance`, whose roots the batch normalisation
takes), its scalars 0.5 unless fixed. Each backend's shim is called once to warm up,
then `--repeat` times, each call timed alone after the inputs are restored (an in-place
launch would otherwise feed its result back in, towards overflow or subnormals); the
median is reported, with ref/host. The outputs of the two backends are compared bit for
bit after one call each from the same inputs (`same bits` or `DIFF`): an `exact`
template's host shim must give ref's bits.

    OPENBLAS_NUM_THREADS=1 .venv/bin/python scripts/bench_shims.py \\
        --templates ch.add_bias,ch.scale_bias,ch.normalize --sizes nb=8,nc=64,ns=3136
    OPENBLAS_NUM_THREADS=1 .venv/bin/python scripts/bench_shims.py \\
        --templates ew.expsum_scaled --sizes n=64000
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

import numpy as np

from polylift.shims.calls import call_shim, shim_cdll
from polylift.tdl.library import KernelTemplate, load_library

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
NP_TYPES = {"f32": np.float32, "f64": np.float64}
# Arrays and scalars a template gives a type of their own (an argmax's index).
OWN_TYPES = {**NP_TYPES, "i32": np.int32}


def arguments(tpl: KernelTemplate, dtype: str, sizes: dict[str, int]) -> dict[str, Any]:
    """Packed arrays of the sizes given and the scalars (0.5, or 1 for an integer one),
    for one call."""
    rng = np.random.default_rng(7)
    values: dict[str, Any] = {}
    for decl in tpl.ast.arrays:
        data = np.asarray(rng.standard_normal(tuple(sizes[d] for d in decl.dims)) * 4)
        kind = OWN_TYPES[decl.dtype or dtype]
        values[decl.name] = (np.abs(data) if decl.name == "variance" else data).astype(kind)
    for decl in tpl.ast.scalars:
        kind = OWN_TYPES[tpl.scalar_dtype(decl.name, dtype)]
        default = 1 if np.issubdtype(kind, np.integer) else 0.5
        values[decl.name] = kind(decl.fixed if decl.fixed is not None else default)
    return values


def median_time(tpl: KernelTemplate, backend: str, dtype: str, start: dict[str, Any],
                repeat: int) -> float:
    """The median seconds of `repeat` calls of one backend's shim, each from `start`."""
    lib = shim_cdll(backend)
    values = {k: v.copy() for k, v in start.items()}
    call_shim(lib, tpl, backend, dtype, values)
    times = []
    for _ in range(repeat):
        for name, value in start.items():
            if isinstance(value, np.ndarray):
                np.copyto(values[name], value)
        begin = time.perf_counter()
        call_shim(lib, tpl, backend, dtype, values)
        times.append(time.perf_counter() - begin)
    return statistics.median(times)


def same_bits(tpl: KernelTemplate, dtype: str, start: dict[str, Any]) -> bool:
    """Whether ref and host leave every array with the same bits after one call."""
    after = {}
    for backend in ("ref", "host"):
        values = {k: v.copy() for k, v in start.items()}
        call_shim(shim_cdll(backend), tpl, backend, dtype, values)
        after[backend] = values
    return all(after["ref"][d.name].tobytes() == after["host"][d.name].tobytes()
               for d in tpl.ast.arrays)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--templates", default="ch.add_bias,ch.scale_bias,ch.normalize",
                        help="comma-separated template names with a ref and a host shim")
    parser.add_argument("--sizes", default="nb=8,nc=64,ns=3136",
                        help="the size symbols, name=value,... (every one the templates use)")
    parser.add_argument("--dtype", default="f32", choices=sorted(NP_TYPES))
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    library = load_library()
    sizes = {k: int(v) for k, v in (item.split("=") for item in args.sizes.split(","))}
    print(f"sizes {args.sizes}, {args.dtype}, median of {args.repeat} calls")
    print(f"{'template':<24} {'ref ms':>10} {'host ms':>10} {'ref/host':>9}  bits")
    for name in args.templates.split(","):
        tpl = library.templates.get(name)
        if tpl is None or not {"ref", "host"} <= set(tpl.backends):
            raise SystemExit(f"'{name}': no template with a ref and a host shim")
        start = arguments(tpl, args.dtype, sizes)
        ref, host = (median_time(tpl, b, args.dtype, start, args.repeat)
                     for b in ("ref", "host"))
        bits = "same bits" if same_bits(tpl, args.dtype, start) else "DIFF"
        print(f"{name:<24} {ref * 1e3:>10.3f} {host * 1e3:>10.3f} {ref / host:>9.2f}  {bits}")


if __name__ == "__main__":
    main()
