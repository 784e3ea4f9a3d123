"""A screenshot of an xzcore HTML page in headless Chromium (how docs/images/ are made).

    python scripts/page_screenshot.py REPORT.html OUT.png [--at '#g3-e5'] [--width 1400]

``--at`` opens the page at that link (a finding's moment ``#gN-eM``, as a click on
"show in the replay" would). Needs selenium and the system's Chromium with its driver
(Debian: chromium, chromium-driver), as the browser tests do; install fonts-noto-cjk for
the Chinese words to show.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("page", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--at", default="", help="a link on the page, e.g. '#g3-e5'")
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("--height", type=int, default=1000)
    args = ap.parse_args()

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(a)
    options.add_argument(f"--window-size={args.width},{args.height}")
    driver = webdriver.Chrome(
        service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options
    )
    try:
        driver.get(args.page.resolve().as_uri() + args.at)
        WebDriverWait(driver, 10).until(
            lambda d: d.execute_script("return document.readyState") == "complete"
        )
        driver.save_screenshot(str(args.out))
    finally:
        driver.quit()
    print(f"{args.out}: {args.out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
