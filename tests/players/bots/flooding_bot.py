"""A bot that floods its stdout with passes nobody asked for and never reads its stdin
(M3.3, M3.4): ``yes '{"type":"none"}'`` in Python. It writes its pid to the file named by
its argument."""

import os
import sys

with open(sys.argv[1], "w") as fh:
    fh.write(f"{os.getpid()}\n")
chunk = b'{"type":"none"}\n' * 4096
while True:
    os.write(1, chunk)
