"""Index arithmetic: affine forms and integer polynomials over SSA index names, and the
delinearisation of flattened subscripts.
"""
