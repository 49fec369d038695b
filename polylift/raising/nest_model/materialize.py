"""Index values and buffers that a raised nest needs ahead of it, made on demand.

The `Materializer` turns linear forms over SSA values into `affine.apply` /
`affine.max` results (one op per distinct form), and allocates the temporaries of
scalar-expanded reductions. It records every op it makes, so that a nest that turns out
not to be raisable is left exactly as it was (`abandon`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from polylift import rewriter
from polylift.mlir import ir, memref
from polylift.raising.nest_model.linear import Linear, render
from polylift.subscripts import plain_subscript

DYNAMIC = ir.ShapedType.get_dynamic_size()


@dataclass
class Materializer:
    """Turns linear forms over SSA parameters into index values, reusing equal ones."""

    ip: ir.InsertionPoint
    loc: ir.Location
    cache: dict[tuple, ir.Value] = field(default_factory=dict)
    created: list[ir.Operation] = field(default_factory=list)
    # Heap buffers of scalar-expanded reductions, freed once the nest is replaced.
    temporaries: list[ir.Value] = field(default_factory=list)

    def abandon(self) -> None:
        """Erase everything this materializer created (the nest stays as it was)."""
        for op in reversed(self.created):
            rewriter.erase(op)
        self.created.clear()
        self.cache.clear()
        self.temporaries.clear()

    def value(self, form: Linear) -> ir.Value | int:
        """An int when `form` is constant, else an `affine.apply` result."""
        if form.is_constant():
            return form.const
        atom = plain_subscript(form, shifted=False)
        if atom is not None:
            return atom
        return self._apply(form, "affine.apply", [])

    def trip_count(self, lower: Linear, upper: Linear, step: int) -> Linear:
        """`max(0, ceildiv(upper - lower, step))` as a constant or an SSA value."""
        diff = upper - lower
        if diff.is_constant():
            return Linear.constant(max(0, -(-diff.const // step)))
        return Linear.of(self._apply(diff, "affine.max", ["0"], step))

    def temporary(self, bounds: list[tuple[Linear, Linear]], element: ir.Type) -> ir.Value:
        """A new heap buffer with `max(0, upper - lower)` elements per dim (the partial
        values of a scalar-expanded reduction); it aliases nothing. On the heap, because
        it holds one element per iteration of the enclosing loops (a stack buffer of a
        large matrix's size would overflow); the pass frees it after the nest's generics."""
        sizes = [self.value(self.trip_count(lower, upper, 1)) for lower, upper in bounds]
        shape = [s if isinstance(s, int) else DYNAMIC for s in sizes]
        mtype = ir.MemRefType.get(shape, element, loc=self.loc)
        dynamic = [s for s in sizes if not isinstance(s, int)]
        buffer = memref.alloc(mtype, dynamic, [], loc=self.loc, ip=self.ip)
        self.created.append(buffer.owner.operation)
        self.temporaries.append(buffer)
        return buffer

    def scalar(self, element: ir.Type, entry: ir.Block) -> ir.Value:
        """A 0-d buffer on the stack at the start of `entry` (a function's entry block:
        allocated once, not on every iteration of a loop around the nest)."""
        mtype = ir.MemRefType.get([], element, loc=self.loc)
        buffer = memref.alloca(mtype, [], [], loc=self.loc,
                               ip=rewriter.before(entry.operations[0]))
        self.created.append(buffer.owner.operation)
        return buffer

    def _apply(self, form: Linear, opname: str, extra: list[str], divisor: int = 1) -> ir.Value:
        # Operands are dims, not symbols: an enclosing loop's counter is a valid dim
        # but not a valid symbol, and every symbol is also a valid dim.
        values = form.variables()
        names = {v: f"d{k}" for k, v in enumerate(values)}
        expr = render(form, lambda v: names[v])
        if divisor != 1:
            expr = f"({expr}) ceildiv {divisor}"
        text = f"affine_map<({', '.join(names.values())}) -> ({', '.join(extra + [expr])})>"
        key = (opname, text, *values)
        if key not in self.cache:
            amap = ir.AffineMapAttr(ir.Attribute.parse(text))
            op = ir.Operation.create(opname, results=[ir.IndexType.get()], operands=values,
                                     attributes={"map": amap}, loc=self.loc, ip=self.ip)
            self.created.append(op)
            self.cache[key] = op.result
        return self.cache[key]
