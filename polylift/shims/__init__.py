"""The C runtime of polylift: one shim library per backend, its generated header, its build."""
