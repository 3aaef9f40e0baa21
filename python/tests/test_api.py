"""The Python API against the CLI: extract, Verifier.verify, errors,
options."""

import json
import pickle
import pydoc
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tickmark
from conftest import BATCH, SAMPLES, STORE

ANSWERS = [json.loads(line) for line in BATCH.read_text().splitlines()]
SWAP = next(a for a in ANSWERS if a["id"] == "acme-swap")


@pytest.fixture(scope="module")
def verifier() -> tickmark.Verifier:
    return tickmark.Verifier(SAMPLES, store=STORE)


def cli(tickmark_bin, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([tickmark_bin, *args], capture_output=True, text=True, check=False)


# extract


@pytest.mark.parametrize("name", ["acme.xlsx", "acme_income.csv", "dunmore_kpi.csv", "calder.pdf"])
def test_extract_returns_the_cells_extract_prints(tickmark_bin, name):
    path = str(SAMPLES / name)
    cells = tickmark.extract(path)
    printed = json.loads(cli(tickmark_bin, "extract", "--format", "json", path).stdout)
    assert cells == printed
    assert cells, "a sample with no cells tests nothing"
    for field in ["ref", "text", "value", "scale", "value_base", "percent", "currency",
                  "row_label", "section", "col_label", "period", "concept", "statement"]:
        assert field in cells[0], field
    assert cells[0]["ref"].startswith(path + "#")


def test_extract_takes_a_path_object_and_names_the_source_as_given():
    cells = tickmark.extract(SAMPLES / "acme_income.csv")
    revenue = next(c for c in cells if c["row_label"] == "Revenue")
    assert revenue["concept"] == "Revenues"
    assert revenue["value_base"] == "4200000000"


def test_extract_with_a_vocabulary_knows_its_labels(tmp_path):
    table = tmp_path / "kpi.csv"
    table.write_text("Metric,2024\nWidget royalties receivable,\"1,250\"\n")
    vocab = tmp_path / "extra.toml"
    vocab.write_text(
        '[[concept]]\nid = "WidgetRoyaltiesReceivable"\nmeasure = "monetary"\n'
        'period = "instant"\nlabels = ["Widget royalties receivable"]\n'
    )
    # The near miss: without the vocabulary the row is not recognised.
    assert tickmark.extract(table)[0]["concept"] is None
    assert tickmark.extract(table, vocab=vocab)[0]["concept"] == "WidgetRoyaltiesReceivable"
    assert tickmark.extract(table, vocab=[str(vocab)])[0]["concept"] == "WidgetRoyaltiesReceivable"


def test_an_unreadable_source_is_a_source_error_with_tickmarks_message(tmp_path):
    with pytest.raises(tickmark.SourceError, match="no/such.xlsx: cannot open: no such file"):
        tickmark.extract("no/such.xlsx")
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    with pytest.raises(tickmark.SourceError, match=r"empty\.csv: the file is empty \(0 bytes\)"):
        tickmark.extract(empty)
    # SourceError is an OSError and a tickmark.Error.
    with pytest.raises(OSError):
        tickmark.extract("no/such.csv")
    with pytest.raises(tickmark.Error):
        tickmark.extract("no/such.csv")


def test_a_vocabulary_that_cannot_be_read_is_an_input_error():
    with pytest.raises(tickmark.InputError, match="no/such/vocab.toml"):
        tickmark.extract(SAMPLES / "acme_income.csv", vocab="no/such/vocab.toml")


# Verifier.verify


def test_verify_gives_the_report_verify_prints(tickmark_bin, tmp_path):
    # `verify` reads sources next to the trace; copy them so that the
    # Verifier reads the same files under its sources folder.
    for name in ["acme.xlsx", "birchwood.xlsx", "calder.xlsx", "dunmore.xlsx"]:
        shutil.copy(SAMPLES / name, tmp_path / name)
    (tmp_path / "answers").mkdir()
    shutil.copy(SAMPLES / "answers" / "locked.xlsx", tmp_path / "answers" / "locked.xlsx")
    trace = tmp_path / "answers.json"
    trace.write_text(json.dumps(ANSWERS))
    done = cli(tickmark_bin, "verify", "--trace", str(trace), "--store", str(STORE),
               "--format", "json")
    assert done.returncode == 1, done.stderr
    printed = json.loads(done.stdout)["answers"]
    verifier = tickmark.Verifier(tmp_path, store=STORE)
    assert [verifier.verify(answer) for answer in ANSWERS] == printed
    # The same from the answer's JSON text, as str and as bytes.
    assert verifier.verify(json.dumps(ANSWERS[1])) == printed[1]
    assert verifier.verify(json.dumps(ANSWERS[1]).encode()) == printed[1]
    assert json.loads(verifier.verify(ANSWERS[1], as_json=True)) == printed[1]


def test_verify_catches_the_same_number_swap(verifier):
    report = verifier.verify(SWAP)
    k1 = report["claims"][0]
    assert report["route"] == "recite"
    assert k1["findings"][0]["code"] == "same_number_swap"
    assert k1["findings"][0]["suggest"] == "acme.xlsx#BS!B16"
    # The near miss: the cell with the claimed role is accepted.
    fixed = json.loads(json.dumps(SWAP))
    fixed["claims"] = [dict(fixed["claims"][0], cites=["acme.xlsx#BS!B16"])]
    fixed["context"] = ["acme.xlsx#BS"]
    assert verifier.verify(fixed)["claims"][0]["findings"] == []


def test_a_malformed_answer_is_an_input_error_with_tickmarks_message(verifier):
    # A malformed claim is that claim's error; the answer is still checked.
    bad = {"id": "a", "claims": [{"id": "k1", "value": 4.2, "cites": ["acme.xlsx#IS!B7"]}]}
    report = verifier.verify(bad)
    assert report["id"] == "a"
    assert report["claims"][0]["error"] == 'claim "k1": "value" must be a string, found the number 4.2'
    assert report["route"] != "accept"
    assert issubclass(tickmark.InputError, ValueError)
    with pytest.raises(tickmark.InputError, match="invalid JSON at column 2: expected ident"):
        verifier.verify("not json")
    with pytest.raises(tickmark.InputError, match="expected an answer object, found a list"):
        verifier.verify([1, 2])
    with pytest.raises(tickmark.InputError, match="cannot be written as JSON"):
        verifier.verify({"id": "s", "claims": {1, 2}})
    with pytest.raises(tickmark.InputError, match="not UTF-8"):
        verifier.verify(b'{"id": "\xff"}')


def test_a_source_path_that_leaves_the_sources_folder_is_unreadable(verifier):
    answer = {
        "id": "escape",
        "sources": [{"id": "acme.xlsx", "path": "../samples/acme.xlsx"}],
        "claims": [{"id": "k1", "value": "4,200", "role": "Revenue, FY2024",
                    "cites": ["acme.xlsx#IS!B7"]}],
    }
    finding = verifier.verify(answer)["claims"][0]["findings"][0]
    assert finding["code"] == "unreadable_source"
    assert "leaves the sources folder" in finding["message"]
    # The near miss: the same source named inside the folder is read.
    answer["sources"] = ["acme.xlsx"]
    assert verifier.verify(answer)["claims"][0]["findings"] == []


# options


def test_checks_runs_only_the_named_checks(tickmark_bin, verifier):
    value_only = tickmark.Verifier(SAMPLES, store=STORE, checks=["value"])
    report = value_only.verify(SWAP)
    codes = [f["code"] for c in report["claims"] for f in c["findings"]]
    assert "same_number_swap" not in codes
    # The near miss: with the role check, the swap is caught (a string of
    # names, as --checks takes them).
    with_role = tickmark.Verifier(SAMPLES, store=STORE, checks="value,role").verify(SWAP)
    assert with_role["claims"][0]["findings"][0]["code"] == "same_number_swap"
    # The same as the CLI's --checks value.
    printed = cli(tickmark_bin, "batch", "--traces", str(BATCH), "--sources", str(SAMPLES),
                  "--store", str(STORE), "--checks", "value").stdout.splitlines()
    assert value_only.verify_many(BATCH.read_text().splitlines()) == [json.loads(p) for p in printed]


def test_a_command_judge_is_asked_about_the_claims_every_code_check_passed(tickmark_bin, tmp_path):
    judge = tmp_path / "judge.py"
    judge.write_text(
        "import json, sys\n"
        "request = json.loads(sys.stdin.readline())\n"
        "print(json.dumps({'relation': 'supports', 'p': 0.9}))\n"
    )
    spec = f"command:{sys.executable} {judge}"
    judged = tickmark.Verifier(SAMPLES, store=STORE, judge=spec, accept_at="0.85")
    records = judged.verify_many(BATCH.read_text().splitlines())
    printed = cli(tickmark_bin, "batch", "--traces", str(BATCH), "--sources", str(SAMPLES),
                  "--store", str(STORE), "--judge", spec, "--accept-at", "0.85").stdout.splitlines()
    assert records == [json.loads(p) for p in printed]
    assert sum(r["model_calls"] for r in records) > 0
    clean = records[0]["claims"][0]
    assert clean["support"] == {"judge": "command", "relation": "supports", "p": "0.9"}
    # The near miss: above the judge's p, the gate sends the claim to a person.
    strict = tickmark.Verifier(SAMPLES, store=STORE, judge=spec, accept_at=0.95)
    codes = [f["code"] for f in strict.verify(ANSWERS[0])["claims"][0]["findings"]]
    assert codes == ["below_gate"]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"store": "no/such/store.jsonl"}, tickmark.InputError, "no/such/store.jsonl"),
        ({"vocab": "no/such/vocab.toml"}, tickmark.InputError, "no/such/vocab.toml"),
        ({"judge": "magic:8ball"}, tickmark.InputError, 'unknown backend "magic"'),
        ({"judge": "command:"}, tickmark.InputError, "no program"),
        ({"accept_at": 1.5}, tickmark.InputError, 'accept_at: expected a number from 0 to 1, found "1.5"'),
        ({"accept_at": "high"}, tickmark.InputError, "accept_at"),
        ({"checks": ["value", "vibes"]}, tickmark.InputError, 'unknown check "vibes"'),
        ({"judge_timeout": 0}, tickmark.InputError, "judge_timeout"),
    ],
)
def test_options_that_cannot_be_used_are_input_errors(kwargs, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        tickmark.Verifier(SAMPLES, **kwargs)


def test_sources_must_be_a_folder():
    with pytest.raises(tickmark.SourceError, match="not a folder"):
        tickmark.Verifier(SAMPLES / "acme.xlsx")
    with pytest.raises(tickmark.SourceError, match="no/such/folder"):
        tickmark.Verifier("no/such/folder")


# the object


def test_sources_are_read_once_and_shared_by_every_call():
    verifier = tickmark.Verifier(SAMPLES, store=STORE)
    assert verifier.sources_read == 0
    verifier.verify(SWAP)
    verifier.verify(SWAP)
    assert verifier.sources_read == 1
    verifier.verify_many(ANSWERS)
    # acme, birchwood, calder, dunmore and the locked workbook.
    assert verifier.sources_read == 5
    assert Path(verifier.sources) == SAMPLES


def test_a_pickled_verifier_has_the_same_settings_and_a_fresh_cache(verifier):
    verifier.verify(SWAP)
    judged = tickmark.Verifier(SAMPLES, store=STORE, checks=["value"], judge="none", accept_at=0.9)
    for original in [verifier, judged]:
        copy = pickle.loads(pickle.dumps(original))
        assert repr(copy) == repr(original)
        assert copy.sources_read == 0
        assert copy.verify(SWAP) == original.verify(SWAP)


def test_repr_and_help_read_well(verifier):
    assert repr(verifier) == f'Verifier("{SAMPLES}", store="{STORE}")'
    text = pydoc.render_doc(tickmark.Verifier, renderer=pydoc.plaintext)
    assert "Verifier(sources, *, store=None, vocab=None, judge=None, accept_at=0.8" in text
    assert "verify_many(self, /, answers, jobs=None, *, lines=None, as_json=False)" in text
    assert "same_number_swap" in text
    assert "Raises InputError" in text
    for function in [tickmark.extract, tickmark.Verifier.verify, tickmark.Verifier.verify_many]:
        assert function.__doc__ and len(function.__doc__) > 200, function
    assert tickmark.__version__ == "0.1.0"
