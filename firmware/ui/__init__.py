# Front ends. console: a text game over stdin/stdout (a terminal or a board's serial REPL),
# with a small renderer per game (firmware/games/<game>/console.py) imported on demand.
