"""The exceptions of the tickmark package, raised with tickmark's messages."""


class Error(Exception):
    """The base of tickmark's exceptions."""


class InputError(Error, ValueError):
    """What the caller wrote cannot be used: a malformed answer (passed to
    ``Verifier.verify``), a store or vocabulary file that cannot be read, or
    an option out of range. The message names the place and what is wrong,
    e.g. ``claim "k1": "value" must be a string, found the number 4.2``."""


class SourceError(Error, OSError):
    """A source cannot be read (``extract``), or a Verifier's ``sources`` is
    not a folder. The message names the file, and the sheet or line.

    (A source an answer cites that cannot be read is no exception: its
    claims get ``unreadable_source`` in the report.)"""
