"""The template library: every file parses and checks; errors point at the right place."""

from pathlib import Path

import pytest

from polylift.tdl.checks import check_template
from polylift.tdl.library import BUILTIN_DIR, load_files, load_library
from polylift.tdl.parser import TemplateError, parse_templates


def test_every_template_file_parses_and_checks():
    files = sorted(BUILTIN_DIR.glob("*.tpl"))
    assert len(files) >= 3
    for path in files:
        for tpl in parse_templates(path.read_text(), str(path)):
            check_template(tpl, path.read_text())
    assert "blas.gemm" in load_library().templates


def test_library_api_describes_gemm():
    gemm = load_library().templates["blas.gemm"]
    assert [(p.name, p.kind, p.rank, p.role) for p in gemm.params] == [
        ("C", "array", 2, "inout"), ("A", "array", 2, "in"), ("B", "array", 2, "in"),
        ("alpha", "scalar", 0, "in"), ("beta", "scalar", 0, "in")]
    assert [(s.name, s.array, s.dim) for s in gemm.sizes] == [
        ("m", "C", 0), ("n", "C", 1), ("k", "A", 1)]
    assert [a.name for a in gemm.shim_args] == [
        "m", "n", "k", "alpha", "A", "ldA", "B", "ldB", "beta", "C", "ldC"]
    assert gemm.accuracy == ("reassoc", "((2 * k) + 64)")
    assert gemm.ulp_bound({"m": 2, "n": 3, "k": 1200}) == 2 * 1200 + 64
    assert gemm.cost({"m": 2, "n": 3, "k": 4}, "f64")[0] == 2 * 2 * 3 * 4 + 2 * 2 * 3
    assert gemm.callee("f32") == "gemm_f32"


def test_planted_syntax_error_reports_line_and_column(tmp_path: Path):
    text = (BUILTIN_DIR / "blas1.tpl").read_text()
    broken = text.replace("compute { y[i] = x[i] }", "compute { y[i] = x[i] * }", 1)
    line = broken.splitlines().index("  compute { y[i] = x[i] * }") + 1
    (tmp_path / "bad.tpl").write_text(broken)
    with pytest.raises(TemplateError) as info:
        load_files([tmp_path / "bad.tpl"])
    rendered = info.value.render()
    assert rendered.startswith(f"{tmp_path / 'bad.tpl'}:{line}:27: error: unexpected '}}'")
    assert rendered.splitlines()[-1] == " " * 26 + "^"


@pytest.mark.parametrize("body, message, col", [
    ("array y[n] in\n  compute { y[i] = 1 }", "array 'y' is declared 'in' but the "
     "computation makes it 'out'", 3),
    ("array y[n] out\n  compute { y[i] = z[i] }", "'z' is not an array parameter", 20),
    ("array y[n] out\n  array x[m, n] in\n  compute { y[i] = x[i, k] }",
     "'=' step reduces over 'k'", 13),
])
def test_semantic_errors_name_the_node(body: str, message: str, col: int):
    text = (f"template t.bad {{\n  {body}\n  types f64\n  launch bad\n  shim n\n"
            "  backends ref\n  accuracy exact\n  cost flops n bytes n\n}\n")
    tpl = parse_templates(text, "t.tpl")[0]
    with pytest.raises(TemplateError) as info:
        check_template(tpl, text)
    assert message in info.value.message
    assert info.value.loc is not None and info.value.loc.col == col


def test_shared_launch_needs_one_shim_signature(tmp_path: Path):
    good = (BUILTIN_DIR / "blas3.tpl").read_text()
    (tmp_path / "a.tpl").write_text(good.replace("template blas.gemm_acc", "template x.g")
                                    .replace("template blas.gemm {", "template x.h {")
                                    .replace("template blas.gemm_zero", "template x.z")
                                    .replace("template blas.syrk_acc", "template x.s")
                                    .replace("shim m, n, k, alpha, A, B, beta, C",
                                             "shim m, n, k, A, B, alpha, beta, C", 1))
    with pytest.raises(TemplateError, match="has another shim signature"):
        load_files([BUILTIN_DIR / "blas3.tpl", tmp_path / "a.tpl"])


def test_whole_image_operators_match_with_their_border_and_rank_first():
    from polylift.passes.match_kernels import matchable, replicates, specificity

    library = load_library()
    replicate = [t for t in library.templates.values() if t.attrs.get("border") == "replicate"]
    assert replicate, "the whole-image pva templates declare a replicate border"
    # Matched only with the border proof (matcher/search/border.py), before the region sibling.
    assert all(matchable(t) and replicates(t) for t in replicate)
    for t in replicate:
        region = [r for r in library.templates.values()
                  if r.launch == t.launch + "_roi" and r.dtypes == t.dtypes]
        assert len(region) == 1 and specificity(t) > specificity(region[0])
    assert matchable(library.templates["blas.gemm"])
    # Region operators read the halo as it is: their compute says everything they do.
    halo = [t for t in library.templates.values() if t.attrs.get("border") == "halo"]
    assert halo and all(matchable(t) and t.launch.endswith("_roi") for t in halo)


def test_every_template_has_a_lit_test_that_matches_it():
    """Each built-in template is matched by some lit test: a launch naming it is checked
    (`template = "<name>"`) or its match remark is (`matched <name> `)."""
    lit = Path(__file__).parents[1] / "lit"
    # Not lit's Output directories: their files are products of earlier runs.
    texts = "\n".join(p.read_text() for p in sorted(lit.rglob("*")) if p.is_file()
                      and p.suffix in (".mlir", ".c", ".test") and "Output" not in p.parts)
    missing = [name for name in load_library().templates
               if f'template = "{name}"' not in texts and f"matched {name} " not in texts]
    assert missing == []
