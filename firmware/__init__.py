# Pocket gem games firmware: core (rules), bots, ui, hw. See DESIGN in the README.
# The firmware's version, in crash reports and on the help screen: raise it with each release.
VERSION = "0.5.0"
