"""A bot whose every reaction is hostile JSON (M3.5): ``deep`` a list nested 30,000 deep,
``bigint`` a 飘 bet of 5,000 digits, ``deepobj`` a reaction whose ``pai`` nests 90 deep."""

import sys

kind = sys.argv[1]
reaction = {
    "deep": "[" * 30000 + "]" * 30000,
    "bigint": '{"type":"xz_piao","piao":' + "9" * 5000 + "}",
    "deepobj": '{"type":"dahai","pai":' + "[" * 90 + "]" * 90 + "}",
}[kind]
for text in sys.stdin:
    if '"can_act":true' in text:
        sys.stdout.write(reaction + "\n")
        sys.stdout.flush()
