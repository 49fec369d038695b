"""Loop programs: a template's source-order loops proved equal to a loop nest the
raising kept (`prove.match_program`).

`model.py` is the program both sides become, `from_template.py` and `from_ir.py` make
it, `promote.py` reads scalar accumulators as the elements they stand for,
`polyhedra.py` decides questions about statement instances, `compare.py` pairs statements and
binds names, and `explain.py` says which template a residual nest comes closest to.
"""
