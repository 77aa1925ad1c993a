"""Strangers kept out (issue 18 point 3), tested as an attacker would: in public mode a visitor
who does not hold a game's link cannot list, open, change or delete it (guessed and truncated
ids and keys, a stale link after a delete), nor delete or overwrite the library's variants;
the organiser's pages need the password.  At home nothing changes.  Both storage backends."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from support import plain

from referee.app.common import builtin_yaml
from referee.app.setup import recent_tables
from referee.store import NotFound, StorageError, Store, default_path
from referee.store.access import (
    Access,
    VisitorStore,
    organiser_password,
    password_matches,
    public_mode,
    split_ticket,
)

MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")


def _new(store: Store, name: str = "Friday", players: tuple[str, ...] = ("Ann", "Ben")) -> str:
    return store.create_game(
        name=name,
        variant_id="classic",
        variant_yaml=builtin_yaml("classic"),
        builtin=True,
        players=list(players),
    )


def test_how_the_app_knows_it_is_public() -> None:
    assert not public_mode({})
    assert public_mode({"KARMA_PUBLIC_URL": "https://karma.example.org"})
    assert public_mode({"KARMA_ACCESS": "public"})
    assert not public_mode({"KARMA_ACCESS": "home", "KARMA_PUBLIC_URL": "https://x.org"})


def test_the_organiser_password_comes_from_env_or_secrets() -> None:
    assert organiser_password({}, {}) is None
    assert organiser_password({"organiser": {"password": "s3"}}, {}) == "s3"
    assert organiser_password({"organiser": {"password": "s3"}}, {"KARMA_ORGANISER_PASSWORD": "e"})
    assert password_matches("s3", "s3") and not password_matches("s", "s3")
    assert not password_matches("", None) and not password_matches("", "")


def test_a_stranger_cannot_reach_a_game_without_its_link(target: str) -> None:
    base = Store(target)
    owner = VisitorStore(base, Access(public=True))
    gid = _new(owner)
    key = owner.access.held[gid]
    assert len(key) >= 22 and owner.load_game(gid).name == "Friday"
    base.save_variant("house", "Ours", "id: house\n")

    def stranger(held: dict[str, str]) -> VisitorStore:
        s = VisitorStore(base, Access(public=True))
        for g, k in held.items():
            s.access.hold(g, k)
        return s

    attempts = {
        "no key": {},
        "guessed id, no key": {gid[:-1] + ("a" if gid[-1] != "a" else "b"): key},
        "truncated key": {gid: key[:-1]},
        "truncated id": {gid[:-1]: key},
        "guessed key": {gid: "A" * len(key)},
        "empty key": {gid: ""},
    }
    for what, held in attempts.items():
        s = stranger(held)
        with pytest.raises(NotFound):
            s.load_game(gid)
        assert s.version(gid) is None and s.access_key(gid) is None, what
        assert s.versions([gid]) == {}, what
        assert s.find_games() == ([], 0), what
        assert s.list_games() == [], what
        assert recent_tables(s) == [], what  # New game's "Play again with" names no stranger
        with pytest.raises(NotFound):
            s.save_steps(gid, 1, [{"pickup": "Ann"}], [], over=False, loser=None)
        with pytest.raises(NotFound):
            s.rename_game(gid, "mine now")
        with pytest.raises(NotFound):
            s.delete_game(gid)
        with pytest.raises(StorageError) as err:
            s.delete_variant("house")
        assert err.value.kind == "refused"
        with pytest.raises(StorageError):
            s.save_variant("house", "Theirs", "id: house\nname: Theirs\n")
    row = base.load_game(gid)
    assert (row.name, row.steps, row.version) == ("Friday", [], 1)  # untouched
    lv = base.get_variant("house")
    assert lv is not None and lv.name == "Ours"
    stranger({}).save_variant("theirs", "Theirs", "id: theirs\n")  # a new id may be added
    assert base.get_variant("theirs") is not None

    # The link's holder may do everything with that game, and nothing with another.
    friend = stranger({gid: key})
    other = _new(base, "Someone else's")
    assert [g.id for g in friend.find_games()[0]] == [gid]
    friend.rename_game(gid, "Friday night")
    with pytest.raises(NotFound):
        friend.load_game(other)

    # A stale link after a delete opens nothing, and the id made again would not match it.
    owner.delete_game(gid)
    with pytest.raises(NotFound):
        stranger({gid: key}).load_game(gid)

    # The organiser sees and tidies everything.
    organiser = VisitorStore(base, Access(public=True, organiser=True))
    assert {g.id for g in organiser.find_games()[0]} == {other}
    organiser.delete_variant("house")
    assert base.get_variant("house") is None


def test_at_home_everyone_sees_everything(target: str) -> None:
    base = Store(target)
    gid = _new(base)
    home = VisitorStore(base, Access(public=False))
    assert [g.id for g in home.find_games()[0]] == [gid]
    assert home.load_game(gid).name == "Friday"
    assert [r.players for r in recent_tables(home)] == [("Ann", "Ben")]


def test_split_ticket() -> None:
    assert split_ticket("abc.KEY") == ("abc", "KEY")
    assert split_ticket("abc") == ("abc", None)
    assert split_ticket(None) == ("", None)


# --- the app in public mode (AppTest) ---------------------------------------------------------


@pytest.fixture
def public(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    monkeypatch.setenv("KARMA_ACCESS", "public")
    monkeypatch.setenv("KARMA_ORGANISER_PASSWORD", "club-secret")
    return Store(default_path())


def _app(query: dict[str, str] | None = None, path: str | None = None) -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=30)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    at.run()
    if path:
        at.switch_page(path).run()
    assert not at.exception, at.exception
    return at


def _shown(at: AppTest) -> str:
    """Every text the page shows, its HTML parts and the data it hands the table component
    (the table at a glance, the players) included."""
    table = [e.proto.json for e in at.get("bidi_component")]
    return " ".join(
        [
            plain(str(e.value))
            for e in [*at.markdown, *at.caption, *at.warning, *at.button, *at.html]
        ]
        + table
    )


def test_public_app_opens_a_game_only_with_its_link(public: Store) -> None:
    gid = _new(public, "Friday", ("Zed", "Yan"))
    key = public.access_key(gid)
    for bad in (gid, f"{gid}.{key[:-2]}", f"{gid[:-1]}.{key}", f"{gid}.{'x' * 22}"):
        at = _app({"game": bad})
        assert "Zed" not in _shown(at), bad
        assert not at.session_state["game_id"], bad
    at = _app({"game": f"{gid}.{key}"})
    assert "Zed" in _shown(at) and at.session_state["game_id"] == gid
    assert at.query_params["game"] == f"{gid}.{key}"  # the link keeps its key
    public.delete_game(gid)  # a stale link after a delete
    at = _app({"game": f"{gid}.{key}"})
    assert "Zed" not in _shown(at) and not at.session_state["game_id"]


def test_public_games_page_lists_nothing_of_others_and_needs_the_password(
    public: Store,
) -> None:
    _new(public, "Someone's game", ("Zed", "Yan"))
    public.save_variant("house", "Our House", "id: house\n")
    at = _app(path="screens/games.py")
    shown = _shown(at)
    assert "Someone" not in shown and "Zed" not in shown
    assert not [b for b in at.button if b.key and b.key.startswith("games_delvar_go_")]
    at.text_input(key="games_organiser_password").set_value("club-secre")
    at.button(key="games_organiser_go").click().run()
    assert "not the organiser" in " ".join(e.value for e in at.error)
    assert "Someone" not in _shown(at)
    at.text_input(key="games_organiser_password").set_value("club-secret")
    at.button(key="games_organiser_go").click().run()
    assert "Someone" in _shown(at)
    assert at.button(key="games_delvar_go_house")
    at.button(key="games_organiser_out").click().run()  # a shared tablet: sign out
    assert "Someone" not in _shown(at) and "Signed out" in " ".join(s.value for s in at.success)
    assert at.text_input(key="games_organiser_password")


def test_at_home_the_games_page_lists_every_game(data_dir: Path) -> None:
    _new(Store(default_path()), "Someone's game")
    at = _app(path="screens/games.py")
    assert "Someone" in _shown(at)
    assert not [t for t in at.text_input if t.key == "games_organiser_password"]


def test_the_banner_names_the_database_but_never_its_password() -> None:
    from referee.commands.app import banner

    env = {"KARMA_DATABASE_URL": "postgresql://karma:hush@db.club.org:5433/karma"}
    text = banner("127.0.0.1", 8502, Path("/data"), env)
    assert "db.club.org:5433/karma" in text and "hush" not in text and "Public mode" not in text
    text = banner("127.0.0.1", 8502, Path("/data"), {"KARMA_ACCESS": "public"})
    assert "Public mode" in text and "no organiser password" in text


def test_the_database_url_from_streamlit_secrets() -> None:
    from sqlalchemy.engine import make_url

    from referee.store import secrets_url

    assert secrets_url(None) is None and secrets_url({}) is None
    assert secrets_url({"url": "postgresql://a@h/d"}) == "postgresql://a@h/d"
    parts = {"host": "h", "port": 5432, "database": "d", "username": "u", "password": "p@w/x"}
    url = make_url(secrets_url(parts) or "")
    assert (url.host, url.port, url.database, url.username) == ("h", 5432, "d", "u")
    assert url.password == "p@w/x"  # escaped in the URL, read back whole


# --- issue 28 points 4, 5 and 6: sign-in, quotas, this device ----------------------------------


def test_a_failed_sign_in_is_logged_without_the_guess(caplog: pytest.LogCaptureFixture) -> None:
    from referee.store.access import sign_in

    with caplog.at_level("INFO", logger="referee.store.access"):
        ok, words = sign_in("hunter2-guess", "club-secret", "203.0.113.7")
        assert not ok and "not the organiser" in words
        ok, _ = sign_in("club-secret", "club-secret", "198.51.100.1")
        assert ok
    logged = " ".join(r.getMessage() for r in caplog.records)
    assert "203.0.113.7" in logged and "wrong password" in logged and "signed in" in logged
    assert "hunter2" not in logged and "club-secret" not in logged


def test_guesses_from_one_client_wait_then_stop_but_the_organiser_gets_in_elsewhere() -> None:
    from referee.store.access import sign_in

    said = [sign_in(f"guess{i}", "club-secret", "203.0.113.7")[1] for i in range(8)]
    assert said[0] == "That is not the organiser's password."
    assert any(s.startswith("Wait ") for s in said)  # the next guess is not even checked
    ok, words = sign_in("club-secret", "club-secret", "203.0.113.7")  # even the right one waits
    assert not ok and words.startswith("Wait ")
    assert sign_in("club-secret", "club-secret", "198.51.100.1")[0]  # another device: in


def _visitor(base: Store, client: str = "203.0.113.7") -> VisitorStore:
    return VisitorStore(base, Access(public=True, client=client))


def test_a_stranger_may_start_only_so_many_games_an_hour(
    target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """15 of 15 games (about 0.5 CPU-s each) used to be created without any limit."""
    monkeypatch.setenv("KARMA_GAMES_PER_HOUR", "3")
    base = Store(target)
    stranger = _visitor(base)
    for _ in range(3):
        _new(stranger)
    with pytest.raises(StorageError) as err:
        _new(stranger)
    assert err.value.kind == "refused" and "3 games in the last hour" in err.value.message
    assert base.find_games()[1] == 3  # nothing more was stored
    _new(_visitor(base, "198.51.100.1"))  # another visitor has a quota of their own
    _new(VisitorStore(base, Access(public=True, organiser=True, client="203.0.113.7")))
    _new(VisitorStore(base, Access(public=False, client="203.0.113.7")))  # home: no quota


def test_a_stranger_may_add_only_so_many_variants_and_not_to_a_full_library(
    target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KARMA_VARIANTS_PER_HOUR", "2")
    monkeypatch.setenv("KARMA_LIBRARY_MAX", "3")
    base = Store(target)
    stranger = _visitor(base)
    stranger.save_variant("ours-1", "Ours 1", "id: ours-1\n")
    stranger.save_variant("ours-2", "Ours 2", "id: ours-2\n")
    with pytest.raises(StorageError) as err:
        stranger.save_variant("ours-3", "Ours 3", "id: ours-3\n")
    assert "2 variants to our library in the last hour" in err.value.message
    other = _visitor(base, "198.51.100.1")
    other.save_variant("theirs", "Theirs", "id: theirs\n")
    with pytest.raises(StorageError) as err:
        other.save_variant("theirs-2", "Theirs 2", "id: theirs-2\n")
    assert "library is full" in err.value.message
    assert base.count_variants() == 3
    organiser = VisitorStore(base, Access(public=True, organiser=True))
    organiser.save_variant("club", "Club", "id: club\n")  # the organiser is not capped


@pytest.mark.parametrize(
    ("vid", "name"),
    [
        ("karma", "Karma"),
        ("mine", "KARMA"),
        ("mine", "Кarma"),
        ("classic", "Mine"),
        ("x", "Shithead"),
    ],
)
def test_a_strangers_variant_cannot_pass_for_a_built_in(target: str, vid: str, name: str) -> None:
    """A stranger's variant named exactly "Karma" was listed to every visitor."""
    base = Store(target)
    with pytest.raises(StorageError) as err:
        _visitor(base).save_variant(vid, name, f"id: {vid}\n")
    assert err.value.kind == "refused" and "built-in variant" in err.value.message
    assert base.list_variants() == []
    base.save_variant(vid, name, f"id: {vid}\n")  # at home the family may name it as it likes


def test_the_games_a_device_holds_come_back_in_a_new_session(target: str) -> None:
    """A new tab (a new session) of the same browser lists the games this device holds."""
    from referee.store.access import device_id, new_device_key

    base = Store(target)
    key = new_device_key()
    first = VisitorStore(base, Access(public=True, device=device_id(key)))
    mine = _new(first)
    theirs = _new(_visitor(base))
    link_key = base.access_key(theirs)
    opened = VisitorStore(base, Access(public=True, device=device_id(key)))
    opened.access.hold(theirs, link_key)
    assert opened.load_game(theirs)  # opened with its link: held by this device from now on
    again = Access(public=True, device=device_id(key))
    again.remember_device(base)
    assert set(again.held) == {mine, theirs}
    assert {g.id for g in VisitorStore(base, again).find_games()[0]} == {mine, theirs}
    cleared = Access(public=True, device=device_id(new_device_key()))
    cleared.remember_device(base)
    assert cleared.held == {}
    assert device_id("short") is None and device_id(None) is None
    base.delete_game(mine)
    after = Access(public=True, device=device_id(key))
    after.remember_device(base)
    assert set(after.held) == {theirs}
