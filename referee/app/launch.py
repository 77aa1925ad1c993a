"""``python -m referee.app.launch run referee/app/main.py ...``: Streamlit's own command line,
with the app's ``st.navigation`` in charge from the very first request.

Streamlit treats a ``pages/`` folder beside the main script as an old-style (v1) multipage app
until the first run calls ``st.navigation``; until then a first visit to ``/rules`` would run
``pages/rules.py`` alone, without the main script.  The folder holds ``st.navigation`` pages, so
the old behaviour is switched off before the server starts.
"""

from __future__ import annotations

import sys


def main() -> None:
    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.web import cli

    PagesManager.uses_pages_directory = False
    sys.exit(cli.main())


if __name__ == "__main__":
    main()
