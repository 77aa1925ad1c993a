"""The variant library: the house variants a group saved, by short id."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import delete, func, insert, select, update

from referee.store.connections import Connections, _encodable, storable
from referee.store.faults import (
    StorageError,
)
from referee.store.schema import (
    variants,
)


@dataclass(frozen=True)
class LibraryVariant:
    id: str
    name: str
    yaml: str
    updated: float


class Library(Connections):
    """The variant library: the house variants a group saved."""

    # --- the variant library ----------------------------------------------------------------

    def save_variant(self, vid: str, name: str, yaml_text: str, *, overwrite: bool = True) -> None:
        """Store a library variant; with ``overwrite=False`` an existing id is refused (a
        StorageError of kind "refused") and the stored one is kept as it was."""
        storable(vid, name, yaml_text)
        now = time.time()
        with self._write() as db:
            exists = db.execute(select(variants.c.id).where(variants.c.id == vid)).first()
            if exists is None:
                db.execute(insert(variants).values(id=vid, name=name, yaml=yaml_text, updated=now))
                return
            if not overwrite:
                raise StorageError(
                    "refused",
                    f"Our library already has a variant with the id “{vid}”, and only the "
                    "organiser may replace it. Give yours another id, then save it.",
                )
            db.execute(
                update(variants)
                .where(variants.c.id == vid)
                .values(name=name, yaml=yaml_text, updated=now)
            )

    def get_variant(self, vid: str) -> LibraryVariant | None:
        if not _encodable(vid):
            return None
        with self._read() as db:
            r = db.execute(select(variants).where(variants.c.id == vid)).first()
        return None if r is None else LibraryVariant(r[0], r[1], r[2], float(r[3]))

    def count_variants(self) -> int:
        with self._read() as db:
            return int(db.execute(select(func.count()).select_from(variants)).scalar_one())

    def list_variants(self) -> list[LibraryVariant]:
        with self._read() as db:
            rows = db.execute(select(variants).order_by(variants.c.name, variants.c.id)).all()
        return [LibraryVariant(r[0], r[1], r[2], float(r[3])) for r in rows]

    def delete_variant(self, vid: str) -> None:
        if not _encodable(vid):
            return
        with self._write() as db:
            db.execute(delete(variants).where(variants.c.id == vid))
