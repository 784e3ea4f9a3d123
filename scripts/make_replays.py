"""Make the sample logs of ``replays/`` reproducibly (replays/README.md).

    python scripts/make_replays.py [OUTDIR] [--engine NAME]     # default: replays/

Each header names this install as its engine (``xzcore <version>``, L4) unless ``--engine``
names another: tests/audit/test_bundled_replays.py makes the samples again under the name
the bundled ones hold, so that a new version alone does not change their bytes.

Every sample is recorded with fixed seeds. Each fair sample ``preset-*.xzlog`` holds the
seeded random bots' game of seed 1 (``RandomAgent``: no win, the wall runs out and the R10
settlement is checked), then two games of the seeded greedy bots (``GreedyAgent``: random
bots rarely win) on seeds chosen by :func:`fair_samples` so that the file holds several
wins, self-drawn and on a discard, and a gang. The disputed samples, played by the random
bots, are made the way a faulty or dishonest platform would make them:

- *forged figures* (wrong multiplier, missed 呼叫转移, 花猪 paid to the wrong seat): a fair
  game whose events are edited afterwards, with the round totals and the claims record
  made consistent and the hash chain written afresh — only the replay can tell;
- *illegal actions* (peng on the void suit, skipped forced win, discard of a kept suit while
  holding the void suit): a game played by an engine with one rule switched off for one
  decision (a subclass of ``Round``), then recorded as it happened;
- *damaged files*: a truncated log, and a record edited in place without rewriting the chain.

The signed samples use a demonstration key derived from a fixed phrase (NOT a secret: it
exists so that the samples are reproducible); its public half is ``demo-key.pub``.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from xzcore.audit.compare import claims_of
from xzcore.leshan.bots import leshan_chooser
from xzcore.leshan.round import LeshanRound, needs_leshan_round, new_round
from xzcore.log.writer import LogWriter
from xzcore.players.recording import Chooser, bot_chooser
from xzcore.round.actions import Action
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet

SEATS = ["bot0", "bot1", "bot2", "bot3"]


def play(
    rules: RuleSet, seed: int, cls: type[Round] = Round, chooser: Any = None, bot: str = "random"
) -> Round:
    """Play the game of ``deal(seed)`` with four seeded bots of kind ``bot`` (``"random"`` or
    ``"greedy"``; ``chooser`` may take over any decision)."""
    d = deal(seed)
    direction = d.exchange_direction if rules.exchange_three else None
    bots: list[Chooser] = [bot_chooser(bot, seed * 4 + s) for s in range(4)]
    if cls is Round:  # the right class for the rules (R13: LeshanRound), Leshan bets
        rnd = new_round(rules, d.wall, d.dealer, exchange_direction=direction)
        if needs_leshan_round(rules):
            bots = [leshan_chooser(b) for b in bots]
    else:
        rnd = cls(rules, d.wall, d.dealer, exchange_direction=direction)
        if needs_leshan_round(rules):
            bots = [leshan_chooser(b) for b in bots]
    while rnd.to_act():
        for s in rnd.to_act():
            legal = rnd.legal_actions(s)
            a = chooser(rnd, s, legal) if chooser is not None else None
            rnd.apply(a if a is not None else bots[s](rnd, s, legal))
    return rnd


def write(
    path: Path,
    games: Sequence[tuple[Round, int, list[dict[str, Any]]]],
    signer: Any = None,
    engine: str | None = None,
) -> None:
    """Write games (round, seed, events — possibly edited) as one log; ``engine`` names
    the engine in each header (default: this install)."""
    buf = io.BytesIO()
    w = LogWriter(buf, signer=signer)
    for rnd, seed, events in games:
        w.begin_game(
            rules=rnd.rules,
            wall=bytes(rnd.wall),
            dealer=rnd.dealer,
            seats=SEATS,
            seed=seed,
            engine=engine,
        )
        for ev in events:
            w.write_event(ev)
        w.write_claims(claims_of(events))
        w.end_game()
    path.write_bytes(buf.getvalue())


def fix_totals(events: list[dict[str, Any]]) -> None:
    """Make end_kyoku's totals agree with the (edited) transfers, as a careful forger would."""
    totals = [0, 0, 0, 0]
    for ev in events:
        for t in ev.get("transfers") or ():
            totals[t["payer"]] -= t["units"]
            totals[t["payee"]] += t["units"]
    events[-1]["totals"] = totals


def find(
    rules: RuleSet,
    start: int,
    test: Callable[[Round], Any],
    cls: type[Round] = Round,
    chooser_factory: Callable[[], Any] | None = None,
) -> tuple[Round, int, Any]:
    for seed in range(start, start + 20_000):
        chooser = chooser_factory() if chooser_factory else None
        rnd = play(rules, seed, cls, chooser)
        hit = test(rnd) if chooser is None else (chooser.done and test(rnd))
        if hit is not None and hit is not False:
            return rnd, seed, hit
    raise SystemExit(f"no game found from seed {start}")


WIN_KINDS = ("self-draw", "discard", "gang")


def _kinds(rnd: Round) -> set[str]:
    """What a fair sample shows: a self-draw win (R7.1, 自摸), a discard win, a gang (R6.1)."""
    out: set[str] = set()
    for ev in rnd.events:
        t = ev["type"]
        if t == "hora":
            out.add("self-draw" if ev["self_draw"] else "discard")
        elif t in ("ankan", "daiminkan", "kakan"):
            out.add("gang")
    return out


FAIR_NOTES: dict[str, str] = {}
"""What each fair sample holds (seeds, wins, gangs), for the README; filled by main."""


def _fair_note(preset: str, games: Sequence[tuple[Round, int]]) -> str:
    events = [ev for rnd, _ in games for ev in rnd.events]
    wins = [ev for ev in events if ev["type"] == "hora"]
    tsumo = sum(bool(ev["self_draw"]) for ev in wins)
    gangs = sum(ev["type"] in ("ankan", "daiminkan", "kakan") for ev in events)
    settled = sum(ev["type"] == "settlement" for ev in events)
    seeds = ", ".join(str(s) for _, s in games[1:])
    return (
        f"{len(games)} fair games, preset `{preset}`"
        f"{PRESET_NOTES.get(f'preset-{preset}.xzlog', '')}: game 1 by the random bots (seed "
        f"{games[0][1]}), games 2–{len(games)} by the greedy bots (seeds {seeds}); "
        f"{len(wins)} wins ({tsumo} self-drawn, {len(wins) - tsumo} on a discard), {gangs} "
        f"gang(s), {settled} end-of-wall settlement(s)"
    )


def fair_samples(rules: RuleSet, n: int = 2, start: int = 2) -> list[tuple[Round, int]]:
    """``n`` fair games played by the greedy bots (``xzcore.players.agents.GreedyAgent``, which wins
    far more often than the random one), from seed ``start`` on: each game has at least two
    wins, and a game is taken only while it shows a kind of win or a gang not yet shown (a
    self-draw, a discard win, a gang), or once all are shown — so an audit of the fair samples
    checks real scoring (R8) and payment (R9) claims of every kind."""
    games: list[tuple[Round, int]] = []
    seen: set[str] = set()
    for seed in range(start, start + 1_000):
        rnd = play(rules, seed, bot="greedy")
        wins = sum(ev["type"] == "hora" for ev in rnd.events)
        kinds = _kinds(rnd)
        if wins < 2 or (kinds <= seen and len(seen) < len(WIN_KINDS)):
            continue
        games.append((rnd, seed))
        seen |= kinds
        if len(games) == n:
            if len(seen) < len(WIN_KINDS):
                raise SystemExit(f"fair samples of {rules!r} show only {sorted(seen)}")
            return games
    raise SystemExit("not enough fair games with wins")


def copy_events(rnd: Round) -> list[dict[str, Any]]:
    import copy

    return copy.deepcopy(rnd.events)


# -- forged figures ---------------------------------------------------------------------------


Sample = tuple[Round, int, list[dict[str, Any]], tuple[str, list[tuple[str, Any]]]]
"""(round, seed, events as written, expectation: status and [(rule, event index or
"header"/"close")]) — the expectation follows from how the sample was made."""

VERIFIED: tuple[str, list[tuple[str, Any]]] = ("verified", [])


def wrong_multiplier(rules: RuleSet) -> Sample:
    """A discard win whose multiplier is doubled (and its payment with it)."""
    cap = 2 ** (rules.cap_fan or 30)

    def test(r: Round) -> int | None:
        for i, ev in enumerate(r.events):
            if ev["type"] == "hora" and not ev["self_draw"] and ev["score"]["capped"] * 2 <= cap:
                return i
        return None

    rnd, seed, i = find(rules, 100, test)
    events = copy_events(rnd)
    ev = events[i]
    sc = ev["score"]
    sc["multiplier"] *= 2
    sc["capped"] *= 2
    sc["fan"] += 1
    for t in ev["transfers"]:
        t["units"] *= 2
    fix_totals(events)
    return rnd, seed, events, ("findings", [("R8.3", i)])


def missed_call_transfer(rules: RuleSet) -> Sample:
    """A 杠上炮 whose 呼叫转移 (R9.5) is left out."""

    def test(r: Round) -> int | None:
        for i, ev in enumerate(r.events):
            if ev["type"] == "call_transfer" and ev["transfers"]:
                return i
        return None

    rnd, seed, i = find(rules, 200, test)
    events = copy_events(rnd)
    del events[i]
    fix_totals(events)
    return rnd, seed, events, ("findings", [("R9.5", i)])  # found where it should be


def huazhu_wrong_payee(rules: RuleSet) -> Sample:
    """A 花猪 payment (R10.1) sent to a seat that is not entitled to it (a winner, under
    ``huazhu_payees = active``)."""

    def test(r: Round) -> tuple[int, int, int] | None:
        for i, ev in enumerate(r.events):
            if ev["type"] != "settlement":
                continue
            active = {s["seat"] for s in ev["seats"] if s["active"]}
            for j, t in enumerate(ev["transfers"]):
                if t["reason"] == "huazhu":
                    wrong = [s for s in range(4) if s not in active]
                    if wrong:
                        return i, j, wrong[0]
        return None

    rnd, seed, (i, j, wrong) = find(rules, 300, test)
    events = copy_events(rnd)
    events[i]["transfers"][j]["payee"] = wrong
    fix_totals(events)
    return rnd, seed, events, ("findings", [("R10.1", i)])


def leshan_piao_left_out(rules: RuleSet) -> Sample:
    """A Leshan discard win whose 飘 part (R13.3) is left out of the payment (the
    ``leshan`` preset pays a counted win in parts: the count, then 飘, 摆割 …)."""

    def test(r: Round) -> tuple[int, int] | None:
        for i, ev in enumerate(r.events):
            if ev["type"] == "hora" and not ev["self_draw"]:
                for j, t in enumerate(ev["transfers"]):
                    if t["rule"] == "R13.3":
                        return i, j
        return None

    rnd, seed, (i, j) = find(rules, 700, test)
    events = copy_events(rnd)
    del events[i]["transfers"][j]
    fix_totals(events)
    return rnd, seed, events, ("findings", [("R13.3", i)])


# -- illegal actions: an engine with one rule off for one decision -----------------------------


class VoidPengEngine(Round):
    """Offers one seat a 碰 of a tile of its void suit (breaking R4.3) once."""

    armed = True

    def _open_claims(self, k: int, src: int, *, robbing: bool, first: bool) -> bool:
        saved = list(self.voids)
        if self.armed and not robbing:
            for o in range(4):
                if (
                    o != src
                    and self.in_play[o]
                    and k // 9 == self.voids[o]
                    and self.hands[o].count(k) >= 2
                ):
                    self.voids[o] = -1
                    break
        try:
            return super()._open_claims(k, src, robbing=robbing, first=first)
        finally:
            self.voids[:] = saved


class TakeVoidPeng:
    """Takes the first 碰 of a void-suit tile it is offered (by :class:`VoidPengEngine`)."""

    planted: tuple[int, Action]

    def __init__(self) -> None:
        self.done = False

    def __call__(self, rnd: Round, s: int, legal: list[Action]) -> Action | None:
        if self.done:
            return None
        for a in legal:
            if a.word == "pon" and a.tile // 9 == rnd.voids[s]:
                self.done = True
                self.planted = (len(rnd.events), a)
                rnd.armed = False  # type: ignore[attr-defined]
                return a
        return None


class NoForcedWinEngine(Round):
    """Does not enforce R5.7 (forced final-round wins)."""

    def _forced(self, on_other: bool) -> bool:
        return False


class SkipFinalWin:
    """Declines the first final-round win it is offered."""

    def __init__(self) -> None:
        self.done = False

    def __call__(self, rnd: Round, s: int, legal: list[Action]) -> Action | None:
        if self.done or not rnd.final or not any(a.word == "hora" for a in legal):
            return None
        others = [a for a in legal if a.word != "hora"]
        if not others:
            return None
        self.done = True
        none = [a for a in others if a.word == "none"]
        a = none[0] if none else others[0]
        self.planted = (len(rnd.events), a)
        return a


class KeepVoid:
    """Once, while holding a void-suit tile (so R4.2 allows only void-suit discards),
    discards a tile of a kept suit instead; the plain engine's trusted ``apply`` takes it."""

    def __init__(self) -> None:
        self.done = False

    def __call__(self, rnd: Round, s: int, legal: list[Action]) -> Action | None:
        v = rnd.voids[s]
        if self.done or v < 0 or not legal or any(a.word != "dahai" for a in legal):
            return None
        if not all(a.tile // 9 == v for a in legal):
            return None
        c = rnd.hands[s].counts()
        kept = [k for k in range(27) if c[k] and k // 9 != v]
        if not kept:
            return None
        self.done = True
        a = Action("dahai", s, kept[0])
        self.planted = (len(rnd.events), a)
        return a


class BaigePengEngine(LeshanRound):
    """A Leshan engine that offers a seat which laid its hand open (摆割) a 碰, breaking
    R13.4 (its claims are the plain engine's)."""

    def _open_claims(self, k: int, src: int, *, robbing: bool, first: bool) -> bool:
        return Round._open_claims(self, k, src, robbing=robbing, first=first)


class TakeBaigePeng:
    """Takes the first 碰 it is offered by a seat that laid its hand open."""

    def __init__(self) -> None:
        self.done = False

    def __call__(self, rnd: Round, s: int, legal: list[Action]) -> Action | None:
        if self.done or not getattr(rnd, "baige", (False,) * 4)[s]:
            return None
        for a in legal:
            if a.word == "pon":
                self.done = True
                self.planted = (len(rnd.events), a)
                return a
        return None


def illegal(
    rules: RuleSet, start: int, cls: type[Round], chooser: Callable[[], Any], rule: str
) -> Sample:
    """The first game from seed ``start`` in which ``chooser`` plants its illegal action;
    the finding is expected at the event that action made."""
    made: list[Any] = []

    def factory() -> Any:
        made.append(chooser())
        return made[-1]

    rnd, seed, _ = find(rules, start, lambda r: True, cls, factory)
    mark, action = made[-1].planted
    at = next(
        i
        for i in range(mark, len(rnd.events))
        if rnd.events[i]["type"] == action.word and rnd.events[i].get("actor") == action.seat
    )
    return rnd, seed, copy_events(rnd), ("findings", [(rule, at)])


# -- keys, damage ---------------------------------------------------------------------------


def demo_signer() -> Any:
    from cryptography.hazmat.primitives.asymmetric import ed25519

    from xzcore.log.signing import Signer

    raw = hashlib.blake2b(b"xzcore demonstration key - not a secret", digest_size=32).digest()
    return Signer(ed25519.Ed25519PrivateKey.from_private_bytes(raw))


def _layout(data: bytes) -> list[dict[str, Any]]:
    """Per game: the byte offsets of its header, events and closing record, read with plain
    msgpack (independently of xzcore's reader)."""
    import msgpack

    up = msgpack.Unpacker(raw=False)
    up.feed(data)
    games: list[dict[str, Any]] = []
    start = 0
    try:
        for rec in up:
            tag = rec[0]
            if tag == 0:
                games.append({"header": start, "events": [], "close": None})
            elif tag == 1:
                games[-1]["events"].append(start)
            elif tag == 3:
                games[-1]["close"] = start
            start = up.tell()
    except ValueError:  # pragma: no cover - only complete files are laid out
        pass
    return games


def _expected(data: bytes, expects: Sequence[tuple[str, list[tuple[str, Any]]]]) -> list[list[Any]]:
    out = []
    for game, (status, items) in zip(_layout(data), expects, strict=True):
        found = []
        for rule, where in items:
            if where == "header":
                found.append([rule, None, game["header"]])
            elif where == "close":
                found.append([rule, None, game["close"]])
            else:
                found.append([rule, where, game["events"][where]])
        out.append([status, found])
    return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog=Path(argv[0]).name, description=__doc__.split("\n")[0])
    parser.add_argument("outdir", nargs="?", default="replays", type=Path)
    parser.add_argument("--engine", help="the engine the headers name (default: this install)")
    args = parser.parse_args(argv[1:])
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)
    signer = demo_signer()  # the platform signs everything it writes, wrong claims included
    (out / "demo-key.pub").write_bytes(_public_pem(signer))
    expected: dict[str, list[list[Any]]] = {}

    def save(name: str, games: Sequence[Sample]) -> Path:
        path = out / name
        write(path, [(r, s, e) for r, s, e, _ in games], signer=signer, engine=args.engine)
        expected[name] = _expected(path.read_bytes(), [x for *_, x in games])
        return path

    for preset in ("xuezhan", "chengdu-classic", "xueliu", "leshan"):
        rules = RuleSet.preset(preset)
        # Game 0: the random bots' game of seed 1 (no win: the wall runs out, and the R10
        # settlement — 查大叫, 花猪 — is what it checks); games 1-2: the greedy bots' wins.
        fair_games = [(play(rules, 1), 1), *fair_samples(rules)]
        FAIR_NOTES[f"preset-{preset}.xzlog"] = _fair_note(preset, fair_games)
        save(f"preset-{preset}.xzlog", [(r, s, copy_events(r), VERIFIED) for r, s in fair_games])
    xz = RuleSet.preset("xuezhan")
    save("wrong-multiplier.xzlog", [wrong_multiplier(xz)])
    save("missed-call-transfer.xzlog", [missed_call_transfer(xz)])
    save("huazhu-wrong-payee.xzlog", [huazhu_wrong_payee(xz)])
    save("void-peng.xzlog", [illegal(xz, 400, VoidPengEngine, TakeVoidPeng, "R4.3")])
    save("skipped-forced-win.xzlog", [illegal(xz, 500, NoForcedWinEngine, SkipFinalWin, "R5.7")])
    save("kept-suit-discard.xzlog", [illegal(xz, 600, Round, KeepVoid, "R4.2")])
    ls = RuleSet.preset("leshan")
    save("leshan-piao-left-out.xzlog", [leshan_piao_left_out(ls)])
    save("leshan-baige-peng.xzlog", [illegal(ls, 800, BaigePengEngine, TakeBaigePeng, "R13.4")])
    fair = [(r := play(xz, seed), seed, copy_events(r)) for seed in (11, 12)]
    # Two fair games, the second cut short by a quarter of the file: the record the cut
    # falls in is unreadable (L1).
    path = save("truncated.xzlog", [(*g, VERIFIED) for g in fair])
    data = path.read_bytes()
    cut = len(data) - len(data) // 4
    path.write_bytes(data[:cut])
    g1 = _layout(data)[1]
    starts = [g1["header"], *g1["events"], g1["close"]]
    i = max(k for k, off in enumerate(starts) if off < cut)
    event = i - 1 if 1 <= i <= len(g1["events"]) else None
    expected["truncated.xzlog"] = [["verified", []], ["unreadable", [["L1", event, starts[i]]]]]
    # A seat name in game 0's header changed in place, the chain left as it was (L2).
    path = save(
        "edited-record.xzlog", [(*fair[0], ("findings", [("L2", "header")])), (*fair[1], VERIFIED)]
    )
    data = path.read_bytes()
    path.write_bytes(data.replace(b"\xa4bot1", b"\xa4bob1", 1))
    # The same edit with the whole chain rewritten: only the signature can tell (L3).
    path = save("forged-signature.xzlog", [(*fair[0], ("findings", [("L3", "close")]))])
    _forge_header(path)
    import json

    (out / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")
    (out / "README.md").write_text(_readme(expected), encoding="utf-8")
    for p in sorted(out.glob("*.xzlog")):
        print(f"{p}: {p.stat().st_size} bytes")


PRESET_NOTES = {
    "preset-xueliu.xzlog": " (换三张, 血流成河)",
    "preset-leshan.xzlog": " (飘, 摆割, count scoring)",
}

MADE = {
    "preset-xuezhan.xzlog": "",  # the fair samples: FAIR_NOTES, made by main()
    "preset-chengdu-classic.xzlog": "",
    "preset-xueliu.xzlog": "",
    "preset-leshan.xzlog": "",
    "wrong-multiplier.xzlog": "a discard win's multiplier doubled, with its fan, cap, payment, "
    "the totals and the claims made to agree and the chain rewritten",
    "missed-call-transfer.xzlog": "a 杠上炮's `call_transfer` event deleted (totals and claims "
    "made to agree)",
    "huazhu-wrong-payee.xzlog": "a 花猪 payment sent to a seat not entitled to it (a winner, "
    "under `huazhu_payees = active`)",
    "void-peng.xzlog": "played by an engine that let one seat peng a tile of its void suit once",
    "skipped-forced-win.xzlog": "played by an engine without R5.7's forced win; a seat passed "
    "a final-round win",
    "kept-suit-discard.xzlog": "a seat discarded a kept-suit tile while holding a void-suit tile",
    "leshan-piao-left-out.xzlog": "`leshan`: the 飘 part of a discard win's payment deleted "
    "(totals and claims made to agree)",
    "leshan-baige-peng.xzlog": "`leshan`: played by an engine that let a seat peng after it had "
    "laid its hand open (摆割)",
    "truncated.xzlog": "two fair games (seeds 11, 12), the file cut 25 % short",
    "edited-record.xzlog": "the same two games; a seat name in game 1's header changed in "
    "place (`bot1` → `bob1`), the chain left alone",
    "forged-signature.xzlog": "game 1 of the above with the same edit and the whole hash "
    "chain rewritten",
}

WHAT = {
    "L1": "unreadable: truncated record",
    "L2": "hash chain broken",
    "L3": "bad signature (only with `--verify-key`)",
    "R4.2": "illegal discard of a kept suit while holding the void suit",
    "R4.3": "illegal 碰 of a void-suit tile",
    "R5.7": "illegal pass of a forced final-round win",
    "R8.3": "wrong score (multiplier)",
    "R9.5": "missed 呼叫转移",
    "R10.1": "花猪 paid to the wrong seats",
    "R13.3": "飘 left out of a payment",
    "R13.4": "illegal 碰 by a seat that laid its hand open (摆割)",
}


def _readme(expected: dict[str, list[list[Any]]]) -> str:
    rows = []
    for name in MADE:
        games = expected[name]
        if all(st == "verified" for st, _ in games):
            found = f"{len(games)} games verified"
        else:
            parts = []
            for g, (st, items) in enumerate(games):
                if st == "verified":
                    parts.append(f"game {g + 1} verified")
                    continue
                for rule, ev, off in items:
                    where = f"event {ev}, byte {off}" if ev is not None else f"byte {off}"
                    word = "unreadable" if st == "unreadable" else "finding"
                    parts.append(f"game {g + 1}: {word} **{rule}** at {where} — {WHAT[rule]}")
            found = "; ".join(parts)
        made = MADE[name] or FAIR_NOTES[name]
        rows.append(f"| `{name}` | {made} | {found} |")
    n = sum(len(v) for v in expected.values())
    verified = sum(st == "verified" for v in expected.values() for st, _ in v)
    unreadable = sum(st == "unreadable" for v in expected.values() for st, _ in v)
    findings = n - verified - unreadable
    return README.format(
        rows="\n".join(rows),
        n=n,
        verified=verified,
        findings=findings,
        unreadable=unreadable,
        findings_nokey=findings - 1,
        verified_nokey=verified + 1,
    )


README = """# Sample game logs

Logs in the `.xzlog` format (`docs/log-format.md`), made reproducibly by
`python scripts/make_replays.py` (fixed seeds; in each fair sample, game 1 is played by the
seeded random bots of `xzcore.players.agents` and ends on the empty wall, games 2–3 by the seeded
greedy bots on seeds chosen to hold several wins — self-drawn and on a discard — and a gang,
so that auditing them checks real scoring and payment claims; the disputed samples are
played by the random bots), which also writes this file and `expected.json`. Every game is signed with a
**demonstration key** derived from a fixed phrase so that the files are reproducible — it is
not a secret; its public half is `demo-key.pub`.

```console
$ xz audit --verify-key replays/demo-key.pub replays/
...
{n} game(s): {verified} verified, {findings} with findings ({findings} in all), {unreadable} unreadable — exit 3
```

Without `--verify-key`, `xz audit replays/` finds the same except the forged signature (that
log's hash chain is consistent: only the key can reveal it): {verified_nokey} verified,
{findings_nokey} with findings, {unreadable} unreadable, exit 3.

What the audit must find, file by file. The expectations follow from how each sample was
made — which event was edited, which action was planted — not from running the audit;
`tests/audit/test_bundled_replays.py` checks that the audit finds exactly these (rule ids from
RULES.md, L-ids from docs/log-format.md; games count from 1, as `xz audit` and
`xz replay --game N` number them; events count from 0, as in the JSON reports).

| file | made how | the audit must find |
|---|---|---|
{rows}

If a change to the round engine changes its events, these bytes change: run
`python scripts/make_replays.py` again (the test of reproducibility says so).
"""  # noqa: E501 - the console line is shown whole


def _public_pem(signer: Any) -> bytes:
    from cryptography.hazmat.primitives import serialization

    pem: bytes = signer._key.public_key().public_bytes(
        encoding=serialization.Encoding.PEM,
        format=serialization.PublicFormat.SubjectPublicKeyInfo,
    )
    return pem


def _forge_header(path: Path) -> None:
    """Rename a seat in the header and rewrite every hash (the signature stays the old one)."""
    import msgpack

    from xzcore.log.types import GENESIS

    data = path.read_bytes()
    up = msgpack.Unpacker(raw=False)
    up.feed(data)
    out = bytearray()
    prev = GENESIS
    for tag, payload, _h in up:
        if tag == 0:
            payload["seats"][1] = "bob1"
        if tag == 3:
            payload["final"] = prev
        body = b"\x93" + msgpack.packb(tag) + msgpack.packb(payload, use_bin_type=True)
        prev = hashlib.blake2b(prev + body, digest_size=32).digest()
        out += body + b"\xc4\x20" + prev
    path.write_bytes(bytes(out))


if __name__ == "__main__":
    main(sys.argv)
