# cython: language_level=3
"""Compiled kernel (placeholder while the table kernel is written)."""
