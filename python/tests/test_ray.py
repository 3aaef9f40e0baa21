"""The Ray Data recipe of docs/distributed.md (python/examples/ray_verify.py)
on a local Ray: 10,000 answers, the same records as `tickmark batch`."""

import json
import os

import pytest

from conftest import REPO, SAMPLES, STORE, required

ray = required("ray")
required("ray.data")

import ray_verify  # noqa: E402  (python/examples, on the path from conftest)


@pytest.fixture(scope="module")
def local_ray():
    examples = str(REPO / "python" / "examples")
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        # The workers import the recipe module, as a cluster's would.
        runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join([examples, os.environ.get("PYTHONPATH", "")])}},
    )
    yield
    ray.shutdown()


def test_map_batches_gives_one_batch_record_per_answer(local_ray, answers_10k, batch_10k):
    answers = ray_verify.read_answers(answers_10k)
    checked = ray_verify.verify_dataset(answers, str(SAMPLES), str(STORE), actors=2)
    records = ray_verify.records_in_order(checked)
    assert len(records) == len(batch_10k) == 10_005
    assert records == batch_10k


def test_with_preserve_order_the_records_come_back_in_input_order(local_ray, answers_10k, batch_10k):
    from ray.data import DataContext

    context = DataContext.get_current()
    before = context.execution_options.preserve_order
    context.execution_options.preserve_order = True
    try:
        answers = ray_verify.read_answers(answers_10k)
        checked = ray_verify.verify_dataset(answers, str(SAMPLES), str(STORE), batch_size=500)
        rows = list(checked.iter_rows())
    finally:
        context.execution_options.preserve_order = before
    assert [row["line"] for row in rows] == list(range(1, 10_006))
    assert [json.loads(row["record"]) for row in rows] == batch_10k
