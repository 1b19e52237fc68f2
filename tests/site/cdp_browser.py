"""A headless Chromium driven over the DevTools protocol (--remote-debugging-pipe: fds 3 and 4,
NUL-separated JSON; no library beyond Python's own), and the one-line check report the site's
browser tests print ("ok NAME" or "FAIL NAME: why"). Shared by the drivers in tests/site/*.py.
"""
import base64
import json
import os
import subprocess
import time


class Browser:
    def __init__(self, chromium, profile):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-extensions", "--mute-audio", "--hide-scrollbars", "--remote-debugging-pipe",
                "--user-data-dir=" + profile, "--window-size=1280,900", "about:blank"]

        def fds():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.proc = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=fds, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, close_fds=False)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(method + ": " + json.dumps(reply["error"]))
                return reply.get("result", {})
            self.events.append(reply)

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("the browser closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def open(self):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")

    def viewport(self, width, height, mobile=False):
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})

    def go(self, url):
        self.send("Page.navigate", {"url": url})
        # A navigation still arriving from before must not count: the page is the one asked for.
        if not self.wait_for("location.href === %s && document.readyState === 'complete'" % json.dumps(url), 20):
            raise RuntimeError("no load of " + url)

    def eval(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result.get("result", {}).get("value")

    # What Runtime.evaluate answers while the page it was sent to is being replaced by another (a tap
    # that follows a link, a navigation still arriving): the page is not there yet, ask again.
    TRANSIENT = ("Inspected target navigated or closed", "Execution context was destroyed",
                 "Cannot find context with specified id")

    def wait_for(self, expression, seconds=5):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                value = self.eval(expression)
            except RuntimeError as e:
                if not any(t in str(e) for t in self.TRANSIENT):
                    raise
                value = None
            if value:
                return value
            time.sleep(0.05)
        return self.eval(expression)

    def key(self, key, code, vk, modifiers=0, text=None):
        down = {"type": "keyDown" if text is None else "keyDown", "key": key, "code": code,
                "windowsVirtualKeyCode": vk, "modifiers": modifiers}
        if text is not None:
            down["text"] = text
        self.send("Input.dispatchKeyEvent", down)
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": code,
                                             "windowsVirtualKeyCode": vk, "modifiers": modifiers})

    def type(self, text):
        self.send("Input.insertText", {"text": text})

    def shot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


RESULTS = []


def check(name, ok, why=""):
    RESULTS.append(name)
    print(("ok " + name) if ok else ("FAIL " + name + ": " + str(why)), flush=True)


def drive(chromium, out, steps):
    """Runs steps(browser) in a fresh headless Chromium whose profile is under OUT; a failure of the
    driver itself is a failed check "driver", with what went wrong."""
    os.makedirs(out, exist_ok=True)
    b = Browser(chromium, os.path.join(out, "profile"))
    try:
        b.open()
        steps(b)
    except Exception as e:
        check("driver", False, e)
    finally:
        b.close()
