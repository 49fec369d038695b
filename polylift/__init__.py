"""polylift: raise C loop nests to tuned vendor libraries, proven bit for bit."""

__version__ = "0.1.0"
