"""Optional C accelerators of `dday2 check`; everything else is in pyproject.toml.

Each `converter/check/_*.c` builds to the module of the same name. They are optional: on a
machine without a C compiler the install still succeeds and the check uses its numpy and
Python paths, which give the same findings (tests compare the two wherever both exist).
"""

import sys
from pathlib import Path

from setuptools import Extension, setup

# no fused multiply-add: the C geometry must round exactly as the Python reference does
FLAGS = [] if sys.platform == "win32" else ["-O2", "-ffp-contract=off", "-fno-strict-aliasing"]

# libraries a kernel links besides Python's (zlib: the CRC and inflate Pillow's PNG reader uses)
LIBRARIES = {"_pngscan": ["z"]}

# the kernels' shared headers: a change to one rebuilds every kernel
HEADERS = sorted(path.as_posix() for path in Path("converter/check").glob("*.h"))

setup(ext_modules=[Extension(f"converter.check.{source.stem}", [source.as_posix()], optional=True,
                             extra_compile_args=FLAGS, libraries=LIBRARIES.get(source.stem, []), depends=HEADERS)
                   for source in sorted(Path("converter/check").glob("_*.c"))])
