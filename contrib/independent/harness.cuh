// What the independent workloads share: CUDA error checks, the host clock, the six handoff
// policies with their allocations, prefetches and advice (CUDA 12 and 13 spell the last two
// differently), every move's time by events around it, and the issuing thread's pinning (pin.h).
#pragma once
#include <cuda_runtime.h>

#include "pin.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#define CK(x)                                                                      \
  do {                                                                             \
    cudaError_t e_ = (x);                                                          \
    if (e_ != cudaSuccess) {                                                       \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,              \
                   cudaGetErrorString(e_));                                        \
      std::exit(2);                                                                \
    }                                                                              \
  } while (0)

// A program's first two arguments, BYTES and TRIALS: the buffer's size (whole pages) and the
// number of timed rounds (positive). Exits 2, saying so, where either is not.
struct SizeTrials {
  size_t bytes;
  size_t n;  // floats
  int trials;
};
static SizeTrials size_and_trials(char** argv) {
  SizeTrials a;
  a.bytes = std::strtoull(argv[1], nullptr, 10);
  a.trials = std::atoi(argv[2]);
  a.n = a.bytes / sizeof(float);
  if (a.n == 0 || a.bytes % 4096 != 0 || a.trials < 1) {
    std::fprintf(stderr, "BYTES must be whole pages; TRIALS positive\n");
    std::exit(2);
  }
  return a;
}

// Calls f(i) for every i below n, on as many threads as the machine has cores, each a contiguous
// share: the host's writes "on every core" of the investigations, which a slow H100 link charged
// for (calibration/h100/run295/reading-run297.txt).
template <class F>
static void on_every_core(size_t n, F f) {
  unsigned k = std::max(1u, std::thread::hardware_concurrency());
  size_t share = (n + k - 1) / k;
  std::vector<std::thread> workers;
  for (unsigned w = 0; w < k; ++w)
    workers.emplace_back([&f, n, share, w] {
      for (size_t i = w * share; i < std::min(n, (w + 1) * share); ++i) f(i);
    });
  for (auto& t : workers) t.join();
}

static double now_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

enum Policy { EXPLICIT, MAPPED, MANAGED, PREFETCH, ADVISE, ADVISE_PREFETCH, NPOL };
static const char* NAMES[NPOL] = {"explicit-copy",  "host-mapped",    "managed",
                                  "managed-prefetch", "managed-advise", "managed-advise-prefetch"};

static int grid_for(size_t n) { return (int)std::min<size_t>((n + 255) / 256, 132 * 16); }

#if CUDART_VERSION >= 13000
static cudaMemLocation on_device() {
  cudaMemLocation l{};
  l.type = cudaMemLocationTypeDevice;
  l.id = 0;
  return l;
}
static cudaMemLocation on_host() {
  cudaMemLocation l{};
  l.type = cudaMemLocationTypeHost;
  l.id = 0;
  return l;
}
static void prefetch(const void* p, size_t b, bool to_device, cudaStream_t s) {
  CK(cudaMemPrefetchAsync(p, b, to_device ? on_device() : on_host(), 0, s));
}
static void advise(const void* p, size_t b, cudaMemoryAdvise a, bool device) {
  CK(cudaMemAdvise(p, b, a, device ? on_device() : on_host()));
}
#else
static void prefetch(const void* p, size_t b, bool to_device, cudaStream_t s) {
  CK(cudaMemPrefetchAsync(p, b, to_device ? 0 : cudaCpuDeviceId, s));
}
static void advise(const void* p, size_t b, cudaMemoryAdvise a, bool device) {
  CK(cudaMemAdvise(p, b, a, device ? 0 : cudaCpuDeviceId));
}
#endif

// Per-step times of the moves (events around each, on the stream, so batched moves stay batched),
// written to the file `open_steps` opened, if any; `each`: a synchronisation after every move, as
// a step-by-step harness times them (umodel's does). At most `MAX` moves between two flushes.
static bool g_each = false;
static FILE* g_steps = nullptr;
static int g_trial = -1;
static const char* g_mode = "batched";

struct Moves {
  static constexpr int MAX = 8;
  cudaEvent_t ev[2 * MAX];
  const char* what[MAX];
  const char* buf[MAX];
  int n = 0;
  void init() {
    for (auto& e : ev) CK(cudaEventCreate(&e));
  }
  // Enqueues `f` between two events; with `each`, waits for it.
  template <class F>
  void add(const char* w, const char* b, cudaStream_t s, F f) {
    if (n == MAX) {
      std::fprintf(stderr, "more than %d moves between two flushes\n", MAX);
      std::exit(2);
    }
    CK(cudaEventRecord(ev[2 * n], s));
    f();
    CK(cudaEventRecord(ev[2 * n + 1], s));
    what[n] = w;
    buf[n] = b;
    ++n;
    if (g_each) CK(cudaStreamSynchronize(s));
  }
  // A round's kernel `f` (launches only): with a steps file open, timed as a step named `kernel`,
  // so a run can say what each round's GPU side cost under each policy (faults, passes over the
  // link); without one, launched as it was before (no events around it, as every run before
  // run175 timed it).
  template <class F>
  void kernel(cudaStream_t s, F f) {
    if (g_steps)
      add("kernel", "-", s, f);
    else
      f();
  }
  // After the stream's work is done: the times, one row each.
  void flush(const char* policy, int round) {
    for (int i = 0; i < n; ++i) {
      float ms;
      CK(cudaEventElapsedTime(&ms, ev[2 * i], ev[2 * i + 1]));
      if (g_steps && g_trial >= 0)
        std::fprintf(g_steps, "%s,%s,%d,%d,%s,%s,%.5f\n", g_mode, policy, g_trial, round, what[i],
                     buf[i], (double)ms);
    }
    n = 0;
  }
};
static Moves g_moves;

// One buffer under a policy: pinned host memory and a device copy (explicit copy), mapped host
// memory (host-mapped), or one managed allocation (the managed policies).
struct Buf {
  Policy p;
  size_t bytes;
  void* host = nullptr;
  void* dev = nullptr;
  Buf(Policy p_, size_t b) : p(p_), bytes(b) {
    switch (p) {
      case EXPLICIT:
        CK(cudaMallocHost(&host, bytes));
        CK(cudaMalloc(&dev, bytes));
        break;
      case MAPPED:
        CK(cudaHostAlloc(&host, bytes, cudaHostAllocMapped));
        CK(cudaHostGetDevicePointer(&dev, host, 0));
        break;
      default:
        CK(cudaMallocManaged(&host, bytes));
        dev = host;
    }
  }
  ~Buf() {
    switch (p) {
      case EXPLICIT:
        CK(cudaFreeHost(host));
        CK(cudaFree(dev));
        break;
      case MAPPED:
        CK(cudaFreeHost(host));
        break;
      default:
        CK(cudaFree(host));
    }
  }
  Buf(const Buf&) = delete;
  Buf& operator=(const Buf&) = delete;
};

// `batched` (the default) or `each` from argv[i] when given; false on anything else.
static bool parse_mode(int argc, char** argv, int i) {
  if (argc <= i) return true;
  g_mode = argv[i];
  if (std::strcmp(g_mode, "each") != 0 && std::strcmp(g_mode, "batched") != 0) {
    std::fprintf(stderr, "the mode is `batched` (the default) or `each`, not `%s`\n", g_mode);
    return false;
  }
  g_each = std::strcmp(g_mode, "each") == 0;
  return true;
}

// Opens the steps file named by the environment variable `env`, if set; false when it cannot.
static bool open_steps(const char* env) {
  if (const char* path = std::getenv(env)) {
    g_steps = std::fopen(path, "w");
    if (!g_steps) {
      std::fprintf(stderr, "%s: cannot write\n", path);
      return false;
    }
    std::fprintf(g_steps, "mode,policy,trial,round,step,buffer,ms\n");
  }
  return true;
}
