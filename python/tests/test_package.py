"""The package around the module: its stubs against the built module, and
the recipes of docs/distributed.md kept in step with the files tested."""

import subprocess
import sys

import pytest

from conftest import REPO, required


def test_the_stubs_match_the_built_module():
    required("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "tickmark"],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO / "python" / "tests",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


@pytest.mark.parametrize("recipe", ["spark_verify.py", "ray_verify.py"])
def test_docs_distributed_shows_each_recipe_as_tested(recipe):
    doc = (REPO / "docs" / "distributed.md").read_text()
    code = (REPO / "python" / "examples" / recipe).read_text()
    assert f"```python\n{code}```" in doc, f"docs/distributed.md does not show python/examples/{recipe} as it is"


def test_the_installed_package_is_the_built_wheel_not_the_source_folder():
    import tickmark

    # Tests run against what a user installs: the package in the venv.
    assert "site-packages" in tickmark.__file__, tickmark.__file__


def test_the_docstring_example_runs(monkeypatch):
    import doctest

    import tickmark

    monkeypatch.chdir(REPO)
    finder = doctest.DocTestFinder(recurse=False)
    [test] = finder.find(tickmark.Verifier, "Verifier", globs={"tickmark": tickmark})
    assert test.examples, "the docstring lost its example"
    result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test)
    assert result.failed == 0
