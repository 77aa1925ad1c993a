"""The Games page: every stored game (search, pages), rename and delete them, import a game
record, and the variant library (with ids; deleting asks first).

In public mode (referee.store.access) a visitor sees only the games whose link they hold, and the
library's variants cannot be deleted; the organiser signs in here and then sees everything."""

from __future__ import annotations

import datetime as dt

import streamlit as st

from referee.app import state, table
from referee.app.common import group_words, plain
from referee.store import StorageError

store = state.store()
who = state.access()
PAGE_SIZE = 20
NAME_MAX = 80
st.title("Games")


def _organiser_sign_in() -> None:
    # A form sends the typed password with the button, wherever the focus went (Tab moves it
    # to the field's own show-password eye, which used to keep the value from being sent).
    word = str(st.session_state.get("games_organiser_password", "") or "")
    ok, words = state.organiser_login(word)
    st.session_state["games_flash"] = ("success" if ok else "error", words)


def _organiser_sign_out() -> None:
    state.organiser_logout()
    st.session_state["games_flash"] = ("success", "Signed out. This device is a visitor again.")


if who.public and not who.organiser:
    st.caption(
        "This app is open to the internet, so only games started on this device or opened "
        "with their link are listed here. The club's organiser sees them all."
    )
    with (
        st.expander("Organiser", icon=":material/key:"),
        st.form("games_organiser", clear_on_submit=True, border=False),
    ):
        st.text_input("Organiser's password", type="password", key="games_organiser_password")
        st.form_submit_button("Sign in", key="games_organiser_go", on_click=_organiser_sign_in)
elif who.public:
    st.caption("You are signed in as the club's organiser: every game is listed here.")
    st.button(
        "Sign out",
        key="games_organiser_out",
        icon=":material/logout:",
        on_click=_organiser_sign_out,
    )


def _resume(gid: str) -> None:
    state.set_game(gid)


def _rename(gid: str) -> None:
    name = str(st.session_state.get(f"games_newname_{gid}") or "").strip()
    if not name:
        st.session_state["games_flash"] = ("warning", "A game needs a name: nothing was changed.")
        return
    try:
        store.rename_game(gid, name[:NAME_MAX])
    except StorageError as e:
        st.session_state["games_flash"] = (
            "error",
            f"The game was not renamed: {e.message}",
        )
        return
    st.session_state["games_flash"] = ("success", f"Renamed to “{name[:NAME_MAX]}”.")


def _delete(gid: str, name: str) -> None:
    try:
        store.delete_game(gid)
    except StorageError as e:
        st.session_state["games_flash"] = (
            "error",
            f"The game was not deleted: {e.message}",
        )
        return
    if state.current_game_id() == gid:
        state.set_game(None)
    st.session_state["games_flash"] = ("success", f"Deleted “{name}”.")


def _delete_variant(vid: str, name: str) -> None:
    try:
        store.delete_variant(vid)
    except StorageError as e:
        st.session_state["games_flash"] = (
            "error",
            f"The variant was not deleted: {e.message}",
        )
        return
    st.session_state["games_flash"] = ("success", f"Deleted the variant “{name}” ({vid}).")


def _new_search() -> None:
    st.session_state["games_page"] = 0


flash = st.session_state.pop("games_flash", None)
if flash:
    getattr(st, flash[0])(plain(flash[1]))

query = st.text_input(
    "Find a game",
    key="games_query",
    placeholder="A game's name or a player's name",
    on_change=_new_search,
    max_chars=80,
)
page_no = int(st.session_state.get("games_page") or 0)
games, total = store.find_games(query, limit=PAGE_SIZE, offset=page_no * PAGE_SIZE)
if total and not games and page_no:  # the last page emptied (a deletion): step back
    page_no = max(0, (total - 1) // PAGE_SIZE)
    st.session_state["games_page"] = page_no
    games, total = store.find_games(query, limit=PAGE_SIZE, offset=page_no * PAGE_SIZE)
# The group's words on this page (game, player and variant names), each isolated (ruling 63).
library = store.list_variants()
group_words([w for g in games for w in (g.name, g.loser, *g.players)] + [lv.name for lv in library])
if not total:
    st.write("No games match." if query.strip() else "No games yet. Start one on the Referee page.")
else:
    first = page_no * PAGE_SIZE + 1
    st.caption(f"Games {first}–{first + len(games) - 1} of {total}, the most recent first.")
for g in games:
    when = dt.datetime.fromtimestamp(g.updated).strftime("%d %b %H:%M")
    status = f"{g.loser} lost" if g.over and g.loser else ("over" if g.over else "under way")
    if g.damaged:
        status = "damaged: it cannot be opened, only deleted"
    with st.container(border=True, key=f"games_row_{g.id}"):
        st.markdown(f"**{plain(g.name)}**")
        st.caption(
            plain(
                f"{', '.join(g.players)} · {table.steps_words(g.step_count)} · {status} · last step {when}"
            )
        )
        c1, c2, c3 = st.columns([2, 1, 1])
        with c1:
            if st.button(
                "Carry on with this game",
                key=f"games_resume_{g.id}",
                width="stretch",
                disabled=g.damaged,
            ):
                _resume(g.id)
                st.switch_page(state.screen("table"), query_params={"game": state.link_id(g.id)})
        with c2, st.popover("Rename", width="stretch", key=f"games_rename_{g.id}"):
            st.text_input("New name", value=g.name, key=f"games_newname_{g.id}", max_chars=NAME_MAX)
            st.button(
                "Save the name",
                key=f"games_rename_go_{g.id}",
                on_click=_rename,
                args=(g.id,),
                type="primary",
            )
        with c3, st.popover("Delete", width="stretch", key=f"games_delete_{g.id}"):
            st.write(plain(f"Delete “{g.name}” for good? This cannot be undone."))
            st.button(
                "Yes, delete this game",
                key=f"games_delete_go_{g.id}",
                on_click=_delete,
                args=(g.id, g.name),
                type="primary",
            )
pages = max(1, (total + PAGE_SIZE - 1) // PAGE_SIZE)
if pages > 1:
    p1, p2, p3 = st.columns([1, 2, 1])
    with p1:
        if st.button("Newer", key="games_prev", disabled=page_no == 0, width="stretch"):
            st.session_state["games_page"] = page_no - 1
            st.rerun()
    with p2:
        st.caption(f"Page {page_no + 1} of {pages}")
    with p3:
        if st.button("Older", key="games_next", disabled=page_no + 1 >= pages, width="stretch"):
            st.session_state["games_page"] = page_no + 1
            st.rerun()

st.subheader("Import a game record")
st.caption("A game record (.yaml) exported from this app, or written by hand (GAME-RECORDS.md).")
upload = st.file_uploader("Game record", type=["yaml", "yml"], key="games_import")
if upload is not None and st.button("Import and carry on", key="games_import_go", type="primary"):
    from referee.records import RecordError

    try:
        gid = table.import_record(store, upload.getvalue(), upload.name)
    except RecordError as e:
        st.error("This game record has mistakes:")
        for p in e.problems:
            st.text(str(p))
    except StorageError as e:
        st.error(plain(f"The game could not be stored: {e.message}"))
    else:
        _resume(gid)
        st.switch_page(state.screen("table"), query_params={"game": state.link_id(gid)})

st.subheader("Our variant library")
if not library:
    st.write("Nothing saved yet: design a variant on the Design page and save it.")
for lv in library:
    with st.container(border=True, key=f"games_var_{lv.id}"):
        c1, c2 = st.columns([3, 1])
        with c1:
            st.markdown(f"**{plain(lv.name)}**")
            st.caption(plain(f"id: {lv.id}"))
        if not who.sees_everything:
            continue  # only the organiser may delete from the library in public mode
        with c2, st.popover("Delete", width="stretch", key=f"games_delvar_{lv.id}"):
            st.write(
                plain(
                    f"Delete the variant “{lv.name}” ({lv.id}) from the library? "
                    "Games already played with it keep their own copy."
                )
            )
            st.button(
                "Yes, delete this variant",
                key=f"games_delvar_go_{lv.id}",
                on_click=_delete_variant,
                args=(lv.id, lv.name),
                type="primary",
            )
