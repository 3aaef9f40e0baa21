"""The value-only peer on a tickmark batch: figured's claims/s, in-process.

For every claim of a `tickmark batch` input (JSON Lines answers), figured
(PyPI, value-only number grounding) is given the claim's sentence (its
`text`, else its `value`) and exactly the cells the claim cites, as rows of
`{"value": v, "value_base": b}` taken from `tickmark extract --format jsonl`
of the answer's sources (a range or sheet cite gives every cell in it). The
cell rows are prepared before the clock starts; only `figured.trace` calls
are timed, one per claim, as a caller would make them. Prints claims, seconds
and claims/s.

    python peers/figured_batch.py BATCH.jsonl SOURCES_DIR [TICKMARK_BIN]

Used by docs/performance.md ("Batch against the value-only peer").
"""

import json
import subprocess
import sys
import time
from decimal import Decimal

import figured


def col_row(coord):
    letters = "".join(c for c in coord if c.isalpha())
    digits = "".join(c for c in coord if c.isdigit())
    col = 0
    for c in letters.upper():
        col = col * 26 + (ord(c) - 64)
    return col, int(digits or 0)


def load_cells(tickmark, path):
    # A source tickmark cannot read (a password-protected workbook) gives
    # figured no cells, as tickmark's claims on it get none.
    out = subprocess.run(
        [tickmark, "extract", "--format", "jsonl", path],
        check=False,
        capture_output=True,
        text=True,
    ).stdout
    cells = {}
    for line in out.splitlines():
        cell = json.loads(line)
        ref = cell["ref"].split("#", 1)[1]
        part, _, coord = ref.partition("!")
        row = {"value": Decimal(cell["value"]), "value_base": Decimal(cell["value_base"])}
        cells.setdefault(part, []).append((col_row(coord), row))
    return cells


def cited_rows(cells, cite):
    source, _, ref = cite.partition("#")
    part, _, coord = ref.partition("!")
    sheet = cells.get(source, {}).get(part, [])
    if not coord:
        return [row for _, row in sheet]
    lo, _, hi = coord.partition(":")
    (c0, r0), (c1, r1) = col_row(lo), col_row(hi or lo)
    return [
        row
        for (c, r), row in sheet
        if min(c0, c1) <= c <= max(c0, c1) and min(r0, r1) <= r <= max(r0, r1)
    ]


def main():
    batch, sources_dir = sys.argv[1], sys.argv[2]
    tickmark = sys.argv[3] if len(sys.argv) > 3 else "target/release/tickmark"
    cells = {}
    work = []
    for line in open(batch, encoding="utf-8"):
        answer = json.loads(line)
        for source in answer.get("sources", []):
            sid = source if isinstance(source, str) else source["id"]
            path = source if isinstance(source, str) else source["path"]
            if sid not in cells:
                cells[sid] = load_cells(tickmark, f"{sources_dir}/{path}")
        for claim in answer.get("claims", []):
            cites = list(claim.get("cites", []))
            cites += [op["cite"] for op in claim.get("operands", []) if "cite" in op]
            rows = [row for cite in cites for row in cited_rows(cells, cite)]
            text = claim.get("text") or str(claim.get("value", ""))
            work.append((text, rows))
    start = time.perf_counter()
    grounded = 0
    for text, rows in work:
        if figured.trace(text, rows).ok:
            grounded += 1
    seconds = time.perf_counter() - start
    print(
        f"figured {figured.__version__ if hasattr(figured, '__version__') else ''}: "
        f"{len(work)} claims in {seconds:.2f} s = {len(work) / seconds:,.0f} claims/s "
        f"({grounded} grounded)"
    )


if __name__ == "__main__":
    main()
