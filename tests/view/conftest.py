"""The pages' fixtures: a hand-made game, and a real headless Chromium driven by Selenium.

The browser is the system's (Debian's ``chromium`` and ``chromium-driver``; Selenium never
downloads one here). Where it is missing the browser tests are skipped — unless
``XZ_REQUIRE_BROWSER=1`` (``.ci/run`` sets it and installs the packages), where that is a
failure.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from page_helpers import hand_made_game

from xzcore.log.reader import Game

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
DRIVERS = ("chromedriver",)


def _which(names: tuple[str, ...], env: str) -> str | None:
    given = os.environ.get(env)
    if given:
        return given
    for n in names:
        found = shutil.which(n)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def chrome() -> Iterator[Any]:
    """A headless Chromium (Selenium WebDriver), shared by the session's browser tests."""
    missing = None
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing = "selenium is not installed (pip install -e '.[test]')"
    binary = _which(BROWSERS, "XZ_CHROMIUM")
    driver = _which(DRIVERS, "XZ_CHROMEDRIVER")
    if missing is None and (binary is None or driver is None):
        missing = "no Chromium with its driver (apt-get install chromium chromium-driver)"
    if missing is not None:
        if os.environ.get("XZ_REQUIRE_BROWSER"):
            pytest.fail(f"XZ_REQUIRE_BROWSER=1 but {missing}")
        pytest.skip(missing)
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1400,1000",
    ):
        options.add_argument(arg)
    browser = webdriver.Chrome(service=Service(driver), options=options)
    browser.set_page_load_timeout(30)
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture
def game() -> Game:
    return hand_made_game()
