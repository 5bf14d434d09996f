"""Mutation testing of the firmware: a seeded sample of each module's mutants, each run
against the tests that cover the module (host tooling, CPython).

    .venv/bin/python tools/mutants.py [MODULE ...] [--sample 30] [--seed 1] [--jobs 2]
        [--tests PATH ...] [--record] [--list]

MODULE: a file under firmware/ (default: every one). cosmic-ray (requirements-mutants.txt)
lists a module's mutants (a comparison flipped, an operator or a constant changed, a
condition forced, a loop skipped, ...) and applies one at a time; this tool picks --sample
of them at distinct places in the code (seeded: the same sample on every run of the same
code), runs each in a private copy of the tree (build/mutants/wN, --jobs at once) against
the module's tests (TESTS below, stopping at the first failure), and prints the score
(killed / killed + survived) and every survivor's diff. A mutant that changes nothing a
player or a caller can observe (an equivalent mutant) is listed in EQUIVALENT (by its
module and its mutated code) with the reason, and left out of the score. --record writes the
scores into docs/mutation.md.
"""

import argparse
import datetime
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
EQUIVALENT = ROOT / "docs" / "mutants-equivalent.txt"
SCORES = ROOT / "docs" / "mutation.md"
COPIED = ("firmware", "host_tests", "tools", "web", "main.py", "boot.py", "pyproject.toml")
# The tests that cover a module, by the module's path: the first rule that matches, its
# paths with {game} replaced. Slow soaks are left out where faster tests cover the same.
sys.path.insert(0, str(ROOT))
from firmware.core import GAMES as GAME_NAMES  # noqa: E402 (the registry: every game)

TESTS = (
    ("firmware/core/prng.py", ["host_tests/core/test_prng.py", "host_tests/core/test_contract.py"]),
    ("firmware/core/base.py", ["host_tests/core/test_history.py",
                               "host_tests/core/test_contract.py", "host_tests/test_save.py",
                               "host_tests/core/test_sampling.py::"
                               "test_a_move_that_shows_something_new_says_so[diams]"]),
    ("firmware/core/__init__.py", ["host_tests/core/test_contract.py", "host_tests/test_app.py",
                                   "host_tests/test_uf2.py::"
                                   "test_available_finds_games_in_a_package_without_files",
                                   "host_tests/test_uf2.py::"
                                   "test_available_reads_files_where_there_are_files"]),
    ("firmware/start.py", ["host_tests/test_start.py"]),
    ("firmware/games/diamonds/rules.py", ["host_tests/core/test_diamonds_rules.py",
                                   "host_tests/core/test_contract.py",
                                   "host_tests/core/test_sampling.py",
                                   "host_tests/core/test_diamonds_sampling.py",
                                   "host_tests/core/test_diamonds_random.py",
                                   "host_tests/core/test_diamonds_search.py::"
                                   "test_the_bots_view_is_the_part_of_the_view_they_read"]),
    ("firmware/games/{game}/rules.py", ["host_tests/core/test_{game}_rules.py",
                                 "host_tests/core/test_contract.py",
                                 "host_tests/core/test_sampling.py",
                                 "host_tests/core/test_{game}_random.py"]),
    ("firmware/bots/__init__.py", ["host_tests/test_bots.py",
                                   "host_tests/core/test_search_quality.py",
                                   "host_tests/core/test_diploma_search.py",
                                   "host_tests/test_diploma_bot.py"]),
    ("firmware/games/diamonds/belief.py", ["host_tests/core/test_diamonds_belief.py",
                                          "host_tests/test_diamonds_bot.py"]),
    ("firmware/games/diamonds/bot.py", ["host_tests/test_diamonds_bot.py",
                                        "host_tests/test_bots.py",
                                        "host_tests/core/test_diamonds_search.py",
                                   "host_tests/core/test_search_quality.py::"
                                   "test_narrowing_keeps_the_prior_and_the_best_others_after_its"
                                   "_rounds"]),
    ("firmware/games/diploma/words.py", ["host_tests/test_diploma_words.py",
                                        "host_tests/core/test_diploma_rules.py"]),
    ("firmware/games/diploma/plan.py", ["host_tests/test_diploma_plan.py",
                                       "host_tests/test_diploma_bot.py"]),
    ("firmware/games/{game}/bot.py", ["host_tests/test_{game}_bot.py", "host_tests/test_bots.py",
                                 "host_tests/core/test_search.py"]),
    ("firmware/games/{game}/table.py", ["host_tests/test_{game}_table.py",
                                     "host_tests/test_{game}_pointing.py",
                                     "host_tests/test_pointing.py",
                                     "host_tests/test_shortcuts.py",
                                     "host_tests/test_travel.py"]),
    ("firmware/games/{game}/choices.py", ["host_tests/test_shortcuts.py",
                                       "host_tests/test_{game}_choices.py",
                                       "host_tests/test_{game}_table.py",
                                       "host_tests/test_{game}_pointing.py",
                                       "host_tests/test_pointing.py"]),
    ("firmware/games/{game}/console.py", ["host_tests/test_{game}_console.py",
                                       "host_tests/test_console.py"]),
    ("firmware/games/{game}/help.py", ["host_tests/test_{game}_console.py",
                                    "host_tests/test_screens.py::"
                                    "test_rules_help_needs_no_text_console_and_leaves_the_heap"]),
    ("firmware/games/{game}/results.py", ["host_tests/test_results.py",
                                       "host_tests/test_{game}_console.py",
                                       "host_tests/test_console.py", "host_tests/test_app.py"]),
    ("firmware/games/{game}/final.py", ["host_tests/test_results.py",
                                     "host_tests/test_{game}_console.py",
                                     "host_tests/test_console.py"]),
    ("firmware/ui/scoretable.py", ["host_tests/test_results.py", "host_tests/test_console.py"]),
    ("firmware/ui/console.py", ["host_tests/test_console.py", "host_tests/test_console_faults.py"]),
    ("firmware/ui/scene.py", ["host_tests/test_scene.py", "host_tests/test_app.py",
                              "host_tests/test_travel.py"]),
    ("firmware/ui/scene_build.py", ["host_tests/test_scene.py", "host_tests/test_app.py"]),
    ("firmware/ui/canvas.py", ["host_tests/test_canvas.py", "host_tests/test_scene.py",
                               "host_tests/test_fbscene.py", "host_tests/test_app.py",
                               "host_tests/test_pointing.py"]),
    ("firmware/ui/fbscene.py", ["host_tests/test_fbscene.py", "host_tests/test_travel.py"]),
    ("firmware/ui/travel.py", ["host_tests/test_travel.py"]),
    ("firmware/ui/look.py", ["host_tests/test_fbscene.py", "host_tests/test_scene.py",
                             "host_tests/test_looks.py"]),
    ("firmware/ui/font6x12.py", ["host_tests/test_fbscene.py"]),
    ("firmware/ui/remote.py", ["host_tests/core/test_linkplay.py",
                               "host_tests/test_app_link.py"]),
    ("firmware/ui/guest.py", ["host_tests/core/test_linkplay.py",
                              "host_tests/test_app_link.py"]),
    ("firmware/ui/waiting.py", ["host_tests/test_app_link.py"]),
    ("firmware/ui/match.py", ["host_tests/core/test_linkplay.py", "host_tests/test_match.py",
                              "host_tests/test_shortcuts.py",
                              "host_tests/test_app.py",
                              "host_tests/test_app_faults.py"]),
    ("firmware/bots/search.py", ["host_tests/core/test_search_quality.py",
                                 "host_tests/test_bots.py", "host_tests/core/test_search.py",
                                 "host_tests/core/test_diams_search.py",
                                 "host_tests/core/test_diamonds_search.py",
                                 "host_tests/core/test_diploma_search.py"]),
    ("firmware/ui/", ["host_tests/test_screens.py", "host_tests/test_pointing.py",
                      "host_tests/test_shortcuts.py", "host_tests/test_travel.py",
                      "host_tests/test_app.py",
                      "host_tests/test_app_faults.py", "host_tests/test_app_flow.py",
                      "host_tests/core/test_app_core.py", "host_tests/test_app_link.py"]),
    ("firmware/app.py", ["host_tests/test_app.py", "host_tests/test_app_faults.py",
                         "host_tests/test_app_flow.py", "host_tests/core/test_app_core.py",
                         "host_tests/test_app_link.py"]),
    ("firmware/crash.py", ["host_tests/test_crash_report.py", "host_tests/test_app_faults.py",
                           "host_tests/test_console_faults.py"]),
    ("firmware/saveload.py", ["host_tests/test_saveload.py",
                              "host_tests/core/test_save_portable.py"]),  # fast; -x
    ("firmware/savefile.py", ["host_tests/test_saveload.py", "host_tests/test_save.py",
                              "host_tests/core/test_save_portable.py"]),
    ("firmware/saveoff.py", ["host_tests/core/test_save_words.py"]),
    ("firmware/link.py", ["host_tests/core/test_link.py", "host_tests/core/test_linkplay.py"]),
    ("firmware/linkplay.py", ["host_tests/core/test_linkplay.py"]),
    ("firmware/save", ["host_tests/core/test_save_portable.py", "host_tests/test_save.py",
                       "host_tests/test_save_props.py"]),  # the quick ones first (-x)
    ("firmware/hw/st7789.py", ["host_tests/test_hw_mp.py", "host_tests/test_fbscene.py"]),
    ("firmware/hw/web.py", ["host_tests/test_hw_web.py", "host_tests/test_web.py"]),
    ("firmware/webpage.py", ["host_tests/test_web.py"]),
    ("firmware/hw/", ["host_tests/test_hw.py", "host_tests/test_hw_profiles.py",
                      "host_tests/test_hw_mp.py"]),
    ("firmware/buttons.py", ["host_tests/test_hw.py", "host_tests/test_hw_profiles.py"]),
    ("firmware/clock.py", ["host_tests/test_hw.py", "host_tests/test_bots.py"]),
    ("firmware/selftest.py", ["host_tests/test_selftest.py"]),  # test_pico.py: the same, slow
    ("firmware/bootmode.py", ["host_tests/test_hw.py", "host_tests/test_save.py::"
                              "test_boot_does_nothing_on_cpython_and_micropython"]),
    ("firmware/", ["host_tests"]),
)


def tests_for(module):
    for pattern, paths in TESTS:
        games = GAME_NAMES if "{game}" in pattern else (None,)
        for game in games:
            head = pattern.format(game=game) if game else pattern
            if module == head or (head.endswith("/") or not head.endswith(".py")) and \
                    module.startswith(head):
                found = [p.format(game=game) if game else p for p in paths]
                return [p for p in found if (ROOT / p.split("::")[0]).exists()]
    return ["host_tests"]


def modules():
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "firmware").rglob("*.py"))


def equivalents():
    """{(module, mutated code): reason} from docs/mutants-equivalent.txt, whose lines read
    `firmware/x.py | the mutated line, stripped | why nothing observable changes`."""
    found = {}
    if EQUIVALENT.exists():
        for raw in EQUIVALENT.read_text().splitlines():
            parts = [p.strip() for p in raw.split(" | ")]
            if len(parts) == 3 and parts[0].startswith("firmware/"):
                found[parts[0], parts[1]] = parts[2]
    return found


def mutated(diff):
    """The mutant's code: its diff's added lines, stripped (" / " between lines); for a
    mutant that only deletes, "- " and the deleted lines."""
    lines = diff.splitlines()
    added = [line[1:].strip() for line in lines if line.startswith("+")
             and not line.startswith("+++")]
    if added:
        return " / ".join(added)
    return "- " + " / ".join(line[1:].strip() for line in lines
                             if line.startswith("-") and not line.startswith("---"))


def all_mutants(module, work):
    """cosmic-ray's mutants of `module`: dicts of operator, occurrence, line, col."""
    config = work / "cr.toml"
    config.write_text('[cosmic-ray]\nmodule-path = "%s"\ntimeout = 60.0\n'
                      'excluded-modules = []\ntest-command = "true"\n\n'
                      '[cosmic-ray.distributor]\nname = "local"\n' % module)
    session = work / "session.sqlite"
    if session.exists():
        session.unlink()
    subprocess.run([str(BIN / "cosmic-ray"), "init", str(config), str(session)], cwd=ROOT,
                   check=True, capture_output=True)
    with sqlite3.connect(session) as db:
        rows = db.execute("select operator_name, occurrence, start_pos_row, start_pos_col "
                          "from mutation_specs order by start_pos_row, start_pos_col, "
                          "operator_name, occurrence").fetchall()
    return [{"operator": r[0], "occurrence": r[1], "line": r[2], "col": r[3]} for r in rows]


def sample(mutants, size, seed):
    """`size` mutants at distinct places (line, column), each place's operator at random:
    a binary operator has a dozen variants, and a sample drawn from the flat list would be
    mostly those."""
    rng = random.Random(seed)
    places = {}
    for m in mutants:
        places.setdefault((m["line"], m["col"]), []).append(m)
    keys = sorted(places)
    picked = rng.sample(keys, min(size, len(keys)))
    return [rng.choice(places[k]) for k in sorted(picked)]


def copy_tree(dest):
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.mpy", ".pytest_cache", "node_modules"))
        elif src.exists():
            shutil.copy2(src, dest / name)
    modules = ROOT / "web" / "node_modules"  # the web page's runtime: shared, not copied
    if modules.is_dir():
        (dest / "web" / "node_modules").symlink_to(modules)


def pytest_command(tests, limit=None):
    """The tests' command; with `limit` (seconds) run through limited(), which ends them
    then. cosmic-ray starts the command in a session of its own, beyond the reach of
    run_one's kill: a mutant's endless loop kept its pytest running long after."""
    command = "%s -m pytest -x -q -p no:cacheprovider -p no:randomly -n 0 %s" % (
        sys.executable, " ".join(tests))
    if limit is None:
        return command
    return "%s %s --limit %d -- %s" % (sys.executable, Path(__file__).resolve(), limit,
                                       command)


def limited(seconds, command):
    """Run `command` (a list), its process group killed after `seconds`: its exit status,
    or 1 (a test that never ends fails)."""
    proc = subprocess.Popen(command, start_new_session=True)
    try:
        return proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return 1


def run_one(copy, module, mutant, command, timeout):
    """(outcome, diff): killed, survived, timeout or incompetent (the mutant did not apply)."""
    # Its own process group, killed on a timeout. The tests run in a session of cosmic-ray's
    # making, out of that group's reach: they end by the command's own limit (pytest_command).
    proc = subprocess.Popen(
        [str(BIN / "cosmic-ray"), "mutate-and-test", module, mutant["operator"],
         str(mutant["occurrence"]), command],
        cwd=copy, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:  # (a loop made endless, say): the tests did not pass
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        shutil.copy2(ROOT / module, copy / module)  # the worker left its mutant: undone
        return "killed (timeout)", ""
    done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    try:
        result = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return "incompetent", done.stdout[-500:] + done.stderr[-500:]
    outcome = result.get("test_outcome") or result.get("worker_outcome") or "incompetent"
    return outcome, result.get("diff") or ""


def baseline(copy, command):
    t0 = time.monotonic()
    done = subprocess.run(command, shell=True, cwd=copy, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("the tests fail without any mutant:\n" + done.stdout[-2000:])
    return time.monotonic() - t0


def test_module(module, args, known):
    tests = args.tests or tests_for(module)
    command = pytest_command(tests)
    work = Path(tempfile.mkdtemp(prefix="mutants-"))
    try:
        mutants = all_mutants(module, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    chosen = sample(mutants, args.sample, args.seed)
    if not chosen:
        return {"module": module, "killed": 0, "equivalent": 0, "survivors": []}
    copies = [ROOT / "build" / args.work / ("w%d" % i) for i in range(args.jobs)]
    for copy in copies:
        copy_tree(copy)
    shared = copies[0].parent / "shared"  # the boards' interpreters, at ../shared as from here
    if not shared.exists() and (ROOT.parent / "shared").exists():
        shared.symlink_to(ROOT.parent / "shared")
    spent = baseline(copies[0], command)
    timeout = max(60.0, 5 * spent)
    command = pytest_command(tests, timeout)  # (run_one's own timeout: a little later)
    print("%s: %d of %d mutants, tests: %s (%.0f s unmutated)"
          % (module, len(chosen), len(mutants), " ".join(tests), spent), flush=True)
    free = list(copies)

    def one(mutant):
        copy = free.pop()
        try:
            return mutant, run_one(copy, module, mutant, command, timeout + 30)
        finally:
            free.append(copy)

    killed = equivalent = 0
    survivors = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for mutant, (outcome, diff) in pool.map(one, chosen):
            if outcome.startswith("killed"):
                killed += 1
            elif (module, mutated(diff)) in known:
                equivalent += 1
            elif outcome == "survived":
                survivors.append((mutant, diff))
            else:  # incompetent: the mutant could not be made; not counted
                print("  %s:%d:%d %s: %s" % (module, mutant["line"], mutant["col"],
                                             mutant["operator"], outcome))
    score = {"module": module, "killed": killed, "equivalent": equivalent,
             "survivors": survivors}
    report(score)
    return score


def report(score):
    counted = score["killed"] + len(score["survivors"])
    pct = 100.0 * score["killed"] / counted if counted else 100.0
    print("%s: %d/%d killed (%.0f%%), %d equivalent left out"
          % (score["module"], score["killed"], counted, pct, score["equivalent"]), flush=True)
    for mutant, diff in score["survivors"]:
        print("  survived: %s:%d:%d %s" % (score["module"], mutant["line"], mutant["col"],
                                           mutant["operator"]))
        for line in diff.splitlines():
            if line.startswith(("-", "+")) and not line.startswith(("---", "+++")):
                print("      " + line)


def record(scores):
    """The table in docs/mutation.md: one row per module, the latest run's. Runs side by side
    (--work) each rewrite the table under a lock, so that neither loses the other's rows."""
    import fcntl

    with open(ROOT / "build" / "mutation.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        write_scores(scores)


def write_scores(scores):
    rows = {}
    head = ["# Mutation scores", "",
            "The latest `make mutants` score of each module under `firmware/` (tools/mutants.py:",
            "a seeded sample of cosmic-ray's mutants at distinct places, each run against the",
            "module's tests). Equivalent mutants (no observable change) are listed in",
            "`docs/mutants-equivalent.txt` and left out. Aim: every module at 85% or more.", "",
            "| module | sampled | killed | score | equivalent | date |",
            "|---|---|---|---|---|---|"]
    if SCORES.exists():
        for line in SCORES.read_text().splitlines():
            if line.startswith("| firmware/"):
                rows[line.split("|")[1].strip()] = line
    today = datetime.date.today().isoformat()
    for s in scores:
        counted = s["killed"] + len(s["survivors"])
        pct = 100.0 * s["killed"] / counted if counted else 100.0
        rows[s["module"]] = "| %s | %d | %d | %.0f%% | %d | %s |" % (
            s["module"], counted, s["killed"], pct, s["equivalent"], today)
    SCORES.write_text("\n".join(head + [rows[k] for k in sorted(rows)]) + "\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*", help="files under firmware/ (default: all)")
    parser.add_argument("--sample", type=int, default=30, help="mutants per module")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--tests", nargs="+", help="the tests to run (default: TESTS)")
    parser.add_argument("--record", action="store_true", help="write docs/mutation.md")
    parser.add_argument("--list", action="store_true", help="the modules and their tests")
    parser.add_argument("--work", default="mutants",
                        help="the copies' folder under build/ (runs side by side: one each)")
    args = parser.parse_args(argv)
    if not (BIN / "cosmic-ray").exists():
        raise SystemExit("cosmic-ray is not installed: make mutants installs it "
                         "(requirements-mutants.txt)")
    chosen = [Path(m).resolve().relative_to(ROOT).as_posix() for m in args.modules] or modules()
    for module in chosen:
        if not module.startswith("firmware/") or not (ROOT / module).is_file():
            raise SystemExit("not a module under firmware/: " + module)
    if args.list:
        for module in chosen:
            print(module, " ".join(tests_for(module)))
        return 0
    known = equivalents()
    t0 = time.monotonic()
    scores = []
    for module in chosen:  # recorded one by one: a later module that stops keeps these
        scores.append(test_module(module, args, known))
        if args.record:
            record(scores[-1:])
    print("mutants: %d modules in %.0f s" % (len(scores), time.monotonic() - t0))
    low = [s["module"] for s in scores
           if s["killed"] < 0.85 * (s["killed"] + len(s["survivors"]))]
    if low:
        print("below 85%: " + ", ".join(low))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    if sys.argv[1:2] == ["--limit"]:  # pytest_command(tests, limit)'s wrapper
        sys.exit(limited(float(sys.argv[2]), sys.argv[4:]))
    sys.exit(main())
