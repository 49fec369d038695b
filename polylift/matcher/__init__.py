"""Kernel templates: the DSL (grammar, AST, checks), the library, and the matcher."""
