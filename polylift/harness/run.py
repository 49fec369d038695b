"""Run a built program (natively or under the target's emulator) and read its dumps."""

from __future__ import annotations

import shutil
import statistics
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from polylift.errors import BuildError
from polylift.harness.toolchain import Toolchain
from polylift.harness.wrapper import DUMP_ENV, SignatureLike

# numpy dtypes of the C element types (LP64 on both targets). Plain `char` is read as
# signed: the bits compared are the same either way.
_DTYPES = {
    "double": "f8", "float": "f4", "_Float16": "f2",
    "char": "i1", "signed char": "i1", "unsigned char": "u1", "_Bool": "u1",
    "short": "i2", "unsigned short": "u2", "int": "i4", "unsigned int": "u4",
    "unsigned": "u4", "long": "i8", "unsigned long": "u8", "long long": "i8",
    "unsigned long long": "u8", "int8_t": "i1", "uint8_t": "u1", "int16_t": "i2",
    "uint16_t": "u2", "int32_t": "i4", "uint32_t": "u4", "int64_t": "i8", "uint64_t": "u8",
}


def numpy_dtype(ctype: str) -> np.dtype:
    """The little-endian numpy dtype of a C element type."""
    key = " ".join(ctype.replace("signed int", "signed").split())
    try:
        return np.dtype("<" + _DTYPES[key])
    except KeyError:
        raise BuildError(f"no numpy type for C type '{ctype}'") from None


@dataclass(frozen=True)
class RunResult:
    """One program's outputs: the arrays its kernel wrote, its kernel time, its stdout."""

    arrays: dict[str, np.ndarray]
    seconds: float
    stdout: str


def _read_manifest(dump: Path) -> tuple[dict[str, tuple[int, tuple[int, ...]]], int, int]:
    path = dump / "manifest.txt"
    if not path.exists():
        raise BuildError(f"the program never called the kernel ({path.name} missing)")
    arrays, calls, ns = {}, 0, 0
    for line in path.read_text().splitlines():
        fields = line.split()
        if fields[0] == "array":
            arrays[fields[1]] = (int(fields[2]), tuple(int(d) for d in fields[4:]))
        elif fields[0] == "calls":
            calls = int(fields[1])
        elif fields[0] == "time_ns":
            ns = int(fields[1])
    return arrays, calls, ns


def read_dumps(dump: Path, sig: SignatureLike) -> tuple[dict[str, np.ndarray], float]:
    """The arrays a run dumped, typed from the signature, and the kernel time in seconds."""
    listed, _calls, ns = _read_manifest(dump)
    ctypes = {p.name: p.ctype for p in sig.params}
    arrays = {}
    for name, (elem, dims) in sorted(listed.items()):
        dtype = numpy_dtype(ctypes[name])
        if dtype.itemsize != elem:
            raise BuildError(f"array '{name}': the program wrote {elem}-byte elements, "
                             f"'{ctypes[name]}' has {dtype.itemsize}")
        data = np.fromfile(dump / f"{name}.bin", dtype=dtype)
        if data.size != int(np.prod(dims, dtype=np.int64)):
            raise BuildError(f"array '{name}': dump has {data.size} elements, expected {dims}")
        arrays[name] = data.reshape(dims)
    return arrays, ns * 1e-9


def run_program(exe: Path, sig: SignatureLike, tc: Toolchain, repeat: int = 1,
                timeout: float | None = None) -> RunResult:
    """Run `exe` (after one warm-up run when `repeat` > 1); the median kernel time.

    Outputs are those of the last run; every run must write the same bits.
    """
    dump = tc.workdir / f"{exe.name}.out"
    argv = [*tc.target.emulator, f"./{exe.name}"]
    times, first, stdout = [], None, ""
    for attempt in range(repeat + (1 if repeat > 1 else 0)):
        shutil.rmtree(dump, ignore_errors=True)
        dump.mkdir()
        tc.log.lines.append(f"rm -rf {dump.name} && mkdir {dump.name}")
        done = tc.run(argv, f"running {exe.name}", env={DUMP_ENV: dump.name}, timeout=timeout)
        arrays, seconds = read_dumps(dump, sig)
        if first is None:
            first = arrays
        elif any(arrays[k].tobytes() != first[k].tobytes() for k in arrays):
            raise BuildError(f"{exe.name} wrote different outputs on different runs")
        if repeat == 1 or attempt > 0:
            times.append(seconds)
        stdout = done.stdout
    assert first is not None
    return RunResult(first, statistics.median(times), stdout)
