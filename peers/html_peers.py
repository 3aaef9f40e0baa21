"""Whole-process time and peak memory of reading one SEC filing, tickmark
against edgartools and arelle, on the same files in the same run
(docs/performance.md). Each tool reads each file in a fresh process; the
figure is the median of RUNS runs.

    python3 peers/html_peers.py TICKMARK_BIN DATASET_DIR [RUNS]

The peers must be importable by the python running this (a venv with
`pip install edgartools arelle-release`). arelle runs offline: it reads the
inline-XBRL facts and cannot fetch the taxonomies, which it reports and goes on.
"""
import os
import resource
import statistics
import subprocess
import sys
import time

EDGAR = """
import sys
from edgar.documents import parse_html
doc = parse_html(open(sys.argv[1], encoding="utf-8", errors="replace").read())
tables = doc.tables
print(len(tables))
"""

ARELLE = """
import sys
from arelle import Cntlr
c = Cntlr.Cntlr(logFileName="logToBuffer")
c.webCache.workOffline = True
m = c.modelManager.load(sys.argv[1])
print(len(m.facts))
"""


def run(cmd):
    """Seconds and peak resident KB of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # ru_maxrss of children is the largest child so far; run the biggest last or
    # read it per child through /usr/bin/time when exact figures matter.
    return seconds, after.ru_maxrss, p.returncode


def timed(cmd):
    """Seconds and peak KB via /usr/bin/time -f."""
    p = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    last = p.stderr.strip().splitlines()[-1].split()
    return float(last[0]), int(last[1]), p.returncode


def main():
    tickmark, folder = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    files = sorted(f for f in os.listdir(folder) if f.endswith((".htm", ".html")))
    py = sys.executable
    tools = {
        "tickmark": lambda f: [tickmark, "extract", f, "--format", "jsonl"],
        "edgartools": lambda f: [py, "-c", EDGAR, f],
        "arelle": lambda f: [py, "-c", ARELLE, f],
    }
    print("| filing | MB | tickmark s (peak MB) | edgartools s (peak MB) | arelle s (peak MB) | edgartools / tickmark | arelle / tickmark |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    totals = {t: 0.0 for t in tools}
    for name in files:
        path = os.path.join(folder, name)
        row = {}
        for tool, cmd in tools.items():
            samples = [timed(cmd(path)) for _ in range(runs)]
            secs = statistics.median(s for s, _, _ in samples)
            peak = max(m for _, m, _ in samples) / 1024
            ok = all(rc == 0 for _, _, rc in samples)
            row[tool] = (secs, peak, ok)
            totals[tool] += secs
        t, e, a = row["tickmark"], row["edgartools"], row["arelle"]
        mark = lambda r: "" if r[2] else " (failed)"
        print(f"| {name} | {os.path.getsize(path) / 1e6:.1f} | {t[0]:.2f} ({t[1]:.0f}){mark(t)} | "
              f"{e[0]:.2f} ({e[1]:.0f}){mark(e)} | {a[0]:.2f} ({a[1]:.0f}){mark(a)} | "
              f"{e[0] / t[0]:.0f}× | {a[0] / t[0]:.0f}× |")
    t = totals["tickmark"]
    print(f"| **all {len(files)}** | | {t:.2f} | {totals['edgartools']:.2f} | {totals['arelle']:.2f} | "
          f"{totals['edgartools'] / t:.0f}× | {totals['arelle'] / t:.0f}× |")


if __name__ == "__main__":
    main()
