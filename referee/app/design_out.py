"""What a group does with a design once it is drawn: download it, save it, test it with
computer players, share it, print its rules.  Apart from the page's fields (issue 41), which
it only reads as a checked design."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from referee.app import designer as d
from referee.app import links, rulebook, share, state
from referee.app.common import md
from referee.files.resources import VARIANT_SCHEMA, with_modeline
from referee.store import StorageError
from referee.variant.loader import VariantError
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.variant.sheet_html import rules_sheet_html

REPLACE = "design_replace"  # a save that would replace a saved variant, waiting for a yes
SAVED = "design_saved"  # what the last press of Save did, said under the button

# --- the check by computer players ("Test this variant"): its own functions, so that the page
# drawn from field declarations (issue 41) can take them along as they are -------------------

ANSWER = "design_answer"  # the check's answers so far (an Analysis), kept across reruns
CANCEL = "design_simulate_cancel"
SUGGESTIONS = "design_suggestions"  # (the answer they are for, the proposals)


def check_cancelled() -> None:
    """A click on Cancel reruns the page, which ends the run (and its workers) where it was:
    the answers so far are kept, marked as stopped by the group."""
    answer = st.session_state.get(ANSWER)
    if st.session_state.get(CANCEL) and answer is not None and not answer.done:
        from dataclasses import replace as changed

        st.session_state[ANSWER] = changed(answer, done=True, stopped="cancelled")


def progress_words(answer: Any) -> str:
    """ "120 games, sure within ± 9 points; about 4 seconds left"."""
    widest = answer.headline_margin()
    sure = f", sure within ± {widest * 100:.0f} points" if widest < 1 else ""
    left = answer.time_left_words()
    return f"{answer.games:,} games{sure}" + (f"; {left}" if left else "")


def run_check(variant: Variant, parent: Variant | None, apply: Callable[[Any], None]) -> None:
    """Play the check, drawing the answers as they come in; Cancel (a rerun) stops it
    between two of them, keeping them.  Neither the bar nor Cancel outlives the run."""
    from contextlib import closing

    from referee.app import trial

    bar = st.progress(0.0, text="Careful computer players are playing it…")
    stop = st.empty()
    stop.button("Cancel", key=CANCEL)
    live = st.empty()
    shown = None
    # One set of worker processes for the check and the changes it then tries; a Cancel (an
    # exception out of a Streamlit call) ends them at once.
    with trial.workers() as workers:
        with closing(trial.run(trial.quick(variant, parent), workers=workers)) as answers:
            for answer in answers:
                st.session_state[ANSWER] = answer  # every Streamlit call here may end the run
                bar.progress(answer.progress(), text=progress_words(answer))
                if answer is not shown and not answer.done:
                    shown = answer
                    with live.container():
                        draw_check(answer, apply)
        final = st.session_state.get(ANSWER)
        if final is not None and final.done and final.stopped != "cancelled":
            find_changes(final, bar, workers)
    bar.empty()
    stop.empty()
    live.empty()


def find_changes(answer: Any, bar: Any, workers: Any = None) -> None:
    """When the check found a problem: the smallest change that fixes it (issue 44.4), each
    tried on the same deals; Cancel still stops it (the answers stay)."""
    from referee.app import trial
    from referee.simulate.suggest import problems, suggest

    if not problems(answer):
        st.session_state[SUGGESTIONS] = (answer, [])
        return
    pace = trial.pace(state.store())

    def said(text: str) -> None:
        bar.progress(1.0, text=f"Looking for the smallest change that fixes it. {text}")

    def minutes(b: Any) -> str:
        from referee.simulate.answers import minutes as game_minutes

        if not b.steps.known:
            return "no game ended"
        m = game_minutes(b, pace)
        return f"{m.value:.0f} {m.plus_minus()} minutes"

    said("")
    found = suggest(answer, minutes=minutes, progress=said, workers=workers)
    st.session_state[SUGGESTIONS] = (answer, found)


def draw_check(answer: Any, apply: Callable[[Any], None]) -> None:
    """The check's answers: each question with its answer in words."""
    from referee.app import trial
    from referee.simulate.answers import headlines

    if answer.stopped == "cancelled":
        st.info(f"Stopped by you after {answer.games:,} games: these are the answers so far.")
    for question_words, answer_words in headlines(answer, trial.pace(state.store())):
        st.markdown(f"**{md(question_words)}** {md(answer_words)}")
    found = st.session_state.get(SUGGESTIONS)
    if found is None or found[0] is not answer:
        return
    for i, s in enumerate(found[1]):
        st.markdown(f"**What to change?** {md(s.words())}")
        if s.change is not None:
            st.button(
                f"Apply: {s.change.words}",
                key=f"design_apply_{i}",
                type="primary",
                on_click=apply,
                args=(s.change,),
            )


def download_pack(yaml_text: str, stem: str) -> None:
    """The variant with its schema in one zip (issue 44.5): checked by an editor anywhere."""
    st.download_button(
        "Download a share pack (.zip)",
        data=links.share_pack(yaml_text, stem),
        file_name=f"{stem}.zip",
        mime="application/zip",
        key="design_download_pack",
        on_click="ignore",
        width="stretch",
        help="The variant file and the schema that checks it, for an editor with no internet.",
    )


def _save(v: Variant, text: str, replace: bool) -> None:
    """Save to the library; replacing a saved variant only once the group said so."""
    st.session_state.pop(REPLACE, None)
    try:
        store = state.store()
        saved = store.get_variant(v.id)
        if saved is not None and saved.yaml == text:
            st.session_state[SAVED] = ("success", f"{v.name} is saved already, just like this.")
            return
        if saved is not None and not replace:
            st.session_state[REPLACE] = (v.id, saved.name)
            return
        store.save_variant(v.id, v.name, text, overwrite=replace)
    except StorageError as e:  # the design stays on screen; nothing was saved
        st.session_state[SAVED] = ("error", f"{v.name} was not saved. {e.message}")
    else:
        st.session_state[SAVED] = (
            "success",
            f"Saved {v.name}. Choose it on the Referee page to play.",
        )


def finished(
    chk: d.Check, new: dict[str, Any], parent: Variant | None, apply: Callable[[Any], None]
) -> None:
    """The page's foot: ``apply`` takes a change the check proposes into the design."""
    # The file as it leaves the app: its first line points editors at this app's own schema.
    as_file = with_modeline(chk.yaml, VARIANT_SCHEMA, state.schema_base())
    save_row(chk, as_file, str(new.get("id") or "variant"))
    if chk.variant is not None:
        test_and_share(chk.variant, chk.yaml, parent, apply)
    file_and_sheet(chk, as_file)


def save_row(chk: d.Check, as_file: str, stem: str) -> None:
    """Download, download a share pack, save (asking before replacing a saved variant)."""
    c: Any
    variant = chk.variant
    c = st.columns(3)
    with c[2]:
        download_pack(chk.yaml, stem)
    with c[0]:
        st.download_button(
            "Download the YAML",
            data=as_file,
            file_name=f"{stem}.yaml",
            mime="application/x-yaml",
            key="design_download",
            on_click="ignore",
            width="stretch",
        )
    with c[1]:
        st.button(
            "Save to our library",
            key="design_save",
            disabled=variant is None,
            width="stretch",
            on_click=_save,
            args=(variant, chk.yaml, False),
        )
    saved_now = st.session_state.pop(SAVED, None)
    if saved_now is not None:
        getattr(st, saved_now[0])(md(saved_now[1]))
    waiting = st.session_state.get(REPLACE)
    if variant is not None and waiting is not None and waiting[0] == variant.id:
        with st.container(border=True, key="design_replace_box"):
            st.warning(
                md(
                    f"Our library already has {waiting[1]} under the short id {variant.id}. "
                    f"Replace it with this {variant.name}? The saved one is then gone."
                )
            )
            c = st.columns(2)
            with c[0]:
                st.button(
                    "Yes, replace it",
                    key="design_replace_yes",
                    type="primary",
                    width="stretch",
                    on_click=_save,
                    args=(variant, chk.yaml, True),
                )
            with c[1]:
                if st.button("No, keep the saved one", key="design_replace_no", width="stretch"):
                    st.session_state.pop(REPLACE, None)
                    st.session_state[SAVED] = (
                        "info",
                        "Nothing was saved. To keep both, give this one another short id.",
                    )
                    st.rerun()


def test_and_share(
    variant: Variant, yaml_text: str, parent: Variant | None, apply: Callable[[Any], None]
) -> None:
    """Test it with computer players, or on the Simulate page; share a link to it."""
    parent = parent if parent is not None and parent.id != variant.id else None
    c = st.columns(2)
    with c[0]:
        test = st.button(
            "Test this variant (computer players)", key="design_simulate", width="stretch"
        )
    with c[1]:
        if st.button("Open it on the Simulate page", key="design_to_simulate", width="stretch"):
            st.session_state["simulate_variant"] = variant
            st.session_state["simulate_parent"] = parent
            st.switch_page(state.screen("simulate"))
    check_cancelled()
    if test:
        run_check(variant, parent, apply)
    answer = st.session_state.get(ANSWER)
    if answer is not None and answer.question.variant == variant:
        draw_check(answer, apply)

    shared_from = state.share_base()  # None: a private app (HOST=127.0.0.1)
    link, size = links.share_link(shared_from or "", yaml_text)
    # Drawn only while open: a QR code of a long link takes a second to make.
    with st.expander("Share it", key="design_share", on_change="rerun") as share_panel:
        if not share_panel.open:
            pass
        elif shared_from is None:  # a link to 127.0.0.1 would open on no other device
            st.info(
                "This app is private to this computer (it was started with "
                "`HOST=127.0.0.1`), so a link to it would open on no other device. Use "
                "“Download the YAML” above and send the file, or start the app again with "
                "plain `make run` to share a link.",
                icon=":material/lock:",
            )
        elif link is None:
            st.warning(
                f"This variant is too large for a link ({size:,} characters; the limit is "
                f"{links.MAX_LINK:,}). Download the YAML file and share that instead."
            )
        else:
            st.caption(
                "The link opens this variant on the Design page. Copy it into a message, "
                "or point a phone's camera at the code."
            )
            share.copy_button(link, "Copy the link", "Copied: paste it into a message.")
            qr = share.qr_code(link)
            if qr is None:
                st.caption("This link is too long for a code. Copy it instead.")
            else:
                st.image(qr, width=280, alt="A QR code of the link to this variant")


def file_and_sheet(chk: d.Check, as_file: str) -> None:
    """The file as it is downloaded, its problems by line; the rules sheet to print."""
    variant = chk.variant

    with st.expander("The variant file (YAML)"):
        st.caption(
            "The file you download. Problems are listed by line, as editors and "
            "“karma validate” show them."
        )
        st.code(as_file, language="yaml", line_numbers=True)
        for problem in chk.result.problems:
            st.text(str(problem))

    if variant is not None:
        with st.expander("Rules sheet"):
            try:
                st.markdown(rules_sheet(variant))
            except VariantError:
                st.error("No rules sheet for this variant.")
            else:
                st.download_button(
                    "Download the rules to print (.html)",
                    data=rules_sheet_html(variant),
                    file_name=f"{rulebook.file_stem(variant.name)}-rules.html",
                    mime="text/html",
                    key="design_rules_html",
                    on_click="ignore",
                )
