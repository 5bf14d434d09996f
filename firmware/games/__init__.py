# The games, one package each (firmware/core's GAMES lists them): see the README's layout.
