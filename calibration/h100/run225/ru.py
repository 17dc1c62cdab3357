#!/usr/bin/env python3
"""Runs a command and writes what the kernel counted for it (getrusage of the waited-for children):
user and system CPU seconds over all its threads, minor and major page faults, voluntary and
involuntary context switches, the largest resident set. Exits with the command's status.

    python3 ru.py OUT.json CMD [ARG...]
"""
import json, resource, subprocess, sys

rc = subprocess.call(sys.argv[2:])
u = resource.getrusage(resource.RUSAGE_CHILDREN)
json.dump(dict(rc=rc, utime_s=u.ru_utime, stime_s=u.ru_stime, minflt=u.ru_minflt, majflt=u.ru_majflt,
               nvcsw=u.ru_nvcsw, nivcsw=u.ru_nivcsw, maxrss_kb=u.ru_maxrss), open(sys.argv[1], "w"))
sys.exit(rc)
