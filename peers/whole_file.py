#!/usr/bin/env python3
"""Pages per second over whole PDF files: tickmark against pdfplumber, in
the same run, interleaved.

Each round reads every file once with each reader:
- tickmark: `tickmark extract FILE --format jsonl` (a process per file:
  open, every page's glyphs, lines, ruled and unruled tables, and the
  labeling, which pdfplumber does not do), output discarded;
- pdfplumber: open the file, `extract_tables()` on every page.

The medians over the rounds are reported with pages/s and the ratio. Run with
an interpreter that has pdfplumber (peers/requirements.txt):

    python peers/whole_file.py --tickmark target/release/tickmark \
        --rounds 5 ../shared/datasets/sec_pdf_xbrl/aapl_10k_2022/APPLE_2022_10K.pdf
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pdfplumber


def tickmark_seconds(binary: str, pdf: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [binary, "extract", str(pdf), "--format", "jsonl"],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def pdfplumber_seconds(pdf: Path) -> tuple[float, int]:
    start = time.perf_counter()
    with pdfplumber.open(pdf) as doc:
        pages = len(doc.pages)
        for page in doc.pages:
            page.extract_tables()
    return time.perf_counter() - start, pages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tickmark", default="target/release/tickmark")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("pdfs", nargs="+", type=Path)
    args = parser.parse_args()
    results = []
    for pdf in args.pdfs:
        ours, theirs, pages = [], [], 0
        for _ in range(args.rounds):
            ours.append(tickmark_seconds(args.tickmark, pdf))
            seconds, pages = pdfplumber_seconds(pdf)
            theirs.append(seconds)
        t, p = statistics.median(ours), statistics.median(theirs)
        results.append(
            {
                "file": pdf.name,
                "pages": pages,
                "rounds": args.rounds,
                "tickmark_s": round(t, 4),
                "tickmark_pages_per_s": round(pages / t, 1),
                "tickmark_runs_s": [round(x, 4) for x in ours],
                "pdfplumber_s": round(p, 3),
                "pdfplumber_pages_per_s": round(pages / p, 2),
                "pdfplumber_runs_s": [round(x, 3) for x in theirs],
                "ratio": round(p / t, 1),
                "pdfplumber_version": pdfplumber.__version__,
            }
        )
    json.dump(results, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
