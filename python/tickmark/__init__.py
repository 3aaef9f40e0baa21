"""tickmark checks the numbers an answer cites from a financial report.

It reads the spreadsheet, PDF or filing behind an answer into labeled cells
(every number with its row label, section, column header, period, unit,
scale and concept) and checks each citation in code: resolution, quote,
value, role, arithmetic, then an optional support judge. Its signature catch
is the same-number wrong-role swap: the digits are right, the cell is wrong.

    >>> import tickmark
    >>> verifier = tickmark.Verifier("samples", store="samples/answers/store.jsonl")
    >>> report = verifier.verify(answer)            # one answer: a dict
    >>> records = verifier.verify_many(answers)     # many, in parallel, in order
    >>> cells = tickmark.extract("samples/acme.xlsx")

Reports, records and cells are the JSON objects the ``tickmark`` command
writes (``verify --format json``, ``batch``, ``extract --format json``).
"""

from ._errors import Error, InputError, SourceError
from ._native import Verifier, __version__, extract

__all__ = ["Error", "InputError", "SourceError", "Verifier", "__version__", "extract"]
