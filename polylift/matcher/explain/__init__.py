"""What did not match and why: the closest template and its differences, the residual
computation, the match report.
"""
