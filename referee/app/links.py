"""Share links and share packs of a variant: its YAML text packed into an address, or into a
zip with the schema that checks it.  No Streamlit, and no fields: the text is read back by the
loader like any file."""

from __future__ import annotations

import base64
import binascii
import zlib

MAX_LINK = 6000
"""Longest share link parameter (characters): longer links break in chats and some browsers."""
MAX_SHARED_YAML = 64 * 1024


# --- a share pack: the variant and its schema, checked anywhere ---------------------------------

PACK_README = """This folder holds a Karma variant ({file}) and the schema that checks it
(variant.schema.json). Open the folder in an editor with YAML support (VS Code with the YAML
extension, or any editor using yaml-language-server): the first line of {file} names the schema
beside it, so mistakes are underlined as you type, with no internet and no app running.
To play it, open {file} on the Design page of Karma Referee (or `karma validate {file}`).
"""


def share_pack(yaml_text: str, stem: str) -> bytes:
    """A zip to mail or keep (issue 44.5): the variant file, whose first line names the
    schema beside it, the schema itself, and a short note; an editor checks it offline, at any
    later time, wherever the app is."""
    import io
    import zipfile

    from referee.files.resources import VARIANT_SCHEMA, schema_text, with_modeline

    name = f"{stem or 'variant'}.yaml"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as pack:
        pack.writestr(name, with_modeline(yaml_text, VARIANT_SCHEMA))
        pack.writestr(VARIANT_SCHEMA, schema_text(VARIANT_SCHEMA))
        pack.writestr("README.txt", PACK_README.format(file=name))
    return out.getvalue()


# --- share links --------------------------------------------------------------------------------


class ShareError(ValueError):
    """A share link that cannot be read."""


def share_param(yaml_text: str) -> str:
    """``base64url(zlib(YAML))`` without padding: the ``?v=`` value of a share link."""
    packed = zlib.compress(yaml_text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def share_link(base_url: str, yaml_text: str) -> tuple[str | None, int]:
    """The link, or None if it would be longer than MAX_LINK characters; and its length."""
    param = share_param(yaml_text)
    base = base_url.split("?", 1)[0].rstrip("/")
    if base.endswith("/design"):
        base = base[: -len("/design")]
    link = f"{base}/design?v={param}"
    return (link if len(param) <= MAX_LINK else None), len(param)


def read_share(param: str) -> str:
    """The YAML text in a share link's ``v`` value; raises ShareError (never a traceback)."""
    if len(param) > MAX_LINK * 2:
        raise ShareError("this link is too long to hold a variant")
    try:
        raw = base64.urlsafe_b64decode(param + "=" * (-len(param) % 4))
        d = zlib.decompressobj()
        text = d.decompress(raw, MAX_SHARED_YAML + 1)
        if len(text) > MAX_SHARED_YAML or d.unconsumed_tail:
            raise ShareError("the variant in this link is too large")
        return text.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as e:
        if isinstance(e, ShareError):
            raise
        raise ShareError("this link is damaged (it may have been cut short)") from None
