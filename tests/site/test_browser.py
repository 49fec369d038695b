"""The site in a real browser: Debian's chromium driven by playwright, from file://.

Never downloads a browser: it uses /usr/bin/chromium (installed by
scripts/setup_system.sh) and skips, saying so, when that or playwright is missing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).is_file():
        pytest.skip(f"no chromium at {CHROMIUM} (install it with scripts/setup_system.sh)")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="playwright is not installed (pip install -e '.[test]')")
    with sync_api.sync_playwright() as pw:
        instance = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield instance
        instance.close()


def test_index_kernel_stages_and_diff(browser, site_dir: Path, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"{m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))

    page.goto((site_dir / "index.html").as_uri())
    assert page.locator("table.kernels").count() == 1
    page.click("a.kernel-link:text-is('atax')")
    page.wait_for_url("**/kernels/linalg/atax.html")

    # The first tab shows the C source, highlighted; the other panels are hidden.
    source = page.locator("#stage-source")
    assert source.is_visible()
    assert source.locator(".hl span.k, .hl span.kt").count() > 0
    matched = page.locator("#stage-02-matched")
    assert not matched.is_visible()

    page.click("button.tab[data-tab='stage-02-matched']")
    assert matched.is_visible() and not source.is_visible()
    assert matched.locator(".view-code .hl span.nb").count() > 0  # MLIR op names
    assert matched.locator(".view-diff").is_hidden()

    matched.locator("button.view[data-view='diff']").click()
    diff = matched.locator(".view-diff pre.diff")
    assert diff.is_visible()
    assert diff.locator("span.d-add").count() > 0 and diff.locator("span.d-del").count() > 0
    assert matched.locator(".view-code").is_hidden()

    # A C location in the table of launches switches back to the source tab (the page
    # reacts to the `hashchange` event, which fires after the click returns).
    page.locator("#matches a.loc").first.click()
    from playwright.sync_api import expect

    expect(source).to_be_visible(timeout=5000)

    page.screenshot(path=str(tmp_path / "kernel.png"), full_page=False)
    assert (tmp_path / "kernel.png").stat().st_size > 10_000
    assert problems == []


def _page(browser, problems: list[str]):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.on("console", lambda m: problems.append(f"{m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
    return page


def test_clicking_an_mlir_op_goes_to_its_c_line_and_back(browser, site_dir: Path) -> None:
    from playwright.sync_api import expect

    problems: list[str] = []
    page = _page(browser, problems)
    page.goto((site_dir / "kernels" / "linalg" / "atax.html").as_uri())
    page.click("button.tab[data-tab='stage-02-matched']")
    launch = page.locator("#stage-02-matched .op[data-c='31']",
                          has_text="kernel.launch").first
    expect(launch.locator("a.cloc")).to_have_text("c:31")
    launch.click(position={"x": 300, "y": 4})  # the op's text, not its marker

    line = page.locator("#src-31")
    expect(page.locator("#stage-source")).to_be_visible(timeout=5000)
    expect(line).to_have_class("cl has-ops hit")
    expect(line).to_be_in_viewport()
    assert page.locator(".hit").count() == 1

    # Back: the C line links to the first op of each stage that came from it (shown
    # while the line is marked: a click on another line with ops marks that one).
    other = page.locator("#src-33")
    other.click(position={"x": 40, "y": 4})
    expect(other).to_have_class("cl has-ops hit")
    expect(other.locator(".to-ops")).to_be_visible()
    expect(line.locator(".to-ops")).to_be_hidden()
    line.click(position={"x": 40, "y": 4})
    line.locator("a.to-op", has_text="lowered-host").click()
    lowered = page.locator("#stage-03-lowered-host")
    expect(lowered).to_be_visible(timeout=5000)
    hits = lowered.locator(".op.hit")
    expect(hits.first).to_be_in_viewport()
    assert hits.count() == lowered.locator(".op[data-c='31']").count() > 1
    assert not page.locator("#stage-source").is_visible()

    # The marker of an op is a plain link to its C line as well.
    page.click("button.tab[data-tab='stage-01-linalg']")
    page.locator("#stage-01-linalg .op[data-c='33'] a.cloc").first.click()
    expect(page.locator("#src-33")).to_have_class("cl has-ops hit", timeout=5000)
    assert problems == []


def test_typing_in_the_search_box_filters_the_index(browser, site_dir: Path) -> None:
    from playwright.sync_api import expect

    problems: list[str] = []
    page = _page(browser, problems)
    page.goto((site_dir / "index.html").as_uri())
    box = page.locator("#search-box")
    expect(box).to_be_visible()
    kernels = page.locator("a.kernel-link")
    templates = page.locator("ul.templates li")
    all_templates = templates.count()
    assert kernels.count() == 5 and all_templates > 50

    box.fill("jacobi1d")  # the template's name, and the kernel that launches it
    expect(page.locator("#search-count")).to_have_text(
        f"1 of 5 kernels, 1 of {all_templates} templates")
    assert [k.inner_text() for k in kernels.all() if k.is_visible()] == ["jacobi-1d"]
    assert [t.inner_text().split()[0] for t in templates.all() if t.is_visible()] == \
        ["stencil.jacobi1d"]
    assert page.locator("#suite-library").is_hidden()

    box.fill("ALIAS layers")  # every word, in any case, in any field (here a note)
    assert [k.inner_text() for k in kernels.all() if k.is_visible()] == ["layers"]
    assert page.locator("#suite-linalg").is_hidden()

    box.fill("no such thing")
    assert not any(k.is_visible() for k in kernels.all())
    expect(page.locator("#search-count")).to_contain_text("0 of 5 kernels")

    box.fill("")
    assert all(k.is_visible() for k in kernels.all())
    assert sum(t.is_visible() for t in templates.all()) == all_templates
    expect(page.locator("#search-count")).to_have_text("")
    assert problems == []
