"""Checking answers on Spark with tickmark (docs/distributed.md).

Three routes, each giving one record per answer, the record `tickmark batch`
writes for it:

- `verify_frame`: a DataFrame of (line, answer) through `mapInPandas`, one
  `tickmark.Verifier` per partition;
- `verify_rdd`: an RDD of (line, answer) through `mapPartitions`, the same
  without pandas;
- `verify_rdd_with_cli`: an RDD of answer lines piped through the
  `tickmark batch` command (`RDD.pipe`), for workers that have the binary
  but not the Python package.

`sources` (and `store`) are paths every worker can read (shared storage),
or, with `shipped=True`, the names under which they were shipped with
`SparkContext.addFile` (`SparkFiles`).
"""

import json
import shlex

#: Answers handed to one verify_many call: bounds a worker's memory.
CHUNK = 1024


def read_answers(spark, path):
    """A JSON Lines file as a DataFrame of (line, answer): the 1-based line
    number and the line's text, one answer each."""
    lines = spark.sparkContext.textFile(path).zipWithIndex()
    return lines.map(lambda pair: (pair[1] + 1, pair[0])).toDF("line long, answer string")


def _verifier(sources, store, shipped):
    """The Verifier of one partition, made on the worker: sources are read
    there, once per partition, and shared by its answers."""
    import tickmark
    from pyspark import SparkFiles

    where = SparkFiles.get if shipped else str
    return tickmark.Verifier(where(sources), store=where(store) if store else None)


def verify_frame(answers, sources, store=None, *, shipped=False, jobs=1):
    """DataFrame (line long, answer string) -> DataFrame (line long, record
    string), each record the JSON line `tickmark batch` writes for that line."""
    import pandas as pd

    def check(batches):
        verifier = _verifier(sources, store, shipped)
        for batch in batches:
            records = verifier.verify_many(
                batch["answer"], jobs=jobs, lines=batch["line"], as_json=True
            )
            yield pd.DataFrame({"line": batch["line"], "record": records})

    return answers.mapInPandas(check, "line long, record string")


def verify_rdd(answers, sources, store=None, *, shipped=False, jobs=1):
    """RDD of (line, answer) -> RDD of records (dicts), in the same order."""

    def check(partition):
        verifier = _verifier(sources, store, shipped)
        chunk = []
        for item in partition:
            chunk.append(item)
            if len(chunk) == CHUNK:
                yield from verifier.verify_many(
                    [a for _, a in chunk], jobs=jobs, lines=[n for n, _ in chunk]
                )
                chunk = []
        if chunk:
            yield from verifier.verify_many(
                [a for _, a in chunk], jobs=jobs, lines=[n for n, _ in chunk]
            )

    return answers.mapPartitions(check)


def verify_rdd_with_cli(answers, sources, store=None, *, tickmark="tickmark", jobs=1):
    """RDD of (line, answer) -> RDD of records (dicts): each partition's
    answers piped through one `tickmark batch` process.

    batch numbers its records by their line in its own input, the
    partition; `zip` pairs each record with its answer's line (and fails if
    a partition's record count ever differed from its answer count)."""
    command = [tickmark, "batch", "--traces", "-", "--sources", sources, "--jobs", str(jobs)]
    if store:
        command += ["--store", store]
    answers = answers.cache()
    # batch exits 1 when a claim is not accepted: a verdict, not a failure.
    records = answers.values().pipe(shlex.join(command), checkCode=False)

    def renumber(pair):
        line, record = pair
        record = json.loads(record)
        record["line"] = line
        return record

    return answers.keys().zip(records).map(renumber)
