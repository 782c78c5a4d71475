"""chromium.py - Debian's chromium, headless, driven through chromium-driver by
python3-selenium, as the browser tests start it: 1280 x 1100, the console logged."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,1100"]:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
