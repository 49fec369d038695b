"""cuda_build: finding nvcc and the wheels, flags, link arguments and symbol checks.

These run everywhere (no nvcc needed): the toolchain probes are pointed at fake folders.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from polylift.errors import BuildError, UsageError
from polylift.shims import cuda_build
from polylift.shims.cuda_build import (
    CudaToolchain,
    arch_flags,
    build_cuda_library,
    check_symbols,
    link_args,
    runtime_sources,
    toolchain,
)


def _fake_wheels(root: Path) -> Path:
    """A `site-packages/nvidia` folder with the files the cuda backends need."""
    for folder, names in (("cu13", ["libcublas.so.13", "libcublasLt.so.13", "libcudart.so.13"]),
                          ("cudnn", ["libcudnn.so.9"])):
        (root / folder / "include").mkdir(parents=True)
        (root / folder / "lib").mkdir(parents=True)
        for name in names:
            (root / folder / "lib" / name).write_text("")
    (root / "cu13" / "include" / "cublas_v2.h").write_text("")
    return root


def test_missing_nvcc_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("POLYLIFT_NVCC", raising=False)
    monkeypatch.delenv("CUDA_HOME", raising=False)
    monkeypatch.delenv("CUDA_PATH", raising=False)
    monkeypatch.setattr(cuda_build.shutil, "which", lambda _name: None)
    with pytest.raises(BuildError, match="need nvcc"):
        toolchain("cublas")


def test_missing_wheels_say_which_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POLYLIFT_NVCC", "/usr/bin/true")
    monkeypatch.setattr(cuda_build, "find_wheel_root", lambda: None)
    with pytest.raises(BuildError, match=r"pip install 'polylift\[gpu\]'"):
        toolchain("cudnn")
    ok, reason = cuda_build.cuda_available()
    assert not ok and "polylift[gpu]" in reason


def test_incomplete_wheels_name_the_missing_file(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    root = _fake_wheels(tmp_path / "nvidia")
    (root / "cudnn" / "lib" / "libcudnn.so.9").unlink()
    monkeypatch.setenv("POLYLIFT_NVCC", "/usr/bin/true")
    monkeypatch.setattr(cuda_build, "find_wheel_root", lambda: root)
    assert toolchain("cublas").wheel_root == root
    with pytest.raises(BuildError, match="libcudnn.so.9"):
        toolchain("cudnn")


def test_link_args_name_versioned_libraries_with_rpath(tmp_path: Path) -> None:
    root = _fake_wheels(tmp_path / "nvidia")
    args = link_args(CudaToolchain("nvcc", root), "cudnn")
    lib13, cudnn = str(root / "cu13" / "lib"), str(root / "cudnn" / "lib")
    assert "-l:libcudnn.so.9" in args and "-l:libcublasLt.so.13" in args
    assert args.index("-l:libcudnn.so.9") < args.index("-l:libcudart.so.13")
    assert f"-Wl,-rpath,{lib13}" in args and f"-Wl,-rpath,{cudnn}" in args
    assert "-lstdc++" in args
    assert "-l:libcudnn.so.9" not in link_args(CudaToolchain("nvcc", root), "cublas")


def test_npp_links_its_arithmetic_statistics_and_core_libraries(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    root = _fake_wheels(tmp_path / "nvidia")
    monkeypatch.setenv("POLYLIFT_NVCC", "/usr/bin/true")
    monkeypatch.setattr(cuda_build, "find_wheel_root", lambda: root)
    with pytest.raises(BuildError, match="libnppial.so.13"):
        toolchain("npp")  # the nvidia-npp wheel is missing: the hint names the file
    npp = ["libnppial.so.13", "libnppist.so.13", "libnppidei.so.13", "libnppicc.so.13",
           "libnppc.so.13"]
    for name in npp:
        (root / "cu13" / "lib" / name).write_text("")
    args = link_args(CudaToolchain("nvcc", root), "npp")
    assert [a for a in args if a.startswith("-l:")] == [f"-l:{n}" for n in npp] \
        + ["-l:libcudart.so.13"]
    # The 60 MB filter library is not linked: no npp shim filters.
    assert "-l:libnppif.so.13" not in args
    assert "npp/context.cu" in {f"{s.parent.name}/{s.name}" for s in runtime_sources("npp")}


def test_arch_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("POLYLIFT_CUDA_ARCHS", raising=False)
    assert arch_flags() == ("-gencode", "arch=compute_80,code=sm_80",
                            "-gencode", "arch=compute_90,code=sm_90",
                            "-gencode", "arch=compute_90,code=compute_90")
    monkeypatch.setenv("POLYLIFT_CUDA_ARCHS", "100")
    assert arch_flags()[-1] == "arch=compute_100,code=compute_100"
    monkeypatch.setenv("POLYLIFT_CUDA_ARCHS", "sm_90")
    with pytest.raises(UsageError):
        arch_flags()


def test_runtime_is_the_common_one_plus_the_backends_own() -> None:
    names = {f"{p.parent.name}/{p.name}" for p in runtime_sources("cudnn")}
    assert {"common/runtime.cu", "common/copy_view.cu", "cudnn/common.cu"} <= names
    assert not any(n.startswith(("cublas/", "cublaslt/")) for n in names)
    assert "cublas/handle.cu" in {f"{p.parent.name}/{p.name}" for p in runtime_sources("cublas")}
    with pytest.raises(UsageError):
        runtime_sources("ref")


def test_bad_kind_and_empty_sources(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="kind"):
        build_cuda_library("cublas", [Path("x.cu")], tmp_path, tmp_path / "l.a", "dynamic")
    with pytest.raises(BuildError, match="no cuda shim sources"):
        build_cuda_library("cublas", [], tmp_path, tmp_path / "l.a", "static")


def test_check_symbols_lists_what_the_library_lacks(tmp_path: Path) -> None:
    (tmp_path / "polylift_shims.h").write_text(
        "void polylift_cublas_copy_f32(int64_t n);\nvoid polylift_cublas_dot_f64(int64_t n);\n"
        "void polylift_ref_dot_f64(int64_t n);\n")
    src = tmp_path / "a.c"
    src.write_text("void polylift_cublas_copy_f32(long n) { (void)n; }\n")
    subprocess.run(["gcc", "-c", str(src), "-o", str(tmp_path / "a.o")], check=True)
    lib = tmp_path / "liba.a"
    subprocess.run(["ar", "rcs", str(lib), str(tmp_path / "a.o")], check=True)
    with pytest.raises(BuildError, match="lacks shims the header declares: "
                                         "polylift_cublas_dot_f64 "):
        check_symbols(lib, tmp_path, "cublas")


def test_wheels_of_another_environment_are_found(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    """A GPU node's Python holds the wheels without polylift's `gpu` extra: named by
    POLYLIFT_CUDA_WHEELS, or found among the machine's site-packages folders."""
    monkeypatch.setattr(cuda_build.importlib.util, "find_spec", lambda _name: None)
    monkeypatch.delenv("POLYLIFT_CUDA_WHEELS", raising=False)
    site = tmp_path / "lib" / "python3.12" / "site-packages"
    monkeypatch.setattr(cuda_build, "SITE_PATTERNS", (str(tmp_path / "lib" / "python3*"
                                                          / "site-packages"),))
    assert cuda_build.find_wheel_root() is None
    root = _fake_wheels(site / "nvidia")
    assert cuda_build.find_wheel_root() == root
    named = _fake_wheels(tmp_path / "elsewhere" / "nvidia")
    monkeypatch.setenv("POLYLIFT_CUDA_WHEELS", str(named))
    assert cuda_build.find_wheel_root() == named
