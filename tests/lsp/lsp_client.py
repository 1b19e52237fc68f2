"""A small Language Server Protocol client for the tests: starts `anthology lsp`, frames JSON-RPC
messages with Content-Length, and collects what the server sends (responses by id, notifications)."""
import json
import queue
import subprocess
import threading
import time


class Client:
    def __init__(self, argv, cwd=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=cwd)
        self.messages = queue.Queue()
        self.pending = []  # messages read but not yet asked for
        self.next_id = 0
        self.stderr_lines = []
        threading.Thread(target=self._read, daemon=True).start()
        self._stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._stderr_reader.start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.decode().rstrip("\r\n")
                if not line:
                    break
                name, _, value = line.partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if length is None:
                self.messages.put({"unframed": line})
                continue
            body = out.read(length)
            try:
                self.messages.put(json.loads(body))
            except ValueError:
                self.messages.put({"not_json": body.decode(errors="replace")})

    def _read_stderr(self):
        for line in self.proc.stderr:
            self.stderr_lines.append(line.decode(errors="replace").rstrip("\n"))

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params or {}})

    def request(self, method, params=None, timeout=30):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}})
        return self.wait_for(lambda m: m.get("id") == self.next_id and "method" not in m, timeout)

    def wait_for(self, matches, timeout=30):
        for i, m in enumerate(self.pending):
            if matches(m):
                return self.pending.pop(i)
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise AssertionError("timed out waiting for a message; stderr: %s" % self.stderr_lines[-5:])
            try:
                m = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if "unframed" in m or "not_json" in m:
                raise AssertionError("the server wrote something that is no message: %r" % m)
            if m is None:
                raise AssertionError("the server closed its output; stderr: %s" % self.stderr_lines[-5:])
            if matches(m):
                return m
            self.pending.append(m)

    def diagnostics(self, uri, timeout=30):
        """The next publishDiagnostics for uri."""
        m = self.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri, timeout)
        return m["params"]

    def drop_diagnostics(self):
        """Forgets diagnostics already received (a test waits for the next ones)."""
        while True:
            try:
                m = self.messages.get_nowait()
            except queue.Empty:
                break
            if m is not None:
                self.pending.append(m)
        self.pending = [m for m in self.pending if m.get("method") != "textDocument/publishDiagnostics"]

    def close(self, timeout=10):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        status = self.proc.wait(timeout)
        # The server has exited, but its last lines of stderr may still be on their way to
        # stderr_lines: read to the end before anyone looks at them (a check of the log failed so).
        self._stderr_reader.join(timeout)
        return status
