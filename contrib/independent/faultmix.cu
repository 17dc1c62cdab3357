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
// Shares only harness.cuh with the other programs; none of umodel's code.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o faultmix faultmix.cu
//   ./faultmix BYTES TRIALS > faultmix.csv
//
// BYTES: each buffer's size (floats, whole pages). Each trial runs the five cases in turn, each
// on new managed allocations filled by the host (then advised, untimed), the kernel timed with
// events; after it the host checks every float the kernel wrote (x, or a sum per thread kept on
// the card for the cases without x). A failed check is written as `failed` and the program
// exits 1. Writes `case,bytes,trial,ms,check`.
#include "harness.cuh"

#include <vector>

// x[i] = 0.5 x[i] + b[i] where both are given (relax.cu's kernel); x alone: x[i] = 0.5 x[i] + 1,
// in place as relax.cu's; b alone: a sum per thread of what it reads, kept on the card.
__global__ void pass(float* x, const float* __restrict__ b, float* __restrict__ acc, size_t n) {
  float s = 0;
  size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (size_t i = t; i < n; i += (size_t)gridDim.x * blockDim.x) {
    if (x)
      x[i] = 0.5f * x[i] + (b ? b[i] : 1.0f);
    else
      s += b[i];
  }
  if (!x) acc[t] = s;
}

static float x_value(size_t i) { return (float)(i % 1000) * 1e-3f; }
static float b_value(size_t i) { return (float)((i * 7) % 13) * 0.1f; }

struct Case {
  const char* name;
  bool x, b, advise_b;
};
static const Case CASES[] = {
    {"fault", false, true, false},
    {"fault-advised", false, true, true},
    {"link", true, false, false},
    {"both", true, true, true},
    {"both-plain", true, true, false},
};

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s BYTES TRIALS\n", argv[0]);
    return 2;
  }
  size_t bytes = std::strtoull(argv[1], nullptr, 10);
  int trials = std::atoi(argv[2]);
  size_t n = bytes / sizeof(float);
  if (n == 0 || bytes % 4096 != 0 || trials < 1) {
    std::fprintf(stderr, "BYTES must be whole pages; TRIALS positive\n");
    return 2;
  }
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
  bool ok = true;
  std::printf("case,bytes,trial,ms,check\n");
  for (int t = -1; t < trials; ++t) {
    for (const Case& c : CASES) {
      float *x = nullptr, *b = nullptr;
      if (c.x) {
        CK(cudaMallocManaged(&x, bytes));
        for (size_t i = 0; i < n; ++i) x[i] = x_value(i);
        advise(x, bytes, cudaMemAdviseSetPreferredLocation, false);
        advise(x, bytes, cudaMemAdviseSetAccessedBy, true);
      }
      if (c.b) {
        CK(cudaMallocManaged(&b, bytes));
        for (size_t i = 0; i < n; ++i) b[i] = b_value(i);
        if (c.advise_b) advise(b, bytes, cudaMemAdviseSetPreferredLocation, true);
      }
      CK(cudaDeviceSynchronize());
      CK(cudaEventRecord(e0, s));
      pass<<<g, 256, 0, s>>>(x, b, acc, n);
      CK(cudaGetLastError());
      CK(cudaEventRecord(e1, s));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      bool good = true;
      if (c.x) {
        for (size_t i = 0; i < n && good; ++i)
          good = x[i] == 0.5f * x_value(i) + (c.b ? b_value(i) : 1.0f);
      } else {
        CK(cudaMemcpy(got.data(), acc, threads * sizeof(float), cudaMemcpyDeviceToHost));
        for (size_t k = 0; k < threads && good; ++k) {
          float want = 0;
          for (size_t i = k; i < n; i += threads) want += b_value(i);
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
