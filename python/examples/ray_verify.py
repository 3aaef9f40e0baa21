"""Checking answers on Ray Data with tickmark (docs/distributed.md).

`map_batches` with a callable class: each actor of the pool makes one
`tickmark.Verifier` when it starts and keeps it, so each reads the sources
once and every batch it is given shares them.
"""

import json


def read_answers(path):
    """A JSON Lines file as a Dataset of (line, answer): the 1-based line
    number and the line's text, one answer each."""
    import ray.data

    with open(path, encoding="utf-8") as file:
        items = [{"line": n, "answer": text.rstrip("\r\n")} for n, text in enumerate(file, 1)]
    return ray.data.from_items(items)


class VerifyBatch:
    """One Verifier per actor; each batch of (line, answer) becomes a batch
    of (line, record), each record the JSON line `tickmark batch` writes."""

    def __init__(self, sources, store=None, jobs=1):
        import tickmark

        self.verifier = tickmark.Verifier(sources, store=store)
        self.jobs = jobs

    def __call__(self, batch):
        records = self.verifier.verify_many(
            batch["answer"], jobs=self.jobs, lines=batch["line"], as_json=True
        )
        return {"line": batch["line"], "record": records}


def verify_dataset(answers, sources, store=None, *, actors=2, jobs=1, batch_size=1024):
    """Dataset (line, answer) -> Dataset (line, record). Ray Data may hand
    the batches back out of order unless the DataContext preserves order;
    the line column pairs each record with its answer either way."""
    return answers.map_batches(
        VerifyBatch,
        fn_constructor_kwargs={"sources": sources, "store": store, "jobs": jobs},
        batch_size=batch_size,
        batch_format="numpy",
        concurrency=actors,
    )


def records_in_order(dataset):
    """The records of a verified Dataset as dicts, by line."""
    rows = sorted(dataset.iter_rows(), key=lambda row: row["line"])
    return [json.loads(row["record"]) for row in rows]
