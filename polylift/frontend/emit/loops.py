"""`for` loops with affine bounds to `affine.for`, scalars carried as `iter_args`."""

from __future__ import annotations

from dataclasses import dataclass

from pycparser import c_ast

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.ctype import CType
from polylift.frontend.c.liveness import Access, first_access, live_after
from polylift.frontend.c.scan import assigned_names, read_counts, same_expr
from polylift.frontend.c.source import unsupported
from polylift.frontend.emit.builder import Value, loc_text, result_names
from polylift.frontend.emit.entry import EntryLowering
from polylift.frontend.emit.forms import holds_every_value
from polylift.frontend.emit.state import LoopCounter, Scalar
from polylift.frontend.index.affine import Affine, affine_map
from polylift.frontend.index.bounds import LoopRange
from polylift.frontend.index.poly import Poly

_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


@dataclass
class LoopShape:
    """A counted loop: counter, first value(s), step and inclusive last-value bounds."""

    name: str
    ctype: CType
    starts: list[Affine]
    step: int
    limits: list[Affine]


class LoopLowering(EntryLowering):
    """`for` loops."""

    def declare_type(self, decl: c_ast.Decl) -> CType:
        """The scalar type of a declaration (defined by the function lowering)."""
        raise unsupported("declaration", decl)

    def lower_statement(self, node: c_ast.Node) -> None:
        """Lower one statement (defined by the statement lowering)."""
        raise NotImplementedError

    def _counter(self, node: c_ast.For) -> tuple[str, CType, c_ast.Node]:
        init = node.init
        if isinstance(init, c_ast.DeclList) and len(init.decls) == 1 and init.decls[0].init:
            decl = init.decls[0]
            return decl.name, self.declare_type(decl), decl.init
        if isinstance(init, c_ast.Assignment) and init.op == "=" \
                and isinstance(init.lvalue, c_ast.ID):
            var = self.lookup(init.lvalue)
            if not isinstance(var, Scalar) or var.ctype.is_float:
                raise unsupported(f"loop counter '{init.lvalue.name}' of this type", init)
            return init.lvalue.name, var.ctype, init.rvalue
        raise unsupported("loop initialisation (expected 'i = <affine expression>')",
                          init or node)

    def _step(self, node: c_ast.For, name: str) -> int:
        step = node.next
        if isinstance(step, c_ast.UnaryOp) and isinstance(step.expr, c_ast.ID) \
                and step.expr.name == name and step.op in ("++", "p++", "--", "p--"):
            return 1 if "+" in step.op else -1
        if isinstance(step, c_ast.Assignment) and isinstance(step.lvalue, c_ast.ID) \
                and step.lvalue.name == name:
            amount = self._step_amount(step)
            if amount:
                return amount
        raise unsupported("loop step (expected a constant increment of the counter)",
                          step or node)

    def _step_amount(self, step: c_ast.Assignment) -> int | None:
        if step.op in ("+=", "-="):
            value = self.affine_of(step.rvalue)
            if value is not None and value.is_constant:
                return value.const if step.op == "+=" else -value.const
            return None
        rhs = step.rvalue
        if step.op == "=" and isinstance(rhs, c_ast.BinaryOp) and rhs.op in ("+", "-") \
                and isinstance(rhs.left, c_ast.ID) and rhs.left.name == step.lvalue.name:
            value = self.affine_of(rhs.right)
            if value is not None and value.is_constant:
                return value.const if rhs.op == "+" else -value.const
        return None

    def bound_forms(self, node: c_ast.Node, kind: str) -> list[Affine] | None:
        """Affine forms whose min (kind `min`) or max (`max`) is the expression."""
        if isinstance(node, c_ast.TernaryOp) and isinstance(node.cond, c_ast.BinaryOp) \
                and node.cond.op in _FLIP:
            cond = node.cond
            picks_left = same_expr(cond.left, node.iftrue) and same_expr(cond.right, node.iffalse)
            picks_right = same_expr(cond.right, node.iftrue) and same_expr(cond.left, node.iffalse)
            smaller_first = cond.op in ("<", "<=")
            is_min = smaller_first == picks_left and (picks_left or picks_right)
            is_max = smaller_first == picks_right and (picks_left or picks_right)
            if (kind == "min" and is_min) or (kind == "max" and is_max):
                left = self.bound_forms(node.iftrue, kind)
                right = self.bound_forms(node.iffalse, kind)
                return left + right if left is not None and right is not None else None
        form = self.affine_of(node)
        return [form] if form is not None else None

    def _limits(self, cond: c_ast.Node | None, name: str, step: int, ctype: CType,
                starts: list[Affine]) -> list[Affine]:
        """Inclusive bounds on the counter from `i < e && i <= f ...`, each the value C
        compares the counter with (in the comparison's type)."""
        if isinstance(cond, c_ast.BinaryOp) and cond.op == "&&":
            return self._limits(cond.left, name, step, ctype, starts) \
                + self._limits(cond.right, name, step, ctype, starts)
        if not isinstance(cond, c_ast.BinaryOp) or cond.op not in _FLIP:
            raise unsupported("loop condition (expected a comparison of the counter)",
                              cond)
        op, other = cond.op, cond.right
        if not (isinstance(cond.left, c_ast.ID) and cond.left.name == name):
            if not (isinstance(cond.right, c_ast.ID) and cond.right.name == name):
                raise unsupported("loop condition (the counter must be one side)", cond)
            op, other = _FLIP[op], cond.left
        if (step > 0) != (op in ("<", "<=")):
            raise unsupported("loop condition that does not bound the loop's direction", cond)
        common = ct.usual_conversion(ctype, self.type_of(other))
        if not common.signed and ctype.signed and not (
                step > 0 and all(f.is_constant and f.const >= 0 for f in starts)):
            raise unsupported("loop condition comparing a signed counter that may be "
                              "negative as unsigned", cond)
        forms = self.exact_forms(other, "min" if step > 0 else "max", common)
        if forms is None:
            raise unsupported("non-affine loop bound", other)
        shift = {"<": -1, "<=": 0, ">": 1, ">=": 0}[op]
        limits = [f + Affine.constant(shift) for f in forms]
        if not ctype.signed:
            self._check_no_wrap(ctype, step, op, limits, cond)
        return limits

    @staticmethod
    def _check_no_wrap(ctype: CType, step: int, op: str, limits: list[Affine],
                       cond: c_ast.Node) -> None:
        """An unsigned counter wraps instead of leaving the loop where C defines it: an
        increasing one past its type's maximum (`i <= n` with n the maximum, a step
        over 1), a decreasing one below 0. Only bounds that rule it out are taken."""
        if step < 0:
            if all(f.is_constant and f.const >= -step for f in limits):
                return
            raise unsupported("decreasing unsigned loop counter that could wrap below 0 "
                              "(a constant bound of at least the step is needed)", cond)
        if ctype.bits >= 64:
            return  # 64-bit sizes stay below 2**63 (see forms.py)
        top = (1 << ctype.bits) - 1
        if all(f.is_constant and f.const + step <= top for f in limits):
            return
        if step == 1 and op == "<":
            return  # i < n <= max: i + 1 <= max
        raise unsupported("unsigned loop counter that could wrap past its maximum "
                          "(use '<' and a step of 1, or a constant bound)", cond)

    def exact_forms(self, node: c_ast.Node, kind: str, to: CType) -> list[Affine] | None:
        """Affine forms (whose min or max, per `kind`) is the value of `node` converted
        to `to`; an invariant expression that has none becomes one symbol."""
        source = self.type_of(node)
        forms = self.bound_forms(node, kind)
        if forms is not None and holds_every_value(source, to):
            return forms
        if forms is not None and all(f.is_constant and ct.wrap(f.const, to) == f.const
                                     for f in forms):
            return forms
        symbol = self.invariant_symbol(node, to)
        return [Affine.atom(symbol)] if symbol is not None else None

    def loop_shape(self, node: c_ast.For) -> LoopShape:
        """Analyse the loop header."""
        name, ctype, init = self._counter(node)
        step = self._step(node, name)
        changed = assigned_names(node.stmt, node.next) - {name}
        if node.cond is not None and any(read_counts(node.cond)[n] for n in changed):
            raise unsupported("loop bound that the loop itself changes", node.cond)
        starts = self.exact_forms(init, "max" if step > 0 else "min", ctype)
        if starts is None:
            raise unsupported("non-affine loop bound", init)
        if step < 0 and len(starts) != 1:
            raise unsupported("decreasing loop starting at a minimum", init)
        return LoopShape(name, ctype, starts, step, self._limits(node.cond, name, step, ctype,
                                                                         starts))

    def _header_bounds(self, shape: LoopShape, iv: str) -> tuple[str, Affine]:
        """`lb to ub step s` text and the counter's form in terms of the new IV."""
        if shape.step > 0:
            ubs = [f + Affine.constant(1) for f in shape.limits]
            lower = affine_map(shape.starts, self.dims)
            upper = affine_map(ubs, self.dims)
            lower = ("max " if len(shape.starts) > 1 else "") + lower
            upper = ("min " if len(ubs) > 1 else "") + upper
            step = f" step {shape.step}" if shape.step != 1 else ""
            return f"{lower} to {upper}{step}", Affine.atom(iv)
        stride, start = -shape.step, shape.starts[0]
        trips = []
        for limit in shape.limits:
            span = start - limit + Affine.constant(1)
            trips.append(span if stride == 1 else Affine(ceil_div=(span, stride)))
        upper = ("min " if len(trips) > 1 else "") + affine_map(trips, self.dims)
        return f"0 to {upper}", start - Affine.atom(iv).scale(stride)

    def lower_for(self, node: c_ast.For) -> None:
        """An `affine.for` for a counted C loop."""
        shape = self.loop_shape(node)
        carried = self._carried(node)
        inits = [self.initial_value(v, node) for v in carried]
        iv = self.builder.fresh()
        bounds, form = self._header_bounds(shape, iv)
        types = [v.ctype.mlir for v in carried]
        define, uses = result_names(self.builder.fresh(), len(carried))
        if carried:
            args = [self.builder.fresh() for _ in carried]
            pairs = ", ".join(f"{a} = {i.name}" for a, i in zip(args, inits, strict=True))
            self.builder.open(f"{define} = affine.for {iv} {loc_text(node)} = {bounds} "
                              f"iter_args({pairs}) -> ({', '.join(types)})")
            for var, arg in zip(carried, args, strict=True):
                var.value = Value(arg, var.ctype)
        else:
            self.builder.open(f"affine.for {iv} {loc_text(node)} = {bounds}")
        self._body(node, shape, (iv, form), carried)
        self.builder.close(node)
        for var, use in zip(carried, uses, strict=False):
            var.value = Value(use, var.ctype)
        self._kill_counter(node, shape.name)

    def _body(self, node: c_ast.For, shape: LoopShape, counter: tuple[str, Affine],
              carried: list[Scalar]) -> None:
        """The loop body, then the yield of the carried scalars."""
        iv, form = counter
        before = {n: v.value for n, v in self.visible_scalars().items()}
        self.loop_ranges.append(self._loop_range(shape, iv))
        self.dims.add(iv)
        self.scopes.append({shape.name: LoopCounter(shape.name, shape.ctype, form)})
        self.lower_statement(node.stmt)
        self.scopes.pop()
        self.loop_ranges.pop()
        if carried:
            yields = ", ".join(v.value.name for v in carried if v.value is not None)
            types = ", ".join(v.ctype.mlir for v in carried)
            self.builder.line(f"affine.yield {yields} : {types}", node)
        self.dims.discard(iv)
        for name, var in self.visible_scalars().items():
            var.value = before.get(name, var.value)

    def _loop_range(self, shape: LoopShape, iv: str) -> LoopRange:
        """The induction variable's inclusive bounds as polynomials, for delinearisation;
        a decreasing loop's IV counts trips from 0 (its bound is kept for unit steps)."""
        def polys(forms: list[Affine]) -> tuple[Poly, ...]:
            found = [Poly.of_affine(f, self.resolve_atom) for f in forms]
            return tuple(p for p in found if p is not None)

        if shape.step > 0:
            return LoopRange(iv, polys(shape.starts), polys(shape.limits))
        highs = polys([shape.starts[0] - f for f in shape.limits]) if shape.step == -1 else ()
        return LoopRange(iv, (Poly.constant(0),), highs)

    def _carried(self, node: c_ast.For) -> list[Scalar]:
        """Scalars the loop updates whose value flows into a later iteration or out.

        A scalar that every iteration assigns before reading it, and that nothing reads
        after the loop before assigning it again, is not carried: each iteration's value
        dies in that iteration, so the nest stays free of `iter_args`."""
        carried = []
        for var in self.merged_scalars(node.stmt):
            if first_access(var.name, node.stmt) is Access.READ \
                    or live_after(var.name, node, self.body):
                carried.append(var)
        return carried

    def _kill_counter(self, node: c_ast.For, name: str) -> None:
        if isinstance(node.init, c_ast.DeclList):
            return
        var = self.visible_scalars().get(name)
        if var is not None:
            var.value, var.symbol, var.dead_counter = None, None, True
