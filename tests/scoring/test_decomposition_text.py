"""The win path's cheaper pieces against the plain code they replaced (written out here as
the oracle): the decomposition text of ``Score.to_dict``."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from xzcore.scoring import score as score_module
from xzcore.scoring.decompose import decompositions
from xzcore.scoring.vocab import _BLOCK_TEXT, Block
from xzcore.tiles import MeldKind

blocks = st.builds(
    Block,
    st.sampled_from(["pair", "sequence", "triplet"]),
    st.integers(0, 26),
) | st.builds(Block, st.just("meld"), st.integers(0, 26), st.sampled_from(list(MeldKind)))


@given(st.lists(blocks, max_size=8), st.booleans())
def test_decomposition_text_is_the_blocks_joined(split: list[Block], forget: bool) -> None:
    """Kept texts or not (a block never shown before), the text is ``" ".join(map(str))``."""
    if forget:
        _BLOCK_TEXT.clear()
    want = " ".join(str(b) for b in split)
    if forget:
        _BLOCK_TEXT.clear()
    assert score_module._decomposition_text(tuple(split)) == want
    assert score_module._decomposition_text(tuple(split)) == want  # now every text is kept


def test_decomposition_text_of_real_hands() -> None:
    counts = [0] * 27
    for k in (0, 0, 0, 1, 1, 1, 2, 2, 2, 12, 13, 14, 24, 24):  # 111222333m 456p 77s
        counts[k] += 1
    splits = list(decompositions(counts))
    assert len(splits) >= 2
    for split in splits:
        assert score_module._decomposition_text(split) == " ".join(map(str, split))
