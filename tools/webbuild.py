"""The web page as a static site (make web): build/web/ with the page (web/index.html,
web/page.js), MicroPython's WebAssembly port (web/node_modules, pinned in
web/package-lock.json: `npm ci` in web/ fetches it) and the firmware bundle: every .py under
firmware/ in one JSON file that the page writes into the port's filesystem; and the UF2s
`make uf2` built (build/pocket-gems-*.uf2), offered for download on the page. Any static
host serves the folder; `make web-serve` serves it on 127.0.0.1.

    python tools/webbuild.py [--out build/web]
"""

import argparse
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
PORT = os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE = ("index.html", "page.js")
RUNTIME = ("micropython.mjs", "micropython.wasm")
BUNDLE = "firmware.json"
UF2_DIR = os.path.join(ROOT, "build")
# The UF2s make uf2 writes: (file, the board, how it goes on), in the order the page lists them.
UF2S = (("pocket-gems-pybadge.uf2", "Adafruit PyBadge",
         "press reset twice, drag it onto PYBADGEBOOT"),
        ("pocket-gems-pygamer.uf2", "Adafruit PyGamer",
         "press reset twice, drag it onto PYGAMERBOOT"),
        ("pocket-gems-pico.uf2", "Raspberry Pi Pico + Pico Display Pack",
         "hold BOOTSEL while plugging it in, drag it onto RPI-RP2"))
MARK = "<!-- uf2 -->"  # where index.html takes the downloads


def firmware_files(root=ROOT):
    """{path under the site's root: source} of every module of firmware/."""
    files = {}
    for folder, dirs, names in os.walk(os.path.join(root, "firmware")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    files[os.path.relpath(path, root).replace(os.sep, "/")] = f.read()
    return files


def downloads(uf2_dir=UF2_DIR):
    """(the page's paragraph offering the UF2s found in uf2_dir, their file names); no
    paragraph when none was built."""
    found = [(name, board, how) for name, board, how in UF2S
             if os.path.isfile(os.path.join(uf2_dir, name))]
    if not found:
        return "", []
    items = ["<li><a href=\"%s\" download>%s</a> (%d KB): %s</li>"
             % (name, board, os.path.getsize(os.path.join(uf2_dir, name)) // 1024, how)
             for name, board, how in found]
    html = ("<p>On a handheld: one file with every game built in, to drag onto the board's "
            "drive (the games start by themselves).</p>\n<ul id=\"uf2\">\n%s\n</ul>"
            % "\n".join(items))
    return html, [name for name, _, _ in found]


def build(out, uf2_dir=UF2_DIR):
    """The site in `out` (made anew); {file: bytes} of what a visitor downloads (the UF2s
    apart: they are offered, not loaded)."""
    for name in RUNTIME:
        if not os.path.exists(os.path.join(PORT, name)):
            raise SystemExit("webbuild: %s missing: run `npm ci` in web/ (make web does)" % name)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    html, uf2s = downloads(uf2_dir)
    for name in PAGE:
        shutil.copy(os.path.join(WEB, name), os.path.join(out, name))
    with open(os.path.join(WEB, "index.html"), encoding="utf-8") as f:
        page = f.read()
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write(page.replace(MARK, html))
    for name in uf2s:
        shutil.copy(os.path.join(uf2_dir, name), os.path.join(out, name))
    for name in RUNTIME:
        shutil.copy(os.path.join(PORT, name), os.path.join(out, name))
    with open(os.path.join(out, BUNDLE), "w", encoding="utf-8") as f:
        json.dump({"files": firmware_files()}, f, separators=(",", ":"), sort_keys=True)
    return {name: os.path.getsize(os.path.join(out, name)) for name in sorted(os.listdir(out))
            if name not in uf2s}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "web"))
    args = parser.parse_args(argv)
    sizes = build(args.out)
    for name, size in sizes.items():
        print("%-20s %9d bytes" % (name, size))
    print("%-20s %9d bytes in %s" % ("total", sum(sizes.values()), args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
