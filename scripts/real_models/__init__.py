"""Source modules of the real-model corpus (see scripts/gen-real-models.py). Each module
exposes CASES, a list of (case name, build function); a build function returns a
common.RealCase."""
