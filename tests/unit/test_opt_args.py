"""polylift-opt's command line (`cli/mlir_opt/args.py`): mlir-opt's spellings, polylift's
passes and options beside upstream's, and the errors of a bad one."""

import pytest

from polylift.cli.mlir_opt.args import (
    SPLIT_MARKER,
    OptArgs,
    PrintOptions,
    parse_args,
    suggest,
    unknown_option,
    usage,
)
from polylift.errors import UsageError
from polylift.passes.pipeline import Step


@pytest.mark.parametrize("argv", [
    ["in.mlir", "--cse", "--canonicalize", "-o", "out.mlir"],
    ["in.mlir", "-cse", "-canonicalize", "-o=out.mlir"],
    ["-cse", "-canonicalize", "--o=out.mlir", "--", "in.mlir"],
    ["--cse", "in.mlir", "-canonicalize", "-o", "out.mlir"],
])
def test_one_dash_or_two_and_values_either_way(argv: list[str]):
    args = parse_args(argv)
    assert args.input == "in.mlir" and args.output == "out.mlir"
    assert args.steps == (Step("cse"), Step("canonicalize"))
    assert [arg.lstrip("-") for arg, _ in args.pass_flags] == ["cse", "canonicalize"]


def test_the_defaults_read_stdin_and_write_stdout():
    assert parse_args([]) == OptArgs()
    assert parse_args(["-"]).input == "-"


def test_a_pipeline_and_passes_keep_their_order():
    args = parse_args(["-pass-pipeline", "builtin.module(cse,func.func(canonicalize))",
                       "--raise-affine-to-linalg", "--specialize-linalg=x=1"])
    assert [s.text for s in args.steps] == ["cse", "func.func(canonicalize)",
                                           "raise-affine-to-linalg", "specialize-linalg{x=1}"]
    assert args.pass_flags == ()  # polylift's passes need no registry check


def test_polylift_options_and_backends():
    args = parse_args(["-templates=lib", "--remarks", "all", "-backend=host"])
    assert args.options == {"templates": "lib"} and args.remarks == "all"
    assert args.steps[0] == Step("lower-kernel-launch-to-host")
    assert args.steps[-1] == Step("check-no-kernel-launch")


def test_flags_take_true_and_false_as_llvm_does():
    assert parse_args(["--verify-each=false"]).verify_each is False
    assert parse_args(["-verify-each=0", "-verify-each"]).verify_each is True
    assert parse_args(["--emit-bytecode=1", "-no-implicit-module=true"]).emit_bytecode
    with pytest.raises(UsageError, match="'maybe' is invalid value for boolean argument"):
        parse_args(["--verify-each=maybe"])


def test_optional_values():
    assert parse_args(["-split-input-file"]).split_marker == SPLIT_MARKER
    assert parse_args(["--split-input-file=// ==="]).split_marker == "// ==="
    assert parse_args([]).split_marker is None
    assert parse_args(["--verify-diagnostics"]).verify_diagnostics == "all"
    assert parse_args(["-verify-diagnostics=only-expected"]).verify_diagnostics == \
        "only-expected"
    with pytest.raises(UsageError, match="Cannot find option named 'some'"):
        parse_args(["--verify-diagnostics=some"])


def test_the_printing_options():
    args = parse_args(["--mlir-print-ir-before=cse,canonicalize", "-mlir-print-ir-after",
                       "cse", "--mlir-print-ir-after=match-kernels", "-mlir-print-debuginfo",
                       "--mlir-print-op-generic", "--mlir-print-local-scope",
                       "--mlir-print-ir-module-scope", "--mlir-print-ir-after-change"])
    assert args.printing == PrintOptions(
        before=frozenset({"cse", "canonicalize"}), after=frozenset({"cse", "match-kernels"}),
        debuginfo=True, generic=True, local_scope=True, module_scope=True, after_change=True)
    assert args.printing.prints_before(["canonicalize"])
    assert not args.printing.prints_after(["canonicalize"])
    assert PrintOptions(after_failure=True).prints_after(["cse"])


@pytest.mark.parametrize("flag, field", [
    ("--mlir-pass-statistics", "statistics"), ("--dump-pass-pipeline", "dump_pipeline"),
    ("-mlir-disable-threading", "disable_threading"), ("--mlir-timing", "timing"),
    ("--show-dialects", "show_dialects"), ("-version", "version"), ("-h", "help"),
    ("--list-passes", "list_passes"), ("-allow-unregistered-dialect", "allow_unregistered"),
])
def test_each_flag_sets_its_field(flag: str, field: str):
    assert getattr(parse_args([flag]), field) is True


def test_bad_command_lines():
    with pytest.raises(UsageError, match="-o option: requires a value"):
        parse_args(["in.mlir", "-o"])
    with pytest.raises(UsageError, match="at most one input file"):
        parse_args(["a.mlir", "b.mlir"])
    with pytest.raises(UsageError, match="--remarks must be"):
        parse_args(["--remarks=some"])
    with pytest.raises(UsageError, match="must have the form 'builtin.module"):
        parse_args(["--pass-pipeline=cse"])


def test_did_you_mean():
    assert suggest("canonicalise", ("canonicalize", "cse")) == "canonicalize"
    assert suggest("raise-affine-to-linalgg") == "raise-affine-to-linalg"
    assert suggest("mlir-print-ir-afer-all") == "mlir-print-ir-after-all"
    assert suggest("xyzzy", ("canonicalize", "cse")) is None
    error = unknown_option("-templatess=lib")
    assert error.message == ("unknown option '-templatess=lib'\n"
                             "polylift-opt: Did you mean '--templates=lib'?")
    assert unknown_option("--xyzzy").message == "unknown option '--xyzzy'"


def test_the_help_lists_every_option():
    text = usage()
    for spelled in ("-o <file>", "--pass-pipeline=<pipeline>", "--mlir-print-ir-after=<p1,p2>",
                    "--split-input-file[=<marker>]", "--emit-bytecode", "--version"):
        assert spelled in text
