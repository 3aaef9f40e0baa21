"""Shared fixtures: the repository's samples, the tickmark CLI to compare
with, and a 10,000-answer input made from the sample answers."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "samples"
BATCH = SAMPLES / "answers" / "batch.jsonl"
STORE = SAMPLES / "answers" / "store.jsonl"

# The recipes of docs/distributed.md, imported by the engine tests.
sys.path.insert(0, str(REPO / "python" / "examples"))


def required(module: str):
    """Imports an engine's module; skips without it, except in CI, where a
    missing engine is a failure (.ci/run installs them)."""
    if os.environ.get("CI"):
        return __import__(module)
    return pytest.importorskip(module)


@pytest.fixture(scope="session")
def tickmark_bin() -> str:
    """The tickmark CLI: $TICKMARK_BIN, else the repository's release build."""
    found = os.environ.get("TICKMARK_BIN") or shutil.which("tickmark")
    for candidate in [found, REPO / "target" / "release" / "tickmark"]:
        if candidate and Path(candidate).is_file():
            return str(candidate)
    message = "no tickmark binary: cargo build --release, or set TICKMARK_BIN"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def run_batch(tickmark_bin: str, traces: Path, *extra: str, sources=SAMPLES, store=STORE) -> list[str]:
    """`tickmark batch` over a file: its output lines (the records).

    A message about a source names the file read, under `sources`: a
    comparison runs batch over the same folder as the Verifier."""
    done = subprocess.run(
        [tickmark_bin, "batch", "--traces", str(traces), "--sources", str(sources),
         "--store", str(store), *extra],
        capture_output=True,
        text=True,
        check=False,
    )
    # 1: some claim not accepted; 2: some line was an error record.
    assert done.returncode in (0, 1, 2), done.stderr
    return done.stdout.splitlines()


# Lines that are not answers, spread through the large input: each must
# come back as its error record, in its place.
MALFORMED = [
    "not json",
    "",
    '{"id": "bad-value", "claims": [{"id": "k1", "value": 4.2, "cites": ["acme.xlsx#IS!B7"]}]}',
    "[1, 2, 3]",
    '{"id": "bad-claims", "claims": "none"}',
]


@pytest.fixture(scope="session")
def answers_10k(tmp_path_factory) -> Path:
    """10,000 answers (the nine sample answers over and over, each id made
    unique) with five malformed lines among them: 10,005 lines."""
    samples = BATCH.read_text().splitlines()
    lines = []
    for i in range(10_000):
        answer = json.loads(samples[i % len(samples)])
        answer["id"] = f"{answer['id']}-{i + 1}"
        lines.append(json.dumps(answer))
        if i % 2000 == 1000:
            lines.append(MALFORMED[i // 2000])
    path = tmp_path_factory.mktemp("answers") / "answers-10k.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture(scope="session")
def batch_10k(tickmark_bin, answers_10k) -> list[dict]:
    """What `tickmark batch` writes for the 10,000 answers, parsed."""
    return [json.loads(line) for line in run_batch(tickmark_bin, answers_10k)]
