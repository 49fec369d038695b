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
