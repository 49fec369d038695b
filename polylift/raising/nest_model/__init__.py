"""The data model of a loop nest being raised (loops, accesses, statements), its linear
index forms, and the index values and buffers a raised nest needs ahead of it.
"""
