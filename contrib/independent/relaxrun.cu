// relax.cu's own trial function, called here one policy at a time: its final sum took 47-56 ms
// inside relax.cu's trials (calibration/h200/run148, run150) but 13-14 ms in relaxsum.cu's
// rebuilding of the explicit-copy trial (run150). This program compiles relax.cu unchanged (its
// main renamed) and calls its `run`, writing each final sum's time. Not a model term: an
// investigation.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o relaxrun relaxrun.cu
//   ./relaxrun TRIALS > relaxrun.csv           explicit-copy alone, then the six rotated (run152)
//   ./relaxrun TRIALS POLICY > relaxrun.csv    explicit-copy, then POLICY, a probe, explicit-copy
//   ./relaxrun TRIALS POLICY alternate         explicit-copy and POLICY trial by trial
//
// The second form asks which policy's trials leave the host's later sums slow (run152 found
// explicit-copy's 21 ms alone and 52 ms among the six; run153, none alone). The third alternates.
// Every form probes at its start and end (the first also between its two loops): sums of 64 MiB
// the host just filled, on fresh pinned memory (twice), pinned memory allocated at the start,
// heap memory allocated at the start, fresh heap memory, and fresh heap memory in huge pages.
#define main relax_main
#include "relax.cu"
#undef main

#include <sys/mman.h>

// Every sum's result is used, or the compiler drops the sum (run151's rotated rows timed none).
static volatile double g_sink = 0;

static void row(const char* seq, const char* what, int t, const Result& r) {
  g_sink = g_sink + r.s;
  if (t >= 0)
    std::printf("%s,%s,%d,%.5f,%.5f,%.5f\n", seq, what, t, r.total_ms, r.cpu_ms, r.fin_ms);
}

// The host's sum over memory it just filled, as a row whose final-sum column is the sum's time.
static void probe_sum(const char* seq, const char* what, int t, float* x, size_t n) {
  for (size_t i = 0; i < n; ++i) x[i] = (float)(i % 1000) * 1e-3f;
  double c0 = now_ms();
  double v = sum(x, n);
  double ms = now_ms() - c0;
  row(seq, what, t, {ms, ms, ms, v});
}

static void probe(const char* seq, float* kept_pinned, float* heap, size_t n, int trials) {
  const size_t bytes = n * sizeof(float);
  for (int t = 0; t < trials; ++t) {
    {
      float* h = (float*)std::aligned_alloc(2u << 20, bytes);
      probe_sum(seq, "probe:fresh_heap", t, h, n);
      std::free(h);
      h = (float*)std::aligned_alloc(2u << 20, bytes);
      if (madvise(h, bytes, MADV_HUGEPAGE) != 0) std::perror("madvise");
      probe_sum(seq, "probe:fresh_heap_hugepages", t, h, n);
      std::free(h);
    }
    float* f;
    CK(cudaMallocHost(&f, n * sizeof(float)));
    probe_sum(seq, "probe:fresh_pinned", t, f, n);
    g_sink = g_sink + sum(f, n);
    double c0 = now_ms();
    double v = sum(f, n);
    double ms = now_ms() - c0;
    row(seq, "probe:fresh_pinned_again", t, {ms, ms, ms, v});
    CK(cudaFreeHost(f));
    probe_sum(seq, "probe:kept_pinned", t, kept_pinned, n);
    probe_sum(seq, "probe:kept_heap", t, heap, n);
  }
}

int main(int argc, char** argv) {
  int trials = argc > 1 ? std::atoi(argv[1]) : 9;
  const size_t n = (64u << 20) / sizeof(float);
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  g_moves.init();
  float* kept;
  CK(cudaMallocHost(&kept, n * sizeof(float)));
  std::vector<float> heap(n);
  std::printf("sequence,policy,trial,total_ms,cpu_ms,cpu_final_ms\n");
  probe("start", kept, heap.data(), n, 3);
  if (argc > 2) {
    int p = 0;
    while (p < NPOL && std::strcmp(NAMES[p], argv[2]) != 0) ++p;
    if (p == NPOL) {
      std::fprintf(stderr, "no policy `%s`\n", argv[2]);
      return 2;
    }
    if (argc > 3 && std::strcmp(argv[3], "alternate") == 0) {
      for (int t = -1; t < trials; ++t) {
        row("alternate", NAMES[EXPLICIT], t, run(EXPLICIT, n, s));
        row("alternate", NAMES[p], t, run((Policy)p, n, s));
      }
    } else {
      for (int t = -1; t < trials; ++t) row("before", NAMES[EXPLICIT], t, run(EXPLICIT, n, s));
      for (int t = -1; t < trials; ++t) row("itself", NAMES[p], t, run((Policy)p, n, s));
      probe("between", kept, heap.data(), n, 3);
      for (int t = -1; t < trials; ++t) row("after", NAMES[EXPLICIT], t, run(EXPLICIT, n, s));
    }
  } else {
    for (int t = -1; t < trials; ++t) row("alone", NAMES[EXPLICIT], t, run(EXPLICIT, n, s));
    probe("between", kept, heap.data(), n, 3);
    for (int t = -1; t < trials; ++t)
      for (int i = 0; i < NPOL; ++i) {
        Policy p = (Policy)((i + t + 1) % NPOL);
        row("rotated", NAMES[p], t, run(p, n, s));
      }
  }
  probe("end", kept, heap.data(), n, 3);
  CK(cudaFreeHost(kept));
  std::fprintf(stderr, "sink %g\n", (double)g_sink);
  return 0;
}
