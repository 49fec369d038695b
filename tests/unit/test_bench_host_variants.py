"""The programs `scripts/bench_host.py` times beside the lifted one: the library-only
program (the loops left beside the launches removed) and the MLIR residual program (the
launches removed). A delinearised kernel's launches are in its versions, not in the
dispatcher, so both edit the versions too."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]

MATCHED = """
module {
  func.func @polylift_lifted_k(%n: index, %x: memref<?xf32>) {
    call @k.delinearized(%n, %x) : (index, memref<?xf32>) -> ()
    return
  }
  func.func private @k.delinearized(%n: index, %x: memref<?xf32>) {
    %c = arith.constant 2.0 : f32
    "kernel.launch"(%x, %c) {callee = @scal_f32, template = "blas.scal"}
        : (memref<?xf32>, f32) -> ()
    affine.for %i = 0 to %n {
      %v = affine.load %x[%i] : memref<?xf32>
      %w = arith.addf %v, %c : f32
      affine.store %w, %x[%i] : memref<?xf32>
    }
    return
  }
  func.func private @k.flat(%n: index, %x: memref<?xf32>) {
    return
  }
  func.func private @other(%x: memref<?xf32>) {
    %c = arith.constant 2.0 : f32
    "kernel.launch"(%x, %c) {callee = @scal_f32, template = "blas.scal"}
        : (memref<?xf32>, f32) -> ()
    return
  }
}
"""


def _bench_host() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_host", ROOT / "scripts" /
                                                  "bench_host.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _version(text: str) -> str:
    """The body of `@k.delinearized` in a module's text."""
    start = text.index("func.func private @k.delinearized(")
    return text[start:text.index("func.func", start + 1)]


def test_residual_program_drops_the_launches_of_the_versions():
    text = _bench_host().residual_only(MATCHED, "k")
    assert "kernel.launch" not in _version(text)
    assert "affine.for" in _version(text)
    assert "func.func @k(" in text  # the dispatcher under its C name again
    assert text.count("kernel.launch") == 1  # another function's launch stays


def test_library_only_program_drops_the_loops_of_the_versions():
    text = _bench_host().library_only(MATCHED, "k")
    assert "affine.for" not in _version(text)
    assert "kernel.launch" in _version(text)
    assert "func.func @k(" in text
