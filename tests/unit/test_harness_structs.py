"""The generated wrapper and adapter of a kernel that takes a struct and returns a
scalar: its own C declaration, the fields as arguments, the result dumped as `return`,
fields named in POLYLIFT_EXTENT, and files linked with POLYLIFT_LINK."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

from polylift.errors import BuildError
from polylift.frontend import Param, Signature
from polylift.frontend.signature import CDecl
from polylift.harness.facts.manifest import (
    MANIFEST_NAME,
    BuildManifest,
    KernelEntry,
    manifest_json,
    read_manifest_json,
)
from polylift.harness.programs.adapter import adapter_source
from polylift.harness.programs.extents import apply_extents, evaluate_size
from polylift.harness.programs.links import linked_sources
from polylift.harness.programs.run import dumped_names, read_dumps
from polylift.harness.programs.wrapper import c_prototype, wrapper_source

TYPES = "typedef struct { int n; float scale; float *x; } vec;"
SIG = Signature(
    "kernel_sum",
    (Param("v.n", "scalar", "int", "index", access="v->n"),
     Param("v.scale", "scalar", "float", "f32", access="v->scale"),
     Param("v.x", "array", "float", "memref<?xf32>", ("(v->n)",), access="v->x")),
    ("v.x",), None, Param("return", "result", "float", "f32"),
    CDecl(TYPES, "float", ("const vec *v",), ("v",), ("v",)))


def test_prototype_is_the_kernels_own():
    assert c_prototype("kernel_sum", SIG) == "float kernel_sum(const vec *v)"


def test_adapter_passes_fields_and_returns_the_result():
    text = adapter_source(SIG)
    assert TYPES in text
    assert "struct polylift_memref_1 d_v__x = {(void *)(v->x), (void *)(v->x), 0, " \
           "{(int64_t)((v->n))}, {1}};" in text
    assert "float _mlir_ciface_polylift_lifted_kernel_sum(int64_t, float, " \
           "struct polylift_memref_1 *);" in text
    assert "return (float)_mlir_ciface_polylift_lifted_kernel_sum((int64_t)(v->n), " \
           "(float)(v->scale), &d_v__x);" in text


def test_wrapper_dumps_fields_and_the_returned_value(tmp_path: Path):
    impl = (TYPES + "\nfloat polylift_impl_kernel_sum(const vec *v) { float s = 0;"
            " for (int i = 0; i < v->n; i++) { v->x[i] *= v->scale; s += v->x[i]; }"
            " return s; }\n")
    main = ("\nfloat kernel_sum(const vec *v);\n"
            "int main(void) { float x[4] = {1, 2, 3, 4}; vec v = {4, 0.5f, x};\n"
            "  return kernel_sum(&v) == 5.0f ? 0 : 1; }\n")
    (tmp_path / "wrapper.c").write_text(wrapper_source(SIG))
    (tmp_path / "rest.c").write_text(impl + main)
    subprocess.run(["gcc", "-O2", "-Wall", "-Werror", "wrapper.c", "rest.c", "-o", "prog"],
                   cwd=tmp_path, check=True)
    (tmp_path / "out").mkdir()
    subprocess.run(["./prog"], cwd=tmp_path, check=True, env={"POLYLIFT_DUMP_DIR": "out"})
    manifest = (tmp_path / "out" / "manifest.txt").read_text().splitlines()
    assert manifest[:3] == ["array v.x 4 1 4", "array return 4 1 1", "scalar v.n 4"]
    arrays, _ = read_dumps(tmp_path / "out", SIG)
    assert dumped_names(SIG, arrays) == ["v.x", "return"]
    assert np.array_equal(arrays["v.x"], np.array([0.5, 1, 1.5, 2], np.float32))
    assert arrays["return"].tolist() == [5.0]
    # No dump directory: the wrapper still returns the kernel's value to main.
    subprocess.run(["./prog"], cwd=tmp_path, check=True, env={})


def test_extents_name_fields(tmp_path: Path):
    source = tmp_path / "k.c"
    source.write_text("/* POLYLIFT_EXTENT(v->x, v->n * 2) */\n")
    bare = Signature(SIG.name, (*SIG.params[:2], Param("v.x", "array", "float",
                                                        "memref<?xf32>", ("?",), "v->x")),
                     SIG.written, None, SIG.result, SIG.c_decl)
    sized = apply_extents(bare, source)
    assert sized.params[2].dims == ("(v->n * 2)",) and sized.params[2].c_expr == "v->x"
    assert sized.result == SIG.result and sized.c_decl == SIG.c_decl
    assert evaluate_size("v->n * 2", {"v.n": 3}) == 6
    source.write_text("/* POLYLIFT_EXTENT(v->x, w->n) */\n")
    with pytest.raises(BuildError, match="'w->n', which is not a scalar parameter"):
        apply_extents(bare, source)


def test_linked_sources_are_next_to_the_benchmark(tmp_path: Path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "util.c").write_text("void util(void) {}\n")
    source = tmp_path / "k.c"
    source.write_text("/* POLYLIFT_LINK(lib/util.c) */\n")
    assert linked_sources(source) == [(tmp_path / "lib" / "util.c").resolve()]
    source.write_text("/* POLYLIFT_LINK(lib/missing.c) */\n")
    with pytest.raises(BuildError, match="names 'lib/missing.c', which is no file"):
        linked_sources(source)


def test_exact_inputs_set_float_fields_of_const_structs(tmp_path: Path):
    """A struct passed by value as const, or by pointer to const: the wrapper still sets
    its float fields for exact inputs (and drops no qualifier gcc would warn of)."""
    by_value = Signature(
        "kernel_v", (Param("v.scale", "scalar", "float", "f32", access="v.scale"),), (),
        None, None, CDecl(TYPES, "void", ("const vec v",), ("v",), ("v",)))
    for sig in (by_value, SIG):
        (tmp_path / "wrapper.c").write_text(wrapper_source(sig))
        subprocess.run(["gcc", "-O2", "-Werror=discarded-qualifiers", "-c", "wrapper.c"],
                       cwd=tmp_path, check=True)
    assert "void kernel_v(vec v) {" in wrapper_source(by_value)
    assert "*(float *)&(v->scale) = (float)(3) * (float)0.25;" in wrapper_source(SIG)


def test_the_manifest_keeps_fields_the_result_and_the_c_declaration(tmp_path: Path):
    """A bundle's run and compare stages read the signature back from the manifest: the
    field paths, the returned scalar and the struct declaration must survive JSON."""
    entry = KernelEntry("sum", "kernel_sum", "kernel_sum", SIG)
    manifest = BuildManifest("host", "x86_64", "MINI", "native", 1, None, (), (entry,))
    (tmp_path / MANIFEST_NAME).write_text(manifest_json(manifest))
    back = read_manifest_json(tmp_path).kernels[0].signature
    assert back == SIG
    assert back is not None and back.params[2].c_expr == "v->x"
    assert back.result is not None and back.result.name == "return"
