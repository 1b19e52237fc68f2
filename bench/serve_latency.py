#!/usr/bin/env python3
"""How long `anthology serve` takes from a saved body edit to the served page holding it, and its peak
memory (VmHWM) after the edits.

usage: bench/serve_latency.py ANTHOLOGY CORPUS [EDITS]
CORPUS is edited (a sentence appended to a few notes' bodies): use a copy, on /dev/shm to keep the
disk out of it. Prints one line per edit and the median; then the server's peak resident set.
"""
import os
import re
import signal
import statistics
import subprocess
import sys
import time
import urllib.request


def main():
    binary, corpus = sys.argv[1], sys.argv[2]
    edits = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    log = open("/tmp/serve-latency-%d.out" % os.getpid(), "w+")
    began = time.time()
    proc = subprocess.Popen([binary, "serve", "--port", "0", "--corpus", corpus], stdout=log, stderr=subprocess.STDOUT)
    url = None
    while url is None and proc.poll() is None:
        time.sleep(0.05)
        log.flush()
        m = re.search(r"http://127\.0\.0\.1:\d+/", open(log.name).read())
        url = m.group(0) if m else None
    print("ready in %.2f s" % (time.time() - began))
    notes = sorted(f for f in os.listdir(os.path.join(corpus, "lit")) if f.endswith(".md"))
    times = []
    for i in range(edits):
        note = notes[(i * 997) % len(notes)]
        page = url + note[:-3] + ".html"
        marker = "marker-%d-%d" % (os.getpid(), i)
        with open(os.path.join(corpus, "lit", note), "a") as f:
            f.write("\n%s\n" % marker)
        saved = time.time()
        while True:
            with urllib.request.urlopen(page, timeout=30) as r:
                if marker.encode() in r.read():
                    break
            time.sleep(0.002)
        times.append((time.time() - saved) * 1000)
        print("edit %d (%s): %.0f ms" % (i, note, times[-1]))
        time.sleep(0.5)
    print("median %.0f ms" % statistics.median(times))
    with open("/proc/%d/status" % proc.pid) as f:
        peak = [l for l in f if l.startswith("VmHWM")][0].split()[1]
    print("serve peak resident set: %d MiB" % (int(peak) // 1024))
    proc.send_signal(signal.SIGINT)
    proc.wait()
    log.flush()
    print(open(log.name).read())


if __name__ == "__main__":
    main()
