"""The pass registry: every flag maps to a module and class named after it."""

import importlib

from polylift.passes.registry import PASS_FLAGS, Pass, class_name, load_pass, module_name


def test_class_name_follows_flag():
    assert class_name("raise-affine-to-linalg") == "RaiseAffineToLinalgPass"
    assert module_name("match-kernels") == "polylift.passes.match_kernels"


def test_every_registered_pass_is_named_by_its_flag():
    for flag in PASS_FLAGS:
        module = importlib.import_module(module_name(flag))
        cls = getattr(module, class_name(flag))
        assert issubclass(cls, Pass)
        assert cls.name == flag
        assert cls.summary
        assert load_pass(flag) is cls
