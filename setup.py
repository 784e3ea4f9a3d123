"""Build the Cython kernel ``xzcore._core``.

Everything else about the package lives in pyproject.toml; this file only declares the
extension so that ``pip install .`` (and the editable install) compiles it.
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension(
        "xzcore._core",
        ["xzcore/_core.pyx"],
        extra_compile_args=["-O3"],
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
