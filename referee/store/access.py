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

A visitor's games are remembered per *device*: the browser keeps a random device key (a
cookie the app sets, sent with every request, never shown), the store keeps which games the
key's hash holds, so a new tab or a restarted browser lists them again; clearing the
browser's data forgets them.  In public mode a visitor is also held to quotas (games and
library variants per hour, a cap on the library), and a stranger's variant may not take a
built-in variant's id or name (``referee.store.limits``).

No Streamlit here: ``referee.app.state`` keeps one :class:`Access` per browser session and
hands the pages a :class:`VisitorStore` instead of the process-wide store.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import re
import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.store import GameRow, GameSummary, NotFound, StorageError, Store, limits
from referee.words.names import look_alike

ACCESS_ENV = "KARMA_ACCESS"  # "public" or "home"
PUBLIC_URL_ENV = "KARMA_PUBLIC_URL"
ORGANISER_PASSWORD_ENV = "KARMA_ORGANISER_PASSWORD"
TICKET_SEP = "."  # neither a game id nor a URL-safe key contains a dot
DEVICE_COOKIE = "karma_device"
DEVICE_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")
DEVICE_MAX_AGE = 400 * 24 * 3600  # seconds: the longest a browser keeps a cookie

log = logging.getLogger("referee.store.access")


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


def new_device_key() -> str:
    """128 random bits for a browser to keep: what "this device" means in public mode."""
    return secrets.token_urlsafe(16)


def device_id(key: str | None) -> str | None:
    """What the store keeps for a device key (a hash: the stored games do not give away the
    cookie); None for a missing or malformed key."""
    if not key or not DEVICE_KEY.fullmatch(key):
        return None
    return hashlib.sha256(f"karma-device\0{key}".encode()).hexdigest()


def sign_in(
    given: str, expected: str | None, client: str, guard: limits.SignInGuard | None = None
) -> tuple[bool, str]:
    """Check an organiser password from ``client`` (its address): (signed in, what to say).

    A client that guessed wrong too often must wait (growing, then a lockout of that client
    only), and is told so without its guess being checked; every failure is logged with the
    client and the count, never the guess."""
    guard = guard or limits.sign_in_guard
    if not expected:
        return False, "This app has no organiser password set, so nobody can sign in."
    refused = guard.refusal(client)
    if refused is not None:
        log.warning("organiser sign-in from %s refused: must wait", client or "unknown client")
        return False, refused
    if password_matches(given, expected):
        guard.succeeded(client)
        log.info("organiser signed in from %s", client or "unknown client")
        return True, "Signed in as the organiser."
    guard.failed(client)
    log.warning(
        "organiser sign-in from %s: wrong password (%d in a row)",
        client or "unknown client",
        guard.failures(client),
    )
    return False, "That is not the organiser's password."


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
    client: str = ""  # the address the visitor's requests come from (quotas, guesses)
    device: str | None = None  # device_id() of the browser's device key

    @property
    def sees_everything(self) -> bool:
        return not self.public or self.organiser

    def hold(self, gid: str, key: str | None) -> None:
        """Remember a game's key (from a link, or because this visitor made the game)."""
        if key:
            if self.held.get(gid) != key:
                self.verified.discard(gid)
            self.held[gid] = key

    def remember_device(self, store: Store) -> None:
        """Take in the games this device holds (a new tab, a restarted browser)."""
        if self.device is None:
            return
        for gid, key in store.device_games(self.device).items():
            self.held.setdefault(gid, key)
            if self.held[gid] == key:
                self.verified.add(gid)

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
        if a.device is not None:
            try:  # a new tab of this browser lists it too; reading it needs no write
                self.hold_on_device(a.device, gid)
            except StorageError as fault:
                log.warning("this device's games could not be noted: %s", fault.kind)
        return True

    def _check(self, gid: str) -> None:
        if not self.allowed(gid):
            raise NotFound(gid)  # the same answer as for a game that does not exist

    # --- games -------------------------------------------------------------------------------

    def create_game(self, **kwargs: Any) -> str:
        a = self.access
        if not a.sees_everything:
            limit = limits.Quotas.from_env().games_per_hour
            left = limits.games_made.take(a.client, limit)
            if left:
                raise StorageError("refused", limits.games_quota_words(limit, left))
        try:
            gid = super().create_game(**kwargs)
        except StorageError:
            if not a.sees_everything:
                limits.games_made.give_back(a.client)
            raise
        a.hold(gid, super().access_key(gid))
        a.verified.add(gid)
        if a.device is not None and a.public:
            self.hold_on_device(a.device, gid)
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
        a = self.access
        if a.sees_everything:
            super().save_variant(vid, name, yaml_text, overwrite=overwrite)
            return
        _not_a_builtin(vid, name)
        if super().get_variant(vid) is not None:
            super().save_variant(vid, name, yaml_text, overwrite=False)  # refused, in its words
        quotas = limits.Quotas.from_env()
        if super().count_variants() >= quotas.library_max:
            raise StorageError("refused", limits.library_full_words(quotas.library_max))
        left = limits.variants_added.take(a.client, quotas.variants_per_hour)
        if left:
            raise StorageError(
                "refused", limits.variants_quota_words(quotas.variants_per_hour, left)
            )
        try:
            super().save_variant(vid, name, yaml_text, overwrite=False)
        except StorageError:
            limits.variants_added.give_back(a.client)
            raise

    def delete_variant(self, vid: str) -> None:
        if not self.access.sees_everything:
            raise StorageError(
                "refused",
                "Only the club's organiser may delete a variant from our library.",
            )
        super().delete_variant(vid)


def _not_a_builtin(vid: str, name: str) -> None:
    """A stranger's variant may not pass for a built-in one: not its id, not a name that looks
    like a built-in's ("Karma", "KARMA", a Cyrillic "Кarma" ...)."""
    from referee.variant.registry import builtin, builtin_ids

    for bid in builtin_ids():
        taken = builtin(bid).name
        if vid.strip().casefold() == bid.casefold() or look_alike(name, taken):
            raise StorageError(
                "refused",
                f"“{taken}” is a built-in variant of this app. Give yours a name and an id of "
                "its own, then save it.",
            )


def recent_games(store: Store, limit: int = 5) -> list[GameSummary]:
    """This visitor's most recent games (for "carry on" and "new game with these players"):
    every game at home, only the games this visitor holds in public mode."""
    return store.list_games(limit=limit)
