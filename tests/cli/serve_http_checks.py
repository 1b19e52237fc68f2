#!/usr/bin/env python3
"""End-to-end checks of `anthology serve` through a real HTTP client (tests/cli/serve_test.cpp).

Usage: serve_http_checks.py ANTHOLOGY CORPUS WORKDIR
Starts `anthology serve --port 0` on CORPUS (a copy the checks may edit), reads the URL it prints,
and checks pages, headers, live reload events after an edit, refused requests, 200 idle connections,
the corpus folder deleted while serving, and a clean stop on SIGTERM. Prints one line per failed
check and exits 1 when any failed.
"""
import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED: " + what, flush=True)


def fetch(base, path, method="GET"):
    req = urllib.request.Request(base + path, method=method)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def raw_request(host, port, text):
    """Sends bytes as they are (no client normalises the path) and returns the status line's code."""
    with socket.create_connection((host, port), timeout=10) as s:
        s.sendall(text)
        reply = b""
        while b"\r\n" not in reply:
            chunk = s.recv(4096)
            if not chunk:
                break
            reply += chunk
    m = re.match(rb"HTTP/1\.[01] (\d+)", reply)
    return int(m.group(1)) if m else 0, reply


class Events(threading.Thread):
    """Reads the server's event stream; `changes` gets the data line of each change event."""

    def __init__(self, host, port):
        super().__init__(daemon=True)
        self.conn = http.client.HTTPConnection(host, port, timeout=30)
        self.conn.request("GET", "/__anthology/events")
        self.resp = self.conn.getresponse()
        self.changes = []
        self.start()

    def run(self):
        event = None
        try:
            while True:
                line = self.resp.fp.readline()
                if not line:
                    return
                line = line.decode().rstrip("\r\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "change":
                    self.changes.append(line[6:])
        except Exception:
            return


def wait_for(predicate, seconds=20):
    end = time.time() + seconds
    while time.time() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def main():
    binary, corpus, work = sys.argv[1], sys.argv[2], sys.argv[3]
    # A query block that the edit below answers otherwise, though its own note does not change.
    with open(os.path.join(corpus, "sota", "SOTA-002.md"), "a", encoding="utf-8") as f:
        f.write("\n```anthology\nquery --text zebra\n```\n")
    out = open(os.path.join(work, "serve.out"), "w+")
    err = open(os.path.join(work, "serve.err"), "w+")
    proc = subprocess.Popen([binary, "serve", "--port", "0", "--corpus", corpus, "--index", os.path.join(work, "index.db")],
                            stdout=out, stderr=err)
    try:
        run_checks(proc, corpus, out, err)
    finally:
        if proc.poll() is None:
            proc.kill()
    return 1 if failures else 0


def printed(f):
    f.flush()
    with open(f.name) as g:
        return g.read()


def run_checks(proc, corpus, out, err):
    ready = wait_for(lambda: "http://" in printed(out), 60)
    check(ready, "serve printed its URL: " + printed(out) + printed(err))
    if not ready:
        return
    url = re.search(r"http://127\.0\.0\.1:(\d+)/", printed(out))
    check(url is not None, "the URL is on 127.0.0.1 by default")
    port = int(url.group(1))
    base = "http://127.0.0.1:%d" % port

    status, headers, body = fetch(base, "/")
    check(status == 200 and headers.get("Content-Type", "").startswith("text/html"), "/ is the home page as HTML")
    check(b'<script src="/__anthology/reload.js"></script>' in body, "a served page carries the live reload script")
    status, headers, script = fetch(base, "/__anthology/reload.js")
    check(status == 200 and b"EventSource('/__anthology/events')" in script and
          headers.get("Content-Type", "").startswith("text/javascript"), "the live reload script is served")
    check(headers.get("Cache-Control") == "no-cache", "pages are served with Cache-Control: no-cache")
    status, headers, body = fetch(base, "/style.css")
    check(status == 200 and headers.get("Content-Type", "").startswith("text/css"), "style.css is text/css")
    check("sandbox" in headers.get("Content-Security-Policy", "") and "default-src 'none'" in headers.get("Content-Security-Policy", ""),
          "a file that is not a page (an SVG opened by itself) is sandboxed: no script of it runs")
    check(b"EventSource" not in body, "only pages get the script")
    status, headers, _ = fetch(base, "/site.js")
    check(headers.get("Content-Type", "").startswith("text/javascript"), "site.js is text/javascript")
    status, headers, body = fetch(base, "/LIT-001.html", "HEAD")
    check(status == 200 and body == b"" and int(headers.get("Content-Length", "0")) > 0, "HEAD answers without a body")
    etag = fetch(base, "/LIT-001.html")[1].get("ETag")
    req = urllib.request.Request(base + "/LIT-001.html", headers={"If-None-Match": etag or ""})
    try:
        urllib.request.urlopen(req, timeout=10)
        check(False, "an unchanged page asked with its ETag is 304")
    except urllib.error.HTTPError as e:
        check(e.code == 304, "an unchanged page asked with its ETag is 304, not %d" % e.code)
    check(fetch(base, "/no-such-page.html")[0] == 404, "a missing page is 404")

    # Refused: escapes (raw and percent-encoded), other methods, a huge URL.
    for path in [b"/../../etc/passwd", b"/%2e%2e/%2e%2e/etc/passwd", b"/..%2f..%2fetc%2fpasswd", b"/%2E%2E/", b"/a/../../x"]:
        code, reply = raw_request("127.0.0.1", port, b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        check(code in (400, 404) and b"root:" not in reply, "%s is refused (got %d)" % (path.decode(), code))
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]:
        code, reply = raw_request("127.0.0.1", port,
                                  method.encode() + b" /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        check(code == 405, "%s is 405 (got %d)" % (method, code))
    huge = b"/" + b"a" * (10 * 1024 * 1024)
    try:
        code, _ = raw_request("127.0.0.1", port, b"GET " + huge + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    except (ConnectionResetError, BrokenPipeError):
        code = -1  # the server hung up before reading it all: refused too
    check(code in (414, 400, -1, 0), "a 10 MB URL is refused (got %d)" % code)
    check(fetch(base, "/")[0] == 200, "the server still answers after a 10 MB URL")

    # 200 connections held open and silent: a page still comes promptly.
    idle = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(200)]
    began = time.time()
    status = fetch(base, "/LIT-002.html")[0]
    check(status == 200 and time.time() - began < 10, "a page comes within 10 s while 200 connections idle (%.1f s)" % (time.time() - began))
    for s in idle:
        s.close()

    # A request trickling in a header line a second: dropped at the request deadline (10 s), though
    # no read ever waits out the 2 s timeout.
    slow = socket.create_connection(("127.0.0.1", port), timeout=30)
    slow.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\n")
    began, dropped = time.time(), False
    while time.time() - began < 16 and not dropped:
        time.sleep(1)
        try:
            slow.sendall(b"X-Slow: %d\r\n" % int(time.time()))
            slow.setblocking(False)
            dropped = slow.recv(1024) == b""
        except BlockingIOError:
            pass
        except OSError:
            dropped = True
        finally:
            slow.setblocking(True)
    check(dropped and time.time() - began < 15, "a request sent a line a second is dropped by 15 s (%.1f s)" % (time.time() - began))
    slow.close()

    # An edit: the event names the changed page, and the page shows the edit.
    events = Events("127.0.0.1", port)
    time.sleep(0.3)
    note = os.path.join(corpus, "lit", "LIT-002.md")
    with open(note, encoding="utf-8") as f:
        text = f.read()
    with open(note, "w", encoding="utf-8") as f:
        f.write(text + "\nA sentence added while serving, zebra-crossing.\n")
    check(wait_for(lambda: any('"LIT-002.html"' in c for c in events.changes)), "the event stream names LIT-002.html: %r" % events.changes)
    check(b"zebra-crossing" in fetch(base, "/LIT-002.html")[2], "the served page holds the edit")
    check(wait_for(lambda: "rebuilt in " in printed(out)), "a line per rebuild: " + printed(out))
    check("lit/LIT-002.md" in printed(out), "the rebuild line names the note")
    # The index answers query blocks: stored after the edit, the block on SOTA-002 answered again.
    check(wait_for(lambda: any('"SOTA-002.html"' in c for c in events.changes)),
          "the event stream names SOTA-002.html, whose query block's answer moved: %r" % events.changes)
    answer = fetch(base, "/SOTA-002.html")[2]
    check(b"2 results" in answer, "SOTA-002's block lists the edited note beside itself")
    check(wait_for(lambda: "query blocks answered again" in printed(out)), "a line says the blocks were answered again: " + printed(out))

    # The corpus folder deleted while serving: a logged line, the server goes on.
    shutil.rmtree(corpus)
    check(wait_for(lambda: "gone" in printed(err) or "rebuilt" in printed(out).split("zebra")[-1]), "the deletion is noticed")
    time.sleep(1)
    check(proc.poll() is None, "serve is still running after the corpus folder was deleted: " + printed(err))
    check(fetch(base, "/style.css")[0] == 200, "and still answers")

    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        code = None
    check(code == 0, "SIGTERM stops serve with status 0 (got %r): %s" % (code, printed(err)))


if __name__ == "__main__":
    sys.exit(main())
