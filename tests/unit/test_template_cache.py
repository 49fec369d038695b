"""The on-disk cache of the template library and of its parser (`tdl/disk_cache.py`).

A second load of unchanged files parses nothing; editing a built-in or a user template
file makes the next load parse again; a broken or unwritable cache is no cache.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from polylift.tdl import disk_cache, library, parser

ROOT = Path(__file__).resolve().parents[2]
USER_TEMPLATE = """\
template user.twice {
  doc "y = 2 * x"
  types f64
  array y[n] out
  array x[n] in
  compute { y[i] = 2 * x[i] }
  launch twice
  shim n, x, y
  backends ref
  accuracy exact
  cost flops n bytes esize*2*n
}
"""


@pytest.fixture
def parses(monkeypatch, tmp_path):
    """A fresh cache directory and no library in memory; counts the files parsed."""
    monkeypatch.setenv(disk_cache.ENV_VAR, str(tmp_path / "cache"))
    library._load.cache_clear()
    parsed: list[str] = []
    real = parser.parse_templates

    def counting(text, file="<templates>"):
        parsed.append(Path(file).name)
        return real(text, file)

    monkeypatch.setattr(parser, "parse_templates", counting)
    yield parsed
    library._load.cache_clear()


def _reload(extra=()):
    library._load.cache_clear()  # a new process: nothing in memory
    return library.load_library(extra)


def test_a_second_load_parses_nothing(parses):
    first = _reload()
    assert sorted(parses) == sorted(p.name for p in library.BUILTIN_DIR.glob("*.tpl"))
    parses.clear()
    second = _reload()
    assert parses == []
    assert second.templates == first.templates and second.files == first.files


def test_editing_a_builtin_template_parses_again(parses, monkeypatch, tmp_path):
    builtin = tmp_path / "templates"
    shutil.copytree(library.BUILTIN_DIR, builtin)
    monkeypatch.setattr(library, "BUILTIN_DIR", builtin)
    _reload()
    parses.clear()
    blas1 = builtin / "blas1.tpl"
    blas1.write_text(blas1.read_text().replace('doc "y = x"', 'doc "y := x"'))
    edited = _reload()
    # The library's key holds every file: one edited, all parse again.
    assert parses == sorted(p.name for p in builtin.glob("*.tpl"))
    assert "blas1.tpl" in parses and len(parses) >= 8
    assert edited.templates["blas.copy"].ast.doc == "y := x"


def test_editing_a_user_template_parses_again(parses, tmp_path):
    user = tmp_path / "mine"
    user.mkdir()
    (user / "twice.tpl").write_text(USER_TEMPLATE)
    _reload()
    assert "user.twice" in _reload([user]).templates
    parses.clear()
    assert _reload([user]).templates["user.twice"].ast.doc == "y = 2 * x"
    assert parses == []
    (user / "twice.tpl").write_text(USER_TEMPLATE.replace("y = 2 * x", "y = x + x"))
    assert _reload([user]).templates["user.twice"].ast.doc == "y = x + x"
    assert "twice.tpl" in parses
    # The built-in library alone is still a hit: user directories key their own entry.
    parses.clear()
    _reload()
    assert parses == []


def test_a_broken_entry_is_parsed_again(parses, tmp_path):
    expected = _reload().templates
    entries = list((tmp_path / "cache").glob("library-*.bin"))
    assert len(entries) == 1
    entries[0].write_bytes(b"not a pickle")
    parses.clear()
    assert _reload().templates == expected
    assert parses, "the broken entry must be rebuilt"


def test_an_unwritable_cache_is_no_cache(parses, monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv(disk_cache.ENV_VAR, str(blocker / "cache"))
    _reload()
    parses.clear()
    assert "blas.gemm" in _reload().templates
    assert parses, "nothing was stored, so the second load parses again"


def test_an_empty_variable_turns_the_cache_off(monkeypatch):
    monkeypatch.setenv(disk_cache.ENV_VAR, "")
    assert disk_cache.cache_dir() is None


def test_the_cache_directory_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv(disk_cache.ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert disk_cache.cache_dir() == tmp_path / "polylift"
    # A relative XDG_CACHE_HOME is invalid by the convention: the default applies.
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    assert disk_cache.cache_dir() == Path.home() / ".cache" / "polylift"


def test_the_parser_is_built_once(monkeypatch, tmp_path):
    monkeypatch.setenv(disk_cache.ENV_VAR, str(tmp_path))
    builds = []
    real = parser._build_parser
    monkeypatch.setattr(parser, "_build_parser", lambda text: builds.append(1) or real(text))
    try:
        parser._parser.cache_clear()
        first = parser.parse_templates(USER_TEMPLATE, "twice.tpl")
        parser._parser.cache_clear()
        second = parser.parse_templates(USER_TEMPLATE, "twice.tpl")
    finally:
        parser._parser.cache_clear()
    assert builds == [1]
    assert first == second and second[0].span == first[0].span


def test_a_warm_polylift_opt_loads_no_parser(tmp_path):
    """End to end: the second process matches with the cached library and never
    imports lark."""
    source = ROOT / "tests" / "lit" / "passes" / "match-kernels-blas1.mlir"
    code = ("import sys\n"
            "from polylift.cli.opt import run_opt\n"
            f"status = run_opt([{str(source)!r}, '--split-input-file', '--match-kernels', "
            f"'-o', {str(tmp_path / 'out.mlir')!r}])\n"
            "print(status, 'lark' in sys.modules)\n")
    env = {"PATH": "/usr/bin:/bin", disk_cache.ENV_VAR: str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True).stdout.split() for _ in range(2)]
    assert runs == [["0", "True"], ["0", "False"]]


def test_the_entry_holds_what_matching_derives_of_each_template(parses):
    """Ranking and indexing the library read derived facts of every template; the entry
    carries them computed (`library.settle`), equal to what the AST gives afresh."""
    _reload()
    parses.clear()
    cached = _reload()
    assert parses == []
    derived = library.SETTLED
    for tpl in cached.templates.values():
        held = vars(tpl)
        assert set(derived) <= set(held), tpl.name
        fresh = library.KernelTemplate(tpl.ast)
        assert all(getattr(fresh, name) == held[name] for name in derived), tpl.name
