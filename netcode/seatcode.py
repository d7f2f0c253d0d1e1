"""A seat's code: what proves a seat is yours where a name is no secret (``ssh-server --open``,
browsers). 8 characters of 32 letters and digits without look-alikes (no I, O, 0, 1): 40 bits,
tried at most a few times (docs/security.md, "A seat belongs to whoever holds its secret").

A code is either drawn at random and shown once (the ``--open`` lobby's screens), or derived
from the seat's token (:func:`seat_code_of`) where the one who sits holds the token and the lobby
holds it too (a browser tab, ``jetset join ssh://``): both work it out, nobody sends it, and
without the token (128 bits) it cannot be guessed better than at random.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""32 letters and digits without look-alikes (no I, O, 0, 1): 5 bits a character."""
CODE_LENGTH = 8
"""40 bits: a seat's code."""
CODE_PURPOSE = b"jetset seat code"


def new_code() -> str:
    """A code drawn at random."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def seat_code_of(token: str) -> str:
    """The code of the seat whose token is ``token`` (the same on every machine)."""
    mac = hmac.new(token.encode(), CODE_PURPOSE, hashlib.sha256).digest()
    return "".join(CODE_ALPHABET[byte % len(CODE_ALPHABET)] for byte in mac[:CODE_LENGTH])


def code_digest(code: str) -> bytes:
    """What is kept of a seat's code (typed in any case, with spaces or dashes)."""
    typed = "".join(ch for ch in code.upper() if ch.isalnum())
    return hashlib.sha256(typed.encode()).digest()


def spaced(code: str) -> str:
    """``ABCD EFGH``: easier to read out and type."""
    half = len(code) // 2
    return f"{code[:half]} {code[half:]}"
