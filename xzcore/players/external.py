"""An external mjai bot as a seat (docs/mjai-bots.md, M3): a process that reads mjai events
on its stdin and writes one reaction line on its stdout per decision.

:class:`ExternalBot` is a recording chooser (``xzcore.players.recording.Chooser``). It starts
the command once per run (``shlex.split``, no shell), writes the seat's events since its last
decision (:class:`xzcore.players.mjai_bot.MjaiSeat`), one JSON object per line, each with
``"can_act": false`` but the last (``true``, M3.3), and waits at most ``timeout`` seconds for
one reaction line (M3.4). Every wait is on non-blocking pipes through :mod:`selectors`, no
threads: a bot that never reads its stdin, writes nothing or floods its stderr cannot hang
the run.

What goes wrong is reported (:class:`BotReport`, one line each in the catalogue's words)
and the seat plays the fallback (:func:`fallback`, M3.8): a late reaction (M3.4), a malformed
one (M3.5), an illegal one (the engine's rule id, M3.6). A bot that ends (M3.7) or is late
:data:`GIVE_UP_AFTER` times in a row is given up (M3.9): killed, and the seat plays the
fallback to the end of the run.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from xzcore.errors import IllegalActionError, InvalidActionError
from xzcore.messages import phrase, text
from xzcore.mjai.events import JsonLineError, line, parse_line
from xzcore.players.mjai_bot import DEFAULT_NAMES, MjaiSeat
from xzcore.round.actions import AnyAction
from xzcore.round.base import CLAIM, ROB, TURN
from xzcore.round.engine import Round

__all__ = [
    "DEFAULT_TIMEOUT",
    "GIVE_UP_AFTER",
    "MAX_LINE",
    "BotReport",
    "BotStartError",
    "ExternalBot",
    "fallback",
]

DEFAULT_TIMEOUT = 5.0
"""Seconds a bot has for each decision, writing its events included (M3.4)."""
GIVE_UP_AFTER = 3
"""Late reactions in a row after which a bot is given up (M3.9)."""
MAX_LINE = 65536
"""The longest reaction line read, in bytes; a longer one is malformed (M3.5)."""
STDERR_KEPT = 4096
"""The last bytes of a bot's stderr kept, shown when it ends (M3.7)."""
SHOWN = 80
"""What a report quotes of a line a bot sent, in characters."""
UNPROMPTED_SHOWN = 1
"""Lines sent unasked reported one by one between two decisions; the rest are counted and
reported once (M3.3): a bot flooding its stdout cannot flood our stderr or memory."""


class BotStartError(OSError):
    """The bot's command could not be started (not found, not executable, empty)."""


@dataclass(frozen=True)
class BotReport:
    """One thing a bot got wrong: ``kind`` (``illegal``, ``malformed``, ``late``,
    ``late_line``, ``unprompted``, ``crashed``, ``given_up``), where (``game`` from 1,
    ``index`` of the last of our events before the decision, ``seat``), the rule id (the
    engine's R-id for an illegal action, an M3 id otherwise) and the phrase's fields."""

    kind: str
    game: int
    index: int
    seat: int
    rule: str
    fields: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The report in ``lang`` (one line)."""
        where = text("bot.where", lang, game=self.game, index=self.index, seat=self.seat)
        what = phrase(f"bot.{self.kind}", lang, {"rule": self.rule, **self.fields})
        return f"{where}: {what}"


def fallback(rnd: Round, seat: int, legal: Sequence[AnyAction]) -> AnyAction:
    """The seat's move when its bot gives none (M3.8): a pass on a claim (another seat's
    discard or added gang); on its own turn the discard of the tile just drawn when legal,
    else the first legal discard in kind order (else the first legal action: a forced win,
    R5.7); in the exchange, 定缺 or 飘 the first legal action in the engine's order (the lowest
    three tiles of the lowest suit holding three, suit m, a bet of 0)."""
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    ph = rnd.phase
    if ph in (CLAIM, ROB):
        for a in legal:
            if a.word == "none":
                return a
    elif ph == TURN:
        discards = sorted((a for a in legal if a.word == "dahai"), key=lambda a: a.tile)
        for a in discards:
            if a.tile == rnd.drawn:
                return a
        if discards:
            return discards[0]
    return legal[0]


@contextlib.contextmanager
def _no_sigpipe() -> Iterator[None]:
    """A write to a pipe whose reader is gone fails with EPIPE instead of killing us with
    SIGPIPE, whatever its disposition (``xz`` sets it to the default, cli/main.py): the
    signal is blocked around the write and a pending one taken back (M3.7)."""
    block = getattr(signal, "pthread_sigmask", None)
    take = getattr(signal, "sigtimedwait", None)
    if block is None or take is None:  # no such calls (not POSIX): SIGPIPE is ignored there
        if hasattr(signal, "SIGPIPE") and threading.current_thread() is threading.main_thread():
            old = signal.signal(signal.SIGPIPE, signal.SIG_IGN)
            try:
                yield
            finally:
                signal.signal(signal.SIGPIPE, old)
        else:
            yield
        return
    was = block(signal.SIG_BLOCK, {signal.SIGPIPE})
    try:
        yield
    finally:
        if signal.SIGPIPE not in was:
            while take({signal.SIGPIPE}, 0) is not None:  # the write's own, thread-directed
                pass
            block(signal.SIG_SETMASK, was)


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the bot's process group (its own, :meth:`ExternalBot.start`): what it started
    ends with it (M3.9). Nothing left there is no error."""
    if os.name == "posix":
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)


def _shown(raw: str) -> str:
    """What a report quotes of a bot's line: one line, control characters escaped (a bot's
    bytes never move the terminal), at most :data:`SHOWN` characters."""
    raw = raw.rstrip("\r\n")
    raw = "".join(c if c.isprintable() else repr(c)[1:-1] for c in raw[: SHOWN * 4])
    return raw if len(raw) <= SHOWN else raw[: SHOWN - 1] + "…"


class ExternalBot:
    """Seat ``seat`` played by the mjai bot ``command`` (M3). ``names``: the seats' names
    for ``start_game``; ``match``: the run is one match (its rounds are one mjai game);
    ``report``: called with each :class:`BotReport` as it happens (they are also kept in
    :attr:`reports`); ``dialect``: the mjai it is spoken to in (``"xz"`` or ``"blood-grp"``,
    :class:`~xzcore.players.mjai_bot.MjaiSeat`, M6.3). The process starts at the first
    decision; :meth:`close` ends it."""

    interactive = True  # it decides 飘 and 摆割 too (R13)

    def __init__(
        self,
        command: str | Sequence[str],
        seat: int,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        names: Sequence[str] = DEFAULT_NAMES,
        match: bool = False,
        report: Callable[[BotReport], None] | None = None,
        give_up_after: int = GIVE_UP_AFTER,
        dialect: str = "xz",
    ) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise BotStartError(f"seat {seat}: an empty bot command")
        if not timeout > 0:
            raise ValueError(f"timeout {timeout!r} must be above 0 seconds")
        self.argv = argv
        self.timeout = float(timeout)
        self.give_up_after = give_up_after
        self.obs = MjaiSeat(seat, names=names, match=match, dialect=dialect)
        self.reports: list[BotReport] = []
        self._report = report
        self._proc: subprocess.Popen[bytes] | None = None
        self._sel: selectors.DefaultSelector | None = None
        self._out = bytearray()  # stdout read but not yet a whole line
        self._err = bytearray()  # the tail of stderr
        self._late_streak = 0
        self._owed = 0  # late decisions whose reaction has not come yet
        self.given_up = False
        """Whether the bot was given up (ended, or late too often): the seat plays the
        fallback to the end of the run."""
        self.decisions = 0
        """The decisions the bot was asked for."""
        self._closed = False
        self._skip = False  # the rest of an overlong line is still coming
        self._unprompted = 0  # unasked lines discarded in this decision
        self._index = -1
        self._timed_out = False

    @property
    def seat(self) -> int:
        """The seat this bot plays."""
        return self.obs.seat

    # -- the process ---------------------------------------------------------------------

    def start(self) -> None:
        """Start the process (done at the first decision); :class:`BotStartError` if the
        command cannot be run."""
        if self._proc is not None:
            return
        # Its own process group (M3.9): ending the bot ends whatever it started too.
        group: dict[str, Any] = {"start_new_session": True} if os.name == "posix" else {}
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                **group,
            )
        except OSError as exc:
            raise BotStartError(f"{self.argv[0]}: {exc.strerror or exc}") from None
        assert proc.stdin and proc.stdout and proc.stderr
        for f in (proc.stdin, proc.stdout, proc.stderr):
            os.set_blocking(f.fileno(), False)
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ, "out")
        sel.register(proc.stderr, selectors.EVENT_READ, "err")
        self._proc, self._sel = proc, sel

    def _kill(self) -> int | None:
        proc = self._proc
        if proc is None:
            return None
        _kill_group(proc)
        if proc.poll() is None:
            proc.kill()
        status = proc.wait()
        _kill_group(proc)  # what the bot started and is still running, after it ended
        self._release()
        return status

    def _release(self) -> None:
        proc, sel = self._proc, self._sel
        if sel is not None:
            sel.close()
        if proc is not None:
            for f in (proc.stdin, proc.stdout, proc.stderr):
                if f is not None:
                    with contextlib.suppress(OSError):
                        f.close()
        self._sel = None

    def close(self) -> None:
        """The end of the run: give a live bot the rest of its events and ``end_game``, close
        its stdin, wait up to ``timeout`` for it to exit, then kill it."""
        proc = self._proc
        if self._closed:
            return
        self._closed = True
        if proc is None or self.given_up:
            self._kill()
            return
        rest = self.obs.finish()
        deadline = time.monotonic() + self.timeout
        if rest and self._write("".join(line(e) + "\n" for e in rest).encode(), deadline):
            assert proc.stdin is not None
            with contextlib.suppress(OSError):
                proc.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(max(0.0, deadline - time.monotonic()))
        self._kill()

    # -- the pipes -----------------------------------------------------------------------

    def _pump(self, key: selectors.SelectorKey) -> bool:
        """Read what is ready on stdout or stderr; False at the end of stdout."""
        try:
            data = os.read(key.fd, 65536)
        except BlockingIOError:
            return True
        except OSError:
            data = b""
        if key.data == "err":
            if not data:
                assert self._sel is not None
                self._sel.unregister(key.fileobj)
            else:
                self._err += data
                del self._err[:-STDERR_KEPT]
            return True
        if not data:
            return False
        self._out += data
        return True

    def _take_line(self) -> bytes | None:
        """The next whole line read, or ``None``. A line longer than :data:`MAX_LINE` comes
        back as its first ``MAX_LINE`` bytes without a newline, its rest skipped (M3.5)."""
        out = self._out
        if self._skip:
            i = out.find(b"\n")
            del out[: len(out) if i < 0 else i + 1]
            if i < 0:
                return None
            self._skip = False
        i = out.find(b"\n")
        if i >= MAX_LINE or (i < 0 and len(out) > MAX_LINE):
            raw = bytes(out[:MAX_LINE])
            if i < 0:
                del out[:]
                self._skip = True
            else:
                del out[: i + 1]
            return raw
        if i < 0:
            return None
        raw = bytes(out[: i + 1])
        del out[: i + 1]
        return raw

    def _write(self, data: bytes, deadline: float) -> bool:
        """Write ``data`` to stdin before ``deadline``, reading stdout and stderr meanwhile so
        neither side blocks; False if the bot ended (stdin closed, stdout at its end) or the
        time ran out (then ``self._timed_out`` is set)."""
        proc, sel = self._proc, self._sel
        assert proc is not None and proc.stdin is not None and sel is not None
        fd = proc.stdin.fileno()
        view = memoryview(data)
        self._timed_out = False
        sel.register(proc.stdin, selectors.EVENT_WRITE, "in")
        try:
            while view:
                left = deadline - time.monotonic()
                if left <= 0:
                    self._timed_out = True
                    return False
                for key, _ in sel.select(left):
                    if key.data == "in":
                        try:
                            with _no_sigpipe():
                                n = os.write(fd, view)
                        except BlockingIOError:
                            continue
                        except OSError:  # EPIPE: the bot closed its stdin or ended
                            return False
                        view = view[n:]
                        if not view:
                            break
                    elif not self._pump(key):
                        return False
                    elif self._closed:  # the end of the run: nothing more is read
                        del self._out[:]
                    else:
                        # lines sent while it will not read: dropped now, in bounded memory
                        self._drain_stale()
            return True
        finally:
            sel.unregister(proc.stdin)

    def _read_line(self, deadline: float) -> bytes | None:
        """The next line from stdout before ``deadline``; ``None`` if the time ran out
        (``self._timed_out``) or stdout ended."""
        sel = self._sel
        assert sel is not None
        self._timed_out = False
        while True:
            raw = self._take_line()
            if raw is not None:
                return raw
            left = deadline - time.monotonic()
            if left <= 0:
                self._timed_out = True
                return None
            for key, _ in sel.select(left):
                if not self._pump(key):
                    raw = self._take_line()
                    if raw is None and self._out:
                        raw = bytes(self._out)
                        del self._out[:]
                    return raw

    # -- a decision ----------------------------------------------------------------------

    def _tell(self, kind: str, rule: str, **fields: Any) -> None:
        r = BotReport(kind, self.obs.games, self._index, self.seat, rule, fields)
        self.reports.append(r)
        if self._report is not None:
            self._report(r)

    def _crashed(self) -> None:
        proc = self._proc
        assert proc is not None
        try:
            status: int | None = proc.wait(min(self.timeout, 1.0))
        except subprocess.TimeoutExpired:
            status = None
        # what stderr still holds
        sel = self._sel
        if sel is not None:
            for key, _ in sel.select(0):
                if key.data == "err":
                    self._pump(key)
        killed = self._kill()
        tail = self._err.decode("utf-8", "replace").strip().splitlines()
        self._tell(
            "crashed",
            "M3.7",
            status=status if status is not None else killed,
            stderr=_shown(tail[-1]) if tail else "-",
        )
        self.given_up = True

    def _drain_stale(self) -> None:
        """Discard the lines the bot sent since the last decision (M3.3, M3.4): the first
        :data:`UNPROMPTED_SHOWN` unasked ones reported each, the rest only counted
        (:meth:`_tell_unprompted` reports them once)."""
        while True:
            raw = self._take_line()
            if raw is None:
                return
            if self._owed:
                self._owed -= 1
                self._tell("late_line", "M3.4", sent=_shown(raw.decode("utf-8", "replace")))
            elif self._unprompted < UNPROMPTED_SHOWN:
                self._unprompted += 1
                self._tell("unprompted", "M3.3", sent=_shown(raw.decode("utf-8", "replace")))
            else:
                self._unprompted += 1

    def _tell_unprompted(self) -> None:
        """One report of the unasked lines discarded but not reported one by one."""
        more = self._unprompted - UNPROMPTED_SHOWN
        if more > 0:
            self._tell("unprompted_more", "M3.3", count=more)
        self._unprompted = 0

    def __call__(self, rnd: Round, seat: int, legal: list[Any]) -> Any:
        if seat != self.seat:
            raise ValueError(f"this bot plays seat {self.seat}, not {seat}")
        try:
            return self._decide(rnd, seat, legal)
        finally:
            self._tell_unprompted()

    def _decide(self, rnd: Round, seat: int, legal: list[Any]) -> Any:
        self.obs.update(rnd)
        self._index = len(rnd.events) - 1
        events = self.obs.new_events()
        if self.given_up:
            return fallback(rnd, seat, legal)
        self.start()
        self.decisions += 1
        deadline = time.monotonic() + self.timeout
        sel = self._sel
        assert sel is not None
        for key, _ in sel.select(0):  # what came since the last decision
            if not self._pump(key):
                self._crashed()
                return fallback(rnd, seat, legal)
        self._drain_stale()
        data = "".join(
            line({**e, "can_act": i == len(events) - 1}) + "\n" for i, e in enumerate(events)
        ).encode()
        if not self._write(data, deadline):
            if self._timed_out:
                return self._late(rnd, seat, legal)
            self._crashed()
            return fallback(rnd, seat, legal)
        self._drain_stale()  # lines sent while the events were being written
        while True:
            raw = self._read_line(deadline)
            if raw is None:
                if self._timed_out:
                    return self._late(rnd, seat, legal)
                self._crashed()
                return fallback(rnd, seat, legal)
            if not self._owed:
                break
            # a bot answers its prompts in order: the reactions still owed come first
            self._owed -= 1
            self._tell("late_line", "M3.4", sent=_shown(raw.decode("utf-8", "replace")))
        self._late_streak = 0
        return self._answer(raw, rnd, seat, legal)

    def _late(self, rnd: Round, seat: int, legal: list[Any]) -> Any:
        played = fallback(rnd, seat, legal)
        self._owed += 1
        self._late_streak += 1
        self._tell("late", "M3.4", timeout=self.timeout, played=str(played))
        if self._late_streak >= self.give_up_after:
            self._kill()
            self.given_up = True
            self._tell("given_up", "M3.9", count=self._late_streak)
        return played

    def _answer(self, raw: bytes, rnd: Round, seat: int, legal: list[Any]) -> Any:
        shown = _shown(raw.decode("utf-8", "replace"))
        try:
            if len(raw) == MAX_LINE and not raw.endswith(b"\n"):
                raise InvalidActionError(f"a line longer than {MAX_LINE} bytes")
            try:
                reaction = parse_line(raw)
            except JsonLineError as exc:
                raise InvalidActionError(str(exc)) from None
            return self.obs.action(reaction)
        except IllegalActionError as exc:
            played = fallback(rnd, seat, legal)
            reason: Any = exc.refusal.to_dict() if exc.refusal is not None else exc.reason
            self._tell("illegal", exc.rule, reason=reason, sent=shown, played=str(played))
            return played
        except InvalidActionError as exc:
            played = fallback(rnd, seat, legal)
            self._tell("malformed", "M3.5", reason=str(exc), sent=shown, played=str(played))
            return played
