#!/usr/bin/env python3
"""The studio in a real browser: Debian's chromium, headless, driven by chromedriver through the
WebDriver HTTP protocol (Python's standard library only).

Starts `gridpress serve` on an empty folder, loads the page and waits for a rendered SVG page of
the starting book, types a mistake into the YAML and waits for it to be marked (the line in the
editor, the problem in the list), takes it out again, builds the book and downloads its PDF
through the page's link, then stops the server with SIGTERM and checks it stopped cleanly.
Bounded in time (--timeout); every process it starts is stopped on the way out.

Usage: scripts/browser_test.py --binary build-ci/gridpress [--screenshot docs/studio.png]
"""
import argparse
import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

CHROMIUM_FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1600,1000", "--hide-scrollbars",
]


class Failed(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(method, url, body=None, timeout=60):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e:
        raise Failed(f"{method} {url}: HTTP {e.code}: {e.read()[:500]!r}")


class Driver:
    def __init__(self, port, user_dir, downloads):
        self.base = f"http://127.0.0.1:{port}"
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": shutil.which("chromium") or "/usr/bin/chromium",
                "args": CHROMIUM_FLAGS + [f"--user-data-dir={user_dir}"],
                "prefs": {"download.default_directory": downloads, "download.prompt_for_download": False},
            }}}}
        self.sid = http("POST", self.base + "/session", caps)["value"]["sessionId"]
        self.cmd("POST", "/goog/cdp/execute",
                 {"cmd": "Browser.setDownloadBehavior", "params": {"behavior": "allow", "downloadPath": downloads}})

    def cmd(self, method, path, body=None):
        return http(method, f"{self.base}/session/{self.sid}{path}", body)["value"]

    def js(self, script, *args):
        return self.cmd("POST", "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script, *args):
        return self.cmd("POST", "/execute/async", {"script": script, "args": list(args)})

    def find(self, css):
        v = self.cmd("POST", "/element", {"using": "css selector", "value": css})
        return next(iter(v.values()))

    def wait(self, what, script, timeout, *args):
        end = time.monotonic() + timeout
        last = None
        while time.monotonic() < end:
            last = self.js(script, *args)
            if last:
                return last
            time.sleep(0.1)
        raise Failed(f"timed out after {timeout} s waiting for {what} (last: {last!r})")

    def quit(self):
        try:
            http("DELETE", f"{self.base}/session/{self.sid}", timeout=20)
        except Exception:  # noqa: BLE001 - the browser may already be gone
            pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--screenshot", help="write a screenshot of the studio (PNG) here")
    ap.add_argument("--timeout", type=int, default=300, help="seconds for the whole test")
    args = ap.parse_args()

    def out_of_time(*_):
        raise Failed(f"the browser test took more than {args.timeout} s")
    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(args.timeout)

    tmp = tempfile.mkdtemp(prefix="gridpress-browser-test.")
    folder, downloads, user_dir = (os.path.join(tmp, d) for d in ("folder", "downloads", "profile"))
    for d in (folder, downloads, user_dir):
        os.makedirs(d)
    server = driver_proc = driver = None
    try:
        # 1. The studio on an empty folder: the page starts from the paperback starter.
        port = free_port()
        server = subprocess.Popen([args.binary, "serve", folder, "--port", str(port), "--no-browser"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = server.stdout.readline()
        url = f"http://127.0.0.1:{port}/"
        if url not in line:
            raise Failed(f"gridpress serve printed {line!r}, not its URL {url}; stderr: {server.stderr.read()}")

        dport = free_port()
        # In a process group of its own, with the browser it starts: all are stopped together.
        driver_proc = subprocess.Popen(["chromedriver", f"--port={dport}"], start_new_session=True,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + 30
        while True:
            try:
                if http("GET", f"http://127.0.0.1:{dport}/status", timeout=5)["value"]["ready"]:
                    break
            except (OSError, Failed):
                pass
            if time.monotonic() > end:
                raise Failed("chromedriver did not start")
            time.sleep(0.2)
        driver = Driver(dport, user_dir, downloads)

        # 2. The page, and a rendered SVG page of the book.
        driver.cmd("POST", "/url", {"url": url})
        t0 = time.monotonic()
        driver.wait("a rendered page", """
            const img = document.querySelector('#pages figure.page img');
            return img && img.complete && img.naturalWidth > 0 ? img.alt : null;""", 120)
        first_preview = time.monotonic() - t0
        kind = driver.js_async("""
            const done = arguments[arguments.length - 1];
            const img = document.querySelector('#pages figure.page img');
            fetch(img.src).then(r => r.blob()).then(b => b.text().then(t => done([b.type, t.slice(0, 400)])))
                .catch(e => done(['error', String(e)]));""")
        if kind[0] != "image/svg+xml" or "<svg" not in kind[1]:
            raise Failed(f"the page shown is not an SVG: {kind!r}")
        print(f"browser test: page loaded, first pages rendered as SVG in {first_preview:.1f} s")

        # 3. Type a mistake at the end of the text: it is marked in the editor and listed.
        editor = driver.find("#yaml")
        driver.cmd("POST", f"/element/{editor}/click", {})
        driver.js("const y = document.getElementById('yaml'); y.setSelectionRange(y.value.length, y.value.length);")
        lines_before = driver.js("return document.getElementById('yaml').value.split('\\n').length;")
        mistake = "\ncolour: blue"
        driver.cmd("POST", f"/element/{editor}/value", {"text": mistake})
        marked = driver.wait("the mistake marked", """
            const li = document.querySelector('#diagnostics li');
            const bad = document.querySelector('#gutter .bad');
            const mark = document.querySelector('#marks .bad');
            return li && bad && mark ? [li.dataset.key, li.dataset.line, bad.textContent, li.textContent] : null;""", 30)
        if marked[1] != str(lines_before + 1) or marked[2] != marked[1] or "colour" not in marked[3]:
            raise Failed(f"the mistake is marked wrongly: {marked!r} (typed on line {lines_before + 1})")
        print(f"browser test: the mistake is marked on line {marked[1]}: {marked[3]}")
        driver.cmd("POST", f"/element/{editor}/value", {"text": "\ue003" * len(mistake)})  # Backspace
        driver.wait("the mistake gone", """
            return document.querySelectorAll('#diagnostics li').length === 0 &&
                   document.getElementById('status').className === 'ok';""", 60)

        # 4. The form and the text in step: the form shows the text's values; a field changed in
        # the form rewrites its line in the text (comments kept).
        title = driver.js("return document.querySelector('#form [data-path=title]').value;")
        if title != "Weekend Sudoku":
            raise Failed(f"the form's title is {title!r}, not the spec's 'Weekend Sudoku'")
        driver.js("""
            const t = document.querySelector('#form [data-path="title"]');
            t.value = 'Weekend Sudoku: Volume 2'; t.dispatchEvent(new Event('change'));
            const c = document.querySelector('#sections [data-section="0"][data-name="count"]');
            c.value = '38'; c.dispatchEvent(new Event('change'));""")
        text = driver.wait("the form's edits in the text", """
            const v = document.getElementById('yaml').value;
            return v.includes('title: "Weekend Sudoku: Volume 2"') && v.includes('count: 38') ? v : null;""", 10)
        if "count: 40" in text or "difficulty: easy          # SE rating" not in text:
            raise Failed("the form's edit changed more than its line:\n" + text)
        driver.wait("the edited spec checked", """
            return document.getElementById('summary').textContent.includes('98 puzzles') &&
                   document.getElementById('status').className === 'ok';""", 60)
        print("browser test: form edits written into the text (title, a section's count)")

        # 5. Puzzle pages for the screenshot: pages 5 to 8.
        driver.js("const g = document.getElementById('goto'); g.value = 5; g.dispatchEvent(new Event('change'));")
        driver.wait("pages 5 to 8", """
            const figs = [...document.querySelectorAll('#pages figure.page')];
            return figs.length && figs[0].dataset.page === '5' &&
                   figs.every(f => f.querySelector('img').complete && f.querySelector('img').naturalWidth > 0) &&
                   document.getElementById('status').className === 'ok';""", 120)
        if args.screenshot:
            png = base64.b64decode(driver.cmd("GET", "/screenshot"))
            with open(args.screenshot, "wb") as f:
                f.write(png)
            print(f"browser test: screenshot {args.screenshot} ({len(png)} bytes)")

        # 6. Build, then download the PDF through the page's link.
        driver.cmd("POST", f"/element/{driver.find('#build')}/click", {})
        href = driver.wait("the build", """
            const a = [...document.querySelectorAll('#downloads a')].find(a => a.textContent.endsWith('.pdf'));
            const what = document.getElementById('build-what').textContent;
            if (/failed|cancelled/.test(what)) return 'FAILED: ' + what;
            return a ? a.textContent : null;""", 240)
        if href.startswith("FAILED"):
            raise Failed(href)
        built = os.path.join(folder, href)
        driver.js("[...document.querySelectorAll('#downloads a')].find(a => a.textContent === arguments[0]).click();", href)
        target = os.path.join(downloads, os.path.basename(href))
        end = time.monotonic() + 60
        while not (os.path.exists(target) and not os.path.exists(target + ".crdownload")):
            if time.monotonic() > end:
                raise Failed(f"no download of {href} in {downloads}: {os.listdir(downloads)}")
            time.sleep(0.1)
        time.sleep(0.2)
        with open(target, "rb") as f:
            got = f.read()
        with open(built, "rb") as f:
            want = f.read()
        if not got.startswith(b"%PDF-") or got != want:
            raise Failed(f"the downloaded {href} ({len(got)} bytes) is not the PDF built in the folder ({len(want)} bytes)")
        print(f"browser test: built and downloaded {href} ({len(got)} bytes, the same as in the folder)")

        # 7. SIGTERM stops the server cleanly.
        driver.quit()
        driver = None
        server.send_signal(signal.SIGTERM)
        try:
            code = server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            raise Failed("gridpress serve did not stop within 30 s of SIGTERM")
        rest = server.stdout.read()
        if code != 0 or "stopped" not in rest:
            raise Failed(f"gridpress serve exited {code} after SIGTERM; stdout: {rest!r}; stderr: {server.stderr.read()!r}")
        server = None
        print("browser test: ok (SIGTERM stopped the server, exit 0)")
        return 0
    except Failed as e:
        print(f"browser test: FAILED: {e}", file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
        if driver:
            driver.quit()
        if driver_proc:
            try:
                os.killpg(driver_proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                driver_proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(driver_proc.pid, signal.SIGKILL)
                driver_proc.wait()
        for p in (server,):
            if p and p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
