"""``xz record``: games and matches that audit as verified, reproducible bytes, rule options,
signing, a person at the terminal, and usage errors."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from click.testing import CliRunner
from keyfile_helpers import CASES, bad_key_file

from xzcore.audit.report import audit_file
from xzcore.cli.main import cli
from xzcore.log.reader import LogReader
from xzcore.log.signing import Verifier, write_keypair


def record(args: list[str], input: str | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["record", *args], input=input)
    return res.exit_code, res.output


def games_of(path: Path) -> list:  # type: ignore[type-arg]
    with open(path, "rb") as fh:
        return list(LogReader(fh))


def test_games_verify_and_are_reproducible(tmp_path: Path) -> None:
    a, b = tmp_path / "a.xzlog", tmp_path / "b.xzlog"
    assert record(["-n", "5", "--seed", "42", "-o", str(a)])[0] == 0
    assert record(["-n", "5", "--seed", "42", "-o", str(b)])[0] == 0
    assert a.read_bytes() == b.read_bytes()
    assert [r.status for r in audit_file(a)] == ["verified"] * 5
    assert [g.header.seed for g in games_of(a)] == [42, 43, 44, 45, 46]


def test_match_moves_the_dealer_by_r11_1(tmp_path: Path) -> None:
    out = tmp_path / "m.xzlog"
    assert record(["--rounds", "6", "--seed", "3", "--rules", "xueliu", "-o", str(out)])[0] == 0
    games = games_of(out)
    assert len(games) == 6
    scores = [0, 0, 0, 0]
    for before, after in itertools.pairwise(games):
        assert after.header.dealer == before.events[-1]["next_dealer"]
        scores = [s + t for s, t in zip(scores, before.events[-1]["totals"], strict=True)]
        assert after.header.extra["match"]["scores"] == scores
    assert [g.header.extra["match"]["round"] for g in games] == list(range(6))
    assert {g.header.rules["xueliu"] for g in games} == {True}
    assert [r.status for r in audit_file(out)] == ["verified"] * 6


def test_rule_overrides_are_stored_resolved(tmp_path: Path) -> None:
    out = tmp_path / "r.xzlog"
    code, _ = record(["--rules", "chengdu-classic", "--set", "cap_fan=4", "-o", str(out)])
    assert code == 0
    [g] = games_of(out)
    assert g.header.rules["cap_fan"] == 4
    assert g.header.rules["scoring"] == "additive"
    assert len(g.header.rules) > 20  # every option, not only the preset name


def test_usage_errors(tmp_path: Path) -> None:
    out = str(tmp_path / "x.xzlog")
    assert record(["--set", "cap_fan", "-o", out])[0] == 2
    assert record(["--set", "no_such=1", "-o", out])[0] == 2
    assert record(["--rules", "nope", "-o", out])[0] == 2
    assert record(["-n", "0", "-o", out])[0] == 2
    assert record([])[0] == 2  # -o is required


def test_leshan_options_without_count_scoring_are_a_usage_error(tmp_path: Path) -> None:
    # 飘 and 摆割 are paid on a count (R13.1, R13.3, R13.4): refused with the rule, exit 2.
    out = tmp_path / "x.xzlog"
    for option in ("piao_max=2", "baige=on"):
        code, output = record(["--set", option, "-o", str(out)])
        assert code == 2, output
        assert "need scoring = count, not table" in output
        assert "Traceback" not in output
    assert not out.exists()


def test_signed_games(tmp_path: Path) -> None:
    key, pub = write_keypair(tmp_path / "k")
    out = tmp_path / "s.xzlog"
    assert record(["-n", "2", "--sign", str(key), "-o", str(out)])[0] == 0
    reports = list(audit_file(out, verifier=Verifier.load(pub)))
    assert [r.status for r in reports] == ["verified"] * 2
    before = out.read_bytes()
    assert record(["--sign", str(tmp_path / "missing"), "-o", str(out)])[0] == 3
    assert out.read_bytes() == before  # a key that cannot be used leaves the log alone


@pytest.mark.parametrize("case", CASES)
def test_unusable_sign_key_is_unreadable_input_exit_3(tmp_path: Path, case: str) -> None:
    path, message = bad_key_file(tmp_path, case, "private")
    out = tmp_path / "s.xzlog"
    res = CliRunner().invoke(cli, ["record", "--sign", path, "-o", str(out)])
    assert (res.exit_code, res.stdout) == (3, "")
    assert res.stderr == f"xz: --sign {path}: {message}\n"
    assert not out.exists()  # checked before the log is opened


def test_human_seat_plays_from_the_terminal(tmp_path: Path) -> None:
    out = tmp_path / "h.xzlog"
    code, text = record(["--human", "2", "--seed", "5", "-o", str(out)], input="0\n" * 400)
    assert code == 0, text
    assert "your hand:" in text and "[0] 定缺 declares void m" in text
    [g] = games_of(out)
    assert g.header.seats[2] == "human"
    assert [r.status for r in audit_file(out)] == ["verified"]


@pytest.mark.parametrize("preset", ["xuezhan", "chengdu-classic", "xueliu", "leshan"])
def test_presets(tmp_path: Path, preset: str) -> None:
    out = tmp_path / "p.xzlog"
    assert record(["--rules", preset, "-n", "3", "-o", str(out)])[0] == 0
    assert [r.status for r in audit_file(out)] == ["verified"] * 3
