"""Build hook: the wheel carries the built-in variants and the schemas.

The top-level ``variants/`` and ``schemas/`` folders stay the source; ``build_py`` copies them
into ``referee/_data/`` so that an installed copy finds them through ``importlib.resources``
(``referee.files.resources``).  Everything else is in ``pyproject.toml``.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA = {"variants": "*.yaml", "schemas": "*.json"}


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        for folder, pattern in DATA.items():
            target = Path(self.build_lib) / "referee" / "_data" / folder
            target.mkdir(parents=True, exist_ok=True)
            for source in sorted((HERE / folder).glob(pattern)):
                shutil.copy2(source, target / source.name)


setup(cmdclass={"build_py": BuildWithData})
