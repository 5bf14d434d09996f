"""The web page as a static site (make web): build/web/ with the page (web/index.html,
web/page.js), MicroPython's WebAssembly port (web/node_modules, pinned in
web/package-lock.json: `npm ci` in web/ fetches it) and the firmware bundle: every .py under
firmware/ in one JSON file that the page writes into the port's filesystem. Any static host
serves the folder; `make web-serve` serves it on 127.0.0.1.

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


def build(out):
    """The site in `out` (made anew); {file: bytes} of what a visitor downloads."""
    for name in RUNTIME:
        if not os.path.exists(os.path.join(PORT, name)):
            raise SystemExit("webbuild: %s missing: run `npm ci` in web/ (make web does)" % name)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in PAGE:
        shutil.copy(os.path.join(WEB, name), os.path.join(out, name))
    for name in RUNTIME:
        shutil.copy(os.path.join(PORT, name), os.path.join(out, name))
    with open(os.path.join(out, BUNDLE), "w", encoding="utf-8") as f:
        json.dump({"files": firmware_files()}, f, separators=(",", ":"), sort_keys=True)
    return {name: os.path.getsize(os.path.join(out, name)) for name in sorted(os.listdir(out))}


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
