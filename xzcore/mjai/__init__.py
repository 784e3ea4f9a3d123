"""mjai, the AI community's JSON-lines mahjong stream (docs/mjai.md, docs/mjai-bots.md): our
events as mjai events and back (:mod:`xzcore.mjai.events`, M2), whole files both ways
(:mod:`xzcore.mjai.file`, M1, M2.4), and a plain mjai log replayed by the engine
(:mod:`xzcore.mjai.replay`, M4). It sits above the round engine it reads actions for and
replays with, and below the players whose bots speak it."""
