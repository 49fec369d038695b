"""C rendered from a template's own steps: the `ref` loops and the `host` row, column
and window forms of the element-wise, reduction, map-and-sum and stencil families (what
`generate.py` and `expression_unit.py` put into shim sources)."""
