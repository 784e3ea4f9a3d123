"""Plain mjai and blood-grp logs through the engine, and mjai files back to ``.xzlog``
(docs/mjai.md M2.4, M4).

:func:`from_mjai` writes the games of mjai lines (:func:`xzcore.mjai.file.read_lines`)
as an ``.xzlog``. A game whose first event carries our ``meta.header`` is written as it was
(:func:`xzcore.mjai.file.rebuild_game`); a *plain* round (Mortal's or blood-grp's, no
``meta.header``) is replayed through the engine (M4.3), as recording plays the bots'
choices: the wall rebuilt from the dealt hands and the draws, the actions read by
:func:`~xzcore.mjai.events.action_of_mjai`, every seat the mjai stream shows no claim for
passing — the written events are the engine's, the money recomputed (M4.4). Either way the
games are written by :class:`~xzcore.log.writer.LogWriter`, which lays the hash chain anew.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import IO, Any

import msgpack

from xzcore.errors import IllegalActionError, InvalidActionError, LogFormatError
from xzcore.log.types import Limits, Match, claims_of, net_of
from xzcore.log.writer import LogWriter
from xzcore.messages import text
from xzcore.mjai.blood_grp import win_deltas
from xzcore.mjai.events import action_of_mjai
from xzcore.mjai.file import (
    CONVERTED,
    MjaiError,
    RebuiltGame,
    Rounds,
    rebuild_game,
    short_repr,
)
from xzcore.round.actions import Action
from xzcore.round.wall import WallError, arrange_wall
from xzcore.rules import RuleSet
from xzcore.tiles import NAMES

__all__ = ["FromMjaiResult", "from_mjai"]

_KIND = {name: k for k, name in enumerate(NAMES)}
_RED = {"5mr": "5m", "5pr": "5p", "5sr": "5s"}
"""Mortal's red fives (M4.2): Sichuan has none, so they read as the plain five."""


@dataclass
class FromMjaiResult:
    """What :func:`from_mjai` wrote: games rebuilt from our ``meta`` (M2), games replayed
    from plain mjai (M4), and notes (a plain ``deltas`` that differs from the engine's)."""

    games: int = 0
    rebuilt: int = 0
    replayed: int = 0
    notes: list[str] = field(default_factory=list)


def from_mjai(
    lines: Iterable[tuple[int, dict[str, Any]]],
    out: IO[bytes],
    *,
    rules: RuleSet | None = None,
    signer: Any = None,
    digest: Callable[[], bytes] | bytes = b"",
    limits: Limits | None = None,
) -> FromMjaiResult:
    """Write the games of mjai ``lines`` (:func:`read_lines`) to ``out`` as an ``.xzlog``.

    Games with our ``meta.header`` are rebuilt as they were (M2.4); plain rounds are replayed
    through the engine under ``rules`` (default ``xuezhan``; M4). The writer is bound to the
    first rebuilt game's match (format 1.1, or 1.0 when it had none); a file of plain rounds
    only is one match of as many games, its id BLAKE2b-128 of ``digest`` (the input's bytes'
    hash, or a function giving it once the lines are read: one input converts to the same
    bytes). ``signer`` signs every game (L3).

    A stream, in bounded memory: the rounds are read one at a time (:class:`Rounds`, each
    within the log's ``limits``, L6), each rebuilt or replayed at once and kept in a
    temporary file until the match is known (the first rebuilt game's may come last), then
    written by :class:`~xzcore.log.writer.LogWriter`, which refuses what the reader refuses
    (L4, L6). Raises :class:`MjaiError` at the first problem (a file of no round is one, no
    log has no game); nothing complete is promised of ``out`` then (the CLI writes it whole
    or not at all)."""
    reader = Rounds(lines, limits)
    res = FromMjaiResult()
    first: RebuiltGame | None = None
    count = 0
    with tempfile.TemporaryFile(prefix="xz-convert-") as spool:
        packer = msgpack.Packer(use_bin_type=True)
        for rnd in reader:
            meta = rnd[0][1].get("meta")
            if isinstance(meta, dict) and "header" in meta:
                game = rebuild_game(rnd)
                first = first or game
                head: list[Any] = ["xz", game.line, game.game, game.match, game.planned]
                head += [game.rules, game.seats, game.dealer, game.wall, game.seed]
                head += [game.extra, game.engine, game.last, len(game.events)]
                events, claims, at = game.events, game.claims, game.game
            else:
                p = _replay(rnd, rules or RuleSet.preset("xuezhan"), res)
                head = ["plain", p.line, p.rules.to_dict(), bytes(p.wall), p.dealer]
                head.append(len(p.events))
                events, claims, at = p.events, claims_of(p.events), count
            del rnd
            try:
                spool.write(packer.pack(head))
                for ev in events:
                    spool.write(packer.pack(ev))
                spool.write(packer.pack(claims))
            except (ValueError, TypeError, OverflowError) as exc:
                # a value msgpack cannot hold (an int past 64 bits, nesting past its limit)
                packer.reset()
                raise MjaiError("mjai.unwritable_game", head[1], game=at + 1, reason=exc) from None
            count += 1
        if not count:
            raise MjaiError("mjai.no_round", None, "M1.3")
        match: Match | None = None
        if first is not None:
            if first.match is not None:
                match = Match(first.match, first.planned)
        else:
            seen = digest() if callable(digest) else digest
            ident = hashlib.blake2b(b"xz convert mjai\0" + seen, digest_size=16).digest()
            match = Match(ident, planned=count)
        spool.seek(0)
        _write_spooled(spool, count, LogWriter(out, signer=signer, match=match), reader, res)
    return res


def _write_spooled(
    spool: IO[bytes], count: int, writer: LogWriter, reader: Rounds, res: FromMjaiResult
) -> None:
    """Write the ``count`` games :func:`from_mjai` spooled, one at a time."""
    items = msgpack.Unpacker(spool, raw=False, strict_map_key=False, max_buffer_size=_SPOOLED)
    names = reader.names
    for _ in range(count):
        head = next(items)
        kind, line_no = head[0], head[1]
        game = head[2] if kind == "xz" else res.games
        try:
            if kind == "xz":
                _, _, index, _, _, rules, seats, dealer, wall, seed, extra, engine, last, n = head
                writer.games = index  # the header's own index (L4, L8.1)
                writer.begin_game(
                    rules=rules,
                    wall=wall,
                    dealer=dealer,
                    seats=seats,
                    seed=seed,
                    extra=extra,
                    engine=engine,
                )
            else:
                _, _, rules, wall, dealer, n = head
                last = None
                writer.begin_game(
                    rules=rules, wall=wall, dealer=dealer, seats=names, extra=CONVERTED
                )
            for _ in range(n):
                writer.write_event(next(items))
            writer.write_claims(next(items))
            if kind == "xz":
                writer.end_game(last=last if writer.match is not None else None)
                res.rebuilt += 1
            else:
                writer.end_game()
                res.replayed += 1
        except LogFormatError as exc:  # what the reader would refuse (L4, L6)
            raise MjaiError(
                "mjai.unwritable_game", line_no, exc.rule, game=game + 1, reason=exc.message
            ) from None
        except (RuntimeError, ValueError, TypeError, OverflowError) as exc:
            # a game after the match's last (L8.6)
            raise MjaiError("mjai.unwritable_game", line_no, game=game + 1, reason=exc) from None
        res.games += 1


_SPOOLED = 1 << 30
"""The spool's decoder buffer: a spooled value is one mjai line's (``MAX_LINE``) at most."""


@dataclass
class _Replayed:
    line: int
    rules: RuleSet
    wall: list[int]
    dealer: int
    events: list[dict[str, Any]]


def _tile(pai: Any, no: int) -> int:
    pai = _RED.get(pai, pai) if type(pai) is str else pai
    if type(pai) is not str or pai not in _KIND:
        raise MjaiError("mjai.not_tile", no, tile=short_repr(pai))
    return _KIND[pai]


def _plain(m: dict[str, Any], no: int) -> dict[str, Any]:
    """``m`` with Mortal's red fives as plain fives (M4.2)."""
    out = dict(m)
    for key in ("pai",):
        if key in out and type(out[key]) is str:
            out[key] = _RED.get(out[key], out[key])
    if type(out.get("consumed")) is list:
        out["consumed"] = [_RED.get(c, c) if type(c) is str else c for c in out["consumed"]]
    return out


def _wall(
    rnd: list[tuple[int, dict[str, Any]]],
) -> tuple[int, list[int], int | None, int]:
    """The dealer, the wall (M4.3) and the exchange direction of a plain round, and the
    index in ``rnd`` of the dealer's dealt 14th tile."""
    no, sk = rnd[0]
    dealer = sk.get("oya")
    if type(dealer) is not int or not 0 <= dealer < 4:
        raise MjaiError("mjai.oya", no, value=short_repr(dealer))
    tehais = sk.get("tehais")
    if type(tehais) is not list or len(tehais) != 4:
        raise MjaiError("mjai.tehais", no)
    hands: list[list[int]] = []
    for s, h in enumerate(tehais):
        if type(h) is not list or len(h) != 13:
            n = len(h) if type(h) is list else h
            raise MjaiError("mjai.tehai", no, seat=s, count=short_repr(n))
        hands.append([_tile(t, no) for t in h])
    dealt_at: int | None = None
    draws: list[int] = []
    direction: int | None = None
    for i, (n, m) in enumerate(rnd[1:], 1):
        t = m["type"]
        if t == "tsumo":
            if dealt_at is None:
                if m.get("actor") != dealer:
                    raise MjaiError(
                        "mjai.first_tsumo", n, seat=short_repr(m.get("actor")), dealer=dealer
                    )
                dealt_at = i
                hands[dealer].append(_tile(m.get("pai"), n))
            else:
                draws.append(_tile(m.get("pai"), n))
        elif t in ("dahai", "pon", "daiminkan", "kakan", "ankan", "hora") and dealt_at is None:
            raise MjaiError("mjai.before_dealt", n, type=repr(t))
        elif t == "xz_exchange" and direction is None:
            actor, target = m.get("actor"), m.get("target")
            if type(actor) is int and type(target) is int and (target - actor) % 4 in (1, 2, 3):
                direction = (target - actor) % 4
    if dealt_at is None:
        raise MjaiError("mjai.no_dealt", no)
    try:
        wall = arrange_wall(dealer, hands, draws)
    except WallError as exc:
        raise MjaiError("mjai.no_wall", no, reason=exc) from None
    return dealer, wall, direction, dealt_at


def _replay(
    rnd: list[tuple[int, dict[str, Any]]], rules: RuleSet, res: FromMjaiResult
) -> _Replayed:
    """One plain mjai round through the engine (M4.3): its actions in order, every seat
    asked that the stream shows nothing for passing; the events are the engine's."""
    from xzcore.leshan.round import new_round

    dealer, wall, direction, dealt_at = _wall(rnd)
    no0 = rnd[0][0]
    if rules.exchange_three and direction is None:
        raise MjaiError("mjai.exchange", no0)
    g: Any = new_round(  # a Round or a LeshanRound (R13), whose play() takes LeshanActions
        rules, wall, dealer, exchange_direction=direction if rules.exchange_three else None
    )
    seen_draws = 0  # the mjai tsumo events read (the dealt one aside)
    made: list[Any] = []  # the engine's draws so far: the actors of its tsumo events
    looked = 0  # the engine's events looked at for draws
    horas: list[tuple[int, dict[str, Any]]] = []
    settled: tuple[int, list[int]] | None = None
    baige: tuple[int, int] | None = None  # the 摆割 whose discard follows (R13.4)

    def close_window() -> None:
        """Every seat asked on a discard or added gang that the stream shows no claim for
        passes (M4.3); a seat on its own turn is not asked, and nothing is done then."""
        while True:
            seats = g.to_act()
            nones = [Action.make("none", s) for s in seats]
            if not seats or any(n not in g.legal_actions(n.seat) for n in nones):
                return
            for n in nones:
                g.play(n)

    for i, (no, raw) in enumerate(rnd[1:], 1):
        if i == dealt_at:
            continue
        m = _plain(raw, no)
        t = m["type"]
        if t == "tsumo":
            close_window()
            seen_draws += 1
            made.extend(e["actor"] for e in g.events[looked:] if e["type"] == "tsumo")
            looked = len(g.events)
            seat = short_repr(m.get("actor"))
            if len(made) < seen_draws:
                raise MjaiError("mjai.tsumo_early", no, seat=seat)
            if made[seen_draws - 1] != m.get("actor"):
                raise MjaiError("mjai.tsumo_other", no, seat=seat, engine=made[seen_draws - 1])
            continue
        if t in ("ryukyoku", "end_kyoku"):
            close_window()
            if t == "ryukyoku" and "deltas" in m:
                settled = (no, m["deltas"])
            continue
        tile = None
        if t == "hora" and "pai" not in m:
            actor = m.get("actor")
            if type(actor) is int and 0 <= actor < 4:
                if actor not in g.to_act():
                    close_window()
                wins = []
                if actor in g.to_act():
                    wins = [a for a in g.legal_actions(actor) if a.word == "hora"]
                if not wins:
                    raise MjaiError("mjai.no_win", no, seat=actor)
                tile = wins[0].tile
        try:
            a = action_of_mjai(m, tile=tile)
        except InvalidActionError as exc:
            raise MjaiError("mjai.bad_action", no, reason=exc) from None
        if a is None:
            continue
        if t == "dahai" and baige == (a.seat, a.tile):
            baige = None  # the discard of a 摆割, part of its xz_baige (R13.4)
            continue
        baige = (a.seat, a.tile) if t == "xz_baige" else None
        if a.seat not in g.to_act():
            close_window()
        if a.seat not in g.to_act():
            if g.over:
                raise MjaiError("mjai.after_over", no, action=a)
            waits = ", ".join(str(s) for s in g.to_act())
            raise MjaiError("mjai.out_of_turn", no, action=a, seats=waits)
        try:
            g.play(a)
        except IllegalActionError as exc:
            raise MjaiError("mjai.refused", no, exc.rule, action=a, reason=exc.reason) from None
        except InvalidActionError as exc:
            raise MjaiError("mjai.refused", no, action=a, reason=exc) from None
        if t == "hora":
            horas.append((no, m))
    end_no = rnd[-1][0]
    if not g.over:
        waits = ", ".join(str(s) for s in g.to_act())
        raise MjaiError("mjai.not_over", end_no, seats=waits)
    drawn = sum(1 for e in g.events if e["type"] == "tsumo")
    if drawn != seen_draws:
        raise MjaiError("mjai.draw_count", end_no, shown=seen_draws, made=drawn)
    _compare_money(g.events, horas, settled, res)
    return _Replayed(no0, rules, wall, dealer, list(g.events))


def _compare_money(
    events: list[dict[str, Any]],
    horas: list[tuple[int, dict[str, Any]]],
    settled: tuple[int, list[int]] | None,
    res: FromMjaiResult,
) -> None:
    """A plain log's ``deltas`` against the engine's (M4.5): a difference is a note. A win's
    are its own money (ours, M2.1, whose 呼叫转移 has a line of its own) or that money with
    the 呼叫转移 paid to the winner (blood-grp's, M6.1); a win without 呼叫转移 has one
    figure."""
    wins = [e for e in events if e.get("type") == "hora"]
    nets = win_deltas(events)
    for (no, m), ev, net in zip(horas, wins, nets, strict=False):
        if m.get("target") != ev.get("target"):
            raise MjaiError(
                "mjai.hora_target",
                no,
                seat=ev.get("actor"),
                target=short_repr(m.get("target")),
                engine=ev.get("target"),
            )
        if "deltas" in m and m["deltas"] not in (net, net_of(ev.get("transfers"))):
            res.notes.append(
                text(
                    "mjai.deltas_note",
                    "en",
                    line=no,
                    what="hora",
                    recorded=short_repr(m["deltas"]),
                    recomputed=net,
                )
            )
    if settled is not None:
        no, deltas = settled
        net = [0, 0, 0, 0]
        for e in events:
            if e.get("type") == "settlement":
                net = net_of(e.get("transfers")) or net
        if deltas != net:
            res.notes.append(
                text(
                    "mjai.deltas_note",
                    "en",
                    line=no,
                    what="ryukyoku",
                    recorded=short_repr(deltas),
                    recomputed=net,
                )
            )
