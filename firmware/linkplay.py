# Link play's messages (issue 58), over firmware/link.py's frames: what the host tells a
# guest seat and what the guest answers. The host holds the game; a guest knows only its own
# view(seat), the news of each move as that seat may read it, and whether it decides now.
# Payloads are JSON objects (the README's "Link protocol" lists their fields). Portable.
import json

UPDATE = 3  # host -> guest: the seat's view (whole or its changed keys), news, its decision
ACTION = 4  # guest -> host: the actions of one pick (a shortcut's several) at decision "n"
RESYNC = 5  # guest -> host: send the view whole again (the guest lost it or a change misfit)
TAKEBACK = 6  # guest -> host: take back this seat's last pick, at decision "n"


def pack(message):
    """A message's payload: compact JSON, as bytes."""
    return json.dumps(message, separators=(",", ":")).encode()


def unpack(payload):
    """A payload's message (a dict); ValueError if it is not one (a client's mistake: the
    link's CRC has caught the cable's)."""
    try:
        message = json.loads(payload)
    except (ValueError, UnicodeError) as error:  # (MicroPython: ValueError for bad JSON)
        raise ValueError("not a link message: %s" % error) from None
    if not isinstance(message, dict):
        raise ValueError("not a link message: %r" % (message,))
    return message


def patch(view, changed, gone):
    """`view` with the keys `changed` ({key: value}) set and the keys `gone` (a list) left
    out: a new dict, `view` left as it was (the host's Remote.update says which)."""
    out = dict(view)
    for key in gone:
        out.pop(key, None)
    for key in changed:
        out[key] = changed[key]
    return out
