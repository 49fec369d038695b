"""Rewrites of a function's C syntax tree before it is lowered, each exact in C's terms:
local pointers declared where they are first given a value (`late_pointers`), local
pointers stepped through a loop nest read at the subscripts they stand for
(`walked_pointers`), dereferences written as the subscripts they are
(`dereferences`), each block rewritten through `blocks`,
`switch` as `if` chains and one exit per body (`structure`), calls of static-control
functions inlined (`inline`), tests whose value is a constant folded (`constants`), and
tests no iteration can change taken out of loops (`unswitch`). Every node keeps its
position, so what is lowered from them points at the C source.

May import: the front end's lower modules (`source`, `decls`, `scan`, `expr`, `ctype`).
"""
