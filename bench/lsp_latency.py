#!/usr/bin/env python3
"""How long `anthology lsp` takes from a didChange of one note's unsaved buffer to the
publishDiagnostics that answers it (the note parsed again, the corpus resolved, the graph rebuilt and
every rule run: docs/editors.md).

usage: bench/lsp_latency.py ANTHOLOGY CORPUS [EDITS]
Nothing is written to the corpus's notes (the edits are unsaved buffers). Each edit adds a broken
link to the open note, so that the answer is known to be the one for that text. Prints each edit's
latency and the median, the server's CPU time per edit (user + system, from /proc: on a machine
shared with other work the wall time grows with the load, the CPU time much less), and the load average.
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "lsp"))
from lsp_client import Client  # noqa: E402


def cpu_ms(pid):
    """User + system CPU time of a process, in milliseconds."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000.0 / os.sysconf("SC_CLK_TCK")


def main():
    binary, corpus = sys.argv[1], os.path.realpath(sys.argv[2])
    edits = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    began = time.time()
    c = Client([binary, "lsp"])
    c.request("initialize", {"rootUri": "file://" + corpus, "capabilities": {}}, timeout=600)
    c.notify("initialized", {})
    print("initialized in %.2f s" % (time.time() - began))
    note = sorted(f for f in os.listdir(os.path.join(corpus, "lit")) if f.endswith(".md"))[0]
    uri = "file://" + corpus + "/lit/" + note
    text = open(os.path.join(corpus, "lit", note), encoding="utf-8").read()
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
    c.diagnostics(uri, timeout=120)
    times = []
    cpu_before = cpu_ms(c.proc.pid)
    for i in range(2, edits + 2):
        marker = "NOWHERE-%d" % i
        sent = time.time()
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": i},
                                            "contentChanges": [{"text": text + "\n[[%s]]\n" % marker}]})
        while True:
            d = c.diagnostics(uri, timeout=120)
            if d.get("version") == i:
                break
        took = (time.time() - sent) * 1000
        assert any(marker in x["message"] for x in d["diagnostics"]), "the answer lacks the edit's finding"
        times.append(took)
        print("edit %d: %.1f ms" % (i - 1, took))
    cpu = (cpu_ms(c.proc.pid) - cpu_before) / len(times)
    print("median didChange -> publishDiagnostics: %.1f ms over %d edits (min %.1f, max %.1f); "
          "server CPU %.1f ms per edit; load average %s"
          % (statistics.median(times), len(times), min(times), max(times), cpu, "%.2f %.2f %.2f" % os.getloadavg()))
    c.request("shutdown")
    c.notify("exit")
    c.close()


if __name__ == "__main__":
    main()
