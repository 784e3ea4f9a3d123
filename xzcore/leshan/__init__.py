"""The 乐山 (Leshan) preset, R13: its actions, round, payments and bots."""
