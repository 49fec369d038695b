"""Function definitions found in gcc's preprocessed text, and the edits made there.

Most cases run the real `gcc -E` on small files in a temporary directory, since the
driver reads exactly that output; the edits are then compiled (`gcc -c` of the `.i`) and
checked with `nm` and with gcc's own diagnostics, which must still name the original
file, line and column. Hand-written texts cover what gcc does not write itself (odd
markers, two definitions on a line, a return type the scan must refuse).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from polylift.frontend.c.definitions import (
    NEAR_LINES,
    Definition,
    find_definition,
    renamed,
    rewrite,
    with_body,
)

needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None or shutil.which("nm") is None,
                               reason="needs gcc and nm")

_C_LOCALE = {**os.environ, "LC_ALL": "C"}  # gcc's messages in plain ASCII quotes
_WARNING = re.compile(r"^(?P<where>[^:\s]+:\d+:\d+): warning: (?P<message>.*)$", re.M)


def preprocess(tmp: Path, files: dict[str, str], *flags: str, main: str = "a.c") -> str:
    """`gcc -E` of `main` among `files` (written under `tmp`), run from `tmp`."""
    for name, code in files.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(code)
    done = subprocess.run(["gcc", "-E", *flags, main], cwd=tmp, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def compile_i(tmp: Path, text: str, name: str = "out") -> tuple[dict[str, str], list[str]]:
    """The symbols (name to nm's type letter) and warnings of `text` compiled as a `.i`."""
    (tmp / f"{name}.i").write_text(text)
    done = subprocess.run(["gcc", "-c", "-Wall", "-O0", f"{name}.i", "-o", f"{name}.o"],
                          cwd=tmp, capture_output=True, text=True, check=False, env=_C_LOCALE)
    assert done.returncode == 0, done.stderr
    nm = subprocess.run(["nm", f"{name}.o"], cwd=tmp, capture_output=True, text=True,
                        check=True)
    symbols = {parts[-1]: parts[-2] for parts in map(str.split, nm.stdout.splitlines())}
    warnings = [f"{m['where']}: {m['message']}" for m in _WARNING.finditer(done.stderr)]
    return symbols, warnings


def line_of(code: str, needle: str) -> int:
    """The 1-based line of `code` where `needle` first occurs."""
    return code[:code.index(needle)].count("\n") + 1


def found(text: str, name: str, file: str, line: int, **kw: object) -> Definition:
    """The definition, which must be there."""
    definition = find_definition(text, name, file, line, **kw)  # type: ignore[arg-type]
    assert definition is not None, f"{name} at {file}:{line} not found"
    assert definition.name == name
    assert text[definition.name_start:definition.name_end] == name
    return definition


# --- Line markers ----------------------------------------------------------------------


def test_marker_forms_and_lines_counting_up_between_them():
    # Two definitions of one name a line or two apart: only the exact line tells them apart.
    text = ('# 12 "src/gemm.c"\n'
            "int a(void) { return 12; }\n"
            "\n"
            "int a(void) { return 14; }\n"
            '# 40 "src/gemm.c" 2\n'
            "int a(void) { return 40; }\n"
            "int a(void) { return 41; }\n"
            '#line 70 "x.c"\n'
            "int a(void) { return 70; }\n"
            "#line 90\n"                          # the file kept
            "int a(void) { return 90; }\n"
            "#pragma weak a\n"                    # a directive line counts
            "int a(void) { return 92; }\n")
    for file, line in [("src/gemm.c", 12), ("src/gemm.c", 14), ("src/gemm.c", 40),
                       ("src/gemm.c", 41), ("x.c", 70), ("x.c", 90), ("x.c", 92)]:
        assert found(text, "a", file, line).body(text) == f"{{ return {line}; }}"
    assert find_definition(text, "a", "src/gemm.c", 13) is None   # 12 and 14 as near
    assert find_definition(text, "a", "x.c", 91) is None
    assert find_definition(text, "a", "src/gemm.c", 70) is None


def test_escaped_file_names_in_markers_are_decoded():
    text = '# 3 "C:\\\\src\\\\say \\"hi\\".c"\nint f(void) { return 0; }\n'
    assert found(text, "f", 'C:\\src\\say "hi".c', 3).start == text.index("int f")


@needs_gcc
def test_file_names_match_once_normalised(tmp_path: Path):
    files = {"src/gemm.c": '#include "x.h"\nvoid g(void) { h(); }\n',
             "src/x.h": "static void h(void) { }\n"}
    text = preprocess(tmp_path, files, main="./src/gemm.c")
    assert '"./src/gemm.c"' in text
    assert found(text, "g", "src/gemm.c", 2)
    assert found(text, "g", "./src/../src/gemm.c", 2)
    assert found(text, "h", "src/x.h", 1)
    assert found(text, "h", "./src/x.h", 1)


def test_a_hash_line_inside_a_comment_is_no_marker():
    text = ('# 1 "a.c"\n'
            "/* a comment\n"
            '# 100 "other.c"\n'
            "*/\n"
            "int f(void) { return 4; }\n"
            "int f(void) { return 5; }\n")
    assert found(text, "f", "a.c", 4).body(text) == "{ return 4; }"
    assert find_definition(text, "f", "other.c", 101) is None


@needs_gcc
def test_a_marker_inside_a_declaration_stays_in_its_header(tmp_path: Path):
    # A long comment between the type and the name makes gcc resync with a marker there.
    code = "static int\n/*\n\n\n\n\n\n\n\n\n*/\nspread(int x)\n{\n  return x;\n}\n"
    text = preprocess(tmp_path, {"a.c": code})
    d = found(text, "spread", "a.c", line_of(code, "spread"))
    assert '# 12 "a.c"' in d.header(text)
    assert d.header(text).startswith("static int\n")


# --- Where the name may be -------------------------------------------------------------


def test_a_nearby_line_is_accepted_when_the_match_is_unique():
    text = '# 1 "a.c"\nint\nf(void)\n{ return 0; }\n'      # the name on line 2
    assert found(text, "f", "a.c", 1).name_start == text.index("f(void)")
    assert found(text, "f", "a.c", 2 + NEAR_LINES)
    assert find_definition(text, "f", "a.c", 3 + NEAR_LINES) is None   # a wrong line


def test_two_nearby_candidates_are_refused_but_an_exact_line_wins():
    text = ('# 1 "a.c"\n'
            "int f(void) { return 1; }\n"      # line 1
            "\n"
            "int f(void) { return 2; }\n")     # line 3
    assert find_definition(text, "f", "a.c", 2) is None
    assert found(text, "f", "a.c", 3).body(text) == "{ return 2; }"


def test_two_definitions_on_one_line_are_told_apart_only_by_column():
    text = '# 7 "a.c"\nint foo(void) { return 1; } int foo(void) { return 2; }\n'
    assert find_definition(text, "foo", "a.c", 7) is None
    second = text.rindex("foo") - text.index("int foo") + 1
    assert found(text, "foo", "a.c", 7, column=5).body(text) == "{ return 1; }"
    assert found(text, "foo", "a.c", 7, column=second).body(text) == "{ return 2; }"
    assert find_definition(text, "foo", "a.c", 7, column=3) is None


@needs_gcc
def test_the_name_is_a_whole_identifier(tmp_path: Path):
    code = ("int foo_impl(void) { return 1; }\n"
            "int my_foo(void) { return 2; }\n"
            "\n\n\n\n\n"
            "int foo (void) { return 3; }\n")      # line 8
    text = preprocess(tmp_path, {"a.c": code})
    assert find_definition(text, "foo", "a.c", 1) is None
    assert find_definition(text, "foo", "a.c", 2) is None
    assert found(text, "foo", "a.c", 8).body(text) == "{ return 3; }"
    assert found(text, "foo_impl", "a.c", 1).body(text) == "{ return 1; }"


@needs_gcc
def test_prototypes_calls_and_declarations_are_no_definitions(tmp_path: Path):
    code = ("int foo(int);\n"
            "extern int foo(int) __attribute__((pure));\n"
            "typedef int T;\n"
            "int bar(T, T);\n"
            "int (*fp)(int) = foo;\n"
            "int main(void) { return foo(1) + bar(1, 2); }\n")
    text = preprocess(tmp_path, {"a.c": code})
    for line in (1, 2):
        assert find_definition(text, "foo", "a.c", line) is None
    assert find_definition(text, "bar", "a.c", 4) is None
    assert find_definition(text, "fp", "a.c", 5) is None
    assert found(text, "main", "a.c", 6).body(text) == "{ return foo(1) + bar(1, 2); }"


@needs_gcc
def test_a_parenthesised_declarator_is_not_supported(tmp_path: Path):
    code = "static void g(void) { }\nvoid (*f(int x))(void) { return g; }\n"
    text = preprocess(tmp_path, {"a.c": code})
    assert find_definition(text, "f", "a.c", 2) is None
    assert found(text, "g", "a.c", 1)


@needs_gcc
def test_a_header_definition_of_the_same_name_is_not_the_one_asked_for(tmp_path: Path):
    header = "static inline int helper(int x)\n{\n  return x + 1;\n}\n"
    code = '#include "h.h"\nint use(int x) { return helper(x); }\n'
    text = preprocess(tmp_path, {"a.c": code, "h.h": header})
    assert find_definition(text, "helper", "a.c", 1) is None
    d = found(text, "helper", "h.h", 1)
    assert d.header(text) == "static inline int helper(int x)\n"
    assert found(text, "use", "a.c", 2).start == text.index("int use")


def test_the_same_name_in_two_files_goes_by_file():
    text = ('# 1 "h.h" 1\nint foo(void) { return 1; }\n'
            '# 5 "a.c" 2\nint foo(void) { return 2; }\n')
    assert found(text, "foo", "a.c", 5).body(text) == "{ return 2; }"
    assert found(text, "foo", "h.h", 1).body(text) == "{ return 1; }"
    assert find_definition(text, "foo", "a.c", 1) is None


# --- Macros ----------------------------------------------------------------------------


@needs_gcc
def test_a_name_a_macro_made_is_refused_given_the_source(tmp_path: Path):
    code = ("#define DEF(n) void n(void) { }\n"
            "#define NAME(n) n##_impl\n"
            "#define BODY { return 2; }\n"
            "DEF(foo)\n"
            "int NAME(bar)(void) { return 1; }\n"
            "int baz(void) BODY\n")
    text = preprocess(tmp_path, {"a.c": code})
    assert find_definition(text, "foo", "a.c", 4, source=code) is None
    assert find_definition(text, "bar_impl", "a.c", 5, source=code) is None
    d = found(text, "baz", "a.c", 6, source=code)   # only the body came from a macro
    assert d.body(text) == "{ return 2; }"


@needs_gcc
def test_without_the_source_a_macro_made_name_reads_as_written(tmp_path: Path):
    # The limit of the text alone: gcc -E leaves no trace of the expansion.
    code = "#define DEF(n) void n(void) { }\nDEF(foo)\n"
    text = preprocess(tmp_path, {"a.c": code})
    assert found(text, "foo", "a.c", 2).header(text) == "void foo(void) "


@needs_gcc
def test_lines_a_macro_call_joins_or_splits(tmp_path: Path):
    code = ("#define ADD(a, b) \\\n  ((a) + \\\n   (b))\n"
            "#define RET(t) t\n"
            "int baz(int q) { return ADD(q,\n"
            "                            q); } int after(void) { return 1; }\n"
            "RET(int\n"
            "    ) shifted(void) { return 0; }\n")
    text = preprocess(tmp_path, {"a.c": code})
    assert found(text, "baz", "a.c", 5).body(text).replace(" ", "").replace("\n", "") == \
        "{return((q)+(q));}"
    assert found(text, "after", "a.c", 6).body(text) == "{ return 1; }"
    shifted = found(text, "shifted", "a.c", 8)
    assert shifted.header(text).split() == ["int", "shifted(void)"]


# --- Declarations ----------------------------------------------------------------------


@needs_gcc
def test_specifiers_and_return_types_start_the_declaration(tmp_path: Path):
    code = ("struct s { int a; };\n"
            "static int f1(void) { return 1; }\n"
            "inline int f2(void) { return 2; }\n"
            "static inline float f3(float x) { return x; }\n"
            "extern unsigned long long f4(void) { return 4ULL; }\n"
            "__attribute__((noinline)) static const char *f5(void) { return \"}\"; }\n"
            "struct s f6(void) { struct s v = { 6 }; return v; }\n"
            "void f7(void) { }\n"
            "int f8(int a) __attribute__((hot)); int f8(int a) { return a; }\n"
            "__attribute__((section(\".text.x)\"))) int f9(void) { return 9; }\n")
    text = preprocess(tmp_path, {"a.c": code}, "-std=gnu11")
    expected = {
        "f1": "static int f1(void) ", "f2": "inline int f2(void) ",
        "f3": "static inline float f3(float x) ",
        "f4": "extern unsigned long long f4(void) ",
        "f5": "__attribute__((noinline)) static const char *f5(void) ",
        "f6": "struct s f6(void) ", "f7": "void f7(void) ", "f8": "int f8(int a) ",
        "f9": "__attribute__((section(\".text.x)\"))) int f9(void) ",
    }
    for line, (name, header) in enumerate(expected.items(), start=2):
        assert found(text, name, "a.c", line).header(text) == header
    assert found(text, "f5", "a.c", 6).body(text) == '{ return "}"; }'


@needs_gcc
def test_pragmas_and_comments_before_a_definition_are_not_its_start(tmp_path: Path):
    code = ("#define SIMD _Pragma(\"omp declare simd\")\n"
            "int x;\n"
            "#pragma omp declare simd\n"
            "/* the doc */ float twice(float v) { return 2 * v; }\n"
            "SIMD int thrice(int v) { return 3 * v; }\n")
    text = preprocess(tmp_path, {"a.c": code}, "-C")
    assert found(text, "twice", "a.c", 4).header(text) == "float twice(float v) "
    assert found(text, "thrice", "a.c", 5).header(text) == "int thrice(int v) "
    assert "#pragma omp declare simd" in text[:found(text, "thrice", "a.c", 5).start]


def test_attributes_after_the_parameters():
    text = ('# 1 "a.c"\nint f(int a) __attribute__((hot)) __attribute__((cold))\n'
            "{ return a; }\n")
    d = found(text, "f", "a.c", 1)
    assert d.header(text).endswith("__attribute__((cold))\n")
    assert d.body(text) == "{ return a; }"


@needs_gcc
def test_a_struct_in_the_return_type_is_part_of_the_declaration(tmp_path: Path):
    code = ("int before(void) { return 0; }\n"
            "struct s { int a; } make(void) { struct s v = { 1 }; return v; }\n"
            "enum __attribute__((packed)) e { A, B } pick(void) { return B; }\n"
            "static union { int i; float f; } anon(void) { return (union { int i; float f; })"
            "{ 1 }.i ? anon() : anon(); }\n")
    text = preprocess(tmp_path, {"a.c": code}, "-std=gnu11", "-w")
    make = found(text, "make", "a.c", 2)
    assert make.header(text) == "struct s { int a; } make(void) "
    assert found(text, "pick", "a.c", 3).header(text).startswith("enum __attribute__")
    assert found(text, "anon", "a.c", 4).header(text).startswith("static union {")


def test_a_brace_closing_something_unknown_is_refused_not_guessed():
    # `}` before the name closes neither a function nor a type: the start cannot be told.
    text = '# 1 "a.c"\nint x[] = { 1, 2 } int f(void) { return 0; }\n'
    assert find_definition(text, "f", "a.c", 1) is None
    text = '# 1 "a.c"\nint x = 1, f(void) { return 0; }\n'
    assert find_definition(text, "f", "a.c", 1) is None


@needs_gcc
def test_k_and_r_definitions(tmp_path: Path):
    code = ("int k(a, b)\n  int a;\n  register int b;\n{\n  return a + b;\n}\n"
            "int g(p) char *p; { return *p; }\n"
            "int proto(a, b);\n")
    text = preprocess(tmp_path, {"a.c": code})
    k = found(text, "k", "a.c", 1)
    assert k.header(text) == "int k(a, b)\n  int a;\n  register int b;\n"
    assert k.body(text) == "{\n  return a + b;\n}"
    assert found(text, "g", "a.c", 7).header(text) == "int g(p) char *p; "
    assert find_definition(text, "proto", "a.c", 8) is None


# --- Bodies ----------------------------------------------------------------------------


@needs_gcc
def test_bodies_with_braces_in_literals_comments_blocks_and_pragmas(tmp_path: Path):
    code = ("int tricky(int n)\n"
            "{\n"
            "  const char *s = \"}{\\\"}\"; char c = '}'; char q = '\\''; /* } */\n"
            "  // }\n"
            "  int t = ({ int u = n; { u += 1; } u; });\n"
            "#pragma GCC unroll 4\n"
            "  for (int i = 0; i < n; i++) { if (i) { t += s[0] + c + q; } }\n"
            "  return t;\n"
            "}\n"
            "int next(void) { return '{'; }\n")
    text = preprocess(tmp_path, {"a.c": code}, "-C")
    d = found(text, "tricky", "a.c", 1)
    assert d.body(text).endswith("return t;\n}")
    assert "#pragma GCC unroll 4" in d.body(text)
    assert "/* } */" in d.body(text)
    assert found(text, "next", "a.c", 10).body(text) == "{ return '{'; }"


def test_unbalanced_text_is_refused():
    text = '# 1 "a.c"\nint f(void) { return 0;\n'
    assert find_definition(text, "f", "a.c", 1) is None


@needs_gcc
def test_header_body_renamed_and_with_body(tmp_path: Path):
    code = "static int foo(int x) /* foo */ { return foo(x - 1); }\nint z;\n"
    text = preprocess(tmp_path, {"a.c": code}, "-C")
    d = found(text, "foo", "a.c", 1)
    assert d.header(text) == "static int foo(int x) /* foo */ "
    assert d.body(text) == "{ return foo(x - 1); }"
    assert renamed(text, d, "foo_orig") == \
        "static int foo_orig(int x) /* foo */ { return foo(x - 1); }"
    assert with_body(text, d, "{ return 42; }") == \
        "static int foo(int x) /* foo */ { return 42; }"


# --- Rewriting -------------------------------------------------------------------------


def test_overlapping_or_foreign_edits_are_refused():
    text = '# 1 "a.c"\nint f(void) { return 1; }\nint g(void) { return 2; }\n'
    f = found(text, "f", "a.c", 1)
    with pytest.raises(ValueError, match="overlap"):
        rewrite(text, [(f, "int f(void) { }"), (f, "int f(void) { }")])
    with pytest.raises(ValueError, match="not one of this text"):
        rewrite("x" + text, [(f, "int f(void) { }")])


def test_edits_apply_in_text_order_and_markers_follow_each():
    text = '# 1 "a.c"\nint f(void) { return 1; }\nint g(void) { return 2; }\nint z;\n'
    f, g = found(text, "f", "a.c", 1), found(text, "g", "a.c", 2)
    out = rewrite(text, [(g, with_body(text, g, "{\n  return 20;\n}")),
                         (f, with_body(text, f, "{ return 10; }"))])
    assert out == ('# 1 "a.c"\nint f(void) { return 10; }\n# 2 "a.c"\n'
                   'int g(void) {\n  return 20;\n}\n# 3 "a.c"\nint z;\n')


def test_an_edit_at_the_end_of_the_text_and_no_edit_at_all():
    text = '# 1 "a.c"\nint z;\nint f(void) { return 1; }'
    f = found(text, "f", "a.c", 2)
    assert rewrite(text, [(f, "int f(void) { return 2; }")]) == \
        '# 1 "a.c"\nint z;\nint f(void) { return 2; }\n'
    assert rewrite(text, []) == text


def test_a_system_header_keeps_its_flag_after_an_edit():
    text = ('# 1 "/usr/include/x.h" 1 3 4\nint f(void) { return 1; } int y;\n'
            '# 2 "a.c" 2\nint z;\n')
    f = found(text, "f", "/usr/include/x.h", 1)
    out = rewrite(text, [(f, "int f(void) { return 2; }")])
    assert '\n# 1 "/usr/include/x.h" 3 4\n' in out
    assert out.endswith("int y;\n# 2 \"a.c\" 2\nint z;\n")


_PROGRAM = """\
#include "h.h"
#define SQUARE(x) ((x) * (x))

int edited(int x)
{
  int y = SQUARE(x);
  return y + helper(x);
}
int after(void) { int unused_a; return 0; }
int one(void) { return 1; } int same_line(void) { int unused_b; return 0; }
static int local(int v)
{
  return v;
}
int tail(void) { int unused_c; return local(3); }
"""

_HEADER = "static inline int helper(int x)\n{\n  return x + 1;\n}\n"


@needs_gcc
def test_edits_compile_and_keep_the_symbols(tmp_path: Path):
    text = preprocess(tmp_path, {"a.c": _PROGRAM, "h.h": _HEADER})
    edited = found(text, "edited", "a.c", 4)
    local = found(text, "local", "a.c", 11)
    stub = with_body(text, edited, "{ return 42; }")
    out = rewrite(text, [(edited, renamed(text, edited, "edited_orig") + "\n" + stub),
                         (local, with_body(text, local, "{ return v + 1; }"))])
    symbols, _ = compile_i(tmp_path, out)
    assert symbols["edited"] == "T" and symbols["edited_orig"] == "T"
    assert symbols["local"] == "t" and symbols["tail"] == "T"
    assert "{ return 42; }" in out and "{ return v + 1; }" in out


@needs_gcc
def test_diagnostics_after_an_edit_keep_file_line_and_column(tmp_path: Path):
    text = preprocess(tmp_path, {"a.c": _PROGRAM, "h.h": _HEADER})
    _, before = compile_i(tmp_path, text, "before")
    edited = found(text, "edited", "a.c", 4)
    one = found(text, "one", "a.c", 10)
    local = found(text, "local", "a.c", 11)
    long_body = "{\n" + "  ;\n" * 12 + "  return 1;\n}"
    out = rewrite(text, [(edited, with_body(text, edited, "{ return 42; }")),
                         (one, with_body(text, one, long_body)),
                         (local, renamed(text, local, "local_orig") + "\n"
                          + with_body(text, local, "{\n\n\n\n return v; }"))])
    _, after = compile_i(tmp_path, out, "after")
    # The renamed copy is unused: gcc says so where the original definition was.
    assert after == before + ["a.c:11:12: 'local_orig' defined but not used "
                              "[-Wunused-function]"]
    assert any(w.startswith("a.c:9:") and "unused_a" in w for w in after)
    column = _PROGRAM.splitlines()[9].index("unused_b") + 1
    assert any(w.startswith(f"a.c:10:{column}:") and "unused_b" in w for w in after)
    assert any(w.startswith("a.c:15:") and "unused_c" in w for w in after)


@needs_gcc
def test_a_warning_inside_a_stub_points_at_the_definition(tmp_path: Path):
    text = preprocess(tmp_path, {"a.c": _PROGRAM, "h.h": _HEADER})
    edited = found(text, "edited", "a.c", 4)
    out = rewrite(text, [(edited, with_body(text, edited, "{ int unused_s; return x; }"))])
    _, warnings = compile_i(tmp_path, out)
    stub = [w for w in warnings if "unused_s" in w]
    assert len(stub) == 1 and stub[0].startswith("a.c:5:")
