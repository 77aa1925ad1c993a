"""Who may see and change which games: home mode (everyone at home sees everything) and public
mode (an app reachable from the internet: a visitor sees only the games whose link they hold).

How the app knows: ``KARMA_ACCESS=public`` or ``KARMA_ACCESS=home`` says it outright; when it
is not set, a configured ``KARMA_PUBLIC_URL`` (the app has an address on the internet) means
public, anything else home.  Home mode behaves exactly as before this module existed.

In public mode a game link carries a *ticket*, ``<game id>.<access key>``: the key is 128
random bits stored with the game (``referee.store.schema.new_access_key``).  A visitor holds
the tickets of the games they started, imported or opened by a link, and nothing else: a game
they do not hold is answered exactly like a game that does not exist (:class:`NotFound`), so
guessing cannot even learn which ids exist.  The club's organiser (a password from the
environment or secrets.toml) sees and tidies everything.

No Streamlit here: ``referee.app.state`` keeps one :class:`Access` per browser session and
hands the pages a :class:`VisitorStore` instead of the process-wide store.
"""

from __future__ import annotations

import hmac
import os
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.store import GameRow, GameSummary, NotFound, StorageError, Store

ACCESS_ENV = "KARMA_ACCESS"  # "public" or "home"
PUBLIC_URL_ENV = "KARMA_PUBLIC_URL"
ORGANISER_PASSWORD_ENV = "KARMA_ORGANISER_PASSWORD"
TICKET_SEP = "."  # neither a game id nor a URL-safe key contains a dot


def public_mode(env: Mapping[str, str] | None = None) -> bool:
    """True when the app is reachable beyond the home network (see the module's docstring)."""
    env = os.environ if env is None else env
    said = env.get(ACCESS_ENV, "").strip().lower()
    if said in ("public", "home"):
        return said == "public"
    return bool(env.get(PUBLIC_URL_ENV, "").strip())


def organiser_password(
    secrets: Mapping[str, Any] | None = None, env: Mapping[str, str] | None = None
) -> str | None:
    """``$KARMA_ORGANISER_PASSWORD``, else ``[organiser] password`` in secrets.toml; None when
    neither is set (then nobody is the organiser)."""
    env = os.environ if env is None else env
    word = env.get(ORGANISER_PASSWORD_ENV, "")
    if not word and secrets:
        entry = secrets.get("organiser") or {}
        word = str(entry.get("password", "")) if isinstance(entry, Mapping) else ""
    return word or None


def password_matches(given: str, expected: str | None) -> bool:
    """Constant-time comparison; no password configured never matches."""
    if not expected or not given:
        return False
    return hmac.compare_digest(given.encode(), expected.encode())


def split_ticket(text: str | None) -> tuple[str, str | None]:
    """``"<id>.<key>"`` -> (id, key); a bare id -> (id, None)."""
    gid, _, key = (text or "").strip().partition(TICKET_SEP)
    return gid, (key or None)


@dataclass
class Access:
    """One visitor's rights (one browser session)."""

    public: bool = False
    organiser: bool = False
    held: dict[str, str] = field(default_factory=dict)  # game id -> access key from a link
    verified: set[str] = field(default_factory=set)  # ids whose held key matched the store's

    @property
    def sees_everything(self) -> bool:
        return not self.public or self.organiser

    def hold(self, gid: str, key: str | None) -> None:
        """Remember a game's key (from a link, or because this visitor made the game)."""
        if key:
            if self.held.get(gid) != key:
                self.verified.discard(gid)
            self.held[gid] = key

    def ticket(self, gid: str) -> str:
        """What a link names this game by: the bare id at home, ``id.key`` in public mode."""
        key = self.held.get(gid)
        return f"{gid}{TICKET_SEP}{key}" if self.public and key else gid


class VisitorStore(Store):
    """The store as one visitor may use it.  In home mode (or for the organiser) everything
    passes through; in public mode every game call checks the visitor's ticket first, lists
    show only held games, and the variant library can be added to but not changed.

    It shares the process-wide store's engine (connection pool) rather than opening its own.
    """

    def __init__(self, base: Store, access: Access) -> None:  # noqa: D107 - no migration again
        self.__dict__.update(base.__dict__)
        self.access = access

    # --- the check ---------------------------------------------------------------------------

    def allowed(self, gid: str) -> bool:
        a = self.access
        if a.sees_everything or gid in a.verified:
            return True
        key = a.held.get(gid)
        if not key:
            return False
        stored = super().access_key(gid)
        if stored is None or not hmac.compare_digest(key.encode(), stored.encode()):
            return False
        a.verified.add(gid)
        return True

    def _check(self, gid: str) -> None:
        if not self.allowed(gid):
            raise NotFound(gid)  # the same answer as for a game that does not exist

    # --- games -------------------------------------------------------------------------------

    def create_game(self, **kwargs: Any) -> str:
        gid = super().create_game(**kwargs)
        self.access.hold(gid, super().access_key(gid))
        self.access.verified.add(gid)
        return gid

    def access_key(self, gid: str) -> str | None:
        return super().access_key(gid) if self.allowed(gid) else None

    def version(self, gid: str) -> int | None:
        return super().version(gid) if self.allowed(gid) else None

    def versions(self, gids: Collection[str]) -> dict[str, int]:
        return super().versions([g for g in gids if self.allowed(g)])

    def load_game(self, gid: str) -> GameRow:
        self._check(gid)
        return super().load_game(gid)

    def save_steps(self, gid: str, *args: Any, **kwargs: Any) -> int:
        self._check(gid)
        return super().save_steps(gid, *args, **kwargs)

    def save_setup(self, gid: str, *args: Any, **kwargs: Any) -> int:
        self._check(gid)
        return super().save_setup(gid, *args, **kwargs)

    def rename_game(self, gid: str, name: str) -> None:
        self._check(gid)
        super().rename_game(gid, name)

    def delete_game(self, gid: str) -> None:
        self._check(gid)
        super().delete_game(gid)
        self.access.held.pop(gid, None)
        self.access.verified.discard(gid)

    def find_games(
        self, *args: Any, only: Collection[str] | None = None, **kwargs: Any
    ) -> tuple[list[GameSummary], int]:
        if not self.access.sees_everything:
            mine = {g for g in self.access.held if self.allowed(g)}
            only = mine if only is None else mine & set(only)
        return super().find_games(*args, only=only, **kwargs)

    # --- the variant library -----------------------------------------------------------------

    def save_variant(self, vid: str, name: str, yaml_text: str, *, overwrite: bool = True) -> None:
        overwrite = overwrite and self.access.sees_everything
        super().save_variant(vid, name, yaml_text, overwrite=overwrite)

    def delete_variant(self, vid: str) -> None:
        if not self.access.sees_everything:
            raise StorageError(
                "refused",
                "Only the club's organiser may delete a variant from our library.",
            )
        super().delete_variant(vid)


def recent_games(store: Store, limit: int = 5) -> list[GameSummary]:
    """This visitor's most recent games (for "carry on" and "new game with these players"):
    every game at home, only the games this visitor holds in public mode."""
    return store.list_games(limit=limit)
