"""Assembly parts joined as `ld -r` joins objects: each lifted part's local labels and
statics tagged, its defined globals made local, strings and the first part untouched."""

from __future__ import annotations

from polylift.driver.unit.assembly import joined

GCC = """\
\t.file\t"f.c"
\t.text
\t.globl\tf
f:
\tcall\t_mlir_ciface_lifted@PLT
.L2:
\tjmp\t.L2
"""
LIFTED = """\
\t.text
\t.file\t"LLVMDialectModule"
\t.globl\t_mlir_ciface_lifted            # -- Begin function _mlir_ciface_lifted
_mlir_ciface_lifted:                    # @_mlir_ciface_lifted
\tmovss\t.LCPI0_0(%rip), %xmm0
\tcall\trow.0
\tcall\tshim@PLT
.L2:
\tjmp\t.L2
\t.weak\tabsent
\t.weak\tshim
shim:
\tret
row.0:
\tret
\t.string\t".L2 row.0"
\t.local\tbuffer
\t.comm\tbuffer,64,32
\tleaq\tbuffer(%rip), %rax
"""


def test_the_first_part_is_as_written_and_the_others_private():
    text = joined(GCC, [LIFTED])
    first, rest = text[:len(GCC)], text[len(GCC):]
    assert first == GCC
    lines = rest.splitlines()
    assert not any(line.startswith("\t.globl") for line in lines)
    assert "\t.weak\tshim" not in lines and "\t.weak\tabsent" in lines
    assert "\t.file\t\"LLVMDialectModule\"" not in lines
    assert "_mlir_ciface_lifted:                    # @_mlir_ciface_lifted" in lines
    assert "\tmovss\t.Lpl0_CPI0_0(%rip), %xmm0" in lines
    assert ".Lpl0_2:" in lines and "\tjmp\t.Lpl0_2" in lines
    assert "\tcall\trow.0.pl0_" in lines and "row.0.pl0_:" in lines
    assert "\tcall\tshim@PLT" in lines and "shim:" in lines
    assert "\t.string\t\".L2 row.0\"" in lines
    assert "\t.comm\tbuffer.pl0_,64,32" in lines and "\tleaq\tbuffer.pl0_(%rip), %rax" in lines


def test_two_parts_get_two_tags():
    text = joined(GCC, [LIFTED, LIFTED.replace("_mlir_ciface_lifted", "other")])
    assert ".Lpl0_2:" in text and ".Lpl1_2:" in text
    assert "row.0.pl0_:" in text and "row.0.pl1_:" in text
