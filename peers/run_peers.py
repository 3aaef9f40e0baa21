#!/usr/bin/env python3
"""Run the peer PDF table readers (pdfplumber, camelot) on the fixture pages
listed in peers/pdf-fixtures.tsv, write every table they return as CSV, and
time them.

Output layout (OUT defaults to /tmp/tickmark-peers-out):

    OUT/<setting>/<dir>__<pdf-stem>.p<page>.t<k>.csv   k = 1-based table index
    OUT/<setting>/errors.txt      one line per (file, exception); empty = none
    OUT/<setting>/warnings.txt    warnings the tool emitted, per file
    OUT/summary.json              tables found per setting per file, call used,
                                  single-run wall time, versions
    OUT/timing.json               medians for pdfplumber default and camelot
                                  stream default, totals, pages/second

Settings: pdfplumber-default, pdfplumber-tuned, camelot-lattice-default,
camelot-stream-default, camelot-tuned. See README.md beside this file for what
"tuned" means per fixture.

Run with the venv's interpreter (see README.md):
    /tmp/tickmark-peers/bin/python peers/run_peers.py [--out DIR]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import shutil
import statistics
import sys
import time
import traceback
import warnings
from operator import itemgetter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_MANIFEST = HERE / "pdf-fixtures.tsv"
# The manifest's header comment says the fixtures live in ../shared/external/
# pdf-tables/ relative to the repository root.
DEFAULT_FIXTURES = (REPO.parent / "shared" / "external" / "pdf-tables").resolve()
DEFAULT_OUT = Path("/tmp/tickmark-peers-out")

SETTINGS = [
    "pdfplumber-default",
    "pdfplumber-tuned",
    "camelot-lattice-default",
    "camelot-stream-default",
    "camelot-tuned",
]

# ---------------------------------------------------------------------------
# "Tuned" configurations, taken from the peer tests named in INDEX.md.
# ---------------------------------------------------------------------------

TEXT_TEXT = {"vertical_strategy": "text", "horizontal_strategy": "text"}


def _nics_settings(cropped):
    # tests/test_nics_report.py::test_plain
    return {
        "horizontal_strategy": "text",
        "explicit_vertical_lines": [min(map(itemgetter("x0"), cropped.chars))],
        "intersection_tolerance": 5,
    }


# key: (dir, file) -> dict(crop=callable(page)->bbox | None,
#                          settings=callable(cropped_page)->dict, desc=str)
PDFPLUMBER_TUNED = {
    ("pdfplumber", "nics-background-checks-2015-11.pdf"): {
        "crop": lambda page: (0, 80, page.width, 485),
        "settings": _nics_settings,
        "desc": "crop (0,80,page.width,485); {horizontal_strategy: text, "
        "explicit_vertical_lines: [min char x0 of cropped page], "
        "intersection_tolerance: 5}  (tests/test_nics_report.py::test_plain)",
    },
    ("pdfplumber", "senate-expenditures.pdf"): {
        "crop": lambda page: (70.332, 130.986, 420, 509.106),
        "settings": lambda cropped: {
            "horizontal_strategy": "text",
            "vertical_strategy": "text",
            "min_words_vertical": 20,
            "text_x_tolerance": 1,
        },
        "desc": "crop (70.332,130.986,420,509.106); {horizontal_strategy: text, "
        "vertical_strategy: text, min_words_vertical: 20, text_x_tolerance: 1}  "
        "(tests/test_table.py::test_text_tolerance)",
    },
}
PDFPLUMBER_TUNED_FALLBACK_DESC = "no crop; {vertical_strategy: text, horizontal_strategy: text}"

# camelot-tuned. Either exact camelot test calls ("kwargs"), or an area from
# another peer's test converted to camelot table_areas:
#   tabula_area    = (top, left, bottom, right), origin top-left
#   plumber_bbox   = callable(page) -> (x0, top, x1, bottom), origin top-left
# converted with the page height H (pdfplumber's, i.e. after /Rotate) to
#   "x1,y1,x2,y2" = "left,H-top,right,H-bottom" (origin bottom-left).
# The flavor follows the peer test's algorithm: tabula Spreadsheet (lattice)
# -> camelot lattice, tabula Basic (stream) and pdfplumber text strategies ->
# camelot stream. Files with no area in INDEX.md get camelot stream default.
CAMELOT_TUNED = {
    # camelot's own tests (tests/test_stream.py, tests/test_lattice.py)
    ("camelot", "health.pdf"): {"flavor": "stream", "kwargs": {},
                                "src": "test_stream::test_stream"},
    ("camelot", "superscript.pdf"): {"flavor": "stream", "kwargs": {"flag_size": True},
                                     "src": "test_stream::test_stream_flag_size"},
    ("camelot", "edge_tol.pdf"): {"flavor": "stream", "kwargs": {"edge_tol": 500},
                                  "src": "test_stream::test_stream_edge_tol"},
    ("camelot", "us-007.pdf"): {"flavor": "stream",
                                "kwargs": {"table_areas": ["320,500,573,335"]},
                                "src": "test_stream::test_stream_table_areas"},
    ("camelot", "us-030.pdf"): {"flavor": "lattice", "kwargs": {},
                                "src": "test_lattice::test_lattice"},
    ("camelot", "12s0324.pdf"): {"flavor": "stream", "kwargs": {},
                                 "src": "test_stream::test_stream_two_tables"},
    # tabula-java tests with an area
    ("tabula-java", "spreadsheet_no_bounding_frame.pdf"): {
        "flavor": "lattice", "tabula_area": (150.56, 58.9, 654.7, 536.12),
        "src": "tabula TestSpreadsheetExtractor (lattice) area"},
    ("tabula-java", "frx_2012_disclosure.pdf"): {
        "flavor": "lattice", "tabula_area": (53, 49, 735, 550),
        "src": "tabula TestWriters.testCSVMultilineRow (lattice) area"},
    ("tabula-java", "indictb1h_14.pdf"): {
        "flavor": "stream", "tabula_area": (205, 120, 622.82, 459.9),
        "src": "tabula TestBasicExtractor.testRealLifeRTL2 (stream) area"},
    ("tabula-java", "schools.pdf"): {
        "flavor": "lattice", "tabula_area": (53.74, 16.97, 548.74, 762.3),
        "src": "tabula TestWriters.testCSVSerializeInfinity (lattice) area"},
    ("tabula-java", "us-020.pdf"): {
        "flavor": "stream", "tabula_area": (103, 35, 641, 560),
        "src": "tabula TestBasicExtractor.testTableWithMultilineHeader (stream) area"},
    # pdfplumber tests: their crop box
    ("pdfplumber", "nics-background-checks-2015-11.pdf"): {
        "flavor": "stream", "plumber_bbox": lambda page: (0, 80, page.width, 485),
        "src": "pdfplumber test_nics_report crop"},
    ("pdfplumber", "senate-expenditures.pdf"): {
        "flavor": "stream", "plumber_bbox": lambda page: (70.332, 130.986, 420, 509.106),
        "src": "pdfplumber test_text_tolerance crop"},
}


def _fmt(x: float) -> str:
    s = f"{x:.3f}".rstrip("0").rstrip(".")
    return s if s not in ("", "-0") else "0"


def camelot_tuned_call(key, page_width, page_height, area_flavor="peer"):
    """Return (flavor, kwargs, description) for camelot-tuned on this fixture.

    area_flavor="stream" forces flavor='stream' for the converted-area cases
    (tabula / pdfplumber fixtures); camelot's own test calls are never changed.
    """
    cfg = CAMELOT_TUNED.get(key)
    if cfg is None:
        return "stream", {}, "stream default (INDEX.md gives no area for this file)"
    flavor = cfg["flavor"]
    if area_flavor == "stream" and ("tabula_area" in cfg or "plumber_bbox" in cfg):
        flavor = "stream"
    kwargs = dict(cfg.get("kwargs", {}))
    H = page_height
    if "tabula_area" in cfg:
        top, left, bottom, right = cfg["tabula_area"]
        kwargs["table_areas"] = [f"{_fmt(left)},{_fmt(H - top)},{_fmt(right)},{_fmt(H - bottom)}"]
    elif "plumber_bbox" in cfg:
        # pdfplumber's bbox callable wants an object with .width/.height
        class _P:  # noqa: D401 - tiny shim
            width, height = page_width, page_height
        x0, top, x1, bottom = cfg["plumber_bbox"](_P)
        kwargs["table_areas"] = [f"{_fmt(x0)},{_fmt(H - top)},{_fmt(x1)},{_fmt(H - bottom)}"]
    desc = f"flavor={flavor!r}, " + ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
    return flavor, kwargs, f"{desc.rstrip(', ')}  ({cfg['src']})"


# ---------------------------------------------------------------------------
# Manifest
# ---------------------------------------------------------------------------

def read_manifest(path: Path):
    """Return ordered distinct (dir, file, page) keys and the rows per key."""
    order, rows = [], {}
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) < 4:
                raise SystemExit(f"{path}:{lineno}: expected >=4 tab-separated columns, got {cols!r}")
            d, f, page, expected = cols[0], cols[1], int(cols[2]), cols[3]
            key = (d, f, page)
            if key not in rows:
                order.append(key)
                rows[key] = []
            rows[key].append({"expected": expected, "kind": cols[4] if len(cols) > 4 else "",
                              "note": cols[5] if len(cols) > 5 else ""})
    return order, rows


def out_stem(d: str, f: str, page: int) -> str:
    return f"{d}__{Path(f).stem}.p{page}"


def write_csv(path: Path, rows):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
        for row in rows:
            w.writerow(["" if c is None else str(c) for c in row])


# ---------------------------------------------------------------------------
# Runners: each returns (list_of_tables_as_rows, description_of_call)
# ---------------------------------------------------------------------------

def run_pdfplumber(path: Path, key, page_no: int, tuned: bool):
    import pdfplumber
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[page_no - 1]
        if not tuned:
            return page.extract_tables(), "page.extract_tables()"
        cfg = PDFPLUMBER_TUNED.get(key)
        if cfg is None:
            return page.extract_tables(dict(TEXT_TEXT)), PDFPLUMBER_TUNED_FALLBACK_DESC
        target = page.crop(cfg["crop"](page)) if cfg.get("crop") else page
        settings = cfg["settings"](target)
        return target.extract_tables(settings), cfg["desc"] + f"  resolved settings={settings!r}"


def camelot_rows(tables):
    out = []
    for t in tables:
        out.append([["" if c is None else str(c) for c in row] for row in t.df.values.tolist()])
    return out


def run_camelot(path: Path, page_no: int, flavor, kwargs):
    import camelot
    call_kwargs = {"pages": str(page_no)}
    if flavor is not None:
        call_kwargs["flavor"] = flavor
    call_kwargs.update(kwargs)
    tables = camelot.read_pdf(str(path), **call_kwargs)
    desc = "camelot.read_pdf(path, " + ", ".join(f"{k}={v!r}" for k, v in call_kwargs.items()) + ")"
    return camelot_rows(tables), desc


def page_size(path: Path, page_no: int):
    import pdfplumber
    with pdfplumber.open(path) as pdf:
        p = pdf.pages[page_no - 1]
        return float(p.width), float(p.height), p.rotation


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def versions():
    from importlib import metadata
    v = {"python": platform.python_version(), "platform": platform.platform()}
    for pkg in ["pdfplumber", "pdfminer.six", "camelot-py", "pypdfium2", "playa-pdf",
                "opencv-python-headless", "numpy", "pandas"]:
        try:
            v[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            v[pkg] = None
    gs = shutil.which("gs")
    v["ghostscript_on_path"] = gs
    return v


def median_time(fn, repeats: int):
    runs = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs), runs


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"output dir (default {DEFAULT_OUT})")
    ap.add_argument("--manifest", type=Path, default=DEFAULT_MANIFEST)
    ap.add_argument("--fixtures", type=Path, default=DEFAULT_FIXTURES,
                    help="root holding camelot/, tabula-java/, pdfplumber/")
    ap.add_argument("--settings", default=",".join(SETTINGS),
                    help="comma-separated subset of: " + ",".join(SETTINGS))
    ap.add_argument("--camelot-area-flavor", choices=["peer", "stream"], default="peer",
                    help="camelot-tuned flavor for areas converted from tabula/pdfplumber tests: "
                         "'peer' = follow the peer test's algorithm (tabula lattice -> lattice, "
                         "tabula stream / pdfplumber text -> stream), 'stream' = always stream")
    ap.add_argument("--no-timing", action="store_true", help="skip the timing pass")
    ap.add_argument("--pdfplumber-repeats", type=int, default=5)
    ap.add_argument("--camelot-repeats", type=int, default=3)
    args = ap.parse_args(argv)

    settings = [s.strip() for s in args.settings.split(",") if s.strip()]
    bad = [s for s in settings if s not in SETTINGS]
    if bad:
        ap.error(f"unknown setting(s) {bad}; choose from {SETTINGS}")

    keys, manifest_rows = read_manifest(args.manifest)
    missing = [k for k in keys if not (args.fixtures / k[0] / k[1]).is_file()]
    if missing:
        raise SystemExit(f"fixture PDFs not found under {args.fixtures}: {missing}")

    t_start = time.perf_counter()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    ver = versions()
    print(f"pdfplumber {ver['pdfplumber']}, camelot-py {ver['camelot-py']}, "
          f"{len(keys)} distinct (pdf, page) from {args.manifest}", flush=True)

    summary = {"versions": ver, "manifest": str(args.manifest), "fixtures": str(args.fixtures),
               "camelot_area_flavor": args.camelot_area_flavor,
               "settings": {}, "files": [f"{d}/{f} p{p}" for d, f, p in keys]}

    for setting in settings:
        sdir = out / setting
        if sdir.exists():
            shutil.rmtree(sdir)  # no stale CSVs from an earlier run
        sdir.mkdir(parents=True)
        errors, warn_lines, per_file = [], [], {}
        for key3 in keys:
            d, f, page_no = key3
            path = args.fixtures / d / f
            label = f"{d}/{f} p{page_no}"
            entry = {"tables": 0, "shapes": [], "call": None, "seconds": None, "error": None}
            t0 = time.perf_counter()
            try:
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    if setting == "pdfplumber-default":
                        tables, desc = run_pdfplumber(path, (d, f), page_no, tuned=False)
                    elif setting == "pdfplumber-tuned":
                        tables, desc = run_pdfplumber(path, (d, f), page_no, tuned=True)
                    elif setting == "camelot-lattice-default":
                        tables, desc = run_camelot(path, page_no, None, {})
                    elif setting == "camelot-stream-default":
                        tables, desc = run_camelot(path, page_no, "stream", {})
                    elif setting == "camelot-tuned":
                        w, h, _rot = page_size(path, page_no)
                        flavor, kw, why = camelot_tuned_call((d, f), w, h, args.camelot_area_flavor)
                        tables, desc = run_camelot(path, page_no, flavor, kw)
                        desc = f"{desc}   # {why}"
                    else:  # pragma: no cover
                        raise AssertionError(setting)
                for wmsg in caught:
                    warn_lines.append(f"{label}\t{wmsg.category.__name__}: {str(wmsg.message).strip()}")
                entry["seconds"] = round(time.perf_counter() - t0, 4)
                entry["call"] = desc
                tables = tables or []
                for k, rows in enumerate(tables, 1):
                    write_csv(sdir / f"{out_stem(d, f, page_no)}.t{k}.csv", rows)
                    ncols = max((len(r) for r in rows), default=0)
                    entry["shapes"].append([len(rows), ncols])
                entry["tables"] = len(tables)
            except Exception as exc:  # record, keep going
                entry["seconds"] = round(time.perf_counter() - t0, 4)
                entry["error"] = f"{type(exc).__name__}: {exc}"
                tb = traceback.format_exc().strip().replace("\n", "\n\t")
                errors.append(f"{label}\t{type(exc).__name__}: {exc}\n\t{tb}")
            per_file[label] = entry
        (sdir / "errors.txt").write_text("".join(e + "\n" for e in errors), encoding="utf-8")
        (sdir / "warnings.txt").write_text("".join(w + "\n" for w in warn_lines), encoding="utf-8")
        summary["settings"][setting] = {
            "files_with_tables": sum(1 for e in per_file.values() if e["tables"] > 0),
            "files_with_errors": sum(1 for e in per_file.values() if e["error"]),
            "per_file": per_file,
        }
        print(f"  {setting}: done ({len(errors)} error(s))", flush=True)

    # ---------------- timing ----------------
    timing = None
    if not args.no_timing:
        import camelot
        import pdfplumber

        def plumber_once(path, page_no):
            with pdfplumber.open(path) as pdf:
                pdf.pages[page_no - 1].extract_tables()

        def camelot_once(path, page_no):
            camelot.read_pdf(str(path), pages=str(page_no), flavor="stream")

        # one untimed warm-up of each so import/first-call costs are not in a median
        d0, f0, p0 = keys[0]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                plumber_once(args.fixtures / d0 / f0, p0)
                camelot_once(args.fixtures / d0 / f0, p0)
            except Exception:
                pass

        per_page = []
        for d, f, page_no in keys:
            path = args.fixtures / d / f
            rec = {"dir": d, "file": f, "page": page_no}
            for name, fn, reps in [("pdfplumber_default", plumber_once, args.pdfplumber_repeats),
                                   ("camelot_stream_default", camelot_once, args.camelot_repeats)]:
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        med, runs = median_time(lambda: fn(path, page_no), reps)
                    rec[f"{name}_median_s"] = round(med, 6)
                    rec[f"{name}_runs_s"] = [round(r, 6) for r in runs]
                except Exception as exc:
                    rec[f"{name}_median_s"] = None
                    rec[f"{name}_error"] = f"{type(exc).__name__}: {exc}"
            per_page.append(rec)
            print(f"  timed {d}/{f} p{page_no}: pdfplumber {rec['pdfplumber_default_median_s']}s, "
                  f"camelot stream {rec['camelot_stream_default_median_s']}s", flush=True)

        totals = {"pages": len(per_page)}
        for name in ["pdfplumber_default", "camelot_stream_default"]:
            vals = [r[f"{name}_median_s"] for r in per_page if r.get(f"{name}_median_s") is not None]
            s = sum(vals)
            totals[name] = {
                "pages_timed": len(vals),
                "sum_of_medians_s": round(s, 6),
                "pages_per_s": round(len(vals) / s, 3) if s > 0 else None,
                "mean_s_per_page": round(s / len(vals), 6) if vals else None,
            }
        timing = {
            "method": {
                "what": "per distinct (pdf, page) in the manifest; each repeat re-opens the PDF",
                "pdfplumber_default": f"median of {args.pdfplumber_repeats} x "
                                      "(pdfplumber.open(path); pdf.pages[i].extract_tables(); close)",
                "camelot_stream_default": f"median of {args.camelot_repeats} x "
                                          "camelot.read_pdf(path, pages=str(page), flavor='stream')",
                "warm_up": "one untimed call of each before timing; process already warm from the output pass",
                "clock": "time.perf_counter, single process, serial",
                "pages_per_s": "pages_timed / sum_of_medians_s",
                "cpu_count": os.cpu_count(),
            },
            "versions": ver,
            "per_page": per_page,
            "totals": totals,
        }
        (out / "timing.json").write_text(json.dumps(timing, indent=2) + "\n", encoding="utf-8")

    elapsed = time.perf_counter() - t_start
    summary["elapsed_s"] = round(elapsed, 2)
    summary["command"] = " ".join([sys.executable] + sys.argv)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")

    # ---------------- printed summary ----------------
    print()
    short = {"pdfplumber-default": "plb-def", "pdfplumber-tuned": "plb-tun",
             "camelot-lattice-default": "cam-lat", "camelot-stream-default": "cam-str",
             "camelot-tuned": "cam-tun"}
    labels = [f"{d}/{f} p{p}" for d, f, p in keys]
    width = max(len(x) for x in labels)
    print(f"{'tables found per file':<{width}}  " + " ".join(f"{short[s]:>7}" for s in settings))
    for lab in labels:
        cells = []
        for s in settings:
            e = summary["settings"][s]["per_file"][lab]
            cells.append(f"{'ERR' if e['error'] else e['tables']:>7}")
        print(f"{lab:<{width}}  " + " ".join(cells))
    print(f"{'files with >=1 table':<{width}}  "
          + " ".join(f"{summary['settings'][s]['files_with_tables']:>7}" for s in settings))
    print(f"{'files with an error':<{width}}  "
          + " ".join(f"{summary['settings'][s]['files_with_errors']:>7}" for s in settings))
    if timing:
        t = timing["totals"]
        print(f"\ntiming over {t['pages']} pages: "
              f"pdfplumber default {t['pdfplumber_default']['sum_of_medians_s']:.3f}s "
              f"({t['pdfplumber_default']['pages_per_s']} pages/s); "
              f"camelot stream default {t['camelot_stream_default']['sum_of_medians_s']:.3f}s "
              f"({t['camelot_stream_default']['pages_per_s']} pages/s)")
    print(f"wrote {out}  (elapsed {elapsed:.1f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
