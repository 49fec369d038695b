"""Whether a statement may become a generic: exact dependence tests, which arguments may
overlap, and the plan that follows.
"""
