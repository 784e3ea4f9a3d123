"""The engine's shortcuts: each must be a pure optimisation.

The oracle is the plain engine: every shortcut switched off at once — the
compiled scorer and 查叫 (``score_or_decline``/``chajiao_or_decline`` → the twin's: the
Python scorer),
the compiled ``score_dict``, the engine helpers of ``xzcore.round._engine`` (``counts_text``,
``wall_text``, ``transfer_dicts``, ``tiles_conserved`` → ``None``, "not handled"),
``PlayChecks`` (→ the twin's), the tuple settlement of the round's end
(``settle_engine_ends`` → ``None``, so ``SeatEnd`` values and ``end_of_round`` run, R10) and
the ledger's quick check (``Ledger._sound_since`` → ``False``, so ``Ledger.problems`` looks at
every transfer, R9.6). Games recorded with random rule sets (every preset and option that
changes play or money: 呼叫转移 R9.5, 花猪/查叫 R10, 血流 R11.2, Leshan R13, the final-round
rules R5.7) must give byte-identical logs with and without the shortcuts, and the audit of
each must give the same report field by field (the quick audit on the engine with its
shortcuts, the plain audit on the plain engine). The invariants now checked once at each
round's end (R1.1, R9.6) must still refuse a broken round on every way a round ends.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xzcore.round._engine_twin as engine_twin
import xzcore.round.base as round_base
import xzcore.round.checks as round_checks
import xzcore.round.engine as round_mod
from xzcore import rules as rules_mod
from xzcore.audit.report import audit_bytes
from xzcore.leshan.round import new_round
from xzcore.log.reader import CollectingBuilder, LogReader
from xzcore.log.types import claims_of
from xzcore.log.writer import LogWriter
from xzcore.money.ledger import Ledger, LedgerError, Transfer
from xzcore.players.recording import bot_chooser, record_games
from xzcore.round.base import TileConservationError
from xzcore.round.wall import deal
from xzcore.rules import PRESETS, RuleSet
from xzcore.scoring import _scorer_twin
from xzcore.scoring import engine as scoring_engine
from xzcore.scoring import score as score_mod


def _none(*_args: Any) -> None:
    return None


@contextmanager
def plain_engine(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every engine shortcut switched off (see the module docstring)."""
    twin_checks = engine_twin.PlayChecks(
        round_checks._CANON,
        round_checks._quick_ok,
        round_base.TURN,
        round_base.CLAIM,
        round_base.ROB,
        round_base._NO_TILES,
        round_checks.Action,
    )
    with monkeypatch.context() as m:
        m.setattr(scoring_engine, "score_or_decline", _scorer_twin.score_or_decline)
        m.setattr(scoring_engine, "chajiao_or_decline", _scorer_twin.chajiao_or_decline)
        m.setattr(score_mod, "score_dict", _scorer_twin.score_dict)
        m.setattr(round_base, "_counts_text", _none)
        m.setattr(round_base, "_wall_text", _none)
        m.setattr(round_base, "_tiles_conserved", _none)
        m.setattr(round_base, "transfer_dicts", _none)
        m.setattr(round_mod, "transfer_dicts", _none)
        m.setattr(round_base, "settle_engine_ends", _none)
        m.setattr(round_mod, "canonical", twin_checks.canonical)
        m.setattr(round_mod, "quick_legal", twin_checks.quick_legal)
        m.setattr(Ledger, "_sound_since", lambda self: False)
        yield


def _choices(name: str) -> list[Any]:
    """The values of one rule option (an enum's values, or a few of an int/bool option)."""
    enums: dict[str, type[Enum]] = {
        "zimo_bonus": rules_mod.ZimoBonus,
        "qianggang_payer": rules_mod.QianggangPayer,
        "dianganghua": rules_mod.Dianganghua,
        "call_transfer": rules_mod.CallTransfer,
        "pass_hu": rules_mod.PassHu,
        "last_round_win": rules_mod.LastRoundWin,
        "last_round_scope": rules_mod.LastRoundScope,
        "huazhu_payees": rules_mod.HuazhuPayees,
        "chajiao": rules_mod.Chajiao,
    }
    if name in enums:
        return [m.value for m in enums[name]]
    few: dict[str, list[Any]] = {
        "cap_fan": [None, 0, 1, 2, 3, 6],
        "gang_direct_units": [1, 2, 3],
        "huazhu_fan": [None, 0, 3],
        "last_round_tiles": [None, 4, 12],
    }
    return few.get(name, [True, False])


OPTIONS = [
    "yaojiu_jiangdui",
    "menqing_zhongzhang",
    "zimo_bonus",
    "haidi",
    "haidi_pao",
    "tian_di_hu",
    "dihu_on_dealer_discard",
    "cap_fan",
    "declare_void",
    "exchange_three",
    "chajiao",
    "multi_ron",
    "qianggang_payer",
    "dianganghua",
    "call_transfer",
    "refund_gang_money",
    "huazhu_payees",
    "huazhu_pays_chajiao",
    "huazhu_fan",
    "last_round_win",
    "last_round_tiles",
    "last_round_scope",
    "pass_hu",
    "late_added_gang_pays",
    "gang_direct_units",
]


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """A preset with a few options changed (those RuleSet refuses together are skipped)."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    names = draw(st.lists(st.sampled_from(OPTIONS), max_size=8, unique=True))
    over = {n: draw(st.sampled_from(_choices(n))) for n in names}
    try:
        return RuleSet.preset(preset, **over)
    except Exception:  # an impossible combination: the preset alone
        return RuleSet.preset(preset)


def _passing(inner: Any, seed: int, p: float) -> Any:
    """``inner``, except that it passes an offered win with probability ``p`` (so that
    final-round forfeits R5.7 and 过胡 R7.4 happen: the bots take every win)."""
    rng = random.Random(seed)

    def choose(rnd: Any, s: int, legal: list[Any]) -> Any:
        a = inner(rnd, s, legal)
        if a.word == "hora" and rng.random() < p:
            others = [x for x in legal if x.word != "hora"]
            if others:
                return rng.choice(others)
        return a

    return choose


def _record(rules: RuleSet, seed: int, bot: str, games: int, *, pass_p: float = 0.0) -> bytes:
    buf = io.BytesIO()
    choosers = [_passing(bot_chooser(bot, seed * 4 + s), seed + s, pass_p) for s in range(4)]
    for _ in record_games(LogWriter(buf), rules, games, seed=seed, choosers=choosers):
        pass
    return buf.getvalue()


def _reports(data: bytes, *, shortcuts: bool) -> list[dict[str, Any]]:
    return [r.to_dict() for r in audit_bytes(data, shortcuts=shortcuts)]


@settings(max_examples=60, deadline=None)
@given(
    rule_sets(),
    st.integers(0, 1 << 30),
    st.sampled_from(["greedy", "random"]),
    st.sampled_from([0.0, 0.5, 0.9]),
)
def test_engines_with_and_without_shortcuts_record_and_audit_the_same(
    rules: RuleSet, seed: int, bot: str, pass_p: float
) -> None:
    shortcut_log = _record(rules, seed, bot, 2, pass_p=pass_p)
    shortcut_reports = _reports(shortcut_log, shortcuts=True)
    with pytest.MonkeyPatch.context() as mp, plain_engine(mp):
        plain_log = _record(rules, seed, bot, 2, pass_p=pass_p)
        plain_reports = _reports(plain_log, shortcuts=False)
    assert shortcut_log == plain_log
    assert repr(shortcut_reports) == repr(plain_reports)
    assert all(r["status"] == "verified" for r in shortcut_reports), shortcut_reports


def test_plain_engine_patches_the_names_the_engine_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """The oracle is really the plain code: each name ``plain_engine`` replaces is the one
    the engine calls (a helper that fails when called, put in its place, is reached)."""

    def boom(*_args: Any) -> None:
        raise AssertionError("a shortcut ran")

    for mod, name in [
        (round_base, "_counts_text"),
        (round_base, "_wall_text"),
        (round_base, "_tiles_conserved"),
        (round_base, "transfer_dicts"),
        (round_mod, "transfer_dicts"),
        (round_base, "settle_engine_ends"),
        (round_mod, "canonical"),
        (round_mod, "quick_legal"),
        (scoring_engine, "score_or_decline"),
        (scoring_engine, "chajiao_or_decline"),
        (score_mod, "score_dict"),
    ]:
        with monkeypatch.context() as m:
            m.setattr(mod, name, boom)
            with pytest.raises(AssertionError, match="a shortcut ran"):
                _record(RuleSet.preset("xuezhan"), 3, "greedy", 4)
                rnd = _round_after_first_win(RuleSet.preset("xuezhan"), 5)
                _play_out(rnd, 5, play=True)  # Round.play: canonical, quick_legal
    with plain_engine(monkeypatch):
        log = _record(RuleSet.preset("xueliu"), 4, "greedy", 1)
    assert _reports(log, shortcuts=True)[0]["status"] == "verified"


# -- the invariants at the round's end (R1.1, R9.6) ------------------------------------------


def _round_after_first_win(rules: RuleSet, seed: int) -> Any:
    """A round played by greedy bots up to its first win (or its end)."""
    d = deal(seed)
    direction = d.exchange_direction if rules.exchange_three else None
    rnd = new_round(rules, d.wall, d.dealer, exchange_direction=direction)
    bots = [bot_chooser("greedy", seed * 4 + s) for s in range(4)]
    while not rnd.wins and rnd.to_act():
        for s in rnd.to_act():
            if s in rnd.to_act():
                rnd.apply(bots[s](rnd, s, rnd.legal_actions(s)))
    return rnd


def _play_out(rnd: Any, seed: int, *, play: bool = False) -> None:
    """Play ``rnd`` to its end with random bots (through ``Round.play`` with ``play``)."""
    bots = [bot_chooser("random", seed * 4 + s) for s in range(4)]
    while rnd.to_act():
        for s in rnd.to_act():
            if s in rnd.to_act():
                a = bots[s](rnd, s, rnd.legal_actions(s))
                if play:
                    rnd.play(a)
                else:
                    rnd.apply(a)


@pytest.mark.parametrize("preset", ["xuezhan", "xueliu", "chengdu-classic"])
@pytest.mark.parametrize("breakage", ["tile", "ledger"])
def test_a_round_broken_after_a_win_is_refused_at_its_end(preset: str, breakage: str) -> None:
    """R1.1 and R9.6 are checked at the round's end only: a round broken after its first win
    must still be refused there, however it ends (三家胡 R10.4 or the wall R5.6)."""
    refused = 0
    for seed in range(40):
        rnd = _round_after_first_win(RuleSet.preset(preset), seed)
        if not rnd.wins or not rnd.to_act():
            continue
        if breakage == "tile":
            rnd.won_tiles.append(rnd.won_tiles[-1])  # a fifth copy of the won kind
            expected: type[Exception] = TileConservationError
        else:
            rnd.ledger._totals[0] += 1  # the totals no longer sum to zero
            expected = LedgerError
        with pytest.raises(expected):
            _play_out(rnd, seed)
        refused += 1
    assert refused >= 10


def test_ledger_quick_check_agrees_with_problems() -> None:
    """``Ledger.check``'s quick answer (``_sound_since``) passes exactly the ledgers
    ``problems`` passes, over a stream of good and bad transfers added one by one."""
    rng = random.Random(9)
    reasons = ["gang_direct", "call_transfer", "call_transfer_all", "refund", "win_discard"]
    for _ in range(300):
        quick, slow = Ledger(), Ledger()
        for _ in range(rng.randrange(1, 8)):
            payer, payee = rng.randrange(4), rng.randrange(4)
            units = rng.choice([1, 2, 4, 0, -1])
            reason = rng.choice(reasons)
            turn = rng.choice([None, 1, 2])
            t = Transfer(payer, payee, units, reason, "R9.6", turn=turn)
            quick.add(t)
            slow.add(t)
            q_err = s_err = None
            try:
                quick.check()
            except LedgerError as e:
                q_err = str(e)
            s_found = slow.problems()
            if s_found:
                s_err = "ledger breaks R9.6: " + "; ".join(s_found)
            assert q_err == s_err


def _resigned(data: bytes, cut: Any) -> bytes:
    """The first game of ``data`` with its events changed by ``cut`` (a function of the
    event list), written again with a fresh chain (the claims recomputed)."""
    g = LogReader(io.BytesIO(data)).read_game(CollectingBuilder)
    assert g is not None
    events = cut(list(g.events))
    buf = io.BytesIO()
    w = LogWriter(buf)
    h = g.header
    w.begin_game(rules=dict(h.rules), wall=h.wall, dealer=h.dealer, seed=h.seed)
    for e in events:
        w.write_event(e)
    w.write_claims(claims_of(events))
    w.end_game()
    return buf.getvalue()


def _first_win(events: list[Any]) -> int:
    return next(i for i, e in enumerate(events) if e.get("type") == "hora")


@pytest.mark.parametrize("preset", ["xuezhan", "xueliu"])
@pytest.mark.parametrize("how", ["ends", "illegal"])
def test_a_round_stopped_after_a_win_is_never_verified(preset: str, how: str) -> None:
    """R1.1 and R9.6 run at a round's end only, so a round the audit stops early is not
    checked for them: such a round must always carry a finding of its own (R5.6 for a log
    that ends, the illegal action's rule), the same on the quick and the plain audit."""
    data = _record(RuleSet.preset(preset), 11, "greedy", 1)

    def cut(events: list[Any]) -> list[Any]:
        i = _first_win(events) + 1
        if how == "ends":
            return events[:i]
        bad = {"type": "dahai", "actor": events[i - 1]["actor"], "pai": "1m", "tsumogiri": False}
        return [*events[:i], bad, *events[i:]]

    forged = _resigned(data, cut)
    quick, plain = _reports(forged, shortcuts=True), _reports(forged, shortcuts=False)
    assert repr(quick) == repr(plain)
    assert quick[0]["status"] != "verified" and quick[0]["findings"], quick


def test_forfeits_are_settled_as_the_plain_engine_settles_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R5.7 with ``last_round_win = forfeit``: seats that pass a final-round win collect no
    查大叫 (R10.2) — the tuple settlement (settle_engine_ends) and the plain SeatEnd one
    (end_of_round) give the same logs, and forfeits do happen here."""
    forfeits = 0
    for seed in range(12):
        rules = RuleSet.preset(
            ["xuezhan", "xueliu", "chengdu-classic"][seed % 3],
            last_round_win="forfeit",
            last_round_tiles=[None, 8, 16][seed % 3],
        )
        shortcut_log = _record(rules, seed, "greedy", 2, pass_p=0.9)
        with plain_engine(monkeypatch):
            plain_log = _record(rules, seed, "greedy", 2, pass_p=0.9)
        assert shortcut_log == plain_log
        rd = LogReader(io.BytesIO(shortcut_log))
        while (g := rd.read_game(CollectingBuilder)) is not None:
            for e in g.events:
                if e.get("type") == "settlement":
                    forfeits += json.dumps(e).count('"forfeited": true')
    assert forfeits >= 5, forfeits
