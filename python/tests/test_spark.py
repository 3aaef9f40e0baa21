"""The Spark recipes of docs/distributed.md (python/examples/spark_verify.py)
on pyspark local[2]: 10,000 answers, the same records as `tickmark batch`."""

import json
import os
import sys

import pytest

from conftest import REPO, SAMPLES, STORE, required, run_batch

required("pyspark")
required("pandas")
required("pyarrow")

import spark_verify  # noqa: E402  (python/examples, on the path from conftest)


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    # The workers run this interpreter (and so this tickmark); Spark stays
    # on the loopback interface.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    session = (
        SparkSession.builder.master("local[2]")
        .appName("tickmark-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    # What a cluster needs too: the recipe module on the workers.
    session.sparkContext.addPyFile(str(REPO / "python" / "examples" / "spark_verify.py"))
    yield session
    session.stop()


def test_map_in_pandas_with_shipped_sources_gives_the_batch_records(
    spark, tickmark_bin, answers_10k, batch_10k
):
    from pyspark import SparkFiles

    context = spark.sparkContext
    context.addFile(str(SAMPLES), recursive=True)
    context.addFile(str(STORE))
    answers = spark_verify.read_answers(spark, str(answers_10k)).repartition(4)
    assert answers.rdd.getNumPartitions() == 4
    checked = spark_verify.verify_frame(answers, "samples", "store.jsonl", shipped=True)
    # Sorted here rather than with orderBy, which would run the checks
    # twice (once to sample the lines for its range partitioning).
    rows = sorted(checked.collect(), key=lambda row: row["line"])
    assert len(rows) == len(batch_10k) == 10_005
    assert [row["line"] for row in rows] == list(range(1, 10_006))
    # batch over the same shipped copies (in local mode the driver's
    # SparkFiles folder is the workers'): a message about the unreadable
    # sample names the copy that was read.
    shipped = [
        json.loads(line)
        for line in run_batch(
            tickmark_bin,
            answers_10k,
            sources=SparkFiles.get("samples"),
            store=SparkFiles.get("store.jsonl"),
        )
    ]
    assert [json.loads(row["record"]) for row in rows] == shipped
    # Only those messages differ from the run over the repository's samples.
    differing = [a for a, b in zip(shipped, batch_10k) if a != b]
    assert differing and all(r["id"].startswith("acme-citations") for r in differing)


def test_map_partitions_over_shared_storage_keeps_the_input_order(spark, answers_10k, batch_10k):
    lines = spark.sparkContext.textFile(str(answers_10k), minPartitions=3).zipWithIndex()
    answers = lines.map(lambda pair: (pair[1] + 1, pair[0]))
    records = spark_verify.verify_rdd(answers, str(SAMPLES), str(STORE)).collect()
    assert records == batch_10k


def test_rdd_pipe_through_the_cli_gives_the_batch_records(spark, tickmark_bin, answers_10k, batch_10k):
    lines = spark.sparkContext.textFile(str(answers_10k), minPartitions=3).zipWithIndex()
    answers = lines.map(lambda pair: (pair[1] + 1, pair[0]))
    records = spark_verify.verify_rdd_with_cli(
        answers, str(SAMPLES), str(STORE), tickmark=tickmark_bin
    ).collect()
    assert records == batch_10k
