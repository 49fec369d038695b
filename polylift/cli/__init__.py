"""Command-line entry points: polylift, polylift-opt, polylift-cc."""
