"""Expression templates: a template stated by the op it is made for (`shapes.py`)."""
