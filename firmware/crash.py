# The crash report: what a player can attach to a bug report after the crash screen (or the
# console's "Something went wrong"). Imported only after a fault, when the heap has just been
# collected, and let go again; it imports little and never raises.
#
# /crash.txt on a board (crash.txt in the current folder on a computer) holds the newest
# reports, each starting with SEPARATOR, within LIMIT bytes: the oldest are dropped whole, and
# one report longer than that keeps its start and the end of its traceback.
import gc
import sys

LIMIT = 4096
SEPARATOR = "=== crash ===\n"


def default_path():
    from firmware.save import default_directory

    return "crash.txt" if default_directory() == "saves" else "/crash.txt"


def headline(exc):
    """The crash screen's title, in a player's words."""
    return "Out of memory" if isinstance(exc, MemoryError) else "Something went wrong"


def report(exc, path=None, game=None, actions=None, board=None):
    """Append a report of `exc` to `path` (default_path()); the path written, or None when
    the code may not write the flash or the writing failed. Never raises."""
    try:
        from firmware.save import code_can_write

        if not code_can_write():
            return None
        if path is None:
            path = default_path()
        text = _cut(_describe(exc, game, actions, board))
        reports = _reports(path)
        reports.append(text)
        size = sum([len(r) for r in reports])
        while size > LIMIT and len(reports) > 1:
            size -= len(reports.pop(0))
        with open(path, "w") as f:
            for r in reports:
                f.write(r)
        return path
    except BaseException as problem:  # MemoryError too: the screen still tells the player
        if isinstance(problem, KeyboardInterrupt):
            raise
        return None


def _describe(exc, game, actions, board):
    from firmware import VERSION

    impl = sys.implementation
    version = ".".join([str(n) for n in impl.version[:3]])
    if hasattr(gc, "mem_free"):
        gc.collect()
        free = "%d bytes" % gc.mem_free()  # pyright: ignore[reportAttributeAccessIssue]
    else:
        free = "n/a"
    lines = [
        SEPARATOR,
        "firmware: %s\n" % VERSION,
        "board: %s\n" % (board or "unknown"),
        "python: %s %s (%s)\n" % (impl.name, version, sys.platform),
    ]
    if game is not None:
        lines.append("game: %s, %s actions played\n" % (game, actions))
    lines.append("free memory: %s\n" % free)
    lines.append(_traceback(exc))
    return "".join(lines)


def _traceback(exc):
    if sys.implementation.name == "cpython":
        import traceback  # pyright: ignore[reportMissingImports]

        return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    import io

    out = io.StringIO()
    if hasattr(sys, "print_exception"):  # MicroPython (and CircuitPython's unix port)
        sys.print_exception(exc, out)  # pyright: ignore
    else:  # CircuitPython on a board: its traceback module, the Python 3.10 form
        import traceback  # pyright: ignore[reportMissingImports]

        traceback.print_exception(exc, file=out)
    return out.getvalue()  # pyright: ignore[reportAttributeAccessIssue]


def _cut(text):
    """A report within LIMIT: its start and the end of its traceback (the last lines say
    where it failed)."""
    if len(text) <= LIMIT:
        return text
    keep = LIMIT // 2 - 8
    return text[:keep] + "\n[...]\n" + text[len(text) - keep :]


def _reports(path):
    """The reports already in the file (a list of texts), [] when there is none."""
    try:
        with open(path) as f:
            old = f.read(LIMIT + 1024)
    except (OSError, UnicodeError, ValueError):
        return []
    found = []
    start = old.find(SEPARATOR)
    while start >= 0:
        end = old.find(SEPARATOR, start + 1)
        found.append(old[start:] if end < 0 else old[start:end])
        start = end
    return found
