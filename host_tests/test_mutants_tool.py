"""tools/mutants.py's time limit on a mutant's tests: cosmic-ray runs the tests' command in a
session of its own, so the command must end itself, its children too."""

import shlex
import subprocess
import sys
import time

import mutants


def alive(pid):
    """Whether process `pid` still runs (a zombie waiting for its parent does not)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_command_past_its_limit_ends_with_its_children_and_fails(tmp_path):
    pid_file = tmp_path / "child"
    script = ("import subprocess, sys, time\n"
              "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
              "open(%r, 'w').write(str(child.pid))\n"
              "time.sleep(60)\n" % str(pid_file))
    # 2 s: time enough for the script to start its child on a busy machine (it takes 0.1 s;
    # 0.4 s with both test workers and a build beside it)
    assert mutants.limited(2, [sys.executable, "-c", script]) == 1
    child = int(pid_file.read_text())
    for _ in range(50):  # killed at once, its end may lag a little
        if not alive(child):
            break
        time.sleep(0.1)
    assert not alive(child)


def test_a_command_within_its_limit_gives_its_own_status():
    assert mutants.limited(30, [sys.executable, "-c", "pass"]) == 0
    assert mutants.limited(30, [sys.executable, "-c", "raise SystemExit(3)"]) == 3


def test_the_limited_command_runs_the_tests_through_the_wrapper(tmp_path):
    """pytest_command(tests, limit) as cosmic-ray runs it: split by the shell's rules, the
    wrapper's exit status is the tests'."""
    command = mutants.pytest_command(["tests_here"], 30)
    assert command.endswith(mutants.pytest_command(["tests_here"]))
    words = shlex.split(command)
    assert words[2:4] == ["--limit", "30"] and words[4] == "--"
    ok = subprocess.run(words[:5] + [sys.executable, "-c", "pass"], cwd=tmp_path)
    failed = subprocess.run(words[:5] + [sys.executable, "-c", "raise SystemExit(1)"],
                            cwd=tmp_path)
    assert (ok.returncode, failed.returncode) == (0, 1)
