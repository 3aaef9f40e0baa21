"""A Verifier shared by threads, and the GIL released while checking."""

import json
import shlex
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import tickmark
from conftest import BATCH, SAMPLES, STORE

LINES = BATCH.read_text().splitlines()


def test_threads_sharing_one_verifier_get_what_one_thread_gets():
    expected = tickmark.Verifier(SAMPLES, store=STORE).verify_many(LINES, jobs=1)
    shared = tickmark.Verifier(SAMPLES, store=STORE)

    def work(i: int):
        if i % 2:
            return shared.verify_many(LINES, jobs=2)
        return [dict(shared.verify(line), line=n) for n, line in enumerate(LINES, 1)]

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(work, range(32)))
    for result in results:
        assert [{"line": r["line"], **r} for r in result] == expected
    # Threads that needed the same source at once waited for one read of it.
    assert shared.sources_read == 5


# The judge below tells the test that it was started, then waits (at most
# 20 s) for the test to answer. The test's thread can only see the first
# file and write the second while another thread is inside `verify`
# if that thread released the GIL: holding it, the judge would wait out its
# 20 s and give no reply (below_gate).
HANDSHAKE_JUDGE = """
import json, pathlib, sys, time
folder = pathlib.Path(sys.argv[1])
sys.stdin.readline()
(folder / "started").write_text("")
deadline = time.monotonic() + 20
while not (folder / "go").exists():
    if time.monotonic() > deadline:
        sys.exit(3)
    time.sleep(0.01)
print(json.dumps({"relation": "supports", "p": 0.99}))
"""


@pytest.mark.parametrize("call", ["verify", "verify_many"])
def test_the_gil_is_released_while_checking(tmp_path, call):
    judge = tmp_path / "judge.py"
    judge.write_text(HANDSHAKE_JUDGE)
    spec = "command:" + shlex.join([sys.executable, str(judge), str(tmp_path)])
    verifier = tickmark.Verifier(SAMPLES, store=STORE, judge=spec, judge_timeout=60)
    clean = json.loads(LINES[0])
    answer = dict(clean, claims=clean["claims"][:1])
    result = {}

    def check():
        if call == "verify":
            result["report"] = verifier.verify(answer)
        else:
            result["report"] = verifier.verify_many([answer])[0]

    thread = threading.Thread(target=check)
    thread.start()
    deadline = time.monotonic() + 30
    while not (tmp_path / "started").exists() and time.monotonic() < deadline:
        time.sleep(0.005)
    (tmp_path / "go").write_text("")
    thread.join(timeout=60)
    assert not thread.is_alive()
    claim = result["report"]["claims"][0]
    assert claim["support"] == {"judge": "command", "relation": "supports", "p": "0.99"}, claim
    assert claim["findings"] == []
