// Pinning the thread that issues every CUDA call to one core, as umodel's harness does (its one
// thread runs the single-threaded CPU update pinned to the last core local to the GPU, and every
// prefetch, copy and launch of the suite and its workloads from there). Plain C++ (Linux), so it
// builds and is checked without nvcc. Since run183, whose question it is: does a move's deferred
// cost (calibration/h200/offline40/deferred_steps.txt) come with the pinned issuing thread?
#pragma once
#include <sched.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

// The highest core in the calling thread's affinity mask, or -1.
static inline int last_allowed_core() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
  for (int c = CPU_SETSIZE - 1; c >= 0; --c)
    if (CPU_ISSET(c, &set)) return c;
  return -1;
}

// Reads the environment variable `env`: unset or empty, nothing; `last` or a core number, pins
// the calling thread there and says so on stderr. Threads the caller starts afterwards inherit
// the mask, so it is refused with more than one host thread (`threads`). False, after saying
// why, when the value or the pinning fails.
static inline bool pin_from_env(const char* env, int threads) {
  const char* v = std::getenv(env);
  if (!v || !*v) return true;
  if (threads != 1) {
    std::fprintf(stderr, "%s needs one host thread (its workers would share the core)\n", env);
    return false;
  }
  int core = -1;
  if (std::strcmp(v, "last") == 0) {
    core = last_allowed_core();
  } else {
    char* end = nullptr;
    long c = std::strtol(v, &end, 10);
    if (v[0] >= '0' && v[0] <= '9' && *end == '\0' && c < CPU_SETSIZE) core = (int)c;
  }
  if (core < 0) {
    std::fprintf(stderr, "%s=%s: not `last` or a core number\n", env, v);
    return false;
  }
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(core, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) {
    std::fprintf(stderr, "%s=%s: cannot pin to core %d: %s\n", env, v, core, std::strerror(errno));
    return false;
  }
  std::fprintf(stderr, "%s: the issuing thread pinned to core %d\n", env, core);
  return true;
}
