"""The ``xz`` command-line interface (installed as ``xzcore.cli``)."""
