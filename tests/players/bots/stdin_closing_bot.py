"""A bot that closes its stdin at once and lives on (M3.7): a write to it meets a broken
pipe. It writes its pid to the file named by its argument, and sleeps."""

import os
import sys
import time

with open(sys.argv[1], "w") as fh:
    fh.write(f"{os.getpid()}\n")
os.close(0)
time.sleep(300)
