"""The llvm dialect without Python op classes: polylift makes its llvm ops by name and
reads them as generic ops, and the generated classes took 15 ms to import in every
context's set-up (`BUILT_DIALECTS` loads the dialect)."""
