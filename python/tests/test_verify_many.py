"""Verifier.verify_many returns exactly what `tickmark batch` writes."""

import json

import pytest

import tickmark
from conftest import BATCH, MALFORMED, SAMPLES, STORE, run_batch


def has_error(record: dict) -> bool:
    """An answer's error record, or a report with a claim that is its error."""
    return "error" in record or any("error" in c for c in record.get("claims", []))


@pytest.fixture(scope="module")
def verifier() -> tickmark.Verifier:
    return tickmark.Verifier(SAMPLES, store=STORE)


def test_the_sample_batch_gives_exactly_the_records_batch_writes(tickmark_bin, verifier):
    written = run_batch(tickmark_bin, BATCH)
    lines = BATCH.read_text().splitlines()
    assert len(written) == len(lines) == 9
    # Whole records, parsed: every field of every report.
    assert verifier.verify_many(lines) == [json.loads(w) for w in written]
    # And as text: the same bytes.
    assert verifier.verify_many(lines, as_json=True) == written
    # Dicts in, the same records out.
    assert verifier.verify_many([json.loads(line) for line in lines]) == [json.loads(w) for w in written]


def test_a_malformed_answer_in_a_list_is_its_error_record_in_place(tickmark_bin, verifier, tmp_path):
    lines = BATCH.read_text().splitlines()
    mixed = [lines[0], *MALFORMED, lines[1]]
    traces = tmp_path / "mixed.jsonl"
    traces.write_text("\n".join(mixed) + "\n")
    written = [json.loads(w) for w in run_batch(tickmark_bin, traces)]
    records = verifier.verify_many(mixed)
    assert records == written
    assert len(records) == len(mixed)
    assert [r["line"] for r in records] == list(range(1, len(mixed) + 1))
    assert records[0]["id"] == "acme-clean" and records[-1]["id"] == "acme-swap"
    assert records[1] == {"schema": 1, "line": 2, "error": "invalid JSON at column 2: expected ident"}
    assert records[3]["claims"][0]["error"] == 'claim "k1": "value" must be a string, found the number 4.2'
    assert all(has_error(r) for r in records[1:-1])


def test_values_json_cannot_write_get_an_error_record_too(verifier):
    records = verifier.verify_many([{"id": "s", "claims": {1, 2}}, float("nan"), None, 7])
    assert records[0] == {
        "schema": 1,
        "line": 1,
        "error": "the answer cannot be written as JSON: Object of type set is not JSON serializable",
    }
    assert records[1]["error"].startswith("the answer cannot be written as JSON: Out of range float")
    assert records[2] == {"schema": 1, "line": 3, "error": "expected an answer object, found null"}
    assert records[3]["error"].startswith("expected an answer object, found")


def test_lines_numbers_the_records(verifier):
    lines = BATCH.read_text().splitlines()[:3]
    records = verifier.verify_many(lines, lines=[101, 7, 55])
    assert [r["line"] for r in records] == [101, 7, 55]
    assert [r["id"] for r in records] == ["acme-clean", "acme-swap", "acme-pointers"]
    with pytest.raises(tickmark.InputError, match=r"lines: expected one number per answer \(3\), found 2"):
        verifier.verify_many(lines, lines=[1, 2])


def test_the_records_do_not_depend_on_jobs(verifier, answers_10k, batch_10k):
    lines = answers_10k.read_text().splitlines()[:2000]
    one = verifier.verify_many(lines, jobs=1)
    assert one == verifier.verify_many(lines, jobs=2) == verifier.verify_many(lines)
    assert one == batch_10k[:2000]
    with pytest.raises(tickmark.InputError, match="jobs: expected at least 1"):
        verifier.verify_many(lines, jobs=0)


def test_ten_thousand_answers_give_the_records_batch_writes(answers_10k, batch_10k):
    verifier = tickmark.Verifier(SAMPLES, store=STORE)
    lines = answers_10k.read_text().splitlines()
    records = verifier.verify_many(lines)
    assert len(records) == len(lines) == 10_005
    assert sum(has_error(r) for r in records) == len(MALFORMED)
    assert records == batch_10k
    assert verifier.sources_read == 5


def test_an_empty_list_gives_no_records(verifier):
    assert verifier.verify_many([]) == []
    assert verifier.verify_many(iter(())) == []
