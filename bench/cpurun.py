"""Runs a command and prints, on stderr, the wall time and the CPU time of it and of every process it
started, orphans included: it runs as a child subreaper (Linux), so a browser's processes that outlive
their parent are reparented to it and their CPU counted when they are reaped.

    python3 bench/cpurun.py ./crawl --render '^http://127\\.0\\.0\\.1:8766/' http://127.0.0.1:8766/
"""
import ctypes
import os
import resource
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def main(argv):
    if not argv:
        print("usage: cpurun.py COMMAND [ARG...]", file=sys.stderr)
        return 2
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    started = time.time()
    pid = os.fork()
    if pid == 0:
        os.execvp(argv[0], argv)
    status = 0
    while True:
        try:
            reaped, st = os.wait()
        except ChildProcessError:
            break
        if reaped == pid:
            status = os.waitstatus_to_exitcode(st)
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    print("wall_s=%.1f cpu_s=%.1f user_s=%.1f sys_s=%.1f maxrss_mb=%.0f exit=%d" % (
        time.time() - started, ru.ru_utime + ru.ru_stime, ru.ru_utime, ru.ru_stime, ru.ru_maxrss / 1024, status),
        file=sys.stderr)
    # The command's own exit code; 128 + N when a signal N ended it, as a shell reports it.
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
