"""Shared fixtures of the site tests: the committed bake and the site built from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.site.generator import build_site
from polylift.site.model import Bake

FIXTURE = Path(__file__).parent / "fixtures" / "bake"


@pytest.fixture(scope="session")
def fixture_bake() -> Bake:
    """The small fixed bake under `fixtures/bake`."""
    return Bake.load(FIXTURE)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of the fixture bake, built once per session."""
    out = tmp_path_factory.mktemp("site")
    build_site(FIXTURE, out)
    return out
