"""C itself: the preprocessor and parser, the file's declarations, C's arithmetic types and
aliasing rules (and the entry test of arguments that may alias), and questions asked of the
syntax tree before lowering (what is assigned, what is live).
"""
