# Developer tooling. `make test` is what CI runs (.ci/run); every target creates the venv first.
#   make play [ARGS=...]     the handheld app in a desktop window (tools/sim.py; ARGS="--help")
#   make console [ARGS=...]  the text console game on CPython  (make console-mp: on MicroPython)
#   make test                lint, typecheck, pytest, mptest, in that order, stopping at a failure
#   make check               the same but the long soaks (tests marked slow): the edit-test loop
#   make mutants [MODULE=firmware/ui/match.py] [ARGS=...]  mutation-test a module (all: hours)
#   make lint | typecheck | pytest | mptest | bench [ARGS=...] | clean | distclean
#   make shots               screenshots of the app (headless simulator) in docs/screenshots
#   make flash [ARGS=...]    copy the firmware to the board plugged in (ARGS="--help" for options)
#   make uf2                 the firmware with the games frozen in, one file to drag onto the
#                            board: build/pocket-gems-{pico,pybadge,pygamer}.uf2
#   make toolchain           install what make uf2 and the tests need (Debian's ARM gcc, newlib,
#                            cmake; Node.js, npm, Chromium; dosfstools, mtools; root)
#   make web                 the firmware in a web page (MicroPython WebAssembly): build/web/
#   make web-serve           serve build/web/ on http://127.0.0.1:8000 to play in a browser
#   make vboard [ARGS=...]   a virtual board on a pty (prints its port; Ctrl-C stops it)
#   make picotest            the firmware on an emulated Pico (../shared/emu), with board times
#   make pairtest            link play on two emulated Picos, every hidden-hand game (~1 h)
#   PYTEST_ARGS=... and MPTEST_ARGS=... (e.g. MPTEST_ARGS="-k shuffle --heap 256k") pass options

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ARGS ?=
MODULE ?=
# pytest-xdist spreads the slow random-game tests over the cores; PYTEST_ARGS= runs serially.
PYTEST_ARGS ?= -n auto
MPTEST_ARGS ?=

# CircuitPython board profiles are type-checked by their own config once there are some.
HW_SOURCES := $(shell find firmware/hw -name '*.py' 2>/dev/null)

# The web page's runtime and test driver (web/package-lock.json), installed by npm ci.
WEBSTAMP := web/node_modules/.installed

# Bytecode is cached, under build/pycache rather than beside the sources: without it every
# pytest worker rewrites and compiles all the test modules again (about 9 s a worker, a third
# of make check, where the environment sets PYTHONDONTWRITEBYTECODE).
unexport PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX := $(CURDIR)/build/pycache

.DEFAULT_GOAL := help
# The steps of `test` must run one after the other even under `make -j`.
.NOTPARALLEL:
.PHONY: help venv play console console-mp shots test check lint typecheck pytest mptest bench flash uf2 toolchain vboard picotest pairtest mutants web web-serve clean distclean

help:
	@sed -n 's/^# \{0,1\}//p;/^$$/q' Makefile

# Reinstalls when a pin changes. The CircuitPython stubs go to their own folder (see
# pyrightconfig.circuitpython.json); it is rebuilt whole so no old stub survives.
$(STAMP): requirements.txt requirements-circuitpython.txt
	@echo "==> venv: $(VENV) from requirements.txt"
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	rm -rf $(VENV)/cpstubs
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
		--target $(VENV)/cpstubs -r requirements-circuitpython.txt
	touch $@

venv: $(STAMP)

$(WEBSTAMP): web/package.json web/package-lock.json
	@echo "==> web: npm ci in web/ (MicroPython WebAssembly, playwright-core)"
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

web: $(STAMP) $(WEBSTAMP)
	$(BIN)/python tools/webbuild.py

web-serve: web
	@echo "==> http://127.0.0.1:8000/ (Ctrl-C stops it)"
	$(BIN)/python -m http.server 8000 --bind 127.0.0.1 --directory build/web

play: $(STAMP)
	$(BIN)/python tools/sim.py $(ARGS)

console: $(STAMP)
	$(BIN)/python tools/play.py $(ARGS)

console-mp: $(STAMP)
	$(BIN)/micropython tools/play.py $(ARGS)

shots: $(STAMP)
	bash tools/shots.sh $(BIN)/python

# The runner's summary (`circuitpython: N passed, M failed`) is the last line of a passing run.
test: lint typecheck pytest mptest

# Under 3 minutes on 2 cores: everything but the soaks, whole-board runs and the emulated Pico.
check: lint typecheck $(STAMP)
	@echo "==> pytest: host_tests on CPython, without the tests marked slow"
	$(BIN)/python -m pytest $(PYTEST_ARGS) -m "not slow"
	@echo "==> mptest: host_tests/core on MicroPython and CircuitPython, without the soaks"
	$(BIN)/python tools/mptest.py --fast $(MPTEST_ARGS)
	$(BIN)/python tools/mptest.py --port circuitpython --fast $(MPTEST_ARGS)

lint: $(STAMP)
	@echo "==> lint: ruff check"
	$(BIN)/ruff check .

typecheck: $(STAMP)
	@echo "==> typecheck: pyright, MicroPython stubs (pyrightconfig.json)"
	$(BIN)/pyright -p pyrightconfig.json
ifneq ($(HW_SOURCES),)
	@echo "==> typecheck: pyright, CircuitPython stubs (pyrightconfig.circuitpython.json)"
	$(BIN)/pyright -p pyrightconfig.circuitpython.json
else
	@echo "==> typecheck: no firmware/hw/*.py yet, CircuitPython check skipped"
endif

pytest: $(STAMP) $(WEBSTAMP)
	@echo "==> pytest: host_tests on CPython"
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# host_tests/test_pico.py (in `make pytest` too): one by one, each run's board time shown.
picotest: $(STAMP)
	@echo "==> picotest: the firmware on an emulated Raspberry Pi Pico (tools/pico.py)"
	$(BIN)/python -m pytest -n 0 -s host_tests/test_pico.py host_tests/test_pico_screen.py

# Link play on two emulated Picos, every hidden-hand game over a faulty cable and a clean one
# (CI plays one: host_tests/test_pico_pair.py); about an hour on 2 cores.
pairtest: $(STAMP)
	@echo "==> pairtest: two emulated Picos linked, every hidden-hand game (tools/picopair.py)"
	POCKET_GEMS_PAIR=all $(BIN)/python -m pytest -n 2 -s host_tests/test_pico_pair.py

# MicroPython 64-bit, then CircuitPython 9.2.9 32-bit (../shared/cpy beside the checkout:
# missing, it fails the run).
mptest: $(STAMP)
	@echo "==> mptest: host_tests/core on MicroPython, firmware from .mpy"
	$(BIN)/python tools/mptest.py $(MPTEST_ARGS)
	@echo "==> mptest: host_tests/core on CircuitPython (32-bit), firmware from CircuitPython .mpy"
	$(BIN)/python tools/mptest.py --port circuitpython $(MPTEST_ARGS)

# Mutation testing (tools/mutants.py, cosmic-ray from requirements-mutants.txt): not in CI.
MUTANTS_STAMP := $(VENV)/.mutants-installed
$(MUTANTS_STAMP): requirements-mutants.txt $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-mutants.txt
	touch $@

mutants: $(MUTANTS_STAMP)
	$(BIN)/python tools/mutants.py --record $(MODULE) $(ARGS)

bench: $(STAMP)
	$(BIN)/python tools/bench.py $(ARGS)

flash: $(STAMP)
	$(BIN)/python tools/flash.py $(ARGS)

# tools/uf2.py: MicroPython's rp2 port from ../shared/mpsrc for the Pico, CircuitPython 9.2.9
# from ../shared/cpsrc for the PyBadge and the PyGamer (tools/cpbuild.py), built in
# ~/.cache/pocket-gems (the first build a few minutes, then seconds while the firmware is the
# same, about a minute a board when it changed); without the toolchain it says what to install.
# ARGS="--board pybadge" builds one.
uf2: $(STAMP)
	$(BIN)/python tools/uf2.py $(ARGS)

# .ci/run runs it before make test, whose tests build the frozen firmware, make drive images
# for the emulated CircuitPython board and drive the web page in Chromium.
toolchain:
	@if command -v arm-none-eabi-gcc >/dev/null && command -v cmake >/dev/null \
		&& test -f "$$(arm-none-eabi-gcc -print-file-name=libc.a)"; then \
		echo "==> toolchain: arm-none-eabi-gcc, newlib and cmake are here"; \
	else \
		echo "==> toolchain: apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi cmake"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			gcc-arm-none-eabi libnewlib-arm-none-eabi cmake >/dev/null; \
	fi
	@want=""; \
	command -v node >/dev/null || want="$$want nodejs"; \
	command -v mkfs.fat >/dev/null || want="$$want dosfstools"; \
	command -v mcopy >/dev/null || want="$$want mtools"; \
	command -v npm >/dev/null || want="$$want npm"; \
	test -x /usr/bin/chromium || want="$$want chromium"; \
	if [ -z "$$want" ]; then \
		echo "==> toolchain: node, npm, chromium, dosfstools and mtools are here"; \
	else \
		echo "==> toolchain: apt-get install$$want"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			$$want >/dev/null; \
	fi

vboard: $(STAMP)
	mkdir -p build/vboard
	$(BIN)/python tools/vboard.py --root build/vboard $(ARGS)

clean:
	rm -rf build .pytest_cache .ruff_cache
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -path ./$(VENV) -prune -o -name '*.mpy' -type f -exec rm -f {} +

distclean: clean
	rm -rf $(VENV) web/node_modules
