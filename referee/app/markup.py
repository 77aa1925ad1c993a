"""Streamlit's private markup the app's style sheets still lean on, each named with why.

The app styles what it owns first: its ``st.html`` parts (``kr-…`` classes), its keyed
containers and widgets (``st-key-…`` classes), the theme in ``.streamlit/config.toml``.  Some
looks have no owned hook: the page's padding, every button's 48 px height, the caption's
contrast, the print sheet.  Those select Streamlit's ``data-testid`` attributes, which
Streamlit does not promise to keep; every one of them is listed here, and
``tests/test_markup.py`` fails when the app uses one not listed, or when the installed
Streamlit no longer draws one.  ``tests/browser/test_browser_markup.py`` walks through the app
in a real browser and fails when a rule written on this markup selects nothing any more (an id
still drawn, but moved: a keyed container that became the block itself, a drop-down rebuilt).
"""

from __future__ import annotations

# data-testid value -> what the app styles through it.
STREAMLIT_TEST_IDS: dict[str, str] = {
    "stApp": "the print sheet: the whole page flows over as many sheets as it needs",
    "stAppViewContainer": "the print sheet",
    "stMain": "the main column: tap-target sizes scoped to it, the print sheet",
    "stMainBlockContainer": "the page's padding (tablet and phone), the print sheet",
    "stBaseButton": "every button at least 48 px high (a prefix: stBaseButton-primary, …)",
    "stButtonGroup": "segmented choices at least 48 x 48 px",
    "stNumberInput": "the number boxes' +/- buttons at least 44 px",
    "stNumberInputContainer": "the number boxes 48 px high",
    "stSelectbox": "a drop-down's clear button 44 px; hidden on the print sheet",
    "stMultiSelect": "a multi-choice's clear button 44 px",
    "stTextInput": "text boxes at least 44 px high",
    "stExpander": "an expander's title at least 48 px high",
    "stFileUploader": "the upload button at least 48 px high",
    "stElementToolbar": "a table's toolbar buttons at least 44 px",
    "stTopNavLink": "the page links at least 44 px high",
    "stCaptionContainer": "small print at WCAG AA contrast; hidden on the print sheet",
    "stMarkdownContainer": "an icon button's words read out, not shown",
    "stPopover": "the Join button 48 px; hidden on the print sheet",
    "stDownloadButton": "hidden on the print sheet",
    "stHeader": "hidden on the print sheet",
    "stToolbar": "hidden on the print sheet",
    "stStatusWidget": "hidden on the print sheet",
    "stSidebar": "hidden on the print sheet",
    "stExpandSidebarButton": "the phone's page-menu button a 44 px target",
    "InputInstructions": "Streamlit's 'Press Enter to apply' hint hidden (the app says it)",
}
