"""The web page in a real browser, for its tests, its bench and its screenshot: the built site
served on 127.0.0.1, and web/test/drive.mjs (playwright-core driving Debian's Chromium,
headless) running a plan of key presses on it (the frames stepped from the driver: ?manual).

    python tools/webdrive.py --shot docs/screenshots/web-page.png [--keys A,UP,UP,A]
"""

import argparse
import contextlib
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading

import webbuild

CHROMIUM = "/usr/bin/chromium"
DRIVER = os.path.join(webbuild.WEB, "test", "drive.mjs")
TIMEOUT = 600  # wall seconds, against a hung browser only


def missing():
    """What the page needs to run here and this machine lacks, in words; None: all here."""
    if shutil.which("node") is None:
        return "node (make toolchain installs Node.js, npm and Chromium)"
    if not os.path.exists(CHROMIUM):
        return CHROMIUM + " (make toolchain installs it)"
    for name in webbuild.RUNTIME:
        if not os.path.exists(os.path.join(webbuild.PORT, name)):
            return "web/node_modules (make web runs npm ci in web/)"
    return None


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(root):
    """A server of the folder `root` on 127.0.0.1 (a free port), in a thread: shutdown() and
    server_close() end it."""
    handler = functools.partial(Quiet, directory=root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@contextlib.contextmanager
def site(root=None):
    """The site built (webbuild) in `root` (default: a new temporary folder) and served for
    the block: (its URL, {file: bytes} of what a visitor downloads)."""
    root = root or tempfile.mkdtemp(prefix="web-")
    sizes = webbuild.build(root)
    server = serve(root)
    try:
        yield "http://127.0.0.1:%d/" % server.server_address[1], sizes
    finally:
        server.shutdown()
        server.server_close()


def in_the_browser(url, runs):
    """drive.mjs's runs for `runs` ([{"keys": [...], "shots": bool, "frames": bool}]), one
    page load each in one browser profile; AssertionError when the page raised."""
    plan = {"url": url, "chromium": CHROMIUM, "runs": runs}
    done = subprocess.run(["node", DRIVER], input=json.dumps(plan), capture_output=True,
                          text=True, timeout=TIMEOUT, cwd=webbuild.WEB)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    assert result["errors"] == [], result["errors"]
    return result["runs"]


def in_two_tabs(urls, setups, frames):
    """drive.mjs's pair: two tabs of one browser at `urls`, each running its Python `setup`,
    then their pair_frame()s in turn up to `frames` each: (frames run, [each pair_result()]);
    AssertionError when a page raised."""
    plan = {"chromium": CHROMIUM, "pair": {"urls": urls, "setup": setups, "frames": frames}}
    done = subprocess.run(["node", DRIVER], input=json.dumps(plan), capture_output=True,
                          text=True, timeout=TIMEOUT, cwd=webbuild.WEB)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    assert result["errors"] == [], result["errors"]
    return result["frames"], result["results"]


def main(argv=None):
    parser = argparse.ArgumentParser(description="A screenshot of the web page in Chromium.")
    parser.add_argument("--shot", required=True, help="the PNG to write")
    parser.add_argument("--keys", default="A,UP,UP,A", help="buttons pressed first")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    lack = missing()
    if lack is not None:
        print("webdrive: no %s: no screenshot of the page" % lack, file=sys.stderr)
        return 2
    with site() as (url, _):
        keys = [k for k in args.keys.split(",") if k]
        in_the_browser(url + "?manual&seed=%d" % args.seed,
                       [{"keys": keys, "screenshot": os.path.abspath(args.shot)}])
    print(args.shot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
