"""A bot that starts a child of its own (a grandchild of ``xz record``) which outlives it,
holding the bot's stdout, then exits (M3.7, M3.9: the bot's process group is ended). It
writes the child's pid to the file named by its argument."""

import subprocess
import sys

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
with open(sys.argv[1], "w") as fh:
    fh.write(f"{child.pid}\n")
sys.exit(3)
