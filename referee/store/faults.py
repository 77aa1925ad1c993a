"""What can go wrong with storage, in plain words for the page (no traceback, no SQL, no
password ever reaches a person)."""

from __future__ import annotations


class Conflict(RuntimeError):
    """The game changed since it was read (another tablet stepped first)."""


class NotFound(KeyError):
    """No game with that id (or none this visitor may open: the same answer, on purpose)."""


class StorageError(RuntimeError):
    """The games cannot be read or written (read-only, full, damaged, newer schema, unreachable).

    ``message`` is in plain words for the page; ``kind`` is one of ``"readonly"``, ``"full"``,
    ``"damaged"``, ``"newer"``, ``"unavailable"``, ``"refused"`` (not allowed to this visitor).
    Nothing was written when this is raised.
    """

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


class DamagedGame(StorageError):
    """One stored game's row cannot be read back (the others are fine)."""

    def __init__(self, gid: str) -> None:
        super().__init__(
            "damaged",
            f"The stored game {gid} is damaged and cannot be opened. The other games are fine.",
        )
        self.gid = gid


def _driver_words(exc: BaseException) -> str:
    """The database driver's own first line (SQLAlchemy's text adds the SQL and parameters)."""
    orig = getattr(exc, "orig", None) or exc
    return (str(orig).strip().splitlines() or [type(orig).__name__])[0]


def storage_error(exc: BaseException, where: str, server: bool) -> StorageError:
    """A plain-words StorageError for a driver or OS error.

    ``where`` names the place for a person: the data folder (SQLite) or the database server
    (PostgreSQL: host and database name, never the password).
    """
    words = _driver_words(exc)
    text = words.lower()
    things = "games database" if server else "games folder"
    if isinstance(exc, PermissionError) or "readonly" in text or "read-only" in text:
        return StorageError(
            "readonly",
            f"The {things} cannot be written: {where} is read-only. "
            "Nothing was saved. Ask whoever runs this app to make it writable.",
        )
    if "full" in text or getattr(exc, "errno", None) == 28 or "no space left" in text:
        return StorageError(
            "full",
            f"The {things} cannot be written: the disk holding {where} is full. "
            "Nothing was saved. Free some space and try again.",
        )
    if server and ("connection" in text or "could not connect" in text or "terminating" in text):
        return StorageError(
            "unavailable",
            f"The games database at {where} cannot be reached right now. Nothing was saved. "
            "Check that the database server is running, then reload the page.",
        )
    if "unable to open" in text or "disk i/o" in text or "locking protocol" in text:
        return StorageError(
            "unavailable",
            f"The games folder cannot be written: the games file in {where} could not be "
            "opened or created. Nothing was saved. Check that the folder exists, is writable "
            "and is on a working disk.",
        )
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return StorageError(
            "damaged",
            f"The games file in {where} is damaged, so it was left exactly as it is. "
            "Ask whoever runs this app to restore it from a backup or move it aside.",
        )
    return StorageError(
        "unavailable",
        f"The {things} cannot be used right now ({where}): {words}. Nothing was saved.",
    )
