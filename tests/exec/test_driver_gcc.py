"""`polylift-gcc` against gcc: the same preprocessing, dependency files and exported
symbols; polylift's functions swapped in where lifting succeeds; gcc's code kept where it
does not, with one warning for a bug of polylift (an error under -Werror=polylift)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from polylift.cli.gcc import main as gcc_main

SOURCE = """\
#include <math.h>
#include "scale.h"
void scale(int n, float a, float *restrict x) {
  for (int i = 0; i < n; i++) x[i] = a * x[i];
}
float norm(int n, const float *x) {
  float s = 0.0f;
  for (int i = 0; i < n; i++) s += x[i] * x[i];
  return sqrtf(s);
}
int count_until(const int *x, int v) {
  int k = 0;
  while (x[k] != v) k++;
  return k;
}
static void twice(int n, float *restrict x) { scale(n, 2.0f, x); }
void twice_all(int n, float *restrict x) { twice(n, x); }
"""
HEADER = "#define SCALE_H 1\nvoid scale(int n, float a, float *restrict x);\n"
MAIN = """\
#include <stdio.h>
void scale(int n, float a, float *restrict x);
float norm(int n, const float *x);
int main(void) {
  float x[5] = {1, 2, 3, 4, 5};
  scale(5, 0.5f, x);
  printf("%.9g %.9g\\n", x[4], norm(5, x));
  return 0;
}
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POLYLIFT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("POLYLIFT_CRASH_DIR", str(tmp_path / "crashes"))
    for name in ("POLYLIFT_BACKEND", "POLYLIFT_FLAGS", "POLYLIFT_REPORT", "POLYLIFT_CC"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "vec.c").write_text(SOURCE)
    (tmp_path / "scale.h").write_text(HEADER)
    (tmp_path / "main.c").write_text(MAIN)
    return tmp_path


def _gcc(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["gcc", *args], capture_output=True, text=True, check=True)


def _exported(obj: str) -> list[str]:
    out = subprocess.run(["nm", "-g", "--defined-only", obj], capture_output=True, text=True,
                         check=True).stdout
    return sorted(line.split()[-1] for line in out.splitlines())


def test_preprocessing_and_dependencies_are_gccs(project: Path,
                                                 capfd: pytest.CaptureFixture[str]):
    assert gcc_main(["-E", "-DX=1", "vec.c"]) == 0
    assert capfd.readouterr().out == _gcc("-E", "-DX=1", "vec.c").stdout
    assert gcc_main(["-MM", "vec.c"]) == 0
    assert capfd.readouterr().out == _gcc("-MM", "vec.c").stdout
    assert gcc_main(["-O2", "-c", "vec.c", "-o", "ours.o", "-MMD", "-MP"]) == 0
    _gcc("-O2", "-c", "vec.c", "-o", "theirs.o", "-MMD", "-MP")
    assert Path("ours.d").read_text() == Path("theirs.d").read_text().replace("theirs.o",
                                                                              "ours.o")


def test_the_object_exports_what_gccs_does_and_runs_the_lifted_code(
        project: Path, capfd: pytest.CaptureFixture[str]):
    assert gcc_main(["-O2", "-c", "vec.c", "-o", "vec.o"]) == 0
    err = capfd.readouterr().err
    assert "polylift: vec.c: lifted scale, norm, twice, twice_all (4 of 5 functions, host)" in err
    _gcc("-O2", "-c", "vec.c", "-o", "gcc.o")
    assert _exported("vec.o") == _exported("gcc.o")
    undefined = subprocess.run(["nm", "-u", "vec.o"], capture_output=True, text=True,
                               check=True).stdout
    assert "polylift_host_" in undefined
    # The link adds the shims (and OpenBLAS); the program prints what gcc's prints.
    assert gcc_main(["-O2", "main.c", "vec.o", "-o", "prog"]) == 0
    _gcc("-O2", "main.c", "gcc.o", "-o", "reference", "-lm")
    ours = subprocess.run(["./prog"], capture_output=True, text=True, check=True).stdout
    theirs = subprocess.run(["./reference"], capture_output=True, text=True, check=True).stdout
    assert ours == theirs


def test_a_function_polylift_refuses_is_gccs_and_recorded(project: Path):
    import json

    assert gcc_main(["-O2", "-c", "vec.c", "-o", "vec.o", "-fpolylift-quiet"]) == 0
    record = json.loads(Path("vec.o.polylift.json").read_text())
    (unit,) = record["units"]
    status = {f["name"]: f["status"] for f in unit["functions"]}
    assert status == {"scale": "lifted", "norm": "lifted", "count_until": "skipped",
                      "twice": "lifted", "twice_all": "lifted"}
    skipped = next(f for f in unit["functions"] if f["name"] == "count_until")
    assert "while loop" in skipped["reason"]


def test_the_report_states_flags_that_change_floating_point(
        project: Path, capsys: pytest.CaptureFixture[str]):
    import json

    from polylift.cli.main import main

    assert gcc_main(["-Ofast", "-c", "vec.c", "-o", "vec.o", "-fpolylift-quiet"]) == 0
    assert gcc_main(["-O2", "-c", "main.c", "-o", "main.o", "-fpolylift-quiet"]) == 0
    assert json.loads(Path("vec.o.polylift.json").read_text())["units"][0]["fp_flags"] == \
        ["-Ofast"]
    assert main(["report", ".", "--json", "build.json"]) == 0
    assert "1 file compiled with -Ofast: gcc's code there computes floating point " \
        "otherwise" in capsys.readouterr().out
    assert json.loads(Path("build.json").read_text())["config"]["fp_flags"] == \
        {"vec.c": ["-Ofast"]}


def test_several_sources_response_files_and_a_link_in_one_command(
        project: Path, capfd: pytest.CaptureFixture[str]):
    Path("args.rsp").write_text("-O2 -c vec.c main.c\n")
    assert gcc_main(["@args.rsp"]) == 0
    assert Path("vec.o").is_file() and Path("main.o").is_file()
    assert gcc_main(["-O2", "vec.c", "main.c", "-o", "prog", "-lm"]) == 0
    ours = subprocess.run(["./prog"], capture_output=True, text=True, check=True).stdout
    assert ours.split()[0] == "2.5"


def test_a_rebuild_finds_its_object_in_the_cache(project: Path,
                                                capfd: pytest.CaptureFixture[str]):
    assert gcc_main(["-O2", "-c", "vec.c", "-o", "vec.o"]) == 0
    first = Path("vec.o").read_bytes()
    Path("vec.o").unlink()
    assert gcc_main(["-O2", "-c", "vec.c", "-o", "vec.o"]) == 0
    assert "(cached)" in capfd.readouterr().err
    assert Path("vec.o").read_bytes() == first
    # Another flag is another object.
    assert gcc_main(["-O1", "-c", "vec.c", "-o", "vec.o"]) == 0
    assert "(cached)" not in capfd.readouterr().err


def _plant(monkeypatch: pytest.MonkeyPatch, function: str) -> None:
    """A bug in the raising, met in `function` alone."""
    from polylift.passes import raise_affine_to_linalg as raising

    original = raising.RaiseAffineToLinalgPass._raise_function

    def planted(self, func, fallback, run):
        if function in str(func.attributes["sym_name"]):
            raise ArithmeticError("planted fault")
        return original(self, func, fallback, run)

    monkeypatch.setattr(raising.RaiseAffineToLinalgPass, "_raise_function", planted)


def test_a_bug_met_in_one_function_costs_that_function_with_one_warning(
        project: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]):
    _plant(monkeypatch, "norm")
    assert gcc_main(["-O2", "-c", "vec.c", "-o", "vec.o"]) == 0
    err = capfd.readouterr().err.splitlines()
    warnings = [line for line in err if "warning: polylift" in line]
    assert len(warnings) == 1
    assert warnings[0].startswith("vec.c:6: warning: polylift: function 'norm' compiled by gcc: "
                                  "internal error in pass 'raise-affine-to-linalg'")
    assert "reproducer:" in warnings[0] and warnings[0].endswith("[-Werror=polylift]")
    assert "lifted scale, twice, twice_all (3 of 5 functions, host)" in "\n".join(err)
    assert "Traceback" not in "\n".join(err)
    _gcc("-O2", "-c", "vec.c", "-o", "gcc.o")
    assert _exported("vec.o") == _exported("gcc.o")


def test_werror_polylift_makes_the_bug_an_error(project: Path, monkeypatch: pytest.MonkeyPatch,
                                                capfd: pytest.CaptureFixture[str]):
    _plant(monkeypatch, "norm")
    assert gcc_main(["-O2", "-c", "vec.c", "-o", "vec.o", "-Werror=polylift"]) == 1
    assert "vec.c:6: error: polylift: function 'norm'" in capfd.readouterr().err


def test_a_file_the_front_end_cannot_read_is_gccs(project: Path,
                                                 capfd: pytest.CaptureFixture[str]):
    Path("gnu.c").write_text("int f(int x) { return ({ int y = x; y * 2; }); }\n")
    assert gcc_main(["-O2", "-c", "gnu.c", "-o", "gnu.o"]) == 0
    assert "polylift: gnu.c: nothing lifted" in capfd.readouterr().err
    _gcc("-O2", "-c", "gnu.c", "-o", "gcc.o")
    assert _exported("gnu.o") == _exported("gcc.o")


def test_showme_version_and_no_polylift(project: Path, capfd: pytest.CaptureFixture[str]):
    assert gcc_main(["--showme", "-O2", "-c", "vec.c", "-fpolylift-shadow"]) == 0
    assert capfd.readouterr().out.strip() == "gcc -O2 -c vec.c"
    assert gcc_main(["--version"]) == 0
    out = capfd.readouterr().out
    assert out.startswith("polylift-gcc (polylift) ") and "gcc" in out.splitlines()[1]
    assert gcc_main(["-O2", "-c", "vec.c", "-o", "vec.o", "-fno-polylift"]) == 0
    assert capfd.readouterr().err == ""
    _gcc("-O2", "-c", "vec.c", "-o", "gcc.o")
    assert Path("vec.o").read_bytes() == Path("gcc.o").read_bytes()


SILU = """\
#include <math.h>
void silu_{name}(int n, const float *restrict x, float *restrict y) {{
  for (int i = 0; i < n; i++) y[i] = x[i] * (1.0f / (1.0f + expf(-x[i])));
}}
"""
SILU_MAIN = """\
#include <stdio.h>
void silu_a(int n, const float *restrict x, float *restrict y);
void silu_b(int n, const float *restrict x, float *restrict y);
int main(void) {
  float x[37], a[37], b[37];
  for (int i = 0; i < 37; i++) x[i] = (float)(i % 11) / 3.0f - 1.5f;
  silu_a(37, x, a);
  silu_b(37, x, b);
  for (int i = 0; i < 37; i++) printf("%a %a\\n", a[i], b[i]);
  return 0;
}
"""


def test_two_objects_with_one_expression_template_link_and_agree(
        project: Path, capfd: pytest.CaptureFixture[str]):
    """A map no listed template states is an expression template's launch, whose shim
    the lifted object carries as a local symbol: two files with the same expression link
    into one program (no symbol defined twice), which prints gcc's bits."""
    for name in ("a", "b"):
        Path(f"silu_{name}.c").write_text(SILU.format(name=name))
        assert gcc_main(["-O2", "-c", f"silu_{name}.c", "-o", f"silu_{name}.o"]) == 0
        assert f"lifted silu_{name}" in capfd.readouterr().err
        local = subprocess.run(["nm", f"silu_{name}.o"], capture_output=True, text=True,
                               check=True).stdout
        assert any(line.split()[-2:][0] == "t" and "polylift_host_expr_map_" in line
                   for line in local.splitlines()), local
    Path("main.c").write_text(SILU_MAIN)
    # -lm as gcc's link of the same files needs: the sources call expf.
    assert gcc_main(["-O2", "main.c", "silu_a.o", "silu_b.o", "-o", "prog", "-lm"]) == 0
    _gcc("-O2", "main.c", "silu_a.c", "silu_b.c", "-o", "reference", "-lm")
    ours = subprocess.run(["./prog"], capture_output=True, text=True, check=True).stdout
    theirs = subprocess.run(["./reference"], capture_output=True, text=True, check=True).stdout
    assert ours == theirs


def test_assembly_output_is_the_lifted_object_as_text(
        project: Path, capfd: pytest.CaptureFixture[str]):
    """`-S` writes what `-c` builds: gcc's assembly of the file with its stubs, joined
    with the lifted parts (LLVM's assembly, the shim units'), made private to the file.
    A `-c` of the same file first must not answer the `-S` from the cache."""
    assert gcc_main(["-O2", "-c", "vec.c", "-o", "vec.o", "-fpolylift-quiet"]) == 0
    assert gcc_main(["-O2", "-S", "vec.c"]) == 0
    assert "lifted scale, norm, twice, twice_all" in capfd.readouterr().err
    text = Path("vec.s").read_text()
    assert text.startswith("\t.file\t\"vec.c\"") and "_mlir_ciface___polylift_" in text
    _gcc("-c", "vec.s", "-o", "assembled.o")
    _gcc("-O2", "-c", "vec.c", "-o", "gcc.o")
    assert _exported("assembled.o") == _exported("gcc.o")
    # `-o -`: the same text on standard output, once, and no file named `-`.
    assert gcc_main(["-O2", "-S", "vec.c", "-o", "-", "-fpolylift-quiet"]) == 0
    assert capfd.readouterr().out == text and not Path("-").exists()
    for name in ("a", "b"):
        Path(f"silu_{name}.c").write_text(SILU.format(name=name) +
                                          "static float same(float v) { return v; }\n"
                                          f"float keep_{name}(float v) {{ return same(v); }}\n")
        # One with debug information: its numbered `.file` lines meet LLVM's plain one.
        assert gcc_main(["-O2", *(["-g"] if name == "a" else []), "-S", f"silu_{name}.c",
                         "-o", f"silu_{name}.s"]) == 0
        assert f"lifted silu_{name}" in capfd.readouterr().err
        _gcc("-g", "-c", f"silu_{name}.s", "-o", f"silu_{name}.o")
    Path("main.c").write_text(SILU_MAIN)
    assert gcc_main(["-O2", "main.c", "silu_a.o", "silu_b.o", "-o", "prog", "-lm"]) == 0
    _gcc("-O2", "main.c", "silu_a.c", "silu_b.c", "-o", "reference", "-lm")
    ours = subprocess.run(["./prog"], capture_output=True, text=True, check=True).stdout
    theirs = subprocess.run(["./reference"], capture_output=True, text=True, check=True).stdout
    assert ours == theirs


POOL = """\
struct layer { int batch, h, w, c, out_h, out_w, size, stride, pad; float *output; int *at; };
struct net { float *input; };
void pool(const struct layer l, struct net net) {
  int off = -l.pad / 2;
  for (int b = 0; b < l.batch; b++)
    for (int k = 0; k < l.c; k++)
      for (int i = 0; i < l.out_h; i++)
        for (int j = 0; j < l.out_w; j++) {
          int out = j + l.out_w * (i + l.out_h * (k + l.c * b));
          float best = -3.0e38f;
          int at = -1;
          for (int n = 0; n < l.size; n++)
            for (int m = 0; m < l.size; m++) {
              int y = off + i * l.stride + n, x = off + j * l.stride + m;
              int index = x + l.w * (y + l.h * (k + b * l.c));
              int valid = y >= 0 && y < l.h && x >= 0 && x < l.w;
              float v = valid ? net.input[index] : -3.0e38f;
              at = v > best ? index : at;
              best = v > best ? v : best;
            }
          l.output[out] = best;
          l.at[out] = at;
        }
}
"""
POOL_MAIN = """\
#include <stdio.h>
struct layer { int batch, h, w, c, out_h, out_w, size, stride, pad; float *output; int *at; };
struct net { float *input; };
void pool(const struct layer l, struct net net);
int main(void) {
  static float buf[4 * 64], out[48];
  static int at[48];
  for (int i = 0; i < 4 * 64; i++) buf[i] = (float)((i * 37) % 29) - 14.0f;
  struct layer l = {1, 8, 8, 3, 4, 4, 2, 2, 0, out, at};
  pool(l, (struct net){buf});
  pool(l, (struct net){buf + 64});
  l.output = buf;  /* the input read in place starts inside the output */
  pool(l, (struct net){buf + 8});
  for (int i = 0; i < 48; i++) printf("%a %a %d\\n", out[i], buf[i], at[i]);
  return 0;
}
"""


def test_the_shadow_reads_an_array_of_unknown_extent_in_place(project: Path,
                                                              monkeypatch: pytest.MonkeyPatch):
    """A pooling layer's input is read at a subscript whose range the front end cannot
    bound (a flat index under a validity test): the shadow cannot copy it, but neither
    run writes it, so both read it in place and every call is checked; a call whose
    input starts inside the output it writes is skipped (the copies could not show the
    original the aliasing)."""
    Path("pool.c").write_text(POOL)
    Path("main.c").write_text(POOL_MAIN)
    assert gcc_main(["-O2", "-fpolylift-shadow", "-fpolylift-quiet", "pool.c", "main.c",
                     "-o", "prog"]) == 0
    monkeypatch.setenv("POLYLIFT_SHADOW_SUMMARY", "summary.txt")
    ours = subprocess.run(["./prog"], capture_output=True, text=True, check=True).stdout
    _gcc("-O2", "pool.c", "main.c", "-o", "reference")
    theirs = subprocess.run(["./reference"], capture_output=True, text=True, check=True).stdout
    assert ours == theirs
    summary = Path("summary.txt").read_text()
    assert "pool (pool.c:3): 3 calls, 2 checked, 1 skipped, 0 mismatched" in summary, summary
