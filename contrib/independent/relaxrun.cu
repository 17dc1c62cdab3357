// relax.cu's own trial function, called here one policy at a time: its final sum took 47-56 ms
// inside relax.cu's trials (calibration/h200/run148, run150) but 13-14 ms in relaxsum.cu's
// rebuilding of the explicit-copy trial (run150). Is it relax.cu's code, or the other policies'
// trials between? This program compiles relax.cu unchanged (its main renamed) and calls its
// `run` for explicit-copy alone, then for the six policies rotated as relax.cu does, writing each
// final sum's time. Not a model term: an investigation.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o relaxrun relaxrun.cu
//   ./relaxrun TRIALS > relaxrun.csv
#define main relax_main
#include "relax.cu"
#undef main

// Every sum's result is used, or the compiler drops the sum (run151's rotated rows timed none).
static volatile double g_sink = 0;

int main(int argc, char** argv) {
  int trials = argc > 1 ? std::atoi(argv[1]) : 9;
  const size_t n = (64u << 20) / sizeof(float);
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  g_moves.init();
  std::printf("sequence,policy,trial,total_ms,cpu_ms,cpu_final_ms\n");
  for (int t = 0; t <= trials; ++t) {  // trial 0 is a warm-up, not written
    Result r = run(EXPLICIT, n, s);
    g_sink = g_sink + r.s;
    if (t > 0)
      std::printf("alone,%s,%d,%.5f,%.5f,%.5f\n", NAMES[EXPLICIT], t - 1, r.total_ms, r.cpu_ms,
                  r.fin_ms);
  }
  for (int t = 0; t <= trials; ++t)
    for (int i = 0; i < NPOL; ++i) {
      Policy p = (Policy)((i + t) % NPOL);
      Result r = run(p, n, s);
      g_sink = g_sink + r.s;
      if (t > 0)
        std::printf("rotated,%s,%d,%.5f,%.5f,%.5f\n", NAMES[p], t - 1, r.total_ms, r.cpu_ms,
                    r.fin_ms);
    }
  std::fprintf(stderr, "sink %g\n", (double)g_sink);
  return 0;
}
