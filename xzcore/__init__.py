"""xzcore — the reference engine for Sichuan mahjong 血战到底 (Xuezhan Daodi).

The kernel (win detection, waits, best value) is compiled with Cython when available
(``xzcore.BACKEND == "cython"``) and otherwise served by a pure-Python twin.
"""

from xzcore._version import __version__
from xzcore.core import BACKEND

__all__ = ["BACKEND", "__version__"]
