"""Batch verification of many logs, on all cores or a Dask cluster (docs/scale.md).

A platform calls it without the CLI::

    from xzcore.batch import BatchAudit, Options, ProcessPool

    run = BatchAudit(["logs/"], Options(fmt="jsonl", key_pem=open("platform.pub", "rb").read()),
                     executor=ProcessPool(8))
    for out in run:               # each game's JSON line, in input order
        sink.write(out.text)
    print(run.summary())          # counts per verdict, money per seat name, exit code

The planner cuts each file into byte ranges from its size alone (:mod:`xzcore.batch.plan`);
a worker audits a range and renders its games (:func:`xzcore.batch.task.run_task`); the
coordinator checks where ranges meet and adds up (:class:`BatchAudit`). ``xz audit`` is a
thin caller of this.
"""

from xzcore.batch.executors import DaskCluster, Executor, InProcess, ProcessPool, WorkerDied
from xzcore.batch.plan import PART_BYTES, RangeTask, iter_inputs, plan_file
from xzcore.batch.results import (
    ResumeError,
    audited_files,
    file_hash,
    load_resume,
    summary_document,
)
from xzcore.batch.run import EXIT_FINDINGS, EXIT_OK, EXIT_UNREADABLE, BatchAudit, Output
from xzcore.batch.task import Options, Tally, TaskResult, run_task

__all__ = [
    "EXIT_FINDINGS",
    "EXIT_OK",
    "EXIT_UNREADABLE",
    "PART_BYTES",
    "BatchAudit",
    "DaskCluster",
    "Executor",
    "InProcess",
    "Options",
    "Output",
    "ProcessPool",
    "RangeTask",
    "ResumeError",
    "Tally",
    "TaskResult",
    "WorkerDied",
    "audited_files",
    "file_hash",
    "iter_inputs",
    "load_resume",
    "plan_file",
    "run_task",
    "summary_document",
]
