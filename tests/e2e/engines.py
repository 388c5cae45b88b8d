"""The phone edition in the browser engines other than chromium (issue 47): Firefox ESR and
WebKitGTK (the engine of Safari), both Debian's packages, installed by ``scripts/test.sh``.

Playwright drives only its own builds of those engines, so each is driven by its own standard
protocol instead:

* **Firefox** speaks WebDriver BiDi natively (``--remote-debugging-port``): a WebSocket and a few
  JSON commands (``session.new``, ``browsingContext.*``, ``script.evaluate``, ``input.performActions``),
  which :class:`Firefox` sends with the ``websockets`` package the app already depends on.
* **WebKitGTK** comes with ``WebKitWebDriver`` (classic WebDriver over HTTP), driven with
  Selenium (``selenium`` in the test extras; the driver's path is given, so Selenium never fetches
  one). It needs a display: the tests run it under Xvfb (``xvfb-run`` in ``scripts/test.sh``'s
  packages; :func:`display` starts one when ``DISPLAY`` is unset).

Both offer the same few verbs to the tests: ``goto``, ``reload``, ``js`` (an expression's value,
through JSON), ``tap`` (a real pointer at the centre of a Flutter semantics node), ``type``,
``screenshot`` and ``cpu_seconds`` (the CPU time of every process of that browser, from /proc).
"""
from __future__ import annotations

import base64
import json
import os
import select
import shutil
import signal
import subprocess
import time
from pathlib import Path

from .conftest import PHONE, free_port

FIREFOX = os.environ.get("KITY_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("KITY_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
TICKS = os.sysconf("SC_CLK_TCK")


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            kids.setdefault(ppid, []).append(int(proc.name))
    return kids


def tree_cpu_seconds(root: int) -> float:
    """User + system CPU seconds of ``root`` and every live process below it."""
    kids, total, todo = _children(), 0, [root]
    while todo:
        pid = todo.pop()
        todo.extend(kids.get(pid, []))
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, ValueError, IndexError):
            pass
    return total / TICKS


def browser_pid(profile: str) -> int:
    """The main process of the browser running on the profile folder ``profile`` (chromium's:
    the one without ``--type=``)."""
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                args = (proc / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if f"--user-data-dir={profile}".encode() in args and not any(a.startswith(b"--type=") for a in args):
                return int(proc.name)
    raise AssertionError(f"no browser runs on {profile}")


def semantics(ident: str) -> str:
    return f'[flt-semantics-identifier="{ident}"]'


# The page's own count of the requests it made (fetches of the web client included, whether a
# service worker or the server answered them): resource timing entries, with room for all.
COUNT_REQUESTS = """(() => { if (!window.__kityRequests) { window.__kityRequests = [];
  performance.setResourceTimingBufferSize(100000);
  new PerformanceObserver(l => l.getEntries().forEach(e => window.__kityRequests.push(e.name)))
    .observe({ type: "resource", buffered: false }); } return true; })()"""


class Engine:
    """What the tests ask of a browser (see the module's docstring)."""

    name = ""
    pid = 0

    def js(self, expression: str):  # pragma: no cover - each engine has its own
        raise NotImplementedError

    def wait(self, expression: str, timeout: float = 30, what: str = "") -> object:
        """Until ``expression`` is truthy in the page; its value."""
        deadline, last = time.monotonic() + timeout, None
        while True:
            try:
                value = self.js(expression)
                if value:
                    return value
            except Exception as ex:  # the page navigating, the app starting
                last = ex
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: never {what or expression}" + (f" ({last})" if last else ""))
            time.sleep(0.25)

    def wait_id(self, ident: str, timeout: float = 30) -> None:
        self.wait(f"!!document.querySelector('{semantics(ident)}')", timeout, f"showed {ident!r}")

    def text(self, ident: str) -> str:
        return self.js(f"""[...document.querySelectorAll('{semantics(ident)}')].map(e =>
            e.textContent || e.getAttribute('aria-label') || '').join(' | ')""") or ""

    def wait_text(self, ident: str, expected: str, timeout: float = 30) -> None:
        try:
            self.wait(f"""[...document.querySelectorAll('{semantics(ident)}')].some(e =>
                (e.textContent || e.getAttribute('aria-label') || '').includes({json.dumps(expected)}))""", timeout)
        except AssertionError as ex:
            raise AssertionError(f"{self.name}: {ident!r} never showed {expected!r}; it shows "
                                 f"{self.text(ident)!r}") from ex

    def centre(self, ident: str) -> tuple[int, int]:
        """The centre of the Flutter semantics node ``ident``, or of the button named ``button:NAME``
        (its text or label, as Playwright's ``get_by_role("button", name=…)`` finds it)."""
        if ident.startswith("button:"):
            find = (f"[...document.querySelectorAll('[role=\"button\"]')].filter(e => "
                    f"(e.getAttribute('aria-label') || e.textContent || '').trim() === {json.dumps(ident[7:])})")
        else:
            find = f"[...document.querySelectorAll('{semantics(ident)}')]"
        self.wait(f"{find}.length > 0", 30, f"showed {ident!r}")
        box = self.js(f"""(() => {{ const all = {find};
            const r = all[all.length - 1].getBoundingClientRect();
            return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]; }})()""")
        return int(box[0]), int(box[1])

    def enable_semantics(self, timeout: float = 120) -> None:
        """Flutter's accessibility tree on (what a screen reader would switch on)."""
        self.wait("!!document.querySelector('flt-semantics-placeholder')", timeout, "drew the web client")
        self.js("document.querySelector('flt-semantics-placeholder').click(), true")

    def requests(self) -> list[str]:
        return self.js("window.__kityRequests || null") or []

    def start_counting(self) -> None:
        self.js(COUNT_REQUESTS)

    def cpu_seconds(self) -> float:
        return tree_cpu_seconds(self.pid)


class Firefox(Engine):
    """Firefox ESR, headless, on a profile folder of its own, driven over WebDriver BiDi."""

    name = "firefox"

    def __init__(self, profile: Path, lang: str = "ru-RU"):
        from websockets.sync.client import connect

        profile.mkdir(parents=True, exist_ok=True)
        # a browser for a test: nothing of its own goes to the network, the page's language set
        (profile / "user.js").write_text("\n".join(f'user_pref("{k}", {json.dumps(v)});' for k, v in {
            "intl.accept_languages": lang, "intl.locale.requested": lang,
            "browser.shell.checkDefaultBrowser": False, "app.update.enabled": False,
            "datareporting.policy.dataSubmissionEnabled": False, "toolkit.telemetry.enabled": False,
            "network.captive-portal-service.enabled": False, "network.connectivity-service.enabled": False,
            "browser.safebrowsing.malware.enabled": False, "browser.safebrowsing.phishing.enabled": False,
            "extensions.update.enabled": False, "browser.startup.page": 0,
        }.items()) + "\n", encoding="utf-8")
        port = free_port()
        env = dict(os.environ, MOZ_HEADLESS="1")
        self.proc = subprocess.Popen([FIREFOX, "--headless", "--no-remote", "--profile", str(profile),
                                      "--remote-debugging-port", str(port), "about:blank"],
                                     env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        self.pid = self.proc.pid
        deadline = time.monotonic() + 60
        while True:
            try:
                self.ws = connect(f"ws://127.0.0.1:{port}/session", max_size=None, open_timeout=5,
                                  ping_interval=None)
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("firefox did not start its WebDriver BiDi endpoint")
                time.sleep(0.3)
        self.ids = 0
        self.events: list[dict] = []
        self.cmd("session.new", capabilities={"alwaysMatch": {"acceptInsecureCerts": True}})
        self.context = self.cmd("browsingContext.getTree")["contexts"][0]["context"]
        self.cmd("browsingContext.setViewport", context=self.context, viewport=PHONE)

    def cmd(self, method: str, **params):
        self.ids += 1
        my = self.ids
        self.ws.send(json.dumps({"id": my, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv(timeout=180))
            if msg.get("id") == my:
                if msg.get("type") == "error":
                    raise RuntimeError(f"{method}: {msg.get('error')}: {msg.get('message')}")
                return msg["result"]
            if msg.get("type") == "event":
                self.events.append(msg)

    def goto(self, url: str) -> None:
        self.cmd("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def reload(self) -> None:
        self.cmd("browsingContext.reload", context=self.context, wait="complete")

    def js(self, expression: str):
        out = self.cmd("script.evaluate", expression=f"(async () => JSON.stringify((await ({expression})) ?? null))()",
                       target={"context": self.context}, awaitPromise=True)
        if out.get("type") == "exception":
            raise RuntimeError(out["exceptionDetails"].get("text"))
        return json.loads(out["result"]["value"])

    def tap(self, ident: str) -> None:
        x, y = self.centre(ident)
        self.cmd("input.performActions", context=self.context, actions=[{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "x": x, "y": y}, {"type": "pointerDown", "button": 0},
                {"type": "pause", "duration": 60}, {"type": "pointerUp", "button": 0}]}])

    def type(self, text: str) -> None:
        keys = []
        for ch in text:
            keys += [{"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch}]
        self.cmd("input.performActions", context=self.context, actions=[{"type": "key", "id": "kb", "actions": keys}])

    def screenshot(self, path: Path) -> Path:
        data = self.cmd("browsingContext.captureScreenshot", context=self.context)["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            self.cmd("browser.close")
        except Exception:
            pass
        try:
            self.ws.close()
        except Exception:
            pass
        _stop(self.proc)


class WebKit(Engine):
    """WebKitGTK's MiniBrowser, driven by WebKitWebDriver through Selenium (on an X display)."""

    name = "webkit"

    def __init__(self, profile: Path, lang: str | None = "ru_RU.UTF-8"):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        profile.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, HOME=str(profile), XDG_DATA_HOME=str(profile / "data"),
                   XDG_CACHE_HOME=str(profile / "cache"), XDG_CONFIG_HOME=str(profile / "config"),
                   WEBKIT_DISABLE_COMPOSITING_MODE="1", LIBGL_ALWAYS_SOFTWARE="1")
        # the browser's language comes from the process's locale; None: no locale at all
        # (navigator.language is then "C", not a language tag: issue 47)
        for key in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            env.pop(key, None)
        if lang:
            env["LANG"] = env["LC_ALL"] = env["LANGUAGE"] = lang
        options = webdriver.WebKitGTKOptions()
        options.binary_location = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
        options.add_argument("--automation")
        options.add_argument(f"--geometry={PHONE['width']}x{PHONE['height']}")
        self.service = Service(executable_path=WEBKIT_DRIVER, port=free_port(), env=env,
                               log_output=str(profile / "driver.log"))
        self.driver = webdriver.WebKitGTK(options=options, service=self.service)
        self.driver.set_window_size(PHONE["width"], PHONE["height"])
        self.driver.set_script_timeout(180)
        self.pid = self.service.process.pid

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def js(self, expression: str):
        return json.loads(self.driver.execute_async_script(
            f"const done = arguments[arguments.length - 1];"
            f"Promise.resolve(({expression})).then(v => done(JSON.stringify(v ?? null)),"
            f" e => done(JSON.stringify({{__error: String(e)}})));") or "null")

    def tap(self, ident: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        x, y = self.centre(ident)
        body = self.driver.find_element("tag name", "body")
        r = self.driver.execute_script("const r = document.body.getBoundingClientRect(); return [r.width, r.height];")
        ActionChains(self.driver).move_to_element_with_offset(body, x - r[0] / 2, y - r[1] / 2).click().perform()

    def type(self, text: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(text).perform()

    def screenshot(self, path: Path) -> Path:
        """WebKit takes the picture at its next rendering update, which a page at rest (Flutter
        draws only on change) may not have for a long time: another command meanwhile brings one."""
        import threading

        path.parent.mkdir(parents=True, exist_ok=True)
        shot = threading.Thread(target=self.driver.save_screenshot, args=(str(path),), daemon=True)
        shot.start()
        deadline = time.monotonic() + 60
        while shot.is_alive() and time.monotonic() < deadline:
            shot.join(1.0)
            if shot.is_alive():
                self.driver.execute_script("return 1")
        return path

    def close(self) -> None:
        try:
            self.driver.quit()
        except Exception:
            pass


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass


def display() -> subprocess.Popen | None:
    """An X display for WebKitGTK: the one set, or a new Xvfb (None when there is none to have).
    Xvfb picks a free display number itself (``-displayfd``: a lock left by an Xvfb that was
    killed is stale and taken over); stop it with :func:`stop_display`, which lets it clean up."""
    if os.environ.get("DISPLAY"):
        return None
    xvfb = shutil.which("Xvfb")
    if not xvfb:
        return None
    r, w = os.pipe()
    proc = subprocess.Popen([xvfb, "-displayfd", str(w), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    got = b""
    deadline = time.monotonic() + 10
    with os.fdopen(r, "rb", buffering=0) as out:
        while not got.endswith(b"\n") and time.monotonic() < deadline and proc.poll() is None:
            if select.select([out], [], [], 0.2)[0]:
                chunk = out.read(16)
                if not chunk:
                    break
                got += chunk
    if got.strip().isdigit():
        os.environ["DISPLAY"] = f":{int(got)}"
        return proc
    stop_display(proc)
    return None


def stop_display(proc: subprocess.Popen | None) -> None:
    """Stop an Xvfb of :func:`display` (terminated, so that it removes its lock and socket)."""
    if proc is None:
        return
    os.environ.pop("DISPLAY", None)
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
    xvfb = shutil.which("Xvfb")
    if not xvfb:
        return None
    for n in range(99, 140):
        if not Path(f"/tmp/.X{n}-lock").exists():
            proc = subprocess.Popen([xvfb, f":{n}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 10
            while not Path(f"/tmp/.X11-unix/X{n}").exists():
                if proc.poll() is not None or time.monotonic() > deadline:
                    break
                time.sleep(0.1)
            else:
                os.environ["DISPLAY"] = f":{n}"
                return proc
            proc.kill()
    return None
