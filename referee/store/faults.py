"""What can go wrong with storage, in plain words for the page (no traceback, no SQL, no
password, no database error text ever reaches a person).

Each kind of failure gets its own sentence, because each has its own remedy: a wrong password
is fixed in the app's settings, a missing database with ``createdb``, a stopped server by
starting it, a hung one by waiting (the page tries again by itself), text the database cannot
keep by taking the odd character out.  The database's own words go to the server's log only.
"""

from __future__ import annotations

import logging

log = logging.getLogger("referee.store")


class Conflict(RuntimeError):
    """The game changed since it was read (another tablet stepped first)."""


class NotFound(KeyError):
    """No game with that id (or none this visitor may open: the same answer, on purpose)."""


class StorageError(RuntimeError):
    """The games cannot be read or written.

    ``message`` is in plain words for anyone, a stranger in public mode included: it never names
    the server, a path or the database's own error text.  ``where`` says where the games are
    (the data folder, or the database address with its password hidden) for the people who run
    the app: the banner, the log, and the fault page shown at home or to the organiser.

    ``kind`` is one of ``"readonly"``, ``"full"``, ``"damaged"``, ``"newer"``, ``"unavailable"``
    (cannot be reached), ``"hung"`` (connected, but not answering in time), ``"auth"`` (user
    name or password refused), ``"nodatabase"``, ``"address"`` (the configured address does not
    parse), ``"input"`` (text the database cannot store) or ``"refused"`` (not allowed to this
    visitor, or a quota reached).  Nothing was written when this is raised.
    """

    def __init__(self, kind: str, message: str, where: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.where = where
        self.detail = ""  # the driver's own words (for the log only)


class DamagedGame(StorageError):
    """One stored game's row cannot be read back (the others are fine)."""

    def __init__(self, gid: str) -> None:
        super().__init__(
            "damaged",
            f"The stored game {gid} is damaged and cannot be opened. The other games are fine.",
        )
        self.gid = gid


HUNG = (
    "The games database is not answering. Nothing was saved. "
    "This page tries again by itself; games saved before are kept."
)
INPUT = (
    "That text has a character that cannot be stored (a NUL byte or a broken letter). "
    "Nothing was saved. Take it out and try again."
)

# PostgreSQL's SQLSTATE codes, by the kind of failure they mean for a person.
_SQLSTATES = {
    "28P01": "auth",  # invalid_password
    "28000": "auth",  # invalid_authorization_specification (no such role, pg_hba refused)
    "3D000": "nodatabase",  # invalid_catalog_name
    "57014": "hung",  # query_canceled: our statement_timeout
    "55P03": "hung",  # lock_not_available: our lock_timeout
    "25P03": "hung",  # idle_in_transaction_session_timeout
    "57P01": "unavailable",  # admin_shutdown
    "57P02": "unavailable",  # crash_shutdown
    "57P03": "unavailable",  # cannot_connect_now (starting up, shutting down)
    "53300": "unavailable",  # too_many_connections
    "25006": "readonly",  # read_only_sql_transaction (a standby, a read-only database)
    "53100": "full",  # disk_full
    "22021": "input",  # character_not_in_repertoire
    "22P05": "input",  # untranslatable_character
}


def _driver_words(exc: BaseException) -> str:
    """The database driver's own first line (SQLAlchemy's text adds the SQL and parameters)."""
    orig = getattr(exc, "orig", None) or exc
    return (str(orig).strip().splitlines() or [type(orig).__name__])[0]


def _kind(exc: BaseException, text: str, server: bool) -> str:
    """What kind of failure ``exc`` is (see :class:`StorageError`)."""
    orig = getattr(exc, "orig", None) or exc
    state = getattr(orig, "sqlstate", None)
    if state in _SQLSTATES:
        return _SQLSTATES[state]
    if getattr(orig, "karma_hung", False) or type(exc).__name__ == "TimeoutError":
        return "hung"  # our own client-side deadline, or the pool's checkout wait
    if isinstance(orig, UnicodeError) or "nul (0x00)" in text:
        return "input"
    if "interrupted" in text or "statement timeout" in text or "lock timeout" in text:
        return "hung"  # SQLite's progress handler (our deadline), PostgreSQL's own words
    if server:
        if "password" in text or ("role" in text and "does not exist" in text):
            return "auth"
        if "database" in text and "does not exist" in text:
            return "nodatabase"
        if "timeout expired" in text or "timed out" in text:
            return "hung"
    if isinstance(exc, PermissionError) or "readonly" in text or "read-only" in text:
        return "readonly"
    if "full" in text or getattr(exc, "errno", None) == 28 or "no space left" in text:
        return "full"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return "damaged"
    if "database is locked" in text or "database table is locked" in text:
        return "hung"
    if not server and (
        "unable to open" in text or "disk i/o" in text or "locking protocol" in text
    ):
        return "unopenable"
    return "unavailable"


def storage_error(exc: BaseException, where: str, server: bool) -> StorageError:
    """A plain-words StorageError for a driver or OS error; the driver's words are logged.

    ``where`` names the place for the people who run the app (the data folder, or the database
    address with its password hidden); it is kept on the error, never put in its message.
    """
    words = _driver_words(exc)
    kind = _kind(exc, words.lower(), server)
    # A database that is away is said once by the store when it goes and once when it comes
    # back (Store._fault); every other fault is its own event.
    said = log.debug if kind in ("hung", "unavailable") else log.warning
    said("games %s at %s: %s (%s)", "database" if server else "file", where, words, kind)
    things = "games database" if server else "games folder"
    message = {
        "readonly": f"The {things} cannot be written: it is read-only. Nothing was saved. "
        "Ask whoever runs this app to make it writable.",
        "full": f"The {things} cannot be written: the disk it is on is full. "
        "Nothing was saved. Free some space and try again.",
        "damaged": "The games file is damaged, so it was left exactly as it is. "
        "Ask whoever runs this app to restore it from a backup or move it aside.",
        "hung": HUNG,
        "input": INPUT,
        "auth": "The games database refused this app's user name or password. Nothing was "
        "saved. Ask whoever runs this app to check the password it was given.",
        "nodatabase": "The games database server is running, but it has no database by the "
        "name this app was given. Nothing was saved. Ask whoever runs this app to create it "
        "or to fix the name.",
        "unopenable": "The games folder cannot be written: the games file could not be "
        "opened or created. Nothing was saved. Check that the folder exists, is writable "
        "and is on a working disk.",
    }.get(kind)
    if message is None:
        kind = "unavailable"
        message = (
            "The games database cannot be reached right now. Nothing was saved. "
            "Check that the database server is running and that this computer can reach it."
            if server
            else "The games folder cannot be used right now. Nothing was saved. "
            "The app's log says why."
        )
    fault = StorageError("unavailable" if kind == "unopenable" else kind, message, where)
    fault.detail = words
    return fault
