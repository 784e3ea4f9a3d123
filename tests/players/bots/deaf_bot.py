"""A bot that never reads its stdin (M3.4): the pipe to it fills up."""

import time

time.sleep(3600)
