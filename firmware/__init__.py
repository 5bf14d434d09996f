# Pocket gem games firmware: core (rules), bots, ui, hw. See DESIGN in the README.
