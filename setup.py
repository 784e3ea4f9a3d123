"""Build the compiled modules: the kernel ``xzcore._core``, the log scanner
``xzcore._logscan`` and the replay step ``xzcore._replay``.

Everything else about the package lives in pyproject.toml; this file only declares the
extensions so that ``pip install .`` (and the editable install) compiles them.
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension(name, [f"{name.replace('.', '/')}.pyx"], extra_compile_args=["-O3"])
    for name in (
        "xzcore._core",  # the kernel: tile counts, win, waits, value, shanten, batch loops
        "xzcore._logscan",  # the log reader's one-pass decode + BLAKE2b chain (L1, L2, L6)
        "xzcore._replay",  # the round engine's commonest step (discard, nobody claims, draw)
    )
]

setup(
    ext_modules=cythonize(
        extensions,
        language_level=3,
        compiler_directives={
            "boundscheck": False,
            "wraparound": False,
            "initializedcheck": False,
            "cdivision": True,
            "embedsignature": True,
        },
    )
)
