"""A batch audit: plan, run the tasks where the data is, merge their results in input order
(docs/scale.md). The coordinator only adds up: each task (:func:`~xzcore.batch.task.
run_task`) comes back with its games rendered and its counts (a :class:`~xzcore.batch.task.
Tally`); where two ranges of a file meet, the coordinator checks that the second began where
the first stopped, in the same reading state — else (a damaged or doctored file) that range
is audited again from there — so the output is the whole-file audit's, byte for byte."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from xzcore.audit.report import ReadState
from xzcore.batch import plan as _plan
from xzcore.batch.executors import Executor, InProcess, WorkerDied
from xzcore.batch.plan import RangeTask, iter_inputs, plan_file
from xzcore.batch.results import hash_and_count
from xzcore.batch.task import Options, Tally, TaskResult, lost_line, lost_report, render, run_task

__all__ = ["EXIT_FINDINGS", "EXIT_OK", "EXIT_UNREADABLE", "BatchAudit", "Output"]

EXIT_OK, EXIT_FINDINGS, EXIT_UNREADABLE = 0, 1, 3


@dataclass(frozen=True)
class Output:
    """A piece of the run's output, in input order: ``text`` for standard output (the
    run's format), and the bytes of input it accounts for (a progress bar's step)."""

    text: str
    nbytes: int


class BatchAudit:
    """Audit the logs of ``inputs`` (files, folders of ``*.xzlog``, ``-``) on ``executor``
    (default: in this process) and render each game as ``options`` say.

    Iterate to get the :class:`Output` in input order; :attr:`tally` then holds the run's
    counts and money, :meth:`summary` its summary and exit code. ``resume``: what a previous
    run's lines already cover (:func:`xzcore.batch.results.load_resume`), left out here.
    ``on_notice`` is told each line a person should see on standard error (a task not
    audited because its worker died twice).

    >>> import json
    >>> run = BatchAudit(["no-such.xzlog"], Options(fmt="jsonl"))
    >>> [json.loads(out.text)["errors"][0]["message"] for out in run]
    ['cannot open: No such file or directory']
    >>> run.summary()["unreadable"], run.exit_code
    (1, 3)
    """

    def __init__(
        self,
        inputs: Iterable[str],
        options: Options | None = None,
        *,
        executor: Executor | None = None,
        resume: dict[str, tuple[int, bool]] | None = None,
        part_bytes: int | None = None,
        on_notice: Callable[[str], None] | None = None,
    ) -> None:
        options = options or Options()
        if options.hashes and not options.hash_token:
            # Where a JSON line's file hash goes until it is known: random per run, so no
            # text of a log can stand for it.
            options = _with_token(options)
        self.inputs = inputs
        self.options = options
        self.executor: Executor = executor or InProcess()
        self.resume = resume
        self.part_bytes = part_bytes or _plan.PART_BYTES * self.executor.part_scale
        self.on_notice = on_notice
        self.tally = Tally()
        self.skipped_files = 0
        self.resumed_files = 0
        self.skipped_games = 0
        self.recounted_files = 0
        """Files ``resume`` said were done whose count of games differs from the file's
        own: audited again rather than trusted."""
        self.reruns = 0
        """Ranges audited again because they began in another state than the file's
        reading stood in where they meet the range before (damaged or doctored files)."""

    # -- planning -------------------------------------------------------------------------

    def tasks(self) -> Iterator[RangeTask]:
        """The run's tasks in input order: each input's ranges (:func:`plan_file`). With
        ``resume``, each input is hashed here first: one already covered whole is left out,
        and the games of a partly covered one that have their lines are skipped."""
        for path in iter_inputs(self.inputs):
            if self.resume is None:
                yield from plan_file(path, self.part_bytes)
                continue
            h, starts = hash_and_count(path)
            games, whole = self.resume.get(h, (0, False)) if h is not None else (0, False)
            if whole and games != starts:
                # RESULTS says the file is done with another count of games than it holds:
                # not the run that wrote them, or not the lines it wrote. Audited again.
                self.recounted_files += 1
                if self.on_notice is not None:
                    self.on_notice(
                        f"xz audit: --resume: {path}: the results cover {games} game(s), "
                        f"the file holds {starts}: audited again"
                    )
                games, whole = 0, False
            if whole:
                self.skipped_files += 1
                self.skipped_games += games
                continue
            self.resumed_files += games > 0
            yield from plan_file(path, self.part_bytes, skip=games, file_hash=h)

    # -- merging --------------------------------------------------------------------------

    def __iter__(self) -> Iterator[Output]:
        options = self.options
        args = (options,)
        first_text = options.fmt == "json"
        state: ReadState | None = None  # where the file's reading stands, checked
        hint = 0  # the number of the next game, when the state is lost with a worker
        done = False  # the file's reading has ended
        digest: str | None = None
        try:
            for task, outcome in self.executor.map(self.tasks(), run_task, args):
                result: TaskResult | WorkerDied = outcome
                if task.index == 0:
                    state, hint, done = None, 0, False
                    digest = task.file_hash
                    if isinstance(result, TaskResult) and result.file_hash is not None:
                        digest = result.file_hash
                elif isinstance(result, TaskResult):
                    if done or result.first is None:
                        yield Output("", result.nbytes)  # the file's games are all read
                        continue
                    if _unchecked(result.first, state):
                        redo = _redo(task, state, result.first, hint)
                        nbytes = result.nbytes
                        self.reruns += 1
                        again = self.executor.run_one(redo, run_task, args)
                        if isinstance(again, TaskResult):
                            again.nbytes = nbytes
                        result = again
                if isinstance(result, WorkerDied):
                    text, nbytes = self._lost(task, state, hint, result.reason)
                    state, done = None, False
                    hint += 1
                else:
                    text, nbytes = result.text, result.nbytes
                    self.tally.merge(result.tally)
                    self.skipped_games += result.skipped
                    state, done = result.last, result.at_end
                    if state is not None:
                        hint = state.game
                    if options.hashes and text:
                        value = json.dumps(digest) if digest is not None else "null"
                        text = text.replace(f'"{options.hash_token}"', value)
                if first_text and text:
                    text = text[1:]  # the JSON document's first entry takes no comma
                    first_text = False
                yield Output(text, nbytes)
        finally:
            self.executor.close()

    def _lost(
        self, task: RangeTask, state: ReadState | None, hint: int, reason: str
    ) -> tuple[str, int]:
        """A task whose workers died twice: one unreadable report saying so (exit 3)."""
        if task.index == 0:
            game, offset = 0, 0
        elif state is not None:
            game, offset = state.game, state.offset
        else:
            game, offset = hint, task.start
        report = lost_report(task.path, game, offset, task.index == 0 and task.is_last, reason)
        if self.on_notice is not None:
            self.on_notice(lost_line(report))
        one = Tally()
        one.add(report, self.options.page)
        self.tally.merge(one)
        end = task.end if task.end is not None else offset
        return render([report], self.options, task.is_last), max(end - task.start, 0)

    # -- the run's result -----------------------------------------------------------------

    @property
    def exit_code(self) -> int:
        """0 all verified, 1 some game has findings, 3 some input unreadable (3 wins)."""
        if self.tally.unreadable:
            return EXIT_UNREADABLE
        return EXIT_FINDINGS if self.tally.findings else EXIT_OK

    def summary(self) -> dict[str, Any]:
        """The run's counts (``games``, ``verified``, ``findings``, ``unreadable``,
        ``findings_total``), ``exit_code``, ``money_per_seat`` (per name) and
        ``money_games_left_out`` (games whose correct money is unknown)."""
        t = self.tally
        return {
            "games": t.games,
            "verified": t.verified,
            "findings": t.findings,
            "unreadable": t.unreadable,
            "findings_total": t.findings_total,
            "exit_code": self.exit_code,
            "money_per_seat": t.money_rows(),
            "money_games_left_out": t.money_left_out,
        }


def _unchecked(found: ReadState, state: ReadState | None) -> bool:
    """Whether a range's reading must be done again: it began in another state than the
    one the file's reading stands in (or, that state lost with a worker, it found no game
    to begin at)."""
    if state is None:
        return found.game < 0
    return found != state


def _redo(task: RangeTask, state: ReadState | None, found: ReadState, hint: int) -> RangeTask:
    """The range audited again from the checked state where the file's reading stands (or,
    after a task not audited, from the game start its worker found, the chain unknown)."""
    if state is None:
        state = ReadState(found.offset, hint, None, None)
    return RangeTask(
        task.path, state.offset, task.end, task.index, state, task.skip, task.file_hash
    )


def _with_token(options: Options) -> Options:
    from dataclasses import replace

    return replace(options, hash_token=f"xz-file-hash-{os.urandom(16).hex()}")
