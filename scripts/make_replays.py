"""Make the sample logs of ``replays/`` reproducibly (issue 5 item 7; replays/README.md).

    python scripts/make_replays.py [OUTDIR]      # default: replays/

Every sample is recorded with fixed seeds and the seeded random bot of
``xzcore.recording``. The disputed samples are made the way a faulty or dishonest platform
would make them:

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

import hashlib
import io
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from xzcore.actions import Action
from xzcore.auditcmp import claims_of
from xzcore.log import LogWriter
from xzcore.recording import Chooser, RandomBot
from xzcore.round import Round
from xzcore.rules import RuleSet
from xzcore.wall import deal

SEATS = ["bot0", "bot1", "bot2", "bot3"]


def play(rules: RuleSet, seed: int, cls: type[Round] = Round, chooser: Any = None) -> Round:
    """Play the game of ``deal(seed)`` with four seeded random bots (or ``chooser``)."""
    d = deal(seed)
    direction = d.exchange_direction if rules.exchange_three else None
    rnd = cls(rules, d.wall, d.dealer, exchange_direction=direction)
    bots: list[Chooser] = [RandomBot(seed * 4 + s) for s in range(4)]
    while rnd.to_act():
        for s in rnd.to_act():
            legal = rnd.legal_actions(s)
            a = chooser(rnd, s, legal) if chooser is not None else None
            rnd.apply(a if a is not None else bots[s](rnd, s, legal))
    return rnd


def write(
    path: Path, games: Sequence[tuple[Round, int, list[dict[str, Any]]]], signer: Any = None
) -> None:
    """Write games (round, seed, events — possibly edited) as one log."""
    buf = io.BytesIO()
    w = LogWriter(buf, signer=signer)
    for rnd, seed, events in games:
        w.begin_game(
            rules=rnd.rules, wall=bytes(rnd.wall), dealer=rnd.dealer, seats=SEATS, seed=seed
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


def copy_events(rnd: Round) -> list[dict[str, Any]]:
    import copy

    return copy.deepcopy(rnd.events)


# -- forged figures ---------------------------------------------------------------------------


def wrong_multiplier(rules: RuleSet) -> tuple[Round, int, list[dict[str, Any]]]:
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
    return rnd, seed, events


def missed_call_transfer(rules: RuleSet) -> tuple[Round, int, list[dict[str, Any]]]:
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
    return rnd, seed, events


def huazhu_wrong_payee(rules: RuleSet) -> tuple[Round, int, list[dict[str, Any]]]:
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
    return rnd, seed, events


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
    def __init__(self) -> None:
        self.done = False

    def __call__(self, rnd: Round, s: int, legal: list[Action]) -> Action | None:
        if self.done:
            return None
        for a in legal:
            if a.word == "pon" and a.tile // 9 == rnd.voids[s]:
                self.done = True
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
        return none[0] if none else others[0]


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
        return Action("dahai", s, kept[0])


def illegal(
    rules: RuleSet, start: int, cls: type[Round], chooser: Callable[[], Any]
) -> tuple[Round, int, list[dict[str, Any]]]:
    rnd, seed, _ = find(rules, start, lambda r: True, cls, chooser)
    return rnd, seed, copy_events(rnd)


# -- keys, damage ---------------------------------------------------------------------------


def demo_signer() -> Any:
    from cryptography.hazmat.primitives.asymmetric import ed25519

    from xzcore.signing import Signer

    raw = hashlib.blake2b(b"xzcore demonstration key - not a secret", digest_size=32).digest()
    return Signer(ed25519.Ed25519PrivateKey.from_private_bytes(raw))


def main(argv: list[str]) -> None:
    out = Path(argv[1] if len(argv) > 1 else "replays")
    out.mkdir(parents=True, exist_ok=True)
    signer = demo_signer()  # the platform signs everything it writes, wrong claims included
    (out / "demo-key.pub").write_bytes(_public_pem(signer))

    def save(name: str, games: Sequence[tuple[Round, int, list[dict[str, Any]]]]) -> Path:
        path = out / name
        write(path, games, signer=signer)
        return path

    for preset in ("xuezhan", "chengdu-classic", "xueliu"):
        rules = RuleSet.preset(preset)
        save(
            f"preset-{preset}.xzlog", [(r := play(rules, s), s, copy_events(r)) for s in (1, 2, 3)]
        )
    xz = RuleSet.preset("xuezhan")
    save("wrong-multiplier.xzlog", [wrong_multiplier(xz)])
    save("missed-call-transfer.xzlog", [missed_call_transfer(xz)])
    save("huazhu-wrong-payee.xzlog", [huazhu_wrong_payee(xz)])
    save("void-peng.xzlog", [illegal(xz, 400, VoidPengEngine, TakeVoidPeng)])
    save("skipped-forced-win.xzlog", [illegal(xz, 500, NoForcedWinEngine, SkipFinalWin)])
    save("kept-suit-discard.xzlog", [illegal(xz, 600, Round, KeepVoid)])
    fair = [(r := play(xz, seed), seed, copy_events(r)) for seed in (11, 12)]
    # Two fair games, the second cut short by a quarter of the file.
    path = save("truncated.xzlog", fair)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - len(data) // 4])
    # A seat name in game 0's header changed in place, the chain left as it was.
    path = save("edited-record.xzlog", fair)
    data = path.read_bytes()
    path.write_bytes(data.replace(b"\xa4bot1", b"\xa4bob1", 1))
    # The same edit with the whole chain rewritten: only the signature can tell.
    path = save("forged-signature.xzlog", fair[:1])
    _forge_header(path)
    for p in sorted(out.glob("*.xzlog")):
        print(f"{p}: {p.stat().st_size} bytes")


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

    from xzcore.logtypes import GENESIS

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
