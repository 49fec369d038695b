"""gcc's command line as the driver reads it (`driver/command_line.py`)."""

from __future__ import annotations

from pathlib import Path

from polylift.driver.command_line import (
    ASSEMBLY,
    INFO,
    LINK,
    OBJECT,
    PREPROCESS,
    expand_response_files,
    fp_semantics_flags,
    parse,
)


def test_a_compile_names_its_source_output_and_polylift_flags():
    cmd = parse(["-O2", "-Iinclude/", "-I", "src", "-c", "-o", "obj/gemm.o", "src/gemm.c",
                 "-DGPU=0", "-fpolylift-shadow", "-MMD", "-MF", "obj/gemm.d", "-fPIC",
                 "-Werror=polylift", "-lm"])
    assert cmd.mode == OBJECT and cmd.output == "obj/gemm.o"
    assert [s.path for s in cmd.sources] == ["src/gemm.c"]
    assert cmd.polylift == ("-fpolylift-shadow", "-Werror=polylift")
    assert "-fpolylift-shadow" not in cmd.args and "-Werror=polylift" not in cmd.args
    assert cmd.cpp_args() == ("-O2", "-Iinclude/", "-I", "src", "-DGPU=0", "-fPIC")
    # Compiling gcc's preprocessed text takes neither the preprocessor's options nor the
    # dependency output nor the mode.
    assert cmd.compile_args() == ["-O2", "-fPIC", "-lm"]


def test_modes_follow_gcc():
    assert parse(["-E", "a.c"]).mode == PREPROCESS
    assert parse(["-MM", "a.c"]).mode == PREPROCESS
    assert parse(["-S", "a.c"]).mode == ASSEMBLY
    assert parse(["a.c", "b.o", "-o", "prog"]).mode == LINK
    assert parse(["--version"]).mode == INFO
    assert parse(["-dumpmachine"]).mode == INFO


def test_languages_follow_x_and_suffixes():
    cmd = parse(["-c", "a.c", "-x", "c", "b.inc", "-x", "none", "c.cpp", "d.S", "-"])
    languages = {i.path: i.language for i in cmd.inputs}
    assert languages == {"a.c": "c", "b.inc": "c", "c.cpp": "cpp", "d.S": "S", "-": "?"}
    assert [s.path for s in cmd.sources] == ["a.c", "b.inc"]  # stdin is gcc's alone


def test_an_attached_output_and_option_values_that_look_like_inputs():
    cmd = parse(["-oprog", "main.c", "-L", "lib", "-l", "m", "-include", "cfg.h"])
    assert cmd.output == "prog"
    assert [i.path for i in cmd.inputs] == ["main.c"]


def test_response_files_expand_with_quotes_and_nesting(tmp_path: Path):
    inner = tmp_path / "inner.rsp"
    inner.write_text("-DNAME='a b' \"-Ix y\"\n")
    outer = tmp_path / "outer.rsp"
    outer.write_text(f"-O2 @{inner} src/a.c\n")
    assert expand_response_files([f"@{outer}", "-c"]) == ["-O2", "-DNAME=a b", "-Ix y",
                                                          "src/a.c", "-c"]
    # A word that names no file stays a word, as gcc keeps it.
    assert expand_response_files(["@missing"]) == ["@missing"]


def test_without_drops_inputs_and_the_output_only():
    cmd = parse(["-O2", "a.c", "-o", "a.o", "-c", "-MD"])
    assert cmd.without() == ["-O2", "-c", "-MD"]
    assert cmd.without(lambda o: o.word == "-MD") == ["-O2", "-c"]


def test_the_flags_that_change_floating_point_are_read_as_gcc_reads_them():
    assert fp_semantics_flags(["-Ofast", "-c", "x.c"]) == ("-Ofast",)
    assert fp_semantics_flags(["-O3", "-ffast-math", "-fno-fast-math"]) == ()
    assert fp_semantics_flags(["-Ofast", "-O2", "-ffp-contract=fast"]) == ("-ffp-contract=fast",)
    assert fp_semantics_flags(["-ffp-contract=fast", "-ffp-contract=off"]) == ()
    assert fp_semantics_flags(["-fno-signed-zeros", "-fsigned-zeros", "-freciprocal-math"]) \
        == ("-freciprocal-math",)
    assert fp_semantics_flags(["-O2", "-ffp-contract=off", "-lm"]) == ()
