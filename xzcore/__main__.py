"""``python -m xzcore``: the ``xz`` command, for an environment whose scripts folder is not on
``PATH`` (``python -m xzcore audit replays/`` is ``xz audit replays/``)."""

from xzcore.cli.main import main

main()
