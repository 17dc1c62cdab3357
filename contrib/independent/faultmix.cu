// An investigation, not a task: what relax.cu's first GPU pass under managed-advise pays. In that
// pass the kernel reads `b` (managed, filled by the host, advised to live on the card, so its
// first touch migrates it) beside `x` (managed, advised to stay on the host and be reached from
// the card, read and written over the link). umodel prices the two apart and adds them (a
// scalar fault-in of `b`, a mapped in-place pass of `x`). This times, on fresh allocations each
// trial, the same kernel shape in five cases:
//   fault          b alone, unadvised: its pages migrate on first touch
//   fault-advised  b alone, advised preferred-location device after the fill (relax.cu's advice)
//   link           x alone, advised as relax.cu advises it: a pass over the link, nothing moves
//   both           relax.cu's first pass: x over the link beside b's first touch, b advised
//   both-plain     the same with b unadvised
// and, since run180, which of the two makes the pass over the link hide under the faults: the
// first touch migrating (b unadvised) or duplicating (b advised read-mostly after the fill, as
// kmeans.cu advises its points), beside x read, written (as kmeans.cu's labels) or both:
//   link-read, link-write         x alone, read or written over the link
//   dup                           b alone, duplicated on first touch
//   fault-read, fault-write       b migrating beside x read or written
//   dup-read, dup-write, dup-both b duplicating beside x read, written, or both
// Shares only harness.cuh with the other programs; none of umodel's code.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o faultmix faultmix.cu
//   [FAULTMIX_ALTERNATE=1] ./faultmix BYTES TRIALS > faultmix.csv
//
// FAULTMIX_ALTERNATE=1 (since run189): odd trials run the cases in reverse order, so that a drift
// of the fault rate within a trial (it runs in regimes of seconds) does not favour the cases
// that come first when each whole pass is set beside its parts of the same trial.
//
// BYTES: each buffer's size (floats, whole pages). Each trial runs the five cases in turn, each
// on new managed allocations filled by the host (then advised, untimed), the kernel timed with
// events; after it the host checks every float the kernel wrote (x, or a sum per thread kept on
// the card for the cases without x). A failed check is written as `failed` and the program
// exits 1. Writes `case,bytes,trial,ms,check`.
#include "harness.cuh"

#include <vector>

// What a pass does with x over the link.
enum XMode { X_NONE, X_READ, X_WRITE, X_BOTH };

// With b given, v = b[i], else 1. X_BOTH: x[i] = 0.5 x[i] + v (relax.cu's kernel); X_WRITE:
// x[i] = v + 1; X_READ and X_NONE: a sum per thread of x[i] + v (of v alone), kept on the card.
__global__ void pass(float* x, int mode, const float* __restrict__ b, float* __restrict__ acc,
                     size_t n) {
  float s = 0;
  size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (size_t i = t; i < n; i += (size_t)gridDim.x * blockDim.x) {
    float v = b ? b[i] : 1.0f;
    if (mode == X_BOTH)
      x[i] = 0.5f * x[i] + v;
    else if (mode == X_WRITE)
      x[i] = v + 1.0f;
    else
      s += mode == X_READ ? x[i] + v : v;
  }
  if (mode == X_READ || mode == X_NONE) acc[t] = s;
}

static float x_value(size_t i) { return (float)(i % 1000) * 1e-3f; }
static float b_value(size_t i) { return (float)((i * 7) % 13) * 0.1f; }

// b's advice after the fill.
enum BAdvice { B_NONE, B_DEVICE, B_READ_MOSTLY };

struct Case {
  const char* name;
  int x;  // XMode
  bool b;
  int advise_b;  // BAdvice
};
static const Case CASES[] = {
    {"fault", X_NONE, true, B_NONE},
    {"fault-advised", X_NONE, true, B_DEVICE},
    {"link", X_BOTH, false, B_NONE},
    {"both", X_BOTH, true, B_DEVICE},
    {"both-plain", X_BOTH, true, B_NONE},
    // Since run180.
    {"link-read", X_READ, false, B_NONE},
    {"link-write", X_WRITE, false, B_NONE},
    {"dup", X_NONE, true, B_READ_MOSTLY},
    {"fault-read", X_READ, true, B_NONE},
    {"fault-write", X_WRITE, true, B_NONE},
    {"dup-read", X_READ, true, B_READ_MOSTLY},
    {"dup-write", X_WRITE, true, B_READ_MOSTLY},
    {"dup-both", X_BOTH, true, B_READ_MOSTLY},
};

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s BYTES TRIALS\n", argv[0]);
    return 2;
  }
  SizeTrials a = size_and_trials(argv);
  size_t bytes = a.bytes, n = a.n;
  int trials = a.trials;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  int g = grid_for(n);
  size_t threads = (size_t)g * 256;
  float* acc;
  CK(cudaMalloc(&acc, threads * sizeof(float)));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  std::vector<float> got(threads);
  const char* alt = std::getenv("FAULTMIX_ALTERNATE");
  bool alternate = alt && alt[0] == '1';
  const int ncases = (int)(sizeof(CASES) / sizeof(CASES[0]));
  bool ok = true;
  std::printf("case,bytes,trial,ms,check\n");
  for (int t = -1; t < trials; ++t) {
    for (int k = 0; k < ncases; ++k) {
      const Case& c = CASES[alternate && t >= 0 && t % 2 == 1 ? ncases - 1 - k : k];
      float *x = nullptr, *b = nullptr;
      if (c.x != X_NONE) {
        CK(cudaMallocManaged(&x, bytes));
        for (size_t i = 0; i < n; ++i) x[i] = x_value(i);
        advise(x, bytes, cudaMemAdviseSetPreferredLocation, false);
        advise(x, bytes, cudaMemAdviseSetAccessedBy, true);
      }
      if (c.b) {
        CK(cudaMallocManaged(&b, bytes));
        for (size_t i = 0; i < n; ++i) b[i] = b_value(i);
        if (c.advise_b == B_DEVICE) advise(b, bytes, cudaMemAdviseSetPreferredLocation, true);
        if (c.advise_b == B_READ_MOSTLY) advise(b, bytes, cudaMemAdviseSetReadMostly, true);
      }
      CK(cudaDeviceSynchronize());
      CK(cudaEventRecord(e0, s));
      pass<<<g, 256, 0, s>>>(x, c.x, b, acc, n);
      CK(cudaGetLastError());
      CK(cudaEventRecord(e1, s));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      bool good = true;
      auto v = [&](size_t i) { return c.b ? b_value(i) : 1.0f; };
      if (c.x == X_BOTH || c.x == X_WRITE) {
        for (size_t i = 0; i < n && good; ++i)
          good = x[i] == (c.x == X_BOTH ? 0.5f * x_value(i) + v(i) : v(i) + 1.0f);
      } else {
        CK(cudaMemcpy(got.data(), acc, threads * sizeof(float), cudaMemcpyDeviceToHost));
        for (size_t k = 0; k < threads && good; ++k) {
          float want = 0;
          for (size_t i = k; i < n; i += threads) want += c.x == X_READ ? x_value(i) + v(i) : v(i);
          good = got[k] == want;
        }
      }
      ok &= good;
      if (t >= 0) std::printf("%s,%zu,%d,%.5f,%s\n", c.name, bytes, t, (double)ms, good ? "ok" : "failed");
      if (x) CK(cudaFree(x));
      if (b) CK(cudaFree(b));
    }
    std::fflush(stdout);
  }
  return ok ? 0 : 1;
}
