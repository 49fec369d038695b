"""Run a built program (natively or under the target's emulator) and read its dumps."""

from __future__ import annotations

import shutil
import statistics
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from polylift.errors import BuildError
from polylift.harness.programs.toolchain import Toolchain
from polylift.harness.programs.wrapper import DUMP_ENV, INPUTS_ENV, REPEAT_ENV, SignatureLike

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
class Manifest:
    """What a wrapper recorded: arrays (element bytes, dims), scalars, calls, times."""

    arrays: dict[str, tuple[int, tuple[int, ...]]]
    scalars: dict[str, int]
    calls: int
    times_ns: tuple[int, ...]
    unstable: bool


@dataclass(frozen=True)
class RunResult:
    """One program's outputs: the arrays its kernel wrote, its kernel times, its stdout."""

    arrays: dict[str, np.ndarray]
    seconds: float  # the median of `times`
    stdout: str
    times: tuple[float, ...] = ()
    scalars: dict[str, int] = field(default_factory=dict)


def read_manifest(dump: Path) -> Manifest:
    """The manifest a wrapper wrote into `dump`."""
    path = dump / "manifest.txt"
    if not path.exists():
        raise BuildError(f"the program never called the kernel ({path.name} missing)")
    arrays, scalars, calls, times, unstable = {}, {}, 0, (), False
    for line in path.read_text().splitlines():
        fields = line.split()
        if not fields:
            continue
        if fields[0] == "array":
            arrays[fields[1]] = (int(fields[2]), tuple(int(d) for d in fields[4:]))
        elif fields[0] == "scalar":
            scalars[fields[1]] = int(fields[2])
        elif fields[0] == "calls":
            calls = int(fields[1])
        elif fields[0] == "time_ns":
            times = tuple(int(t) for t in fields[1:])
        elif fields[0] == "unstable":
            unstable = unstable or fields[1] != "0"  # one line per call of main
    return Manifest(arrays, scalars, calls, times, unstable)


def read_dumps(dump: Path, sig: SignatureLike) -> tuple[dict[str, np.ndarray], float]:
    """The arrays a run dumped, typed from the signature, and the median kernel time (s)."""
    manifest = read_manifest(dump)
    ctypes = {p.name: p.ctype for p in sig.params}
    if sig.result is not None:
        ctypes[sig.result.name] = sig.result.ctype
    arrays = {}
    for name, (elem, dims) in sorted(manifest.arrays.items()):
        dtype = numpy_dtype(ctypes[name.split("@", 1)[0]])
        if dtype.itemsize != elem:
            raise BuildError(f"array '{name}': the program wrote {elem}-byte elements, "
                             f"'{ctypes[name]}' has {dtype.itemsize}")
        data = np.fromfile(dump / f"{name}.bin", dtype=dtype)
        if data.size != int(np.prod(dims, dtype=np.int64)):
            raise BuildError(f"array '{name}': dump has {data.size} elements, expected {dims}")
        arrays[name] = data.reshape(dims)
    times = manifest.times_ns or (0,)
    return arrays, statistics.median(times) * 1e-9


def dumped_names(sig: SignatureLike, arrays: dict[str, np.ndarray]) -> list[str]:
    """The arrays a run dumped, per call of main in call order (`y`, then `y@2`, ...),
    each call's in the order the signature lists what the kernel writes, then the
    scalar it returns (`return`)."""
    calls = max((int(n.split("@", 1)[1]) for n in arrays if "@" in n), default=1)
    outputs = [*sig.written, *([sig.result.name] if sig.result is not None else [])]
    labels = [name if call == 1 else f"{name}@{call}"
              for call in range(1, calls + 1) for name in outputs]
    return [label for label in labels if label in arrays]


def run_program(exe: Path, sig: SignatureLike, tc: Toolchain, repeat: int = 1,
                timeout: float | None = None, inputs: str = "native",
                extra_env: dict[str, str] | None = None, compared: bool = True) -> RunResult:
    """Run `exe` once; its wrapper warms up and times `repeat` kernel calls when `repeat` > 1.

    Outputs are those of the last of the `repeat` calls (every one must write the same
    bits), for each call main makes (`dumped_names`). A program only timed, whose
    outputs nobody compares (`compared` False: a benchmark variant with its launches or
    loops taken out, where a result may be left unwritten), may write other bits per call.
    """
    dump = tc.workdir / dump_dir(exe.name)
    shutil.rmtree(dump, ignore_errors=True)
    dump.mkdir()
    tc.log.lines.append(f"rm -rf {dump.name} && mkdir {dump.name}")
    env = {DUMP_ENV: dump.name, REPEAT_ENV: str(repeat), INPUTS_ENV: inputs, **(extra_env or {})}
    if tc.target.emulator:
        # OpenBLAS's worker threads spin while they wait; under qemu-user that emulated
        # spinning starves the thread doing the work, and a gemv took minutes.
        env["OPENBLAS_NUM_THREADS"] = "1"
    done = tc.run([*tc.target.emulator, f"./{exe.name}"], f"running {exe.name}", env=env,
                  timeout=timeout)
    return read_run(dump, sig, exe.name, done.stdout, compared)


def read_run(dump: Path, sig: SignatureLike, name: str, stdout: str = "",
             compared: bool = True) -> RunResult:
    """The outputs and times program `name` wrote into `dump` (here or on another
    machine); a `BuildError` when they are missing or, for outputs to be `compared`, the
    calls disagreed."""
    manifest = read_manifest(dump)
    if manifest.unstable and compared:
        raise BuildError(f"{name}: the kernel wrote different outputs on different calls "
                         "with the same inputs")
    arrays, seconds = read_dumps(dump, sig)
    return RunResult(arrays, seconds, stdout, tuple(t * 1e-9 for t in manifest.times_ns),
                     manifest.scalars)


def dump_dir(program: str) -> str:
    """Where a program's wrapper writes its outputs, beside it: `<program>.out`."""
    return f"{program}.out"
