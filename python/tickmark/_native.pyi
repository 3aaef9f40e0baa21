"""Type stubs of the extension module tickmark._native (python/src/)."""

import os
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal, TypeAlias, final, overload

__all__ = ["Verifier", "__version__", "extract"]
__version__: str

_StrPath: TypeAlias = str | os.PathLike[str]
#: One answer: a dict as docs/format.md describes it, or its JSON text.
_Answer: TypeAlias = Mapping[str, Any] | str | bytes
#: A report (``verify``), a batch record (``verify_many``) or a cell (``extract``):
#: the JSON objects the tickmark command writes.
_Record: TypeAlias = dict[str, Any]

def extract(path: _StrPath, *, vocab: _StrPath | Sequence[_StrPath] | None = None) -> list[_Record]:
    """Reads one source into its labeled cells, as ``tickmark extract --format json``."""

@final
class Verifier:
    """Checks answers against their sources (see help(tickmark.Verifier))."""

    def __new__(
        cls,
        sources: _StrPath,
        *,
        store: _StrPath | None = None,
        vocab: _StrPath | Sequence[_StrPath] | None = None,
        judge: str | None = None,
        accept_at: float | str | Decimal | None = 0.8,
        checks: str | Iterable[str] | None = None,
        judge_timeout: float = 60.0,
        judge_retries: int = 2,
        judge_concurrency: int = 4,
        judge_model: str = "default",
        judge_key_env: str | None = None,
    ) -> Verifier: ...
    @overload
    def verify(self, answer: _Answer, *, as_json: Literal[False] = False) -> _Record:
        """Checks one answer; returns its report."""
    @overload
    def verify(self, answer: _Answer, *, as_json: Literal[True]) -> str: ...
    @overload
    def verify_many(
        self,
        answers: Iterable[Any],
        jobs: int | None = None,
        *,
        lines: Iterable[int] | None = None,
        as_json: Literal[False] = False,
    ) -> list[_Record]:
        """Checks many answers in parallel; one batch record per answer, in order."""
    @overload
    def verify_many(
        self,
        answers: Iterable[Any],
        jobs: int | None = None,
        *,
        lines: Iterable[int] | None = None,
        as_json: Literal[True],
    ) -> list[str]: ...
    @property
    def sources(self) -> Path:
        """The folder the answers' source paths are relative to."""
    @property
    def sources_read(self) -> int:
        """How many source files were read so far."""
    def __getnewargs_ex__(self) -> tuple[tuple[Any, ...], dict[str, Any]]: ...
