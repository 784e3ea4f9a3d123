"""The games of a log's bytes, as tests read them."""

from __future__ import annotations

import io

from xzcore.log.reader import CollectingBuilder, Game, LogReader


def games_of(data: bytes) -> list[Game]:
    """Every game ``data`` holds, read to its end (each game's problems in its ``errors``)."""
    reader = LogReader(io.BytesIO(data))
    out: list[Game] = []
    while (game := reader.read_game(CollectingBuilder)) is not None:
        out.append(game)
    return out
