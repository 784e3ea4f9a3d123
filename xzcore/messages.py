"""The message catalogue: every user-facing word and phrase of ``xz replay``, ``xz audit`` and
the table view, in Chinese and English, keyed by a stable id; and the rule ids' short names.

Data, not logic: each entry is ``key: (Chinese, English)``; :func:`text` picks one language
and fills the ``{fields}``. Names that already live beside their codes (pattern names, extras,
transfer reasons, meld kinds) stay there and are looked up by the view.

>>> text("event.dahai", "zh"), text("event.dahai", "en")
('打', 'discard')
>>> text("view.left", "zh", left=12)
'，余 12 张'
>>> rule_label("R9.2", "zh"), rule_label("R9.2", "en")
('R9.2 自摸', 'R9.2 self-draw')
"""

from __future__ import annotations

from typing import Any

__all__ = ["LANGS", "MESSAGES", "RULE_NAMES", "rule_label", "rule_name", "text", "word"]

LANGS = ("zh", "en")
"""The languages of every entry, in the order of its pair."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- event and action words (the English is the plain word; the event ids stay ids) ------
    "event.start_kyoku": ("开局", "deal"),
    "event.exchange": ("换三张", "exchange"),
    "event.dingque": ("定缺", "void"),
    "event.tsumo": ("摸", "draw"),
    "event.dahai": ("打", "discard"),
    "event.pon": ("碰", "peng"),
    "event.daiminkan": ("直杠", "gang"),
    "event.ankan": ("暗杠", "concealed gang"),
    "event.kakan": ("补杠", "added gang"),
    "event.none": ("过", "pass"),
    "event.hora": ("胡", "hu"),
    "event.gang_payment": ("杠钱", "gang money"),
    "event.call_transfer": ("呼叫转移", "call transfer"),
    "event.ryukyoku": ("流局", "wall empty"),
    "event.settlement": ("查花猪/查大叫/退税", "end-of-round settlement"),
    "event.end_kyoku": ("结束", "round over"),
    "event.piao": ("飘", "piao"),
    "event.baige": ("摆割", "baige"),
    # -- suits --------------------------------------------------------------------------------
    "suit.m": ("万", "m"),
    "suit.p": ("筒", "p"),
    "suit.s": ("条", "s"),
    # -- end-of-round reasons (the English is the id the event carries) ------------------------
    "reason.wall_empty": ("荒庄（牌墙摸完）", "wall_empty"),
    "reason.three_won": ("三家已胡", "three_won"),
    # -- scoring models of the rules header ---------------------------------------------------
    "scoring.table": ("番表", "table"),
    "scoring.additive": ("加番", "additive"),
    "scoring.count": ("数个数", "count"),
    # -- the presets of R12 (a log header's rules, by xzcore.view.table.rules_label) ---------
    "preset.xuezhan": ("血战到底", "xuezhan"),
    "preset.chengdu-classic": ("成都麻将（经典）", "chengdu-classic"),
    "preset.xueliu": ("血流成河", "xueliu"),
    "preset.leshan": ("乐山麻将", "leshan"),
    "preset.changes": ("（另设 {changes}）", " (with {changes})"),
    "preset.invalid": ("（无效的规则：{error}）", "(invalid rules: {error})"),
    # -- one event, as a line of the replay (xzcore.view.table.describe) ----------------------
    "view.dealer": ("庄家 座{dealer}", "dealer {dealer}"),
    "view.exchange_direction": ("，换牌方向 +{direction}", ", exchange +{direction}"),
    "view.to_seat": ("→ 座{seat}", "→ seat {seat}"),
    "view.rinshan": ("（杠上）", " (rinshan)"),
    "view.left": ("，余 {left} 张", ", {left} left"),
    "view.tsumogiri": ("（摸切）", " (tsumogiri)"),
    "view.from_seat": ("，座{seat}打出", " from seat {seat}"),
    "view.self_draw": ("自摸", "self-draw"),
    "view.from_seat_win": ("座{seat}点炮", "from seat {seat}"),
    "view.superseded": ("（声明{claim}，被优先的声明取代）", " (claimed {claim}, superseded)"),
    "view.pays": ("；付钱 ", "; pays "),
    "view.transfer": ("座{payer}→座{payee} {units}（{rule}）", "{payer}→{payee} {units} ({rule})"),
    "view.list_sep": ("，", ", "),
    "view.shows": ("：亮牌 {hand}", ": shows {hand}"),
    "view.end": (
        "{word} {reason}；总分 {totals}；下一庄 座{next}",
        "{word} {reason}; totals {totals}; next dealer {next}",
    ),
    "view.wall": (
        "牌墙：余 {left} 张；庄家：座{dealer}",
        "wall: {left} tiles left; dealer: seat {dealer}",
    ),
    "view.won": ("（已胡）", " (won)"),
    "view.seat_line": (
        "座{seat}{won}：得分 {score}；缺 {void}；手牌 {hand}；副露 {melds}；弃牌 {discards}",
        "seat {seat}{won}: score {score}; void {void}; hand {hand}; melds {melds}; "
        "discards {discards}",
    ),
    "view.nothing": ("-", "-"),
    # -- xz replay ----------------------------------------------------------------------------
    "replay.title": ("第 {game} 局", "game {game}"),
    "replay.header": (
        " — 种子 {seed}，庄家 座{dealer}，规则 {rules}，座位 {seats}",
        " — seed {seed}, dealer {dealer}, rules {rules}, seats {seats}",
    ),
    "replay.columns": ("   #    座  事件", "   #  seat  event"),
    "replay.after": ("-- 第 {event} 个事件之后{past} --", "-- after event {event}{past} --"),
    "replay.past_end": (
        "（本局到此结束；--to {to} 超出了结尾）",
        " (the game ends there; --to {to} is past its end)",
    ),
    "replay.claimed_totals": ("记录的总分：{totals}", "claimed totals: {totals}"),
    # -- the HTML pages (xzcore.view.html, templates in xzcore/view/templates) ---------------
    "html.title.replay": ("牌局回放 — {source}", "Game replay — {source}"),
    "html.title.audit": ("审计报告", "Audit report"),
    "html.generated": ("由 xzcore {version} 生成", "made by xzcore {version}"),
    "html.help.replay": (
        "用 ◀ ▶（或方向键）逐步查看，输入事件编号跳转，或点击事件列表中的任何一行。"
        "每一步显示四家的手牌、副露、弃牌、缺门、分数和牌墙余数。",
        "Step with ◀ ▶ (or the arrow keys), type an event number to jump, or click any line "
        "of the event list. Each step shows every seat's hand, melds, discards, void suit "
        "and score, and the tiles left in the wall.",
    ),
    "html.help.audit": (
        "本报告逐局重放记录的牌局，核对每个动作和每笔付款。每个问题注明它违反的规则；"
        "点“在回放中查看”跳到发生的时刻。金额以单位计：“记录的付款”是日志里的付款，"
        "“应为”是按规则从记录的动作算出的。",
        "This report replays each recorded game and checks every action and every payment. "
        "Each finding names the rule it breaks; “show in the replay” jumps to the moment it "
        "happened. Money is in units: “log's payments” is what the log paid, “correct” is "
        "what the rules give for the recorded actions.",
    ),
    "html.noscript": (
        "逐步回放需要 JavaScript；问题和金额不需要。",
        "The step-by-step replay needs JavaScript; the findings and the money do not.",
    ),
    "html.contents": ("目录", "Contents"),
    "html.game_of": ("{path} 第 {game} 局", "{path}, game {game}"),
    "html.seat_n": ("座{seat}", "seat {seat}"),
    "html.rules": ("规则", "rules"),
    "html.seed": ("种子", "seed"),
    "html.dealer": ("庄家", "dealer"),
    "html.dealer_mark": ("庄", "dealer"),
    "html.won_mark": ("已胡", "won"),
    "html.hand": ("手牌", "hand"),
    "html.melds": ("副露", "melds"),
    "html.discards": ("弃牌", "discards"),
    "html.void": ("缺", "void"),
    "html.score": ("分数", "score"),
    "html.wall": ("牌墙余", "wall"),
    "html.event": ("事件", "event"),
    "html.events": ("事件列表", "events"),
    "html.of": ("／{last}", "of {last}"),
    "html.first": ("回到开头", "first event"),
    "html.prev": ("上一步", "back one event"),
    "html.next": ("下一步", "forward one event"),
    "html.last": ("跳到结尾", "last event"),
    "html.jump": ("跳到事件", "jump to event"),
    "html.status.verified": ("核对无误", "verified"),
    "html.status.findings": ("有问题", "findings"),
    "html.status.unreadable": ("无法读取", "unreadable"),
    "html.findings": ("问题", "Findings"),
    "html.errors": ("无法读取的部分", "Unreadable parts"),
    "html.at_event": ("第 {event} 个事件", "event {event}"),
    "html.at_end": ("本局整体", "the game as a whole"),
    "html.at_byte": ("字节 {offset}", "byte {offset}"),
    "html.show_moment": ("在回放中查看", "show in the replay"),
    "html.claimed": ("记录", "claimed"),
    "html.correct": ("应为", "correct"),
    "html.changes": ("差异（记录 → 应为）", "differences (claimed → correct)"),
    "html.and_so": ("因此：", "and so:"),
    "html.money_diff": ("金额差（记录 − 应为）", "money (claimed − correct)"),
    "html.money": ("各座金额（单位）", "Money per seat (units)"),
    "html.no_correct": (
        "没有应为的金额：重放没有走到本局结束。",
        "No correct figures: the replay did not reach the end of the round.",
    ),
    "html.verified_games": ("核对无误的对局", "Verified games"),
    "html.more_verified": ("……另有 {n} 局核对无误", "… and {n} more verified"),
    "html.no_events": ("没有可读的事件。", "No readable events."),
    "html.no_source": (
        "无法再次读取此日志（{path}），没有回放。",
        "The log cannot be read again ({path}): no replay.",
    ),
    "html.js.none": ("无", "none"),
    "html.meld.peng": ("碰", "peng"),
    "html.meld.gang": ("直杠", "gang"),
    "html.meld.bugang": ("补杠", "added gang"),
    "html.meld.angang": ("暗杠", "concealed gang"),
    # -- xz audit, the table ------------------------------------------------------------------
    "audit.head": ("{path}  第 {game} 局  字节 {offset}", "{path}  game {game}  byte {offset}"),
    "audit.verified": ("{head}  核对无误（{events} 个事件）", "{head}  verified ({events} events)"),
    "audit.status.findings": ("{head}  有问题（{n}）", "{head}  FINDINGS ({n})"),
    "audit.status.unreadable": ("{head}  无法读取（{n}）", "{head}  UNREADABLE ({n})"),
    "audit.event": ("第 {event} 个事件 ", "event {event} "),
    "audit.at_byte": ("@ 字节 {offset}  ", "@ byte {offset}  "),
    "audit.unreadable": ("无法读取：", "unreadable: "),
    "audit.claimed": ("      记录：{value}", "      claimed: {value}"),
    "audit.correct": ("      应为：{value}", "      correct: {value}"),
    "audit.money": ("   金额差（记录 − 应为）：", "   money (claimed − correct): "),
    "audit.seats_head": ("  各座金额（单位）：", "  money per seat (units):"),
    "audit.run_head": ("各人金额，全部对局（单位）：", "money per seat name, all games (units):"),
    "audit.col_name": ("座位", "seat"),
    "audit.col_claimed": ("记录的付款", "log's payments"),
    "audit.col_totals": ("记录的总分", "log's totals"),
    "audit.col_correct": ("应为", "correct"),
    "audit.col_diff": ("差额", "difference"),
    "audit.differs": ("<< 不符", "<< differs"),
    "audit.unknown": ("?", "?"),
    "audit.no_correct": (
        "  （没有应为的金额：重放没有走到本局结束）",
        "  (no correct figures: the replay did not reach the end of the round)",
    ),
    "audit.left_out": (
        "  （{n} 局没有应为的金额，两栏都不计）",
        "  ({n} game(s) without correct figures left out of both columns)",
    ),
    "audit.list_changes": ("      差异（记录 → 应为）：", "      differences (claimed → correct):"),
    "audit.note": ("      因此：", "      and so: "),
    "audit.summary": (
        "{games} 局：{verified} 局核对无误，{findings} 局有问题（共 {total} 处），"
        "{unreadable} 局无法读取 — 退出码 {code}",
        "{games} game(s): {verified} verified, {findings} with findings ({total} in all), "
        "{unreadable} unreadable — exit {code}",
    ),
    # -- a finding's diff (xzcore.audit.diff.diff_lines) --------------------------------------
    "diff.added": (
        "多出{index}（记录里有，规则没有）",
        "added{index} (in the log, not by the rules)",
    ),
    "diff.removed": (
        "缺少{index}（规则要求，记录里没有）",
        "removed{index} (required by the rules, missing from the log)",
    ),
    "diff.changed": ("改动{index}", "changed{index}"),
    "diff.value": ("{claimed} → {correct}", "{claimed} → {correct}"),
    "diff.map_field": ("{field}：{claimed} → {correct}", "{field}: {claimed} → {correct}"),
}
"""Every phrase: key → (Chinese, English)."""

RULE_NAMES: dict[str, tuple[str, str]] = {
    # RULES.md (../shared/RULES.md), by the heading or first words of each rule.
    "R1.1": ("108张牌", "108 tiles"),
    "R1.2": ("牌的编号", "tile kinds"),
    "R1.3": ("牌的写法", "tile notation"),
    "R2.1": ("四个座位", "four seats"),
    "R2.2": ("牌墙", "the wall"),
    "R2.3": ("发牌", "the deal"),
    "R2.4": ("首局", "first round"),
    "R3.1": ("换三张", "exchange three"),
    "R3.2": ("换牌不合规", "illegal exchange"),
    "R4.1": ("定缺", "void declaration"),
    "R4.2": ("先打缺门", "void suit discarded first"),
    "R4.3": ("缺门不碰不杠", "no peng or gang on the void suit"),
    "R4.4": ("缺一门才能胡", "no win holding the void suit"),
    "R5.1": ("摸牌与出牌", "draw and discard"),
    "R5.2": ("对打出的牌声明", "claims on a discard"),
    "R5.3": ("优先次序", "claim priority"),
    "R5.4": ("碰后出牌", "discard after a peng"),
    "R5.5": ("胡后轮转", "turn after a win"),
    "R5.6": ("一局结束", "end of the round"),
    "R5.7": ("最后一局", "final round"),
    "R6.1": ("杠的种类", "gang kinds"),
    "R6.2": ("刮风下雨", "gang money"),
    "R6.3": ("晚补杠", "late added gang"),
    "R6.4": ("抢杠胡", "robbing the gang"),
    "R6.5": ("杠须有牌", "a gang needs its tiles"),
    "R7.1": ("胡牌牌型", "winning hand"),
    "R7.2": ("胡时缺一门", "void suit at a win"),
    "R7.3": ("听牌", "waits"),
    "R7.4": ("过手胡", "pass lock"),
    "R7.5": ("天胡地胡", "heavenly and earthly win"),
    "R8": ("算番", "scoring a win"),
    "R8.1": ("整手计番", "value of the whole hand"),
    "R8.2": ("根", "gen"),
    "R8.3": ("番表", "table scoring"),
    "R8.4": ("加番计分", "additive scoring"),
    "R8.5": ("数个数", "count scoring"),
    "R8.6": ("加番项", "extras"),
    "R8.7": ("封顶", "cap"),
    "R9": ("付钱", "paying a win"),
    "R9.1": ("点炮", "win on a discard"),
    "R9.2": ("自摸", "self-draw"),
    "R9.3": ("点杠花", "dianganghua"),
    "R9.4": ("抢杠胡付钱", "robbed gang payment"),
    "R9.5": ("呼叫转移", "call transfer"),
    "R9.6": ("钱数守恒", "money is conserved"),
    "R10": ("流局结算", "end-of-round settlement"),
    "R10.1": ("查花猪", "flower pig check"),
    "R10.2": ("查大叫", "not-ready check"),
    "R10.3": ("退税", "gang money refund"),
    "R10.4": ("三家胡后不结算", "no settlement after three wins"),
    "R11.1": ("下一庄", "next dealer"),
    "R11.2": ("血流成河", "bloody river"),
    "R11.3": ("一场", "a match"),
    "R12": ("预设", "presets"),
    "R13.1": ("个数", "the count"),
    "R13.2": ("放炮罚", "penalties on the discarder"),
    "R13.3": ("飘", "piao"),
    "R13.4": ("摆割", "baige"),
    "R13.5": ("必须胡", "forced win"),
    "R13.6": ("庄家", "dealer"),
    "R13.7": ("种子未规定之处", "where the seed is silent"),
    # docs/log-format.md
    "L1": ("文件结构", "container"),
    "L2": ("哈希链", "hash chain"),
    "L3": ("签名", "signature"),
    "L4": ("头记录", "header"),
    "L5": ("事件与声明", "events and claims"),
    "L6": ("读取限制", "reader limits"),
    "L7": ("版本", "versions"),
}
"""Rule id → its short name (Chinese, English)."""


def _index(lang: str) -> int:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (expected {' or '.join(LANGS)})")
    return LANGS.index(lang)


def text(key: str, lang: str, **fields: Any) -> str:
    """The phrase ``key`` in ``lang`` with its ``{fields}`` filled; an unknown key is a
    ``KeyError`` (a missing phrase is a bug, not a blank)."""
    phrase = MESSAGES[key][_index(lang)]
    return phrase.format(**fields) if fields else phrase


def word(prefix: str, code: str, lang: str) -> str:
    """``text(prefix + "." + code)``, or ``code`` itself when the catalogue has no such entry
    (an unknown code in a disputed log is shown as it was written)."""
    pair = MESSAGES.get(f"{prefix}.{code}")
    return code if pair is None else pair[_index(lang)]


def rule_name(rule: str, lang: str) -> str:
    """The short name of a rule id (``""`` for an id the catalogue does not name)."""
    pair = RULE_NAMES.get(rule)
    return "" if pair is None else pair[_index(lang)]


def rule_label(rule: str, lang: str) -> str:
    """The id with its name beside it: ``"R9.2 自摸"`` / ``"R9.2 self-draw"``."""
    name = rule_name(rule, lang)
    return f"{rule} {name}" if name else rule
