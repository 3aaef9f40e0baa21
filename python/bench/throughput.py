"""Throughput of Verifier.verify_many against `tickmark batch`, and the
per-call overhead of Verifier.verify (docs/performance.md).

    python python/bench/throughput.py [--answers 10000] [--runs 7] [--tickmark target/release/tickmark]

Both sides check the same answers (the nine sample answers over and over,
ids made unique) over the samples folder, in the same process run, one after
the other: the ratio is what to read, not the claims/s. Each verify_many run
uses a new Verifier, so that it reads its sources as batch does.
"""

import argparse
import json
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import tickmark

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "samples"
STORE = SAMPLES / "answers" / "store.jsonl"


def answers(n):
    samples = (SAMPLES / "answers" / "batch.jsonl").read_text().splitlines()
    lines = []
    for i in range(n):
        answer = json.loads(samples[i % len(samples)])
        answer["id"] = f"{answer['id']}-{i + 1}"
        lines.append(json.dumps(answer))
    return lines


def median_seconds(run, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--tickmark", default=str(REPO / "target" / "release" / "tickmark"))
    args = parser.parse_args()

    lines = answers(args.answers)
    dicts = [json.loads(line) for line in lines]
    with tempfile.TemporaryDirectory() as tmp:
        traces = Path(tmp) / "answers.jsonl"
        traces.write_text("\n".join(lines) + "\n")
        out = Path(tmp) / "records.jsonl"
        batch = [args.tickmark, "batch", "--traces", str(traces), "--sources", str(SAMPLES),
                 "--store", str(STORE), "--out", str(out)]
        subprocess.run(batch, capture_output=True, check=False)
        claims = sum(len(json.loads(r)["claims"]) for r in out.read_text().splitlines())

        def cli():
            subprocess.run(batch, capture_output=True, check=False)

        def many(items, as_json):
            def run():
                tickmark.Verifier(SAMPLES, store=STORE).verify_many(items, as_json=as_json)
            return run

        rows = [
            ("tickmark batch (CLI, a process, JSON Lines file to file)", cli),
            ("verify_many(JSON strings, as_json=True)", many(lines, True)),
            ("verify_many(JSON strings) -> dicts", many(lines, False)),
            ("verify_many(dicts) -> dicts", many(dicts, False)),
        ]
        # Interleaved: each row's runs spread over the same stretch of time.
        # Wall time, and CPU time (all threads; the CLI's as a child), which
        # moves less when other work shares the machine.
        times = {name: [] for name, _ in rows}
        cpu = {name: [] for name, _ in rows}
        for _ in range(args.runs):
            for name, run in rows:
                children = resource.getrusage(resource.RUSAGE_CHILDREN)
                start, start_cpu = time.perf_counter(), time.process_time()
                run()
                times[name].append(time.perf_counter() - start)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu[name].append(
                    time.process_time() - start_cpu
                    + (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
                )
        base = statistics.median(times[rows[0][0]])
        base_cpu = statistics.median(cpu[rows[0][0]])
        print(f"{args.answers} answers, {claims} claims, median of {args.runs} runs")
        print("| route | wall s | claims/s | of the CLI's | CPU s | of the CLI's claims per CPU second |")
        print("|---|---|---|---|---|---|")
        for name, _ in rows:
            seconds = statistics.median(times[name])
            used = statistics.median(cpu[name])
            print(
                f"| {name} | {seconds:.3f} | {claims / seconds:,.0f} | {base / seconds:.0%} "
                f"| {used:.3f} | {base_cpu / used:.0%} |"
            )

    # Per call: one small answer (one claim, one cite).
    small = {
        "id": "small", "sources": ["acme.xlsx"], "context": ["acme.xlsx#IS"],
        "claims": [{"id": "k1", "value": "$4.2 billion", "role": "Revenue, FY2024",
                    "cites": ["acme.xlsx#IS!B7"]}],
    }
    verifier = tickmark.Verifier(SAMPLES, store=STORE)
    verifier.verify(small)
    calls = 2000
    per_call = median_seconds(lambda: [verifier.verify(small) for _ in range(calls)], 5) / calls
    per_call_json = median_seconds(
        lambda: [verifier.verify(json.dumps(small), as_json=True) for _ in range(calls)], 5
    ) / calls
    inside = median_seconds(lambda: verifier.verify_many([small] * calls, jobs=1, as_json=True), 5) / calls
    with tempfile.TemporaryDirectory() as tmp:
        # The status quo for a Python caller: a `tickmark verify` process
        # per answer.
        for name in ["acme.xlsx"]:
            (Path(tmp) / name).symlink_to(SAMPLES / name)
        trace = Path(tmp) / "small.json"
        trace.write_text(json.dumps(small))
        command = [args.tickmark, "verify", "--trace", str(trace), "--format", "json"]
        process = median_seconds(lambda: subprocess.run(command, capture_output=True, check=False), 20)
    print()
    print("one small answer (1 claim), per call")
    print("| how | microseconds |")
    print("|---|---|")
    print(f"| verify(dict) -> dict | {per_call * 1e6:.0f} |")
    print(f"| verify(JSON string, as_json=True) | {per_call_json * 1e6:.0f} |")
    print(f"| inside verify_many, one thread (the library's own work) | {inside * 1e6:.0f} |")
    print(f"| per-call overhead of verify(dict) | {(per_call - inside) * 1e6:.0f} |")
    print(f"| a `tickmark verify` process per answer | {process * 1e6:,.0f} |")


if __name__ == "__main__":
    main()
