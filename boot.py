# Board start-up. Choosing the filesystem mode (saves vs USB drive) comes with the handheld
# app; until then there is nothing to do here, and nothing board-specific is imported.
pass
