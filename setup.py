"""Build the compiled modules: the kernel ``xzcore._core``, the log scanner
``xzcore._logscan``, the replay step ``xzcore._replay``, the engine's scorer
``xzcore._scorefast`` and the engine's small helpers ``xzcore._engine_fast``.

Everything else about the package lives in pyproject.toml; this file only declares the
extensions so that ``pip install .`` (and the editable install) compiles them.
"""

from glob import glob

from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    # the kernel: tile counts, win, waits, value, shanten, batch loops
    Extension(
        "xzcore._core",
        ["xzcore/_core.pyx"],
        depends=[*sorted(glob("xzcore/_core*.pxi")), "xzcore/_core.pxd"],
        extra_compile_args=["-O3"],
    ),
    # the log reader's one-pass decode + BLAKE2b chain (L1, L2, L6); the BLAKE2b lanes pick
    # AVX-512/AVX2 at run time, so no -march here
    Extension(
        "xzcore._logscan",
        ["xzcore/_logscan.pyx"],
        depends=["xzcore/_logscan_blake2b.h", *sorted(glob("xzcore/_logscan*.pxi"))],
        extra_compile_args=["-O3"],
    ),
    # the round engine's commonest step (a discard nobody claims, then the next draw)
    Extension(
        "xzcore._replay",
        ["xzcore/_replay.pyx"],
        depends=["xzcore/_core.pxd", *sorted(glob("xzcore/_replay*.pxi"))],
        extra_compile_args=["-O3"],
    ),
    # the engine's wins scored in C (R8, R10.2): the same Score as xzcore.scoring, or declined
    Extension(
        "xzcore._scorefast",
        ["xzcore/_scorefast.pyx"],
        depends=sorted(glob("xzcore/_scorefast*.pxi")),
        extra_compile_args=["-O3"],
    ),
    # the round engine's texts, transfers and play checks in C (twin: _engine_fast_reference)
    Extension(
        "xzcore._engine_fast",
        ["xzcore/_engine_fast.pyx"],
        depends=["xzcore/_core.pxd"],
        extra_compile_args=["-O3"],
    ),
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
