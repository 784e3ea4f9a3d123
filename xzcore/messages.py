"""The message catalogue: every user-facing word and phrase of ``xz replay``, ``xz audit``,
``xz hand --lang`` and the table view, the engine's refusals (``refusal.*``) and the audit's
findings (``finding.*``, ``note.*``), in Chinese and English, keyed by a stable id; and the
rule ids' short names.

Data, not logic: each entry is ``key: (Chinese, English)``; :func:`text` picks one language
and fills the ``{fields}``; :func:`phrase` fills them with raw values (tile kinds, suit
indexes, event ids) shown in that language; :func:`from_english` finds the phrase of a text
written in English elsewhere (a log reader's error). Names that already live beside their
codes (pattern names, extras, transfer reasons, meld kinds) stay there and are looked up by
the view.

>>> text("event.dahai", "zh"), text("event.dahai", "en")
('打', 'discard')
>>> text("view.left", "zh", left=12)
'，余 12 张'
>>> rule_label("R9.2", "zh"), rule_label("R9.2", "en")
('R9.2 自摸', 'R9.2 self-draw')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from xzcore.tiles import SUIT_NAMES_ZH, SUITS, Meld, format_tiles, tile_name, tile_name_zh

__all__ = [
    "LANGS",
    "MESSAGES",
    "RULE_NAMES",
    "from_english",
    "named_phrase",
    "phrase",
    "rule_label",
    "rule_name",
    "text",
    "word",
]

LANGS = ("zh", "en")
"""The languages of every entry, in the order of its pair."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- event and action words (the English is the plain word; the event ids stay ids) ------
    "event.start_kyoku": ("开局", "deal"),
    "event.exchange": ("换三张", "exchange"),
    "event.dingque": ("定缺", "declares void"),
    "event.tsumo": ("摸", "draw"),
    "event.dahai": ("打", "discard"),
    "event.pon": ("碰", "peng"),
    "event.daiminkan": ("直杠", "gang"),
    "event.ankan": ("暗杠", "concealed gang"),
    "event.kakan": ("补杠", "added gang"),
    "event.none": ("过", "pass"),
    "event.hora": ("胡", "win"),
    "event.gang_payment": ("杠钱", "gang money"),
    "event.call_transfer": ("呼叫转移", "call transfer"),
    "event.ryukyoku": ("流局", "exhaustive draw"),
    "event.settlement": ("查花猪/查大叫/退税", "end-of-round settlement"),
    "event.end_kyoku": ("结束", "end of round"),
    "event.piao": ("飘", "piao bet (飘)"),
    "event.baige": ("摆割", "open hand (摆割)"),
    # -- suits --------------------------------------------------------------------------------
    "suit.m": ("万", "m (万)"),
    "suit.p": ("筒", "p (筒)"),
    "suit.s": ("条", "s (条)"),
    # -- end-of-round reasons (the English is the id the event carries) ------------------------
    "reason.wall_empty": ("荒庄（牌墙摸完）", "the wall is empty"),
    "reason.three_won": ("三家已胡", "three seats have won"),
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
    "view.dealer": ("庄家 {dealer}", "dealer {dealer}"),
    "view.seat": ("座{seat}", "seat {seat}"),
    "view.named": ("{name}（座{seat}）", "{name} (seat {seat})"),
    "view.exchange_direction": ("，换牌方向 +{direction}", ", exchange +{direction}"),
    "view.to_seat": ("→ {seat}", "→ {seat}"),
    "view.rinshan": ("（杠上）", " (replacement draw)"),
    "view.left": ("，余 {left} 张", ", {left} left"),
    "view.tsumogiri": ("（摸切）", " (as drawn)"),
    "view.from_seat": ("，{seat} 打出", " from {seat}"),
    "view.self_draw": ("自摸", "self-draw"),
    "view.from_seat_win": ("{seat} 点炮", "on a discard from {seat}"),
    "view.superseded": ("（声明{claim}，被优先的声明取代）", " (claimed {claim}, superseded)"),
    "view.pays": ("；", "; "),
    "view.transfer": (
        "{payer} 付给 {payee} {units}（{rule}）",
        "{payer} pays {payee} {units} ({rule})",
    ),
    "view.list_sep": ("，", ", "),
    "view.shows": ("：亮牌 {hand}", ": shows {hand}"),
    "view.end": (
        "{word}：{reason}；总分 {totals}；下一庄 {next}",
        "{word}: {reason}; totals {totals}; next dealer {next}",
    ),
    "view.wall": (
        "牌墙：余 {left} 张；庄家：{dealer}",
        "wall: {left} tiles left; dealer: {dealer}",
    ),
    "view.won": ("（已胡）", " (won)"),
    "view.seat_line": (
        "{seat}{won}：得分 {score}；缺 {void}；手牌 {hand}；副露 {melds}；弃牌 {discards}",
        "{seat}{won}: score {score}; void {void}; hand {hand}; melds {melds}; discards {discards}",
    ),
    "view.nothing": ("-", "-"),
    # -- xz replay ----------------------------------------------------------------------------
    "replay.title": ("第 {game} 局", "game {game}"),
    "replay.header": (
        " — 种子 {seed}，庄家 {dealer}，规则 {rules}，座位 {seats}",
        " — seed {seed}, dealer {dealer}, rules {rules}, seats {seats}",
    ),
    "replay.columns": ("   #  座位            事件", "   #  seat            event"),
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
    "html.note": ("注：", "note:"),
    "html.money_diff": ("金额差（记录 − 应为）", "money (log − correct)"),
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
    "html.version_games": (
        "{n} 局是格式 1.0 的对局：",
        "{n} game(s) of format 1.0:",
    ),
    "audit.verified": ("{head}  核对无误（{events} 个事件）", "{head}  verified ({events} events)"),
    "audit.status.findings": ("{head}  有问题（{n}）", "{head}  FINDINGS ({n})"),
    "audit.status.unreadable": ("{head}  无法读取（{n}）", "{head}  UNREADABLE ({n})"),
    "audit.event": ("第 {event} 个事件 ", "event {event} "),
    "audit.at_byte": ("@ 字节 {offset}  ", "@ byte {offset}  "),
    "audit.unreadable": ("无法读取：", "unreadable: "),
    "audit.money": ("      金额差（记录 − 应为）：", "      money (log − correct): "),
    "audit.seats_head": ("  各座金额（单位）：", "  money per seat (units):"),
    "audit.run_head": ("各人金额，全部对局（单位）：", "money per seat name, all games (units):"),
    "audit.col_name": ("座位", "seat"),
    "audit.col_claimed": ("记录的付款", "log's payments"),
    "audit.col_totals": ("记录的总分", "log's totals"),
    "audit.col_correct": ("应为", "correct"),
    "audit.col_diff": ("差额（记录 − 应为）", "difference (log − correct)"),
    "audit.corrections": (
        "  纠正（把记录的金额变成应为的金额）：",
        "  correction (turns the log's money into the correct money):",
    ),
    "audit.run_corrections": (
        "纠正，全部对局合计（把记录的金额变成应为的金额）：",
        "correction, all games together (turns the log's money into the correct money):",
    ),
    "audit.gives": ("{giver} 付给 {taker} {units}", "{giver} gives {units} to {taker}"),
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
    "audit.note": ("      因此：", "      and so: "),
    "audit.game_note": ("  注：", "  note: "),
    "audit.version_note": (
        "格式 1.0 的对局：不属于任何比赛（1.0 的签名只覆盖最终哈希），所以无法证明记录是否完整"
        "（没有扣下对局）以及对局属于哪场比赛（docs/log-format.md L8.10）",
        "a format 1.0 game: it names no match (and a 1.0 signature covers only its final "
        "hash), so whether the log is complete — no game withheld — and which match the game "
        "belongs to cannot be proven (docs/log-format.md L8.10)",
    ),
    "audit.summary": (
        "{games} 局：{verified} 局核对无误，{findings} 局有问题（共 {total} 处），"
        "{unreadable} 局无法读取 — 退出码 {code}",
        "{games} game(s): {verified} verified, {findings} with findings ({total} in all), "
        "{unreadable} unreadable — exit {code}",
    ),
    # -- an engine refusal: why a rule forbids an action (xzcore.round.checks, the Leshan --
    # -- round; xzcore.refusal.Refusal). Fields: see phrase() -------------------------------
    "refusal.round_over": ("本局已结束", "the round is over"),
    "refusal.dingque_first": (
        "每个座位先定缺（定缺）",
        "every seat declares its void suit first (dingque)",
    ),
    "refusal.dingque_done": ("座{seat}已经定缺", "seat {seat} has already declared its void suit"),
    "refusal.before_play": ("{word}在开打之前", "{word} happens before play"),
    "refusal.exchange_first": (
        "每个座位先选出换的三张牌（换三张）",
        "every seat chooses its three tiles first (exchange)",
    ),
    "refusal.exchange_done": (
        "座{seat}已经选好换的三张牌",
        "seat {seat} has already chosen its three tiles",
    ),
    "refusal.exchange_suits": (
        "{tiles}不是同一门：换的三张须同一门",
        "{tiles} mixes suits: the three tiles are of one suit",
    ),
    "refusal.exchange_not_held": (
        "座{seat}手里没有 {n} 张{tile}",
        "seat {seat} does not hold {n}× {tile}",
    ),
    "refusal.exchange_other": (
        "不是手里同一门的三张牌",
        "not a choice of three held tiles of one suit",
    ),
    "refusal.not_your_turn": (
        "轮到座{cur}，不是座{seat}",
        "it is seat {cur}'s turn, not seat {seat}'s",
    ),
    "refusal.claim_on_turn": (
        "{word}是对别家打出的牌的声明；座{seat}正在自己的回合",
        "{word} answers another seat's discard; seat {seat} is on its turn",
    ),
    "refusal.forced_self_draw": (
        "最后一局（必须胡）：该座位必须自摸胡",
        "final round (forced): the seat must take its self-draw win",
    ),
    "refusal.discard_after_peng": (
        "碰后碰牌的座位出牌（不摸牌，不先杠）",
        "after a 碰 the claimer discards (no draw, no gang first)",
    ),
    "refusal.not_held": ("座{seat}手里没有{tile}", "seat {seat} does not hold {tile}"),
    "refusal.winner_discards_drawn": (
        "已胡的手牌锁定：只能打出摸到的{drawn}",
        "a winner's hand is locked: it discards the drawn {drawn}",
    ),
    "refusal.void_first": (
        "座{seat}手里有缺门的牌，必须先打缺门",
        "seat {seat} holds void-suit tiles and must discard one of them",
    ),
    "refusal.bad_discard": ("不是合规的出牌", "not a legal discard"),
    "refusal.ankan_needs_four": (
        "暗杠须手里有四张{tile}",
        "a concealed gang needs four {tile} in hand",
    ),
    "refusal.kakan_needs_peng": ("补杠须先碰过{tile}", "an added gang needs a 碰 of {tile}"),
    "refusal.kakan_needs_fourth": (
        "座{seat}手里没有第四张{tile}",
        "seat {seat} does not hold the fourth {tile}",
    ),
    "refusal.gang_void": ("缺门{suit}不能杠", "no gang on the void suit {suit}"),
    "refusal.gang_wall_empty": (
        "牌墙摸完后不能杠",
        "no gang may be declared when the wall is empty",
    ),
    "refusal.winner_gang_waits": (
        "已胡的座位只有在听牌不变时才能杠",
        "a winner may gang only if its waits stay the same",
    ),
    "refusal.bad_gang": ("不是合规的杠", "not a legal gang"),
    "refusal.win_after_peng": ("碰后碰牌的座位出牌", "after a 碰 the claimer discards"),
    "refusal.win_holds_void": (
        "座{seat}手里有缺门的牌",
        "seat {seat} holds a tile of its void suit",
    ),
    "refusal.three_suits": (
        "手牌和副露三门都有（缺一门）",
        "hand and melds hold all three suits (缺一门)",
    ),
    "refusal.not_a_win": ("这手牌不是胡牌牌型", "the hand is not a winning hand"),
    "refusal.win_tile_drawn": (
        "胡的牌是摸到的那张，{tile}",
        "the winning tile is the one drawn, {tile}",
    ),
    "refusal.own_claim": (
        "座{seat}不能声明自己{what}",
        "seat {seat} cannot claim its own {what}",
    ),
    "refusal.must_answer": (
        "座{seat}须回应座{src}{what}（胡、碰、直杠、过）",
        "seat {seat} must answer seat {src}'s {what} (hora, pon, daiminkan, none)",
    ),
    "refusal.waits_for_answers": (
        "座{seat}等待座{seats}回应座{src}{what}",
        "seat {seat} waits while seats {seats} answer seat {src}'s {what}",
    ),
    "refusal.out_of_play": ("座{seat}已胡，不再参与", "seat {seat} has won and is out of play"),
    "refusal.answered": (
        "座{seat}已经回应过这张{what}",
        "seat {seat} has already answered this {what}",
    ),
    "refusal.wrong_tile": (
        "可声明的牌是{offer}，不是{tile}",
        "the tile on offer is {offer}, not {tile}",
    ),
    "refusal.forced_win": (
        "最后一局（必须胡）：该座位必须胡这张牌",
        "final round (forced): the seat must take this win",
    ),
    "refusal.not_asked": (
        "座{seat}没有可声明的，也没有被询问",
        "seat {seat} has nothing to claim and is not asked",
    ),
    "refusal.rob_by_win": ("补杠只能被抢杠胡", "an added gang can only be robbed by a win"),
    "refusal.bad_claim": ("不是合规的声明", "not a legal claim"),
    "refusal.would_three_suits": (
        "手牌和副露将三门都有（缺一门）",
        "hand and melds would hold all three suits (缺一门)",
    ),
    "refusal.not_complete": (
        "{tile}不能让座{seat}的手牌胡",
        "{tile} does not complete seat {seat}'s hand",
    ),
    "refusal.pass_lock_strict": (
        "座{seat}过了胡，到下次摸牌前都不能胡（严格）",
        "seat {seat} passed a win and is locked until its next draw (strict)",
    ),
    "refusal.pass_lock_higher": (
        "座{seat}过了 ×{value} 的胡，到下次摸牌前只能胡别家更大的牌（只许更大）",
        "seat {seat} passed a win worth ×{value} and is locked until its next draw: it may "
        "win on another seat's tile only for more (higher_only)",
    ),
    "refusal.meld_needs": ("{word}须手里有 {need} 张{tile}", "{word} needs {need} {tile} in hand"),
    "refusal.meld_void": (
        "座{seat}不能{word}缺门{suit}的牌",
        "seat {seat} may not {word} a tile of its void suit {suit}",
    ),
    "refusal.last_discard": (
        "牌墙已摸完：最后一张打出的牌只能胡",
        "the wall is empty: the last discard may only be claimed by 胡",
    ),
    "refusal.winner_no_peng": (
        "已胡的手牌锁定：不能碰",
        "a winner's hand is locked: it may not peng",
    ),
    "refusal.tile_won": (
        "座{who}已胡这张{tile}：谁也不能碰或杠",
        "seat {who} won this {tile}: nobody pengs or gangs it",
    ),
    "refusal.already_won": (
        "座{seat}已经胡了这张{tile}",
        "seat {seat} has already won this {tile}",
    ),
    "refusal.no_multi_ron": (
        "未开一炮多响：只有第一个声明的座{first}胡",
        "multi_ron is off: only the first claimant, seat {first}, wins",
    ),
    "refusal.not_offered_win": (
        "座{seat}没有被询问胡{tile}",
        "seat {seat} was not offered a win on {tile}",
    ),
    "refusal.not_offered": (
        "座{seat}没有被询问{word}{tile}",
        "seat {seat} was not offered {word} on {tile}",
    ),
    "refusal.piao_first": ("每个座位先下飘（飘）", "every seat bets its 飘 first (piao)"),
    "refusal.piao_before_draw": ("飘在第一次摸牌之前下", "飘 is bet before the first draw"),
    "refusal.piao_done": ("座{seat}已经下过飘", "seat {seat} has already bet its 飘"),
    "refusal.piao_range": ("飘是 0-{max}，不是 {amount}", "飘 is 0-{max}, not {amount}"),
    "refusal.baige_off": (
        "这套规则没有摆割（选项摆割关闭）",
        "摆割 is off in these rules (option baige)",
    ),
    "refusal.baige_turn": (
        "摆割在自己的回合随出牌声明",
        "摆割 is declared on the seat's own turn, with a discard",
    ),
    "refusal.baige_done": ("座{seat}已经摆割亮牌", "seat {seat} has already laid its hand open"),
    "refusal.baige_wall": (
        "余 {left} 张：摆割须多于 {min} 张",
        "{left} tiles left: 摆割 needs more than {min}",
    ),
    "refusal.baige_not_ready": (
        "去掉{tile}后不听牌（R7.3）",
        "the hand without {tile} is not ready (R7.3)",
    ),
    "refusal.baige_void_first": (
        "现在不能打这张（先打缺门）",
        "that discard is not allowed now (void suit first)",
    ),
    "refusal.baige_no_peng": (
        "座{seat}已摆割亮牌：不能碰",
        "seat {seat} laid its hand open (摆割): no peng",
    ),
    "refusal.baige_discard_drawn": (
        "座{seat}已摆割亮牌：只能打出摸到的牌",
        "seat {seat} laid its hand open (摆割): it discards the tile it drew",
    ),
    "refusal.baige_gang": (
        "座{seat}已摆割亮牌：杠须用摸到的牌（或打出的牌），且听牌不变",
        "seat {seat} laid its hand open (摆割): a gang must use the tile it drew (or the "
        "discard) and keep its waits",
    ),
    "tile.unknown": ("牌", "tile"),
    "offer.dahai": ("打出的牌", "discard"),
    "offer.kakan": ("补杠", "added gang"),
    # -- an audit finding and its notes (xzcore.audit.compare, xzcore.audit.report; shown by --
    # -- xzcore.audit.report.finding_text). Fields: see phrase() ------------------------------
    "finding.bad_rules": (
        "头记录的规则集无效：{detail}",
        "the header's rule set is not valid: {detail}",
    ),
    "finding.no_start": ("第一个事件不是开局", "the first event is not start_kyoku"),
    "finding.no_setup": ("无法开局：{detail}", "the game cannot be set up: {detail}"),
    "finding.not_an_event": ("事件必须是带类型的映射", "an event must be a map with a 'type'"),
    "finding.malformed": ("动作事件格式错误：{detail}", "malformed action event: {detail}"),
    "finding.illegal": ("不合规的动作：{reason}", "illegal action: {reason}"),
    "finding.cannot_apply": ("动作无法执行：{detail}", "action cannot be applied: {detail}"),
    "finding.engine_failed": (
        "对局引擎在这个动作上出错（{kind}：{detail}）；这是引擎的错误，请报告",
        "the round engine failed on this action ({kind}: {detail}); this is a bug of the "
        "engine, please report it",
    ),
    "finding.replay_failed": (
        "重放失败（{kind}：{detail}）；这是程序错误，请报告",
        "the replay failed ({kind}: {detail}); this is a bug, please report it",
    ),
    "finding.ends_early": (
        "本局未完记录就结束了（座{seats}还须行动）",
        "the log ends before the round is over (seats {seats} must still act)",
    ),
    "finding.misses": (
        "记录缺少规则要求的{event}事件",
        "the log misses a {event} event the rules require",
    ),
    "finding.extra_event": (
        "记录里有规则不会产生的{event}事件",
        "the log holds a {event} event the rules do not make",
    ),
    "finding.goes_on": ("本局结束后记录还在继续", "the log goes on after the round is over"),
    "finding.lacks": (
        "记录缺少重放在此产生的{event}事件",
        "the log lacks the {event} event the replay makes here",
    ),
    "finding.diverges": (
        "记录与重放不符：记录是 {claimed}，规则给出 {correct}",
        "the log diverges from the replay: it records {claimed}, the rules give {correct}",
    ),
    "finding.seat": ("座{seat}", "seat {seat}"),
    "finding.wrong_score": (
        "座{seat}胡牌的计分有误：{keys}",
        "wrong score of seat {seat}'s win: {keys}",
    ),
    "finding.wrong_payments": ("{event}事件的付款有误", "wrong payments in the {event} event"),
    "finding.wrong_totals": ("本局总分有误", "wrong round totals"),
    "finding.wrong_totals_beyond": (
        "本局总分有误（金额：超出上面报告的差额的部分）",
        "wrong round totals (money: beyond the differences reported above)",
    ),
    "finding.event_differs": (
        "{event}事件与重放在{keys}上不同",
        "the {event} event differs from the replay in {keys}",
    ),
    "finding.claims_disagree": (
        "声明记录的{part}与重放不符",
        "the claims record's {part} disagree with the replay",
    ),
    "finding.claims_disagree_repeat": (
        "声明记录的{part}与重放不符（即上面报告的金额差：不再重复计算）",
        "the claims record's {part} disagree with the replay (the money difference reported "
        "above: not counted again)",
    ),
    "note.totals_follow": (
        "{event}的总分 {log_totals}（重放为 {replay_totals}）来自上面报告的差异：不再重复计算",
        "{event}'s totals {log_totals} (the replay gives {replay_totals}) follow from the "
        "differences reported: not counted again",
    ),
    "note.claims_follow": (
        "声明记录的{part}与上面报告的事件一致，与重放不符：由它们而来，不再重复计算",
        "the claims record's {part} agree with the events reported above, not with the "
        "replay: they follow from them, not counted again",
    ),
    "note.claims_totals_follow": (
        "声明记录的{part} {log_totals} 与上面报告的事件一致，与重放不符：由它们而来，不再重复计算",
        "the claims record's {part} {log_totals} agree with the events reported above, not "
        "with the replay: they follow from them, not counted again",
    ),
    # -- a finding said as a sentence for people (xzcore.audit.explain) ----------------------
    "explain.seat": ("座{seat}", "seat {seat}"),
    "explain.why": ("{why}（{rule}）。", "{why} ({rule})."),
    "explain.rule_only": ("规则：{rule}。", "The rule: {rule}."),
    "explain.nothing": ("无", "none"),
    "explain.yes": ("是", "yes"),
    "explain.no": ("否", "no"),
    "explain.for": ("（{reason}）", " ({reason})"),
    "explain.pays": (
        "{payer} 付给 {payee} {units}{reason}",
        "{payer} paying {payee} {units}{reason}",
    ),
    "explain.misses_payments": (
        "{at}，记录缺少规则要求的{event}：{payments}。{why}",
        "{at}, the log leaves out the {event} the rules require here: {payments}. {why}",
    ),
    "explain.extra_payments": (
        "{at}，记录里有规则不会产生的{event}：{payments}。{why}",
        "{at}, the log holds a {event} the rules do not make: {payments}. {why}",
    ),
    "explain.list_sep": ("、", ", "),
    "explain.no_payment": ("没有付款", "no payment"),
    "explain.did": ("{who} {did}", "{who} {did}"),
    "explain.event_with": ("{event}（{what}）", "{event} ({what})"),
    "explain.at_event": ("第 {event} 个事件", "At event {event}"),
    "explain.in_game": ("本局", "In this game"),
    "explain.illegal": (
        "{at}，{did}，规则不允许：{reason}。{why}",
        "{at}, {did}, which the rules do not allow: {reason}. {why}",
    ),
    "explain.wrong_score": (
        "{at}，记录给 {who} 的胡牌算作{claimed}；按规则应为{correct}。{why}",
        "{at}, the log scores {who}'s win at {claimed}; the rules give {correct}. {why}",
    ),
    "explain.payments_instead": (
        "{at}，{event}里记录的是 {claimed}；按规则应为 {correct}。{why}",
        "{at}, in the {event} the log has {claimed}; the rules have {correct} instead. {why}",
    ),
    "explain.payments_missing": (
        "{at}，{event}里记录漏了 {correct}。{why}",
        "{at}, the {event} in the log leaves out {correct}. {why}",
    ),
    "explain.payments_extra": (
        "{at}，{event}里记录多了规则没有的 {claimed}。{why}",
        "{at}, the {event} in the log adds {claimed}, which the rules do not give. {why}",
    ),
    "explain.misses": (
        "{at}，记录缺少规则要求的{event}。{why}",
        "{at}, the log leaves out what the rules require here: {event}. {why}",
    ),
    "explain.extra_event": (
        "{at}，记录里有规则不会产生的{event}。{why}",
        "{at}, the log holds what the rules do not make: {event}. {why}",
    ),
    "explain.totals": (
        "{at}，记录的本局总分是 {claimed}；按规则应为 {correct}。{why}",
        "{at}, the log's round totals are {claimed}; the rules give {correct}. {why}",
    ),
    "explain.claims": (
        "声明记录的{part}是 {claimed}；按规则应为 {correct}。{why}",
        "The claims record says {part}: {claimed}; the rules give {correct}. {why}",
    ),
    "explain.event_differs": (
        "{at}，记录的{event}是 {claimed}；按规则应为 {correct}。{why}",
        "{at}, the log's {event} has {claimed}; the rules give {correct}. {why}",
    ),
    "explain.diverges": (
        "{at}，记录的是 {claimed}，而按规则此处应为 {correct}；之后的对局无法再比对。{why}",
        "{at}, the log records {claimed}, where the rules give {correct}; the rest of the "
        "game cannot be compared. {why}",
    ),
    "explain.ends_early": (
        "{at}，记录在本局结束前就停了：{who} 还须行动。{why}",
        "{at}, the log stops before the round is over: {who} must still act. {why}",
    ),
    "explain.goes_on": (
        "{at}，本局已经结束，记录却还有：{claimed}。{why}",
        "{at}, the round is over, yet the log goes on: {claimed}. {why}",
    ),
    "explain.other": ("{at}：{message}。{why}", "{at}: {message}. {why}"),
    "explain.other_values": (
        "{at}：{message}：记录是 {claimed}；按规则应为 {correct}。{why}",
        "{at}: {message}: the log has {claimed}; the rules give {correct}. {why}",
    ),
    "explain.consequence": (
        "因此，记录的{things}也差同样的数目（上面已计，不再重复计算）。",
        "So the log's {things} are off by the same amounts (counted once, above).",
    ),
    "explain.consequence_parts": (
        "因此，记录的{parts}也随之有误（上面已计，不再重复计算）。",
        "So the log's {parts} follow from it (counted once, above).",
    ),
    "explain.consequence_both": (
        "因此，记录的{things}也差同样的数目，{parts}也随之有误（上面已计，不再重复计算）。",
        "So the log's {things} are off by the same amounts, and its {parts} follow from it "
        "(counted once, above).",
    ),
    "explain.the_totals": ("本局总分", "round totals"),
    "explain.the_claims_totals": ("声明记录的总分", "claims record's totals"),
    "explain.the_claims_part": ("声明记录的{part}", "claims record's {part}"),
    "explain.and": ("{first}和{last}", "{first} and {last}"),
    # -- what a seat did, in the game's words (explanations; the English is past tense) ------
    "act.dahai": ("打出{tile}", "discarded {tile}"),
    "act.tsumo": ("摸到{tile}", "drew {tile}"),
    "act.pon": ("碰{tile}", "claimed {tile} for a peng (碰)"),
    "act.daiminkan": ("直杠{tile}", "claimed {tile} for a gang (直杠)"),
    "act.ankan": ("暗杠{tile}", "made a concealed gang (暗杠) of {tile}"),
    "act.kakan": ("补杠{tile}", "added {tile} to its peng (补杠)"),
    "act.hora": ("胡{tile}", "won on {tile} (胡)"),
    "act.tsumo_win": ("自摸胡{tile}", "won by self-draw on {tile} (自摸)"),
    "act.none": ("选择过", "passed"),
    "act.dingque": ("定缺{suit}", "declared {suit} its void suit (定缺)"),
    "act.exchange": ("换出{tiles}", "passed on {tiles} (换三张)"),
    "act.piao": ("下飘 {amount}", "bet 飘 {amount}"),
    "act.baige": ("摆割亮牌，打出{tile}", "laid its hand open (摆割), discarding {tile}"),
    # -- events by their game words (explanations, the replay, the pages) -------------------
    "game.start_kyoku": ("开局", "deal"),
    "game.exchange": ("换三张", "exchange (换三张)"),
    "game.dingque": ("定缺", "void suit (定缺)"),
    "game.tsumo": ("摸牌", "draw"),
    "game.dahai": ("打牌", "discard"),
    "game.pon": ("碰", "peng"),
    "game.daiminkan": ("直杠", "gang"),
    "game.ankan": ("暗杠", "concealed gang"),
    "game.kakan": ("补杠", "added gang"),
    "game.none": ("过", "pass"),
    "game.hora": ("胡", "win"),
    "game.gang_payment": ("杠钱（刮风下雨）", "gang money (刮风下雨)"),
    "game.call_transfer": ("呼叫转移", "call transfer (呼叫转移)"),
    "game.ryukyoku": ("流局", "exhaustive draw"),
    "game.settlement": (
        "流局结算（查花猪、查大叫、退税）",
        "end-of-round settlement (查花猪, 查大叫, 退税)",
    ),
    "game.end_kyoku": ("本局结束", "end of the round"),
    "game.piao": ("飘", "piao bet (飘)"),
    "game.baige": ("摆割", "open hand (摆割)"),
    # -- the parts of a score and the fields of an event, for people -------------------------
    "part.wins": ("胡牌", "wins"),
    "part.fan": ("番", "fan"),
    "part.multiplier": ("倍数", "multiplier"),
    "part.capped": ("封顶后倍数", "multiplier after the cap"),
    "part.pattern": ("牌型", "pattern"),
    "part.gen": ("根", "gen (根)"),
    "part.gen_used": ("用掉的根", "gen used"),
    "part.extras": ("加番", "extras"),
    "part.special": ("天胡地胡", "heavenly or earthly win"),
    "part.score": ("计分", "score"),
    "part.pai": ("牌", "tile"),
    "part.actor": ("座位", "seat"),
    "part.target": ("对方座位", "from seat"),
    "part.tsumogiri": ("摸切", "discarded as drawn"),
    "part.rinshan": ("杠后补牌", "replacement draw"),
    "part.left": ("余牌", "tiles left"),
    "part.claim": ("声明", "claim"),
    "part.self_draw": ("自摸", "self-draw"),
    "part.after_gang": ("杠上", "after a gang"),
    "part.robbed": ("抢杠", "robbed gang"),
    "part.last_tile": ("海底", "last tile"),
    "part.first_turn": ("首巡", "first turn"),
    "part.dealer": ("庄家", "dealer"),
    "part.exchange_direction": ("换牌方向", "exchange direction"),
    "part.suit": ("缺门", "void suit"),
    "part.transfers": ("付款", "payments"),
    "part.totals": ("总分", "totals"),
    "part.next_dealer": ("下一庄", "next dealer"),
    "part.reason": ("原因", "reason"),
    "part.seats": ("各座", "seats"),
    "part.piao": ("飘", "piao (飘)"),
    "part.hand": ("手牌", "hand"),
    "part.waits": ("听牌", "waits"),
    "part.baige": ("摆割", "open hand (摆割)"),
    "part.wall": ("牌墙", "wall"),
    "part.detail": ("说明", "detail"),
    # -- what a rule says, in a sentence (explanations; RULES.md, docs/log-format.md) --------
    "why.R4.1": ("每个座位在开打前定缺一门", "Each seat declares a void suit before play"),
    "why.R4.2": (
        "定缺后，手里还有缺门的牌时必须先打缺门的牌",
        "A seat discards the tiles of its declared void suit before any other",
    ),
    "why.R4.3": ("缺门的牌不能碰、不能杠", "Nobody may peng or gang a tile of their void suit"),
    "why.R4.4": ("手里有缺门的牌不能胡", "A hand holding a tile of its void suit cannot win"),
    "why.R5.1": (
        "轮到的座位摸牌、出牌；别家只能回应打出的牌",
        "The seat whose turn it is draws and discards; the others only answer its discard",
    ),
    "why.R5.3": (
        "胡优先于碰和杠；被胡的牌不能再碰或杠",
        "A win comes before a peng or gang, and a tile that was won cannot be penged or ganged",
    ),
    "why.R5.4": (
        "碰后直接出牌，不摸牌；杠后补摸一张，再像自己的回合一样继续",
        "After a peng the seat discards without a draw; after a gang it draws a replacement "
        "and goes on as on its own turn",
    ),
    "why.R5.5": (
        "有人胡牌后，由最后一个胡牌座位之后、还在牌局中的座位接着摸牌",
        "After a win play resumes with the seat in play after the last winner",
    ),
    "why.R6.1": ("杠有直杠、补杠、暗杠三种", "A gang is direct, added or concealed"),
    "why.R2.2": ("牌按牌墙的顺序摸", "Tiles are drawn in the wall's order"),
    "why.R2.3": ("庄家先拿 14 张，其余每家 13 张", "The dealer is dealt 14 tiles, the others 13"),
    "why.R3.1": (
        "开局后每家选同一门的三张牌，按方向换给别家",
        "After the deal each seat passes three tiles of one suit in the direction drawn",
    ),
    "why.R5.6": (
        "三家胡了或牌墙摸完，本局结束",
        "The round ends when three seats have won or the wall is empty",
    ),
    "why.R5.7": ("最后一巡里能胡的座位必须胡", "In the final round a seat that can win must win"),
    "why.R6.2": (
        "杠要收杠钱（刮风下雨），由规则规定的座位付",
        "A gang collects gang money (刮风下雨) from the seats the rules name",
    ),
    "why.R6.4": (
        "补杠的那张牌可以被抢杠胡",
        "The tile added to a peng may be robbed by a win (抢杠胡)",
    ),
    "why.R7.1": (
        "胡牌须是四组加一对，或七对",
        "A winning hand is four sets and a pair, or seven pairs",
    ),
    "why.R7.4": (
        "过了胡的座位，到自己下次摸牌前不能胡",
        "A seat that passed a win may not win again until its next draw",
    ),
    "why.R7.5": ("天胡和地胡只在首巡", "A heavenly or earthly win is on the first turn only"),
    "why.R8.2": (
        "每个根（四张相同的牌）使价值翻倍",
        "Each gen (根, four of a kind) doubles the value",
    ),
    "why.R8.3": (
        "番表计分：牌型的倍数，每个根和每个加番项再 ×2，到封顶为止",
        "In table scoring a win is worth its pattern's multiplier, doubled for each gen (根) "
        "and each extra, up to the cap",
    ),
    "why.R8.4": (
        "加番计分：牌型、根和加番项的番相加，价值是 2 的番次方，到封顶为止",
        "In additive scoring the fan of the pattern, the gen and the extras add up, and the "
        "value is 2 to that fan, up to the cap",
    ),
    "why.R8.6": (
        "杠上花、杠上炮、海底、抢杠等加番项各使价值翻倍",
        "Each extra (after a gang, the last tile, a robbed gang) doubles the value",
    ),
    "why.R8.7": ("胡牌的价值不超过封顶", "A win's value never passes the cap"),
    "why.R9.1": (
        "点炮的座位付给胡牌的座位",
        "The seat that discarded the winning tile pays the winner",
    ),
    "why.R9.2": (
        "自摸时每个还在牌局中的座位都付给胡牌的座位",
        "On a self-draw every seat still in play pays the winner",
    ),
    "why.R9.5": (
        "杠后点炮（杠上炮）时，杠的座位把这次杠收到的杠钱转给胡牌的座位（呼叫转移）",
        "A seat that deals in right after its gang (杠上炮) hands that gang's money on to the "
        "winner (呼叫转移)",
    ),
    "why.R9.6": (
        "每笔付款从一个座位付到另一个座位，各座总分就是它的付款之和",
        "Every payment leaves one seat and reaches another, so a seat's total is the sum of "
        "its payments",
    ),
    "why.R10": (
        "牌墙摸完时，还在牌局中的座位查花猪、查大叫、退税",
        "When the wall is empty the seats still in play are checked: 花猪, not ready, gang "
        "money to refund",
    ),
    "why.R10.1": (
        "花猪（手里还有缺门牌的座位）付给每个还在牌局中、不是花猪的座位",
        "A 花猪 (a seat still holding its void suit) pays each seat still in play that is not 花猪",
    ),
    "why.R10.2": (
        "没听牌的座位付给每个听牌的座位它能胡的最大价值；放弃了必须胡的座位不收查大叫的钱",
        "A seat that is not ready pays each ready seat the most it could win; a seat that "
        "forfeited a forced win collects nothing",
    ),
    "why.R10.3": (
        "没听牌的座位退还本局收到的杠钱",
        "A seat that is not ready refunds the gang money it received this round",
    ),
    "why.R10.4": (
        "三家胡了，本局不再结算",
        "When three seats have won there is no end-of-round settlement",
    ),
    "why.R11.1": (
        "第一个胡牌的座位做下一庄；一炮多响时点炮的座位做庄；没人胡则庄家连庄",
        "The first winner deals next; after a multiple win on one discard the discarder "
        "does; if nobody won the dealer stays",
    ),
    "why.R11.2": (
        "血流成河：胡了的座位继续打；牌墙摸完时，从未胡过的座位（哪怕只剩一家）按 R10 结算",
        "In 血流成河 a winner plays on, and when the wall is empty R10 settles the seats that "
        "never won, even a single one",
    ),
    "why.R13.1": (
        "乐山的个数：底 1，缺一门、门清、卡心五、一般高、抢杠、杠上炮、杠上花、金钩吊、海底捞"
        "和每个四归一各加 1，清一色算 5",
        "A 乐山 win's count is 1 plus one for each of 缺一门, 门清, 卡心五, 一般高, 抢杠, "
        "杠上炮, 杠上花, 金钩吊, 海底捞 and each 四归一; 清一色 counts 5",
    ),
    "why.R13.2": (
        "点炮罚：金钩炮和海底炮各多付 1",
        "The discarder pays one more for 金钩炮 and one more for 海底炮",
    ),
    "why.R13.3": (
        "飘：赢家和付钱的座位之间，个数加上双方下的飘",
        "Between a winner and each payer the count grows by both seats' 飘 bets",
    ),
    "why.R13.4": (
        "摆割亮牌的座位不能碰，只能打出摸到的牌，杠须听牌不变",
        "A seat that laid its hand open (摆割) may not peng, discards what it draws, and gangs "
        "only keeping its waits",
    ),
    "why.L2": (
        "每条记录带有它之前全部字节的哈希，任何改动都会显出来",
        "Every record carries the hash of all the bytes before it, so a change anywhere shows",
    ),
    "why.L3": (
        "每局的最终哈希由平台的密钥签名；改动后重算的哈希链没有有效的签名",
        "Each game's final hash is signed by the platform's key; a chain recomputed after an "
        "edit carries no valid signature",
    ),
    "why.L4": ("头记录给出规则、牌墙和庄家", "The header gives the rules, the wall and the dealer"),
    "why.L5": (
        "事件和声明记录必须是引擎按记录的动作产生的",
        "The events and the claims record must be what the engine makes of the recorded actions",
    ),
    # -- the parts of the claims record (L5) and the fields of an event, named in findings ---
    "claims.wins": ("胡牌", "wins"),
    "claims.transfers": ("付款", "transfers"),
    "claims.totals": ("总分", "totals"),
    "claims.next_dealer": ("下一庄", "next_dealer"),
    "field.type": ("类型", "type"),
    "field.actor": ("座位", "actor"),
    "field.pai": ("牌", "pai"),
    "field.target": ("对家座位", "target"),
    "field.tsumogiri": ("摸切", "tsumogiri"),
    "field.rinshan": ("杠上摸牌", "rinshan"),
    "field.left": ("余牌", "left"),
    "field.claim": ("声明", "claim"),
    "field.self_draw": ("自摸", "self_draw"),
    "field.after_gang": ("杠上", "after_gang"),
    "field.robbed": ("抢杠", "robbed"),
    "field.last_tile": ("海底", "last_tile"),
    "field.first_turn": ("天胡地胡", "first_turn"),
    "field.dealer": ("庄家", "dealer"),
    "field.exchange_direction": ("换牌方向", "exchange_direction"),
    "field.suit": ("缺门", "suit"),
    "field.score": ("计分", "score"),
    "field.transfers": ("付款", "transfers"),
    "field.totals": ("总分", "totals"),
    "field.next_dealer": ("下一庄", "next_dealer"),
    "field.reason": ("原因", "reason"),
    "field.seats": ("各座", "seats"),
    "field.piao": ("飘", "piao"),
    "field.hand": ("手牌", "hand"),
    "field.waits": ("听牌", "waits"),
    "field.baige": ("摆割", "baige"),
    "field.wall": ("牌墙", "wall"),
    "field.detail": ("说明", "detail"),
    "field.pattern": ("牌型", "pattern"),
    "field.gen": ("根", "gen"),
    "field.gen_used": ("用掉的根", "gen_used"),
    "field.extras": ("加番", "extras"),
    "field.fan": ("番", "fan"),
    "field.multiplier": ("倍数", "multiplier"),
    "field.capped": ("封顶后倍数", "capped"),
    "field.special": ("天胡地胡", "special"),
    # -- a log reader's messages (xzcore.log; xzcore.audit.report.error_text matches the -----
    # -- English and shows the Chinese; a message not listed here stays in English) ----------
    # L8, completeness (xzcore.log.completeness writes its English from these): the more
    # specific wording first, since error_text takes the first phrase whose English matches
    "log.l8_starts_midway_chained": (
        "记录从比赛 {match} 的第 {game} 局开始，且接在一局不在记录中的对局之后：这一局是从它的"
        "记录里单独拿出的，"
        "或者它之前的对局被扣下了",
        "the log starts with game {game} of match {match}, chained after a game not in it: a "
        "game taken out of its log, or the games before it withheld",
    ),
    "log.l8_starts_midway": (
        "记录从比赛 {match} 的第 {game} 局开始：这一局是从它的记录里单独拿出的，或者它之前的对"
        "局被扣下了",
        "the log starts with game {game} of match {match}: a game taken out of its log, or the "
        "games before it withheld",
    ),
    "log.l8_after_legacy": (
        "比赛 {match} 的第 {game} 局接在一份 1.0 格式记录的对局之后（几份记录被拼在一起）",
        "game {game} of match {match} follows a game of a format 1.0 log (logs joined)",
    ),
    "log.l8_extra_legacy": (
        "一份 1.0 格式记录的对局接在比赛 {before} 的最后一局之后：多出的一局（几份记录被拼在一"
        "起，或追加了对局）",
        "a game of a format 1.0 log follows the last game of match {before}: an extra game "
        "(logs joined, or a game appended)",
    ),
    "log.l8_extra_same": (
        "同一场比赛的第 {game} 局接在比赛 {before} 的最后一局之后：多出的一局（几份记录被拼在一"
        "起，或追加了对局）",
        "game {game} of the same match follows the last game of match {before}: an extra game "
        "(logs joined, or a game appended)",
    ),
    "log.l8_extra_other": (
        "另一场比赛（比赛 {match}）的第 {game} 局接在比赛 {before} 的最后一局之后：多出的一局（"
        "几份记录被拼在一起，"
        "或追加了对局）",
        "game {game} of another match (match {match}) follows the last game of match {before}: "
        "an extra game (logs joined, or a game appended)",
    ),
    "log.l8_other_planned": (
        "比赛 {match} 的第 {game} 局计划共 {planned} 局而不是 {before_planned} 局，却接在比赛 {"
        "before} 的第 "
        "{before_game} 局之后，而那不是它的最后一局：这是另一场比赛的对局，比赛 {before} 在这里"
        "被截短",
        "game {game} of match {match} planned for {planned} games, not {before_planned} follows "
        "game {before_game} of match {before}, which is not its last: a game of another match, "
        "and match {before} is cut short here",
    ),
    "log.l8_other_legacy": (
        "一份 1.0 格式记录的第 {game} 局接在比赛 {before} 的第 {before_game} 局之后，而那不是它"
        "的最后一局："
        "这是另一场比赛的对局，比赛 {before} 在这里被截短",
        "game {game} of a format 1.0 log follows game {before_game} of match {before}, which is "
        "not its last: a game of another match, and match {before} is cut short here",
    ),
    "log.l8_other_match": (
        "比赛 {match} 的第 {game} 局接在比赛 {before} 的第 {before_game} 局之后，而那不是它的最"
        "后一局："
        "这是另一场比赛的对局，比赛 {before} 在这里被截短",
        "game {game} of match {match} follows game {before_game} of match {before}, which is "
        "not its last: a game of another match, and match {before} is cut short here",
    ),
    "log.l8_beyond_planned": (
        "比赛 {match} 的第 {game} 局，而这场比赛计划共 {planned} 局",
        "game {game} of match {match}, which is planned for {planned} games",
    ),
    "log.l8_missing_many": (
        "比赛 {match} 的第 {game} 局接在第 {before_game} 局之后：这里缺少第 {first}-{last} 局（"
        "被扣下或被移动）",
        "game {game} of match {match} follows game {before_game}: games {first}-{last} missing "
        "here (withheld, or moved)",
    ),
    "log.l8_missing_one": (
        "比赛 {match} 的第 {game} 局接在第 {before_game} 局之后：这里缺少第 {first} 局（被扣下"
        "或被移动）",
        "game {game} of match {match} follows game {before_game}: game {first} missing here "
        "(withheld, or moved)",
    ),
    "log.l8_again_or_moved": (
        "比赛 {match} 的第 {game} 局重复出现或顺序错乱（在第 {top} 局之后）",
        "game {game} of match {match} again or out of order (after game {top})",
    ),
    "log.l8_moved": (
        "比赛 {match} 的第 {game} 局出现在第 {top} 局之后：对局的顺序错乱（被移动）",
        "game {game} of match {match} comes after game {top}: the games are out of order (moved)",
    ),
    "log.l8_duplicated": (
        "比赛 {match} 的第 {game} 局再次出现：重复的一局",
        "game {game} of match {match} again: a duplicated game",
    ),
    "log.l8_unknown_fields_unsigned": (
        "结束记录含有 {major}.{minor} 格式没有定义的字段：{names}（没有任何签名覆盖它们）",
        "the closing record holds fields format {major}.{minor} does not define: {names} "
        "(covered by no signature)",
    ),
    "log.l8_unknown_fields": (
        "结束记录含有 {major}.{minor} 格式没有定义的字段：{names}（不属于 1.1 格式）",
        "the closing record holds fields format {major}.{minor} does not define: {names} (not "
        "format 1.1)",
    ),
    "log.l8_marked_last_early": (
        "第 {game} 局被标为比赛 {match} 的最后一局，而这场比赛计划共 {planned} 局：少了 {short} 局",
        "game {game} is marked as the last of match {match}, which is planned for {planned} "
        "games: {short} game(s) short",
    ),
    "log.l8_ends_open_planned": (
        "记录在比赛 {match} 的第 {game} 局之后结束，而这一局没有被标为最后一局：之后的对局缺失"
        "（计划 {planned} 局，"
        "{missing} 局不在记录里）",
        "the log ends after game {game} of match {match}, which is not marked as its last: the "
        "games after it are missing ({planned} planned, {missing} not in the log)",
    ),
    "log.l8_ends_open": (
        "记录在比赛 {match} 的第 {game} 局之后结束，而这一局没有被标为最后一局：之后的对局缺失",
        "the log ends after game {game} of match {match}, which is not marked as its last: the "
        "games after it are missing",
    ),
    "log.no_game_read": ("没有读到对局", "no game was read"),
    "log.no_game": ("记录里没有对局", "the log holds no game"),
    "log.cannot_open": ("无法打开：{detail}", "cannot open: {detail}"),
    "log.read_error": ("读取错误：{detail}", "read error: {detail}"),
    "log.no_logs": (
        "这个文件夹里没有 *{ext} 文件：没有可核对的",
        "no *{ext} file in this folder: nothing to audit",
    ),
    "log.expected_header": (
        "应为对局头记录（标记 {tag}），读到标记 {found}",
        "expected a game header (tag {tag}), found tag {found}",
    ),
    "log.prev_mismatch": (
        "头记录的上一局哈希与本文件中的上一局不符（有对局被删除、调换或改动）",
        "the header's previous-game hash does not match the game before it in this file (a "
        "game was removed, reordered or edited)",
    ),
    "log.truncated_game": (
        "记录在对局中间结束（文件被截断）",
        "the log ends inside a game (truncated file)",
    ),
    "log.too_many_events": ("一局超过 {n} 个事件", "more than {n} events in one game"),
    "log.game_too_long": ("一局超过 {n} 字节", "a game longer than {n} bytes"),
    "log.expected_event": (
        "应为事件或声明记录，读到标记 {found}",
        "expected an event or the claims record, found tag {found}",
    ),
    "log.claims_not_map": ("声明记录必须是映射", "the claims record must be a map"),
    "log.truncated_close": (
        "记录在对局的结束记录之前结束（文件被截断）",
        "the log ends before the game's closing record (truncated file)",
    ),
    "log.expected_close": (
        "应为结束记录（标记 {tag}），读到标记 {found}",
        "expected the closing record (tag {tag}), found tag {found}",
    ),
    "log.final_hash": (
        "结束记录的最终哈希不是声明记录的累计哈希",
        "the closing record's final hash is not the running hash of the claims record",
    ),
    "log.close_count": (
        "结束记录记 {claimed} 个事件，对局有 {n} 个",
        "the closing record counts {claimed} events, the game has {n}",
    ),
    "log.chain_broken": (
        "哈希链断裂：这条记录的字节被改动了（或它之前有记录被插入或删除）",
        "hash chain broken: this record's bytes were changed (or a record before it was "
        "inserted or removed)",
    ),
    "log.not_signed": ("对局没有签名", "the game is not signed"),
    "log.other_key": (
        "由另一把密钥签名（密钥 {key}，应为 {expected}）",
        "signed by another key (key id {key}, expected {expected})",
    ),
    "log.bad_signature": (
        "签名无效：最终哈希不是这把密钥签的（记录被改动且哈希链被重算）",
        "bad signature: the final hash was not signed by this key (records were changed and "
        "the chain recomputed)",
    ),
    "log.record_too_large": ("记录超过 {n} 字节", "record larger than {n} bytes"),
    "log.record_shape": (
        "记录必须是数组 [标记, 内容, 哈希]",
        "a record must be an array [tag, payload, hash]",
    ),
    "log.unknown_tag": ("未知的记录标记 {tag}", "unknown record tag {tag}"),
    "log.record_hash": (
        "记录的最后一项必须是它的 32 字节哈希",
        "a record's last element must be its 32-byte hash",
    ),
    "log.truncated_record": (
        "记录被截断：文件在这条记录的第 {n} 字节处结束",
        "truncated record: the log ends {n} bytes into it",
    ),
    "log.undecodable": (
        "无法解码的 msgpack 记录（{detail}）",
        "undecodable msgpack record ({detail})",
    ),
    "log.header_not_map": ("头记录必须是映射", "the header must be a map"),
    "log.header_field": (
        "头记录字段 {key} 必须是 {what}，读到 {found}",
        "header field {key} must be {what}, found {found}",
    ),
    "log.not_xzlog": (
        "不是 xzlog 头记录（格式 {found}，应为 {expected}）",
        "not an xzlog header (format {found}, expected {expected})",
    ),
    "log.bad_version": (
        "版本字段 {found} 有误（应为 [主, 次]）",
        "bad version field {found} (expected [major, minor])",
    ),
    "log.unsupported_version": (
        "不支持的格式版本 {found}（本读取器认识主版本 {known}）",
        "unsupported format version {found} (this reader knows major {known})",
    ),
    "log.close_not_map": ("结束记录必须是映射", "the closing record must be a map"),
    "log.close_final": (
        "结束记录：'final' 必须是 32 字节",
        "closing record: 'final' must be 32 bytes",
    ),
    "log.close_events": (
        "结束记录：'events' 必须是 >= 0 的整数",
        "closing record: 'events' must be an integer >= 0",
    ),
    "log.close_sig": (
        "结束记录：'sig' 必须是 64 字节或空",
        "closing record: 'sig' must be 64 bytes or nil",
    ),
    "log.close_key": (
        "结束记录：'key' 必须是 8 字节或空",
        "closing record: 'key' must be 8 bytes or nil",
    ),
    # -- xz hand --lang zh|en: one language a line (cli/hand_text.py, Score.lines(lang); -----
    # -- without --lang, the lines keep both languages side by side) -------------------------
    "hand.with_win": ("{hand} + {tile}", "{hand} + {tile}"),
    "hand.melds": ("副露：{melds}", "melds: {melds}"),
    "hand.void": ("缺 {suit}", "void {suit}"),
    "hand.rules": ("规则 {preset}", "rules {preset}"),
    "hand.sep": ("  ·  ", "  ·  "),
    "flag.self_draw": ("自摸", "self-draw"),
    "flag.after_gang": ("杠上", "after-gang"),
    "flag.robbed": ("抢杠", "robbed"),
    "flag.last_tile": ("海底", "last-tile"),
    "flag.first_turn": ("首巡", "first-turn"),
    "flag.dealer": ("庄家", "dealer"),
    "hand.win": ("胡", "a win"),
    "hand.not_win": ("不胡：{why}", "not a win: {why}"),
    "hand.not_ready": ("不听：{why}", "not ready: {why}"),
    "hand.void_held": (
        "手里有缺门{suit}的 {tile}（R4.4）",
        "the hand holds {tile} of its void suit {suit} (R4.4)",
    ),
    "hand.no_completion": ("没有能让这手牌胡的牌", "no tile completes this hand"),
    "hand.ready": ("听牌：{n} 种：{tiles}", "ready on {n} kind(s): {tiles}"),
    "hand.wait_count": ("  {tile}  个数 {count}", "  {tile}  count {count}"),
    "hand.wait": (
        "  {tile}  {name} ×{table}{gen}{extras} → {fan} 番 ×{multiplier}{cap}",
        "  {tile}  {name} ×{table}{gen}{extras} → fan {fan} ×{multiplier}{cap}",
    ),
    "hand.wait_gen": (" · 根 {n} ×{value}", " · gen {n} ×{value}"),
    "hand.wait_extra": (" · {name} ×2", " · {name} ×2"),
    "hand.wait_cap": ("（封顶 ×{capped}）", " (capped ×{capped})"),
    "hand.chajiao.max": ("查大叫（取最大）", "not-ready check (max)"),
    "hand.chajiao.min": ("查小叫（取最小）", "not-ready check (min)"),
    "hand.chajiao_count": (
        "{word}：只计牌的个数（R13.1）：{value}",
        "{word}: the count of the tiles only (R13.1): {value}",
    ),
    "hand.chajiao_value": (
        "{word}：只计牌型和根，封顶：×{value}",
        "{word}: the value of pattern and gen only, capped: ×{value}",
    ),
    "hand.decomposition": ("拆牌：{blocks}", "decomposition: {blocks}"),
    "hand.plain_additive": ("平胡：+0 番", "plain win: +0 fan"),
    "hand.additive_term": ("{name}：+{fan} 番", "{name}: +{fan} fan"),
    "hand.gen_additive": ("根：{gen}（+{gen} 番）", "gen: {gen} (+{gen} fan)"),
    "hand.pattern": ("{name}：×{table}", "{name}: ×{table}"),
    "hand.replaces": ("（取代{names}）", " (replaces {names})"),
    "hand.gen": ("根：{gen}{used}：×{value}", "gen: {gen}{used}: ×{value}"),
    "hand.gen_used": ("，其中 {n} 个算在{name}里", ", {n} used up by {name}"),
    "hand.tie": (
        "（同值：{name} ×{table}，根 {left} ×{value}）",
        "(same value: {name} ×{table} with {left} gen ×{value})",
    ),
    "hand.extra": ("{name}：×2", "{name}: ×2"),
    "hand.special": (
        "{name}：×32，不计根、加番和自摸加底（平常值 ×{ordinary}）",
        "{name}: ×32 without gen, extras or self-draw unit (ordinary value ×{ordinary})",
    ),
    "special.tianhu": ("天胡", "heavenly win"),
    "special.dihu": ("地胡", "earthly win"),
    "hand.fan": ("番 {fan}：×{multiplier}", "fan {fan}: ×{multiplier}"),
    "hand.cap": ("封顶 {cap}：×{capped}{note}", "cap {cap}: ×{capped}{note}"),
    "hand.cap_none": ("无", "none"),
    "hand.cap_fan": ("{fan} 番（×{value}）", "{fan} fan (×{value})"),
    "hand.capped": ("——已封顶", " — capped"),
    "hand.count_item": ("{name}：+{n}", "{name}: +{n}"),
    "hand.count": ("个数：{count}", "count: {count}"),
    "hand.count_cap": ("封顶 {cap} 番：{capped}", "cap {cap} fan: {capped}"),
    # -- why tiles do not win (xzcore.scoring's NotAWinError.text; its message keeps both) ---
    "notwin.no_split": (
        "{pai} 拆不成 {sets} 组加一对",
        "{pai} does not split into {sets} set(s) and a pair",
    ),
    "notwin.no_split_pairs": (
        "{pai} 拆不成 {sets} 组加一对，也拆不成七对",
        "{pai} does not split into {sets} set(s) and a pair, nor into seven pairs",
    ),
    "notwin.void_tile": (
        "手里有缺门{suit}的 {pai}",
        "the hand holds {pai} of its void suit {suit}",
    ),
    "notwin.void_meld": ("副露 {meld} 是缺门{suit}", "meld '{meld}' is of the void suit {suit}"),
    "notwin.three_suits": (
        "手牌和副露三门都有（缺一门：最多两门）",
        "the hand and melds hold all three suits (at most two)",
    ),
    # -- xz record --bot SEAT=COMMAND: an external mjai bot's reports (docs/mjai-bots.md, M3;
    # -- xzcore.players.external.BotReport) and what the command says of them ---------------
    "bot.where": (
        "第 {game} 局，事件 {index}，座{seat}",
        "game {game}, event {index}, seat {seat}",
    ),
    "bot.illegal": (
        "机器人的反应不合规则：{reason}（{rule}）；它发来 {sent}；改打 {played}",
        "the bot's reaction is illegal: {reason} ({rule}); it sent {sent}; played {played}",
    ),
    "bot.malformed": (
        "机器人的反应格式不对：{reason}（{rule}）；它发来 {sent}；改打 {played}",
        "the bot's reaction is malformed: {reason} ({rule}); it sent {sent}; played {played}",
    ),
    "bot.late": (
        "机器人 {timeout} 秒内没有反应（{rule}）；改打 {played}",
        "no reaction from the bot within {timeout} s ({rule}); played {played}",
    ),
    "bot.late_line": (
        "丢弃一条超时后才到的反应（{rule}）：{sent}",
        "a reaction that came after its time was discarded ({rule}): {sent}",
    ),
    "bot.unprompted": (
        "丢弃一条没有轮到它时发来的行（{rule}）：{sent}",
        "a line sent when the bot was not asked to act was discarded ({rule}): {sent}",
    ),
    "bot.unprompted_more": (
        "另有 {count} 条没有轮到它时发来的行被丢弃，不再逐条报告（{rule}）",
        "{count} more lines sent when the bot was not asked to act were discarded, not "
        "reported one by one ({rule})",
    ),
    "bot.crashed": (
        "机器人进程结束了（退出状态 {status}，{rule}），标准错误最后一行：{stderr}；"
        "此座以后按默认打法打完",
        "the bot's process ended (exit status {status}, {rule}), the last line of its stderr: "
        "{stderr}; the seat plays the fallback to the end",
    ),
    "bot.given_up": (
        "连续 {count} 次超时，放弃这个机器人（{rule}）：进程已结束，此座以后按默认打法打完",
        "the bot was late {count} times in a row and is given up ({rule}): its process is "
        "killed, the seat plays the fallback to the end",
    ),
    # -- xz record --human SEAT: what the person at the table is told and asked (cli/human.py);
    # -- in English the game's words carry their Chinese term, which the person may type ------
    "human.you": ("你", "you"),
    "human.said": ("{who}：{what}", "{who}: {what}"),
    "human.seat_line": (
        "{mark}{who}{won}：缺 {void}；副露 {melds}；弃牌 {river}",
        "{mark} {who}{won}: void {void}; melds {melds}; discards {river}",
    ),
    "human.mark_you": ("→ ", "you"),
    "human.mark_other": ("  ", "   "),
    "human.won": ("（已胡）", " (won 胡了)"),
    "human.hand": (
        "你的手牌：{hand}{drew}　牌墙：余 {left} 张",
        "your hand: {hand}{drew}   wall: {left} left",
    ),
    "human.drew": ("　摸到：{tile}", "   drew: {tile}"),
    "human.scores": ("得分：{scores}", "scores 分数: {scores}"),
    "human.enter_mark": ("（回车）", "  (Enter)"),
    "human.after_discard": ("　→ {waits}", "  → {waits}"),
    "human.prompt": (
        "你的选择 [0-{last}、一张牌或一个词{enter}]：",
        "your choice [0-{last}, a tile or a word{enter}]: ",
    ),
    "human.prompt_enter": ("，回车：{default}", ", Enter: {default}"),
    "human.no_default": (
        "错误：这里没有默认选择（胡或杠）：请选一个。",
        "Error: no default here (a win or a gang): choose one.",
    ),
    "human.error": ("错误：{reason}。", "Error: {reason}."),
    "human.out_of_range": (
        "{typed} 不是 0 到 {last} 之间的选择",
        "{typed} is not a choice from 0 to {last}",
    ),
    "human.no_choice_on_tile": ("{typed}：没有这张牌的选择", "{typed}: no choice on that tile"),
    "human.many_on_tile": (
        "{typed}：这张牌有不止一个选择：请输入编号",
        "{typed}: more than one choice on that tile: type its number",
    ),
    "human.not_now": ("{typed}：现在不能选", "{typed}: not a choice now"),
    "human.many_such": (
        "{typed}：这样的选择不止一个：请输入编号",
        "{typed}: more than one such choice: type its number",
    ),
    "human.not_a_choice": (
        "{typed} 不是选择：请输入 0-{last}、一张牌（如 5p）或一个词（打 碰 杠 胡 过）",
        "{typed} is not a choice: type 0-{last}, a tile such as 5p, or a word (打 碰 杠 胡 过)",
    ),
    "human.not_ready": ("未听牌", "not ready 未听牌"),
    "human.ready": ("听牌：{tiles}", "ready 听牌 on {tiles}"),
    "human.all_dead": (
        "——每张都是死听（四张都已见到）",
        " — every wait is dead 死听 (all four of each seen)",
    ),
    "human.some_dead": ("；死张（四张都已见到）：{tiles}", "; dead 死张 (all four seen): {tiles}"),
    "human.why": ("×{capped}：{parts}", "×{capped}: {parts}"),
    "human.why_count": ("个数 {count} = {items}", "count 个数 {count} = {items}"),
    "human.gen": ("{n} 根 ×{times}", "{n} 根 gen ×{times}"),
    "human.tianhu": ("天胡 ×32", "天胡 heavenly win ×32"),
    "human.dihu": ("地胡 ×32", "地胡 earthly win ×32"),
    "human.capped": ("（封顶，原为 ×{multiplier}）", " (capped 封顶 from ×{multiplier})"),
    "human.win": ("{who} 胡 {tile}（{how}）{why}", "{who} 胡 won on {tile} ({how}) {why}"),
    "human.self_draw": ("自摸", "self-draw 自摸"),
    "human.from": ("{seat} 点炮", "from {seat}"),
    "human.round_over": ("本局结束 — 得分：{totals}", "round over 结束 — scores 分数: {totals}"),
    "human.as_drawn": ("（摸切）", " (摸切 the tile just drawn)"),
    "human.rinshan": ("（杠上）", " (杠上 after a gang)"),
    "record.bot_value": (
        "{value!r} 不是机器人名（{names}），也不是 SEAT=名字或命令",
        "{value!r} is neither a bot name ({names}) nor SEAT=NAME_OR_COMMAND",
    ),
    "record.bot_seat": ("{value!r}：座位须是 0-3", "{value!r}: the seat must be 0-3"),
    "record.bot_twice": ("座{seat}给了两次", "seat {seat} is given twice"),
    "record.bot_human": (
        "座{seat}已由 --human 的人来打",
        "seat {seat} is played by the person of --human",
    ),
    "record.bot_names": (
        "只能给一个默认机器人名，给了 {names}",
        "one default bot name only, not {names}",
    ),
    "record.bot_start": (
        "座{seat}的命令无法运行：{reason}",
        "seat {seat}'s command cannot be run: {reason}",
    ),
    "record.bot_dialect": (
        "blood-grp 方言说不了这套规则的 {what}（{rule}；docs/mjai.md M6.2），没有写文件",
        "blood-grp: that dialect cannot say {what} of these rules ({rule}; docs/mjai.md M6.2); "
        "nothing written",
    ),
    "record.bots_given_up": (
        "写了 {total} 局到 {output}；座 {seats} 的机器人被放弃（退出码 {code}）",
        "wrote {total} game(s) to {output}; the bot(s) of seat(s) {seats} were given up "
        "(exit {code})",
    ),
    # -- xz convert and the mjai files (xzcore.mjai.file, cli/convert.py, docs/mjai.md) --
    "mjai.long_line": ("一行超过 {limit} 字节", "a line longer than {limit} bytes"),
    "mjai.not_utf8": ("不是 UTF-8 文本", "not UTF-8 text"),
    "mjai.not_json": (
        "不是 JSON（{reason}，第 {column} 列）",
        "not JSON ({reason}, column {column})",
    ),
    "mjai.too_deep": ("JSON 嵌套太深", "JSON nested too deeply"),
    "mjai.big_int": (
        "JSON 里的整数超过 {limit} 位",
        "an integer of more than {limit} digits in the JSON",
    ),
    "mjai.not_object": ("不是 JSON 对象，而是 {kind}", "not a JSON object but {kind}"),
    "mjai.no_type": ("没有字符串 type", "no string 'type'"),
    "mjai.no_start_game": (
        "文件以 {type} 开头，不是 start_game",
        "the file starts with {type}, not start_game",
    ),
    "mjai.names": (
        "start_game 的 names 不是四个字符串：{value}",
        "start_game names: not four strings: {value}",
    ),
    "mjai.after_end": (
        "{type} 在 end_game（第 {end} 行）之后",
        "{type} after end_game (line {end})",
    ),
    "mjai.outside_round": (
        "{type} 在一局之外（应先有 start_kyoku）",
        "{type} outside a round (start_kyoku first)",
    ),
    "mjai.inside_round": (
        "{type} 在一局之中（之前没有 end_kyoku）",
        "{type} inside a round (no end_kyoku before it)",
    ),
    "mjai.empty": (
        "没有 start_game：输入里没有 mjai 事件",
        "no start_game: the input holds no mjai event",
    ),
    "mjai.ends_in_round": (
        "输入在一局之中结束（没有 end_kyoku）",
        "the input ends inside a round (no end_kyoku)",
    ),
    "mjai.no_end_game": ("输入没有以 end_game 结束", "the input ends without end_game"),
    "mjai.long_round": (
        "一局超过 {limit} 行（一局日志最多的事件数）",
        "a round of more than {limit} lines (the most events a logged game holds)",
    ),
    "mjai.big_round": (
        "一局超过 {limit} 字节（一局日志最多的字节数）",
        "a round of more than {limit} bytes (the most bytes a logged game takes)",
    ),
    "mjai.no_round": (
        "输入里一局也没有：没有可写的对局",
        "the input holds no round: no game to write",
    ),
    "mjai.header_object": ("meta.header 不是对象", "meta.header is not an object"),
    "mjai.header_field": ("meta.header 的 {field} 不对：{value}", "meta.header {field}: {value}"),
    "mjai.header_bytes": (
        "meta.header 的 {field} 不是 {size} 字节的十六进制文本：{value}",
        "meta.header {field}: not hex text of {size} bytes: {value}",
    ),
    "mjai.header_version": (
        "meta.header 的版本 {value} 不是 1.0 或 1.1",
        "meta.header version {value}: not 1.0 or 1.1",
    ),
    "mjai.header_seats": (
        "meta.header 的 seats 不是四个字符串：{value}",
        "meta.header seats: not four strings: {value}",
    ),
    "mjai.xz_value": ("xz_value 没有 meta.xz.value", "xz_value without meta.xz.value"),
    "mjai.claims_close": (
        "meta.claims 和 meta.close 必须是对象",
        "meta.claims and meta.close must be objects",
    ),
    "mjai.close_last": ("meta.close 的 last 不对：{value}", "meta.close last: {value}"),
    "mjai.unwritable_game": (
        "第 {game} 局无法写出：{reason}",
        "game {game} cannot be written: {reason}",
    ),
    "mjai.not_tile": (
        "{tile} 不是四川麻将的牌（1m-9m、1p-9p、1s-9s）",
        "{tile} is not a Sichuan tile (1m-9m, 1p-9p, 1s-9s)",
    ),
    "mjai.oya": (
        "start_kyoku 的 oya 不是座位 0-3：{value}",
        "start_kyoku oya: not a seat 0-3: {value}",
    ),
    "mjai.tehais": ("start_kyoku 的 tehais 不是四手牌", "start_kyoku tehais: not four hands"),
    "mjai.tehai": (
        "start_kyoku 的 tehais[{seat}] 应为 13 张（M4.2），不是 {count}",
        "start_kyoku tehais[{seat}]: 13 tiles a seat (M4.2), not {count}",
    ),
    "mjai.first_tsumo": (
        "第一个 tsumo 是座位 {seat} 的，不是庄家（{dealer}）的第 14 张发牌（R2.3）",
        "the first tsumo is seat {seat}'s, not the dealer's ({dealer}): its 14th dealt tile (R2.3)",
    ),
    "mjai.before_dealt": (
        "{type} 在庄家第一个 tsumo（第 14 张发牌，R2.3）之前",
        "{type} before the dealer's first tsumo (its 14th tile, R2.3)",
    ),
    "mjai.no_dealt": (
        "没有庄家第 14 张发牌的 tsumo（R2.3）",
        "no tsumo of the dealer's 14th dealt tile (R2.3)",
    ),
    "mjai.no_wall": (
        "发的牌和摸的牌拼不成牌墙：{reason}",
        "the dealt hands and draws are no wall: {reason}",
    ),
    "mjai.exchange": (
        "规则要换三张（R3），这一局却没有 xz_exchange："
        "请给不换三张的规则（--set exchange_three=false）",
        "the rules exchange three tiles (R3) and the round has no xz_exchange: give rules "
        "without it (--set exchange_three=false)",
    ),
    "mjai.tsumo_other": (
        "座位 {seat} 的 tsumo，但引擎此处是座位 {engine} 摸牌（R5.1、R5.5）",
        "tsumo by seat {seat}, but the engine draws for seat {engine} here (R5.1, R5.5)",
    ),
    "mjai.tsumo_early": (
        "座位 {seat} 的 tsumo，但此处还不该摸牌（R5.1）",
        "tsumo by seat {seat}, but no draw is due here (R5.1)",
    ),
    "mjai.no_win": (
        "座位 {seat} 的 hora：此处它不能胡",
        "hora by seat {seat}: no win is open to it here",
    ),
    "mjai.bad_action": ("读不出动作：{reason}", "not an action: {reason}"),
    "mjai.out_of_turn": (
        "{action} 不合轮次：引擎在等座位 {seats}（R5.1、R5.3）",
        "{action} is out of turn: the engine waits for seat(s) {seats} (R5.1, R5.3)",
    ),
    "mjai.after_over": ("{action} 在本局结束之后（R5.6）", "{action} after the round's end (R5.6)"),
    "mjai.refused": ("引擎拒绝 {action}：{reason}", "the engine refuses {action}: {reason}"),
    "mjai.not_over": (
        "end_kyoku 时本局还没结束：引擎在等座位 {seats}",
        "end_kyoku before the round's end: the engine waits for seat(s) {seats}",
    ),
    "mjai.draw_count": (
        "记录有 {shown} 次摸牌，引擎摸了 {made} 次（R2.2）",
        "the log shows {shown} draws, the engine made {made} (R2.2)",
    ),
    "mjai.hora_target": (
        "座位 {seat} 胡座位 {target} 的牌：引擎的胡牌是胡座位 {engine} 的（R7.1）",
        "hora by seat {seat} on seat {target}: the engine's win is on seat {engine} (R7.1)",
    ),
    "mjai.deltas_note": (
        "第 {line} 行：{what} 记录的 deltas 是 {recorded}，重新计算是 {recomputed}（M4.5）",
        "line {line}: {what} deltas {recorded} recorded, {recomputed} recomputed (M4.5)",
    ),
    "mjai.unconvertible": (
        "{where}：有 mjai 的 JSON 装不下的值（{reason}）",
        "{where}: a value mjai's JSON cannot hold ({reason})",
    ),
    "mjai.unsayable_game": ("第 {game} 局", "game {game}"),
    "mjai.unsayable": (
        "{where}：blood-grp 方言说不了 {what}（{rule}；docs/mjai.md M6.2），没有写文件",
        "{where}: the blood-grp dialect cannot say {what} ({rule}; docs/mjai.md M6.2), "
        "nothing written",
    ),
    "mjai.line": ("第 {line} 行：{message}", "line {line}: {message}"),
    "convert.wrote": (
        "已写 {games} 局到 {output}（{rebuilt} 局按 meta 还原，{replayed} 局经引擎重放）",
        "wrote {games} game(s) to {output} ({rebuilt} rebuilt from their meta, {replayed} "
        "replayed through the engine)",
    ),
    "convert.wrote_mjai": (
        "已写 {games} 局（{lines} 行 mjai）到 {output}",
        "wrote {games} game(s) ({lines} mjai lines) to {output}",
    ),
    "convert.left_out": ("{n} 局没有转换（原因见上）", "{n} game(s) left out (named above)"),
    "convert.no_game": (
        "{input} 里没有一局完整的对局：什么也没写",
        "{input} holds no whole game: nothing written",
    ),
    "convert.folder": ("{input} 是文件夹；请给一个文件", "{input} is a folder; give one file"),
    "convert.cannot_open": ("无法打开 {input}：{reason}", "cannot open {input}: {reason}"),
    "convert.direction": (
        "请给 --to mjai（读 .xzlog）或 --from mjai（读 mjai 行），只给一个",
        "give --to mjai (an .xzlog in) or --from mjai (mjai lines in), one of them",
    ),
    "convert.plain_options": (
        "--rules、--set 和 --sign 只用于 --from mjai",
        "--rules, --set and --sign are for --from mjai only",
    ),
    "convert.terminal": (
        "-o -：不把二进制记录写到终端（请重定向，或用 -o 文件）",
        "-o -: refusing to write a binary log to a terminal (redirect it, or -o FILE)",
    ),
    "convert.dialect_to": (
        "--dialect 只用于 --to mjai（读入时两种方言都认）",
        "--dialect goes with --to mjai (--from mjai reads either dialect)",
    ),
    "convert.note": ("注：{note}", "note: {note}"),
    "audit.converted_note": (
        "由不带本项目扩展的 mjai 记录转换而来（docs/mjai.md M4.4）："
        "事件是引擎按 mjai 的动作重放所得，所以金额是按动作重新计算的，而不是与记录里的数字比对",
        "converted from a plain mjai log (docs/mjai.md M4.4): its events are the engine's replay "
        "of the mjai actions, so the money was recomputed from them, not compared with figures "
        "the log carried",
    ),
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
    "L8": ("完整性与来源", "completeness and provenance"),
    "L8.1": ("完整性字段", "completeness fields"),
    "L8.2": ("对局被截短", "cut short"),
    "L8.3": ("缺少一局", "a game missing"),
    "L8.4": ("重复的一局", "a game duplicated"),
    "L8.5": ("移动的一局", "a game moved"),
    "L8.6": ("多出的一局", "an extra game"),
    "L8.7": ("另一场比赛的一局", "a game of another match"),
    "L8.8": ("单独拿出的一局", "a game shown alone"),
    "L8.9": ("结束记录的多余字段", "closing record fields"),
    "L8.10": ("1.0 格式：无法证明完整", "format 1.0: completeness unprovable"),
    # docs/mjai-bots.md (M3: mjai bots as seats)
    "M3.1": ("座位所见", "a seat's view"),
    "M3.2": ("反应", "reactions"),
    "M3.3": ("协议的行", "the protocol's lines"),
    "M3.4": ("超时", "the time limit"),
    "M3.5": ("格式不对的反应", "a malformed reaction"),
    "M3.6": ("不合规则的反应", "an illegal reaction"),
    "M3.7": ("机器人进程结束", "a bot that ends"),
    "M3.8": ("默认打法", "the fallback"),
    "M3.9": ("放弃机器人", "a bot given up"),
}
"""Rule id → its short name (Chinese, English)."""


def _index(lang: str) -> int:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (expected {' or '.join(LANGS)})")
    return LANGS.index(lang)


def text(key: str, lang: str, /, **fields: Any) -> str:
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


# -- raw field values shown in a language (refusals, audit findings) ---------------------------

_TILE_FIELDS = frozenset({"tile", "offer", "drawn"})
_LIST_SEP = {"zh": "、", "en": ", "}


def phrase(key: str, lang: str, fields: Mapping[str, Any] | None = None) -> str:
    """:func:`text` of ``key`` with raw field values, each shown in ``lang`` by its name:

    * ``tile``, ``offer``, ``drawn``: a tile kind (``5p`` / ``五筒``; ``-1``: "tile" / 牌);
      ``tiles``: a list of kinds (``123m`` / ``一万 二万 三万``);
    * ``suit``: a suit index (``p`` / ``筒``);
    * ``word``, ``event``: an action or event id — in English the id itself (``pon``), in
      Chinese its word (碰); ``what``: what is claimed, ``dahai`` or ``kakan``, in words in
      both (``discard`` / 打出的牌);
      ``part``: a part of the claims record (``totals`` / 总分);
    * ``seats``: seat numbers (``[1, 2]`` / ``1、2``); ``who``: the same, ``1, 2`` / ``1、2``;
      ``keys``: event field names (``pai, target`` / ``牌、点炮座位``);
    * ``meld``: a meld's text (``peng 5p`` / ``碰 5p``); ``pai``: tile text, as it is;
    * ``claimed``, ``correct``: an event quoted (its dict / 座2 打 五筒);
    * ``reason``: an embedded phrase ``{"key": …, "fields": …}`` (an engine refusal), or text;
    * any other name: the value as it is.

    A value of an unexpected type is shown as it is (a disputed log may hold anything).

    >>> phrase("refusal.not_held", "zh", {"seat": 2, "tile": 13})
    '座2手里没有五筒'
    >>> phrase("refusal.not_held", "en", {"seat": 2, "tile": 13})
    'seat 2 does not hold 5p'
    """
    if not fields:
        return text(key, lang)
    return text(key, lang, **{name: _shown(name, v, lang) for name, v in fields.items()})


_SEAT_FIELDS = ("seat", "cur", "src", "first", "who", "seats")
_CJK_SPACE = re.compile(r" *([，。：；、（）]) *")
_SEAT_IN_TEXT = re.compile(r"(?:seats? |座)\{(" + "|".join(_SEAT_FIELDS) + r")\}")


def named_phrase(key: str, lang: str, fields: Mapping[str, Any] | None, names: Any = None) -> str:
    """:func:`phrase`, with each seat (``seat``, ``cur``, ``src``, ``first``, ``who``,
    ``seats``) by its name in ``names`` (the header's four seat names) instead of "seat 2"
    / 座2; without names, :func:`phrase`.

    >>> named_phrase("refusal.not_held", "en", {"seat": 2, "tile": 13}, ["a", "b", "cy", "d"])
    'cy does not hold 5p'
    >>> named_phrase("refusal.not_held", "zh", {"seat": 2, "tile": 13}, ["a", "b", "cy", "d"])
    'cy 手里没有五筒'
    """
    if not fields or not names or len(names) != 4:
        return phrase(key, lang, fields)
    template = _SEAT_IN_TEXT.sub(r"{\1}", MESSAGES[key][_index(lang)])

    def name(v: Any) -> str:
        shown = str(names[v]) if type(v) is int and 0 <= v < 4 else str(v)
        return f" {shown} " if lang == "zh" else shown  # a name apart from the words around it

    values = {}
    for field, v in fields.items():
        if field in _SEAT_FIELDS:
            seats = v if isinstance(v, list | tuple) else [v]
            values[field] = _LIST_SEP[lang].join(name(x) for x in seats)
        elif field in ("word", "event") and isinstance(v, str):
            values[field] = word("game", v, lang)
        elif field == "suit" and type(v) is int and 0 <= v < 3:
            values[field] = word("suit", SUITS[v], lang)
        else:
            values[field] = _shown(field, v, lang)
    said = template.format(**values)
    return _CJK_SPACE.sub(r"\1", said.strip()) if lang == "zh" else said


def _shown(name: str, v: Any, lang: str) -> Any:
    if name in _TILE_FIELDS:
        return _tile(v, lang)
    if name == "tiles":
        if isinstance(v, list | tuple) and all(type(k) is int and 0 <= k < 27 for k in v):
            return " ".join(map(tile_name_zh, v)) if lang == "zh" else format_tiles(v)
        return v
    if name == "suit":
        if type(v) is int and 0 <= v < 3:
            return SUIT_NAMES_ZH[v] if lang == "zh" else SUITS[v]
        return v
    if name in ("word", "event"):
        return word("event", v, lang) if lang == "zh" and isinstance(v, str) else v
    if name == "what":
        return word("offer", v, lang) if isinstance(v, str) else v
    if name == "part":
        return word("claims", v, lang) if lang == "zh" and isinstance(v, str) else v
    if name in ("seats", "who", "keys") and isinstance(v, list | tuple):
        if name == "keys" and lang == "zh":
            v = [word("field", k, lang) if isinstance(k, str) else k for k in v]
        if name == "seats" and lang == "en":
            return v
        return _LIST_SEP[lang].join(map(str, v))
    if name == "meld" and lang == "zh" and isinstance(v, str):
        try:
            m = Meld.parse(v)
        except ValueError:
            return v
        return f"{m.kind.zh} {tile_name(m.tile)}"
    if name in ("claimed", "correct") and lang == "zh":
        return _event_brief(v)
    if name == "reason" and isinstance(v, Mapping):
        key, inner = v.get("key"), v.get("fields")
        if isinstance(key, str) and key in MESSAGES:
            return phrase(key, lang, inner if isinstance(inner, Mapping) else None)
        return v.get("text", v)
    return v


def _tile(v: Any, lang: str) -> Any:
    if type(v) is not int or not -1 <= v < 27:
        return v
    if v < 0:
        return text("tile.unknown", lang)
    return tile_name_zh(v) if lang == "zh" else tile_name(v)


def _event_brief(ev: Any) -> Any:
    """An event quoted in Chinese: its seat, word and tile (座2 打 五筒)."""
    if not isinstance(ev, Mapping) or not isinstance(ev.get("type"), str):
        return ev
    parts = []
    actor = ev.get("actor")
    if type(actor) is int:
        parts.append(text("finding.seat", "zh", seat=actor))
    parts.append(word("event", ev["type"], "zh"))
    pai = ev.get("pai")
    if isinstance(pai, str):
        kinds = [k for k in range(27) if tile_name(k) == pai]
        parts.append(tile_name_zh(kinds[0]) if kinds else pai)
    return " ".join(parts)


_ENGLISH: dict[str, list[tuple[re.Pattern[str], str]]] = {}


def from_english(message: str, prefix: str, lang: str) -> str:
    """``message``, an English text written elsewhere (a log reader's error, a scoring
    refusal), in ``lang``: when it is the English of a phrase ``prefix.*`` (its ``{fields}``
    matching any text), that phrase in ``lang`` with the same values; else ``message`` as it
    is.

    >>> from_english("a game longer than 9 bytes", "log", "zh")
    '一局超过 9 字节'
    >>> from_english("no such phrase", "log", "zh")
    'no such phrase'
    """
    _index(lang)
    if lang == "en":
        return message
    patterns = _ENGLISH.get(prefix)
    if patterns is None:
        patterns = _ENGLISH[prefix] = []
        for key, (_, en) in MESSAGES.items():
            if key.startswith(prefix + "."):
                parts = re.split(r"\{(\w+)\}", en)
                seen: set[str] = set()
                body = ""
                for i, p in enumerate(parts):
                    if i % 2 == 0:
                        body += re.escape(p)
                    elif p in seen:  # a field quoted twice is the same text both times
                        body += f"(?P={p})"
                    else:
                        seen.add(p)
                        body += f"(?P<{p}>.*?)"
                patterns.append((re.compile(body + r"\Z", re.S), key))
    for pattern, key in patterns:
        m = pattern.match(message)
        if m is not None:
            return text(key, lang, **m.groupdict())
    return message
