"""`for` loops whose bounds are data (`rowptr[i]` to `rowptr[i+1]`) to `scf.for`.

A bound that no affine form or entry symbol holds (it reads memory, or a scalar the
function computed) still bounds a counted loop: the counter runs by one from the first
value while it compares below the bound. C evaluates the bound before every iteration;
it is read once, before the first, so the loop's body may not change what it reads: no
scalar it names, and no array that could hold an element it reads (one of its arrays,
or any array of its element type, or of bytes). The counter is then an SSA value, not
an affine dimension, so every subscript that uses it is a `memref` access.
"""

from __future__ import annotations

from pycparser import c_ast

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.ctype import CType
from polylift.frontend.c.scan import assigned_names, has_side_effects, read_counts, subtree
from polylift.frontend.c.source import UnsupportedError, unsupported
from polylift.frontend.emit.builder import Value, result_names
from polylift.frontend.emit.calls import MATH_CALLS
from polylift.frontend.emit.loops import LoopLowering
from polylift.frontend.emit.state import Array, Scalar

_UPWARD = {"<": "<", "<=": "<=", ">": "<", ">=": "<="}


class DataLoopLowering(LoopLowering):
    """`for` loops bounded by data, as `scf.for`; every other loop as `affine.for`."""

    def lower_for(self, node: c_ast.For) -> None:
        """An `scf.for` where a bound is data, else the affine loop."""
        header = self._data_header(node)
        if header is None:
            super().lower_for(node)
            return
        name, ctype, init = header
        op, bound = self._upper_bound(node, name)
        self._check_data_loop(node, name, ctype, (init, bound))
        common = ct.usual_conversion(ctype, self.type_of(bound))
        if not common.signed:
            raise unsupported("data loop bound compared as unsigned", node.cond)
        lower = self._as_index(self.rvalue(init), ctype, init)
        upper = self._as_index(self.rvalue(bound), common, bound)
        one = self.builder.op("arith.constant 1 : index", common, node)
        if op == "<=":
            upper = self.builder.op(f"arith.addi {upper.name}, {one.name} : index", common, node)
        self._emit_data_loop(node, Scalar(name, ctype), (lower, upper, one))

    def _data_header(self, node: c_ast.For) -> tuple[str, CType, c_ast.Node] | None:
        """The counter's name, type and first value where the first value or the bound is
        data (no affine form, no entry symbol); None for any other loop."""
        if not isinstance(node.cond, c_ast.BinaryOp) or node.cond.op not in _UPWARD:
            return None
        try:
            name, ctype, init = self._counter(node)
        except UnsupportedError:  # the affine lowering reports a bad header
            return None
        sides = (node.cond.left, node.cond.right)
        bounds = [s for s in sides if not (isinstance(s, c_ast.ID) and s.name == name)]
        data = any(self.bound_forms(e, "max") is None and self.entry_expression(e) is None
                   for e in (init, *bounds))
        return (name, ctype, init) if data else None

    def _upper_bound(self, node: c_ast.For, name: str) -> tuple[str, c_ast.Node]:
        """The comparison (`<` or `<=`) and the bound of a counter that runs upward by 1."""
        cond = node.cond
        assert isinstance(cond, c_ast.BinaryOp)
        step = self._step(node, name)
        left_is_counter = isinstance(cond.left, c_ast.ID) and cond.left.name == name
        right_is_counter = isinstance(cond.right, c_ast.ID) and cond.right.name == name
        if step == 1 and left_is_counter and cond.op in ("<", "<="):
            return cond.op, cond.right
        if step == 1 and right_is_counter and cond.op in (">", ">="):
            return _UPWARD[cond.op], cond.left
        raise unsupported("data loop bound (expected 'k < bound' or 'k <= bound' and "
                          "'k++')", cond)

    def _check_data_loop(self, node: c_ast.For, name: str, ctype: CType,
                         ends: tuple[c_ast.Node, c_ast.Node]) -> None:
        """Refuse what reading the bounds once would change: a counter that is not a
        signed integer or that the body assigns, a scalar or element of the bound the
        body may write."""
        if ctype.is_float or not ctype.signed:
            raise unsupported(f"data loop counter '{name}' of this type", node.init)
        assigned = assigned_names(node.stmt)
        if name in assigned:
            raise unsupported(f"data loop whose body assigns its counter '{name}'", node.stmt)
        if any(read_counts(ends[1])[n] for n in assigned):
            raise unsupported("loop bound that the loop itself changes", node.cond)
        if has_side_effects(ends[1]) or _calls(ends[1]):
            raise unsupported("data loop bound with a call or a side effect (C evaluates "
                              "it before every iteration)", node.cond)
        read = self._arrays_in(ends[1])
        if not read:
            return
        calls = _calls(node.stmt)
        if calls:
            raise unsupported(f"data loop bound read from memory around a call to "
                              f"'{calls[0]}' (which may write it)", node.cond)
        for target in self._arrays_written(node.stmt):
            if any(_may_share(target, source) for source in read):
                store = f"'{target.name}'" if target is not None else "a store it cannot place"
                raise unsupported(f"data loop bound reading what the body writes ({store} "
                                  f"may hold an element of '{source_names(read)}')", node.cond)

    def _arrays_in(self, node: c_ast.Node) -> list[Array | None]:
        """The arrays an expression reads elements of (through `a[...]` or `*p`); None
        for an element of no array it can name (a field's, a computed pointer's)."""
        found: list[Array | None] = []
        for item in subtree(node):
            if isinstance(item, c_ast.ArrayRef):
                if isinstance(item.name, c_ast.ArrayRef):
                    continue  # the outer subscript of `a[i][j]`: the inner names `a`
                base = item.name
            elif isinstance(item, c_ast.UnaryOp) and item.op == "*":
                base = item.expr
            else:
                continue
            found.append(self._named_array(base))
        return found

    def _arrays_written(self, body: c_ast.Node) -> list[Array | None]:
        """The arrays whose elements the body assigns (`a[...] = `, `*p += `, `a[i]++`)."""
        targets = []
        for item in subtree(body):
            if isinstance(item, c_ast.Assignment):
                targets.append(item.lvalue)
            elif isinstance(item, c_ast.UnaryOp) and item.op in ("++", "--", "p++", "p--"):
                targets.append(item.expr)
        return [self._target_array(target) for target in targets
                if isinstance(target, c_ast.ArrayRef)
                or isinstance(target, c_ast.UnaryOp) and target.op == "*"]

    def _target_array(self, target: c_ast.ArrayRef | c_ast.UnaryOp) -> Array | None:
        """The array an element target belongs to (None: one the front end cannot name)."""
        base = target.expr if isinstance(target, c_ast.UnaryOp) else target
        while isinstance(base, c_ast.ArrayRef):
            base = base.name
        return self._named_array(base)

    def _named_array(self, base: c_ast.Node) -> Array | None:
        """The array in scope a name denotes; None for anything else (a field, a pointer
        computed or declared inside the loop)."""
        if not isinstance(base, c_ast.ID):
            return None
        var = next((s[base.name] for s in reversed(self.scopes) if base.name in s), None)
        return var if isinstance(var, Array) else None

    def _as_index(self, value: Value, ctype: CType, node: c_ast.Node) -> Value:
        """A value converted to the comparison's type, then to `index` (sign-extended)."""
        converted = self.convert(value, ctype, node)
        return self.builder.op(f"arith.index_cast {converted.name} : {ctype.mlir} to index",
                               ctype, node)

    def _emit_data_loop(self, node: c_ast.For, counter: Scalar,
                        span: tuple[Value, Value, Value]) -> None:
        """`scf.for` from `lower` to `upper` by `one`, the carried scalars as iter_args."""
        lower, upper, one = span
        carried = self._carried(node)
        inits = [self.initial_value(v, node) for v in carried]
        iv = self.builder.fresh()
        head = f"scf.for {iv} = {lower.name} to {upper.name} step {one.name}"
        define, uses = result_names(self.builder.fresh(), len(carried))
        if carried:
            args = [self.builder.fresh() for _ in carried]
            pairs = ", ".join(f"{a} = {i.name}" for a, i in zip(args, inits, strict=True))
            types = ", ".join(v.ctype.mlir for v in carried)
            self.builder.open(f"{define} = {head} iter_args({pairs}) -> ({types})")
            for var, arg in zip(carried, args, strict=True):
                var.value = Value(arg, var.ctype)
        else:
            self.builder.open(head)
        self._data_body(node, counter, iv, carried)
        self.builder.close(node)
        for var, use in zip(carried, uses, strict=False):
            var.value = Value(use, var.ctype)
        self._kill_counter(node, counter.name)

    def _data_body(self, node: c_ast.For, counter: Scalar, iv: str,
                   carried: list[Scalar]) -> None:
        """The body with the counter as a value of its C type, then the yield."""
        before = {n: v.value for n, v in self.visible_scalars().items()}
        counter.value = self.builder.op(f"arith.index_cast {iv} : index to "
                                        f"{counter.ctype.mlir}", counter.ctype, node)
        self.scopes.append({counter.name: counter})
        self.lower_statement(node.stmt)
        self.scopes.pop()
        if carried:
            yields = ", ".join(v.value.name for v in carried if v.value is not None)
            types = ", ".join(v.ctype.mlir for v in carried)
            self.builder.line(f"scf.yield {yields} : {types}", node)
        for scalar_name, var in self.visible_scalars().items():
            var.value = before.get(scalar_name, var.value)


def _calls(node: c_ast.Node) -> list[str]:
    """The functions other than the math library's that a subtree calls."""
    return [c.name.name if isinstance(c.name, c_ast.ID) else "a computed function"
            for c in subtree(node) if isinstance(c, c_ast.FuncCall)
            and not (isinstance(c.name, c_ast.ID) and c.name.name in MATH_CALLS)]


def _may_share(target: Array | None, source: Array | None) -> bool:
    """Whether a store into `target` may change an element of `source`: the same array,
    or (C's aliasing rules) the same element type, or bytes; always, for an element of
    no array the front end can name."""
    if target is None or source is None:
        return True
    return target.arg == source.arg or target.elem.mlir == source.elem.mlir \
        or target.elem.bits == 8 or source.elem.bits == 8


def source_names(arrays: list[Array | None]) -> str:
    """The names of the arrays a bound reads, for a message."""
    return "', '".join(dict.fromkeys(a.name if a is not None else "memory" for a in arrays))
