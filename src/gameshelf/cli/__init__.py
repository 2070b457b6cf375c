"""The command line: ``gameshelf games | play | simulate | replay | ...``."""
