"""The matching engine: does a sequence of linalg ops compute what a template states?

`match(template, ops)` returns `Bindings` or None. Sums and products match modulo
commutativity and associativity, index variables bind to loop dims (any loop order),
arrays bind to root memrefs plus a base offset, scalars to SSA values or constants.
The deepest failure is kept in `Attempt.reason` for the match report.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from polylift.matcher.binding import local_scalars
from polylift.matcher.binding.narrowing import narrowed
from polylift.matcher.binding.state import Attempt, State
from polylift.matcher.ir.ir_model import Lin, Operand, Unsupported, compose, is_integer
from polylift.matcher.ir.payload import captured
from polylift.matcher.ir.step_ir import StepIR
from polylift.matcher.ir.tree import Apply, Arg, Const, Elem, Node, Opnd, Val, kind
from polylift.mlir import ir
from polylift.tdl.ast import (
    Access,
    And,
    ArrayDecl,
    Bin,
    Call,
    Compare,
    Cond,
    Expr,
    Index,
    Lookup,
    Neg,
    Num,
    Ref,
    ScalarDecl,
)
from polylift.tdl.library import KernelTemplate
from polylift.tdl.steps import integer_valued, walk


@dataclass(frozen=True)
class PlannedView:
    """A view the launch makes: `root` from its first element, `sizes` (constants or
    index values) per dim. Loops index a memref directly and run over bounds the memref
    type does not state, so their launch takes the box the loops cover."""

    root: ir.Value
    sizes: tuple[int | ir.Value, ...]
    # A 0-d template array: the root element it is (constant subscripts), and `sizes` ().
    element: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Bindings:
    """A successful match: what each parameter is bound to, and what was proved."""

    template: KernelTemplate = field(repr=False)
    arrays: dict[str, ir.Value | PlannedView]
    scalars: dict[str, Node]
    source_order_matches: bool
    ops: tuple[ir.OpView, ...] = field(default=(), repr=False)
    # Arrays bound to a slice of a larger root (a row `ey[0][j]`): the dims of the bound
    # view the template's dims are; the launch takes a rank-reducing view of the rest.
    kept: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # Pure ops that only fed the matched ops (a corner's loads), erased with them.
    dead: tuple[ir.Operation, ...] = field(default=(), repr=False)
    dtype: str = ""  # the launch's element type (that of the arrays of no own type)
    # The derived form matched, as the remark says it: "in place", "with b = 1".
    derived: tuple[str, ...] = ()


# The derived form of an operation C computes in double (`narrowing.py`).
_IN_FLOAT = "in float (C computes it in double)"


def flatten(node, op: str, template: bool) -> list:
    """The operands of a chain of one associative operator."""
    if template and isinstance(node, Bin) and node.op == op:
        return flatten(node.lhs, op, True) + flatten(node.rhs, op, True)
    if not template and isinstance(node, Apply) and node.op == op:
        lhs, rhs = node.children
        return flatten(lhs, op, False) + flatten(rhs, op, False)
    return [node]


@dataclass(frozen=True)
class Matcher:
    """Matches the steps of one template against consecutive ops.

    Matching is a tree of lazy generators, and a later step's failure resumes an earlier
    step's generator: what a step is matched against is part of the matcher that
    generator holds, never a field rewritten for the next step, so a resumed
    alternative reads its own op. `at` gives the matcher of another step or op.
    """

    tpl: KernelTemplate
    attempt: Attempt
    ctx: StepIR | None = None
    assoc: bool = True
    position: int = 0  # the step being matched: the locals it reads are defined before
    acc: str | None = None  # inside a fold: the local the loop carries
    derived: bool = False  # the derived forms may match (`in_place.py`, `unit_factor`)

    def at(self, ctx: StepIR | None, position: int, acc: str | None = None) -> Matcher:
        """This matcher on op `ctx` at template step `position` (inside a fold of `acc`)."""
        return replace(self, ctx=ctx, position=position, acc=acc)

    def expr(self, t: Expr, e: Node, s: State) -> Iterator[State]:
        """Every extension of `s` under which template expr `t` equals payload node `e`."""
        if isinstance(e, Val) and isinstance(t, Bin | Call | Neg) and self.ctx is not None:
            # A value computed before the loops may be the expression the template states.
            e = captured(e.value, self.tpl.accumulate or str(self.ctx.element)) or e
        if self.derived and not self.tpl.accumulate:
            in_float = narrowed(e)
            if in_float is not None:
                yield from self.expr(t, in_float, self.derived_form(s, _IN_FLOAT))
        if isinstance(t, Bin) and t.op in ("+", "*") and \
                (self.assoc or integer_valued(self.tpl.ast, t)):
            yield from self.multiset(flatten(t, t.op, True), flatten(e, t.op, False), t.op, s)
        elif isinstance(t, Bin | Call) and isinstance(e, Apply) and \
                e.op == (t.op if isinstance(t, Bin) else t.fn):
            targs = (t.lhs, t.rhs) if isinstance(t, Bin) else t.args
            orders = [e.children]
            if self.commutes(t) and len(e.children) == 2:
                orders.append(e.children[::-1])
            for order in orders:
                yield from self.seq(list(targs), list(order), s)
        elif isinstance(t, Lookup):
            yield from self.lookup(t, e, s)
        elif isinstance(t, Num | Ref | Access):
            yield from self.leaf(t, e, s)
        else:
            yield from self.structured(t, e, s)
        if self.derived and isinstance(t, Bin) and t.op == "*":
            yield from self.unit_factor(t, e, s)

    def unit_factor(self, t: Bin, e: Node, s: State) -> Iterator[State]:
        """The derived form of a product with a scalar parameter as one factor, where
        the payload has the other factor alone (`c = m*a + b` is `z = a*x + b*y` with
        b = 1): the launch passes 1, and `1 * v` is `v` in every bit. Only inside a
        larger expression (the candidate index compares the top operator)."""
        steps = self.tpl.ast.steps
        if self.position < len(steps) and t is steps[self.position].value:
            return
        for factor, rest in ((t.lhs, t.rhs), (t.rhs, t.lhs)):
            if isinstance(factor, Ref) and isinstance(self.tpl.ast.param(factor.name),
                                                      ScalarDecl):
                for s1 in self.scalar(factor.name, Const(1.0), s):
                    yield from self.expr(rest, e, self.derived_form(s1, f"with {factor.name} = 1"))

    @staticmethod
    def derived_form(s: State, form: str) -> State:
        """`s`, noting that the match takes the derived form `form` (for the remark)."""
        return s if form in s.forms else s.evolve(forms=s.forms + (form,))

    def structured(self, t: Expr, e: Node, s: State) -> Iterator[State]:
        """Negation, conditions, comparisons and widening: operands in order."""
        match t, e:
            case Neg(), Apply("neg", (operand,)):
                yield from self.expr(t.operand, operand, s)
            case Cond(), Apply("select", operands):
                yield from self.seq([t.test, t.then, t.other], list(operands), s)
            case And(), Apply("and", operands):
                yield from self.seq([t.lhs, t.rhs], list(operands), s)
            case Compare(), _:
                yield from local_scalars.compare(self, t, e, s)
            case Call(fn="i64"), Apply("sext", (operand,)):
                yield from self.expr(t.args[0], operand, s)
            case _:
                self.attempt.fail(s, f"payload has {describe(e)} where the template has "
                                     f"'{t}'")

    def commutes(self, t: Bin | Call) -> bool:
        """Whether swapping `t`'s operands keeps every bit (float max/min does not)."""
        if isinstance(t, Call) and t.fn in ("max", "min"):
            return self.ctx is not None and is_integer(self.ctx.element)
        return t_commutes(t)

    def seq(self, ts: list, es: list, s: State) -> Iterator[State]:
        """Match template operands to payload operands in order."""
        if len(ts) != len(es):
            self.attempt.fail(s, f"payload has {len(es)} operands where the template has "
                                 f"{len(ts)}")
            return
        if not ts:
            yield s
            return
        for s1 in self.expr(ts[0], es[0], s):
            yield from self.seq(ts[1:], es[1:], s1)

    def multiset(self, ts: list, es: list, op: str, s: State) -> Iterator[State]:
        """Match two n-ary sums (or products) in any order."""
        if len(ts) != len(es):
            self.attempt.fail(s, f"payload {'sum' if op == '+' else 'product'} has {len(es)} "
                                 f"terms, the template has {len(ts)}")
            return
        if not ts:
            yield s
            return
        for k, e in enumerate(es):
            for s1 in self.expr(ts[0], e, s):
                yield from self.multiset(ts[1:], es[:k] + es[k + 1:], op, s1)

    def leaf(self, t: Num | Ref | Access, e: Node, s: State) -> Iterator[State]:
        """Numbers, scalar parameters and array elements."""
        if isinstance(t, Num):
            if isinstance(e, Const) and e.value == t.value:
                yield s.evolve(progress=s.progress + 1)
            else:
                self.attempt.fail(s, f"payload has {describe(e)} where the template has {t}")
        elif isinstance(t, Ref) and self.tpl.ast.local(t.name) is not None:
            yield from local_scalars.local(self, t.name, e, s)
        elif isinstance(t, Ref) and self.tpl.ast.param(t.name) is None:
            yield from local_scalars.index_value(self, t.name, e, s)
        elif isinstance(t, Ref):
            yield from self.scalar(t.name, e, s)
        elif isinstance(e, Opnd):
            yield from self.access(t, e.operand, s)
        elif not isinstance(e, Arg):
            self.attempt.fail(s, f"payload has {describe(e)} where the template reads {t}")
        else:
            assert self.ctx is not None
            yield from self.access(t, self.ctx.operands[e.index], s)

    def lookup(self, t: Lookup, e: Node, s: State) -> Iterator[State]:
        """A table entry at a computed subscript: the same table as before (the whole
        of it, from its first element) and subscripts that match."""
        match e:
            case Apply("lookup", (Val(value=table), key)):
                pass
            case _:
                self.attempt.fail(s, f"payload has {describe(e)} where the template reads {t}")
                return
        try:
            root, access = compose(table, [Lin(((0, 1),))])
        except Unsupported as exc:
            self.attempt.fail(s, f"table {t.array}: {exc}")
            return
        if len(access) != 1 or access[0].coeffs != ((0, 1),):
            self.attempt.fail(s, f"table {t.array} is not read through a contiguous view")
            return
        base = ((access[0].const, access[0].syms),)
        bound = s.get("arrays", t.array)
        if bound is None:
            s1 = s.bind("arrays", t.array, (root, base))
        elif bound == (root, base):
            s1 = s.evolve(progress=s.progress + 1)
        else:
            self.attempt.fail(s, f"{t} reads another table than {t.array} elsewhere")
            return
        yield from self.expr(t.key, key, s1.bind("uses", t.array, table))

    def scalar(self, name: str, e: Node, s: State) -> Iterator[State]:
        decl = self.tpl.ast.param(name)
        assert isinstance(decl, ScalarDecl)
        if isinstance(e, Arg):
            e = self.invariant_element(e.index) or e
        if not isinstance(e, Val | Const | Elem):
            self.attempt.fail(s, f"payload has {describe(e)} where the template has "
                                 f"scalar {name}")
            return
        if decl.fixed is not None and not (isinstance(e, Const) and e.value == decl.fixed):
            self.attempt.fail(s, f"{name} is fixed to {decl.fixed:g} in this template")
            return
        bound = s.get("scalars", name)
        if bound is None:
            yield s.bind("scalars", name, e)
        elif bound == e:
            yield s
        else:
            self.attempt.fail(s, f"scalar {name} is bound to two different values")

    def invariant_element(self, index: int) -> Node | None:
        """An input the op reads at the same element on every iteration (`fict[t]` in a
        loop over j), as `Elem(view, subscripts)`: one value, which a scalar
        parameter may take (the launch loads it first), if no op of the run writes it."""
        assert self.ctx is not None
        operand = self.ctx.operands[index]
        if operand.is_output or any(lin.coeffs for lin in operand.access):
            return None  # whether an op of the run writes it, `match` checks
        subscripts = self.ctx.element_subscripts(index)
        return None if subscripts is None else Elem(operand.value, subscripts)

    def access(self, t: Access, operand: Operand, s: State) -> Iterator[State]:
        """An array element: same root as before, subscripts equal up to a base offset."""
        # A 0-d template array may be one element of a larger root (`r[0]` in C, seen
        # through a rank-reducing subview): its base is that element's subscripts.
        element = not t.indices and all(not lin.coeffs for lin in operand.access)
        # A template vector may be a row or column of a matrix (`ey[0][j]`, a column of
        # Q in Gram-Schmidt): the operand's constant subscripts are dropped, the others
        # are the template's.
        kept = tuple(range(len(operand.access)))
        if t.indices and len(operand.access) > len(t.indices):
            kept = tuple(d for d, lin in enumerate(operand.access) if lin.coeffs)
        if len(kept) != len(t.indices) and not element:
            self.attempt.fail(s, f"{t} has rank {len(t.indices)}, the operand "
                                 f"{len(operand.access)}")
            return
        sliced = len(kept) < len(operand.access)
        if sliced and s.get("kept", t.array) not in (None, kept):
            self.attempt.fail(s, f"{t} reads another slice of its root than elsewhere")
            return
        spanned = [operand.access[d] for d in kept]
        vector = t.array if self.strided_vector(t) else None
        for s1 in self.subscripts(list(zip(t.indices, spanned, strict=not element)), s,
                                  vector):
            base = [(lin.const, lin.syms) for lin in operand.access]
            step = s1.get("strides", t.array) or 1
            if vector is not None and _step_of(t, spanned[0], s1) != step:
                self.attempt.fail(s1, f"{t} steps otherwise through {t.array} than "
                                      "elsewhere")
                continue
            if not element:
                for idx, d in zip(t.indices, kept, strict=True):
                    base[d] = (operand.access[d].const - step * idx.const,
                               operand.access[d].syms)
            if sliced and s1.get("kept", t.array) is None:
                s1 = s1.bind("kept", t.array, kept)
            bound = s1.get("arrays", t.array)
            if bound is None:
                s2 = s1.bind("arrays", t.array, (operand.root, tuple(base)))
            elif bound[0] == operand.root and bound[1] == tuple(base):
                s2 = s1.evolve(progress=s1.progress + 1)
            else:
                self.attempt.fail(s1, f"{t} reads another element or array than "
                                      f"{t.array} elsewhere")
                continue
            yield s2.bind("uses", t.array, operand.value)

    def strided_vector(self, t: Access) -> bool:
        """Whether `t` reads a vector at a plain index (`x[i]`, `x[i+1]`), which the op may
        step through by any positive step: the shim takes the vector's increment."""
        decl = self.tpl.ast.param(t.array)
        return isinstance(decl, ArrayDecl) and decl.rank == 1 and len(t.indices) == 1 and \
            len(t.indices[0].terms) == 1 and t.indices[0].terms[0][1] == 1

    def stride(self, vector: str | None, step: int, s: State) -> State | None:
        """`s` with `vector` stepping `step` elements of its root per index, where the op
        steps by more than one through a vector (`X[i * 2]`) and no other access of it
        steps otherwise; None where no increment explains the step."""
        if vector is None or step < 2:
            return None
        bound = s.get("strides", vector)
        if bound is None and any(name == vector for name, _ in s.arrays):
            return None  # an access already bound it at step 1
        if bound is None:
            return s.bind("strides", vector, step)
        return s if bound == step else None

    def subscripts(self, pairs: list[tuple[Index, Lin]], s: State,
                   vector: str | None = None) -> Iterator[State]:
        if not pairs:
            yield s
            return
        idx, lin = pairs[0]
        dims = dict(s.dims)
        want = dict(lin.coeffs)
        free = []
        for var, coeff in idx.terms:
            if var in dims:
                step = want.pop(dims[var], None)
                if step is not None and step != coeff:
                    strided = self.stride(vector, step, s)
                    if strided is None:
                        self.attempt.fail(s, _stride_text(step, var, coeff))
                        return
                    s = strided
                if step is None:
                    self.attempt.fail(s, f"subscript '{idx}' does not match the loop "
                                         "dims read")
                    return
            else:
                free.append((var, coeff))
        yield from self.bind_free(free, want, pairs[1:], s, vector)

    def bind_free(self, free: list, want: dict[int, int], rest: list,
                  s: State, vector: str | None = None) -> Iterator[State]:
        if not free:
            if want:
                self.attempt.fail(s, "payload reads an element the template does not")
                return
            yield from self.subscripts(rest, s, vector)
            return
        var, coeff = free[0]
        used = set(dict(s.dims).values())
        open_dims = {dim: c for dim, c in want.items() if dim not in used}
        strided = {dim: self.stride(vector, c, s) for dim, c in open_dims.items()
                   if c != coeff}
        if open_dims and coeff not in open_dims.values() and \
                all(v is None for v in strided.values()):
            steps = " or ".join(map(str, sorted(set(open_dims.values()))))
            self.attempt.fail(s, _stride_text(steps, var, coeff))
            return
        for dim, c in open_dims.items():
            s1 = s if c == coeff else strided[dim]
            if s1 is not None:
                left = {d: v for d, v in want.items() if d != dim}
                yield from self.bind_free(free[1:], left, rest, s1.bind("dims", var, dim),
                                          vector)


def _step_of(t: Access, lin: Lin, s: State) -> int:
    """How many elements of its root a vector access `x[i]` moves per step of `i`."""
    var = t.indices[0].terms[0][0]
    return dict(lin.coeffs).get(dict(s.dims)[var], 0)


def _stride_text(step: object, var: str, coeff: int) -> str:
    """Why a subscript differs only in its step: a strided view (`2*d0` of the root)."""
    return f"the op steps by {step} through the array where the template's '{var}' " \
           f"steps by {coeff}"


def t_commutes(t: Bin | Call) -> bool:
    """Operators whose operands may be swapped without changing any bit, in any type."""
    return isinstance(t, Bin) and t.op in ("+", "*")


def describe(e: Node) -> str:
    """A payload node in words, for reports."""
    match e:
        case Arg():
            return "an operand"
        case Val():
            return "a captured value"
        case Const(value=value):
            return f"constant {value:g}"
        case _:
            return f"'{kind(e)}'"


def step_expr(step) -> Expr:
    """The value a step stores: `+=` reads its target first."""
    return Bin("+", step.target, step.value) if step.op == "+=" else step.value


def uses_target(step) -> bool:
    """Whether the step reads the element it writes."""
    return step.op == "+=" or any(isinstance(n, Access) and n == step.target
                                  for n in walk(step.value))


__all__ = ["Attempt", "Bindings", "Matcher", "PlannedView", "State", "Unsupported"]
