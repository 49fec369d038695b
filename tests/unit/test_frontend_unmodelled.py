"""System headers the front end does not model (`frontend/c/unmodelled.py`)."""

from __future__ import annotations

from pathlib import Path

from polylift.frontend.c.unmodelled import (
    declare_opaque,
    missing_system_header,
    opaque_type,
    reason_with_headers,
)


def test_only_a_missing_angled_include_is_a_system_header(tmp_path: Path):
    source = tmp_path / "k.c"
    source.write_text('#include <x86intrin.h>\n#include "mine.h"\n')
    included = f"In file included from {source}:1:\n"
    assert missing_system_header(
        f"{included}{source}:1:10: fatal error: x86intrin.h: No such file or directory\n"
        "compilation terminated.\n") == "x86intrin.h"
    assert missing_system_header(
        f"{source}:2:10: fatal error: mine.h: No such file or directory\n") is None
    assert missing_system_header(f"{source}:1:1: error: unterminated #if\n") is None


def test_the_undeclared_type_is_before_the_error_or_at_it_after_a_keyword():
    text = "void f(void) {\n  __m128 x = g();\n}\nstatic float32x4_t h(float32x4_t v);\n"
    assert opaque_type(text, 2, 10) == "__m128"
    assert opaque_type(text, 4, 8) == "float32x4_t"
    assert opaque_type("int f(void) { return ) ; }\n", 1, 22) is None
    assert opaque_type(text, 9, 1) is None


def test_opaque_types_come_first_and_keep_the_files_lines():
    text = '# 1 "k.c"\nvoid f(void);\n'
    declared = declare_opaque(text, ["__m128"])
    assert declared.endswith(text)
    assert "typedef struct __polylift_opaque___m128 __m128;" in declared


def test_a_reason_names_the_headers_only_where_it_is_about_their_names():
    headers = ("xmmintrin.h",)
    assert reason_with_headers("unsupported type '__m128'", ["__m128"], headers) == (
        "unsupported type '__m128' (the file includes <xmmintrin.h>, which polylift does "
        "not model)")
    assert "xmmintrin" in reason_with_headers(
        "unsupported call to '_mm_add_ps', which is declared nowhere", [], headers)
    assert reason_with_headers("unsupported while loop", ["__m128"], headers) == \
        "unsupported while loop"
    assert reason_with_headers("unsupported type '__m128'", ["__m128"], ()) == \
        "unsupported type '__m128'"
