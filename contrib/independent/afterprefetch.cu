// An investigation, not a task: what the host's first update of managed pages costs right after a
// prefetch brought them back, beside the same update of heap memory, in the orders umodel's two
// measurements of it use. umodel's migration probe (`cpu_after_prefetch`) prices that step 1.46x
// (H200) and 1.38x (H100) above the calibrations made minutes before it on the same VM at the
// median (calibration/h200/offline51/probe_vs_calibration.txt). The two differ in what ran
// before: the calibration's buffer was filled and went to the GPU by a prefetch only; the probe's
// went there by faults, came back by the host's faulting reads, then made the prefetch round trip;
// the calibration updates heap memory right after filling it, the probe after the managed update.
// Written without umodel's code; shares only harness.cuh.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o afterprefetch afterprefetch.cu -lpthread
//   ./afterprefetch BYTES TRIALS PIN > afterprefetch.csv
//
// BYTES: each buffer's size (whole pages); PIN: `last` pins the thread that times the updates to
// the last core it may use (umodel's calibration pins its harness so), `none` leaves it. Fills on
// every core run one worker per core, each placed on its core. Cases, each ending in the timed
// update of the managed buffer (`m_ms`) and of heap memory (`h_ms`), one thread each, `x += 1`:
//   prefetch-only  (the calibration's order) managed filled on every core, prefetched to the GPU,
//                  a GPU pass, prefetched back, read once by the host, updated; heap memory then
//                  filled on this thread and updated at once
//   faults-first   (the probe's order) managed filled on every core, two GPU passes (the first
//                  migrates it by faults), read back by the host's faults; heap memory filled on
//                  every core and read; then the prefetch round trip, the host's read and update
//                  of the managed buffer, then the heap update
//   faults-heap-first  as faults-first, the heap updated right after its fill and read instead
//   prefetch-heap-last as prefetch-only, the heap filled before the managed round trip and
//                  updated after the managed update (the probe's heap order, no faults)
// One warm round, then TRIALS rounds, each case once in a rotating order. Every update is checked
// (every float); a failed check is written as `failed` and the program exits 1. Writes
// `case,pin,trial,m_ms,h_ms,check`.
#include "harness.cuh"

#include <thread>
#include <vector>

// Values: v(i) + off, exact in float for every offset used here.
static float v(size_t i) { return (float)(i % 1024); }

__global__ void inplace_pass(float* __restrict__ o, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    o[i] += 1.0f;
}

enum Case { PREFETCH_ONLY, FAULTS_FIRST, FAULTS_HEAP_FIRST, PREFETCH_HEAP_LAST, NCASE };
static const char* CASE[NCASE] = {"prefetch-only", "faults-first", "faults-heap-first",
                                  "prefetch-heap-last"};

static volatile double g_sink;
static cpu_set_t g_all;  // the cores the process may use, before any pinning

// x[i] = v(i) + off on one worker per core of g_all, each a contiguous share, each placed on its
// core (threads inherit the caller's mask, which may be one core).
static void fill_wide(float* x, size_t n, float off) {
  std::vector<int> cores;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &g_all)) cores.push_back(c);
  size_t k = std::max<size_t>(1, cores.size());
  size_t share = (n + k - 1) / k;
  std::vector<std::thread> workers;
  for (size_t w = 0; w < k; ++w)
    workers.emplace_back([=] {
      cpu_set_t one;
      CPU_ZERO(&one);
      CPU_SET(cores[w], &one);
      sched_setaffinity(0, sizeof one, &one);
      for (size_t i = w * share; i < std::min(n, (w + 1) * share); ++i) x[i] = v(i) + off;
    });
  for (auto& t : workers) t.join();
}

static void fill(float* x, size_t n, float off) {
  for (size_t i = 0; i < n; ++i) x[i] = v(i) + off;
}

static void host_read(const float* x, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; ++i) s += x[i];
  g_sink = s;
}

// The timed update, ms.
static double update(float* x, size_t n) {
  double t0 = now_ms();
  for (size_t i = 0; i < n; ++i) x[i] += 1.0f;
  return now_ms() - t0;
}

static bool holds(const float* x, size_t n, float off) {
  for (size_t i = 0; i < n; ++i)
    if (x[i] != v(i) + off) return false;
  return true;
}

int main(int argc, char** argv) {
  if (argc != 4 || (std::strcmp(argv[3], "last") != 0 && std::strcmp(argv[3], "none") != 0)) {
    std::fprintf(stderr, "usage: %s BYTES TRIALS last|none\n", argv[0]);
    return 2;
  }
  SizeTrials a = size_and_trials(argv);
  size_t bytes = a.bytes, n = a.n;
  int trials = a.trials;
  CPU_ZERO(&g_all);
  if (sched_getaffinity(0, sizeof g_all, &g_all) != 0) {
    std::fprintf(stderr, "cannot read the affinity mask\n");
    return 2;
  }
  const char* pin = argv[3];
  if (std::strcmp(pin, "last") == 0) {
    setenv("AFTERPREFETCH_PIN", "last", 1);
    if (!pin_from_env("AFTERPREFETCH_PIN", 1)) return 2;
  }
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  float* m;
  CK(cudaMallocManaged(&m, bytes));
  float* h = (float*)std::malloc(bytes);
  if (!h) {
    std::fprintf(stderr, "cannot allocate %zu bytes of heap memory\n", bytes);
    return 2;
  }
  fill(h, n, 0);
  fill_wide(m, n, 0);
  int g = grid_for(n);
  bool ok = true;
  std::printf("case,pin,trial,m_ms,h_ms,check\n");
  for (int t = -1; t < trials; ++t) {
    for (int j = 0; j < NCASE; ++j) {
      Case c = (Case)((j + t + 1) % NCASE);
      bool faults = c == FAULTS_FIRST || c == FAULTS_HEAP_FIRST;
      double m_ms = 0, h_ms = 0;
      float m_off = 0;
      fill_wide(m, n, 0);
      if (faults) {
        inplace_pass<<<g, 256, 0, s>>>(m, n);  // migrates the pages by faults
        inplace_pass<<<g, 256, 0, s>>>(m, n);
        CK(cudaGetLastError());
        CK(cudaStreamSynchronize(s));
        host_read(m, n);  // back by the host's faults
        m_off = 2;
        fill_wide(h, n, 0);
        host_read(h, n);
        if (c == FAULTS_HEAP_FIRST) h_ms = update(h, n);
      }
      if (c == PREFETCH_HEAP_LAST) fill(h, n, 0);
      prefetch(m, bytes, true, s);
      inplace_pass<<<g, 256, 0, s>>>(m, n);
      CK(cudaGetLastError());
      prefetch(m, bytes, false, s);
      CK(cudaStreamSynchronize(s));
      m_off += 1;
      host_read(m, n);
      m_ms = update(m, n);
      m_off += 1;
      bool good = holds(m, n, m_off);
      if (c == PREFETCH_ONLY) {
        fill(h, n, 0);
        h_ms = update(h, n);
      } else if (c != FAULTS_HEAP_FIRST) {
        h_ms = update(h, n);
      }
      good &= holds(h, n, 1);
      ok &= good;
      if (t >= 0)
        std::printf("%s,%s,%d,%.5f,%.5f,%s\n", CASE[c], pin, t, m_ms, h_ms,
                    good ? "ok" : "failed");
    }
    std::fflush(stdout);
  }
  std::free(h);
  CK(cudaFree(m));
  return ok ? 0 : 1;
}
