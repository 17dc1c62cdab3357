// An investigation, not a task: one GPU pass over page-locked host memory mapped for the GPU,
// reading and writing different amounts over the link, to check how a pass's reads and writes
// share it (NOTES.md, "Reads and writes over the link in one pass"). Written without umodel's
// code; shares only harness.cuh.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o linkmix linkmix.cu
//   ./linkmix BYTES TRIALS > linkmix.csv
//
// BYTES: each buffer's size (floats, whole pages). Every case runs one kernel of four-byte
// accesses, a thread per float in a grid-stride loop (as relax.cu's), over up to four inputs and
// two outputs, all allocated with cudaHostAllocMapped and filled by the host:
//   r1w0        reads one buffer (a sum per thread kept on the card, no host writes)
//   r2w0        reads two
//   r0w1        writes one
//   r1w1-copy   reads one, writes another
//   r1w1-inplace reads and writes one (the calibration's in-place pass)
//   r2w1-inplace reads two, writes one of them (relax.cu's pass)
//   r2w1        reads two, writes a third
//   r3w1        reads three, writes a fourth
//   r4w1        reads four, writes a fifth
//   r1w2        reads one, writes two others
//   r3w2        reads three, writes two others
// One warm round, then TRIALS rounds, each timing every case's pass once with events (the cases
// rotate within a round, so a slow spell of the machine falls on all of them). After every pass
// the host checks every float it wrote (the read-only cases: every thread's sum, kept on the
// card); a failed check is written as `failed` and the program exits 1. Writes
// `case,read_bytes,write_bytes,trial,ms,check`.
#include "harness.cuh"

#include <cmath>
#include <vector>

constexpr int NIN = 4, NOUT = 2;

struct Bufs {
  float* in[NIN];    // host pointers
  float* din[NIN];   // their device pointers
  float* out[NOUT];
  float* dout[NOUT];
};

__global__ void reads(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ acc,
                      size_t n) {
  float s = 0;
  size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (size_t i = t; i < n; i += (size_t)gridDim.x * blockDim.x) s += a[i] + (b ? b[i] : 0.0f);
  acc[t] = s;
}

__global__ void writes(float* __restrict__ o, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    o[i] = 3.0f;
}

// o0[i] = the sum of the inputs given (i % 7 with none); `inplace`: o0[i] is read too, added
// times zero, so what a pass writes never depends on what the last one left (no refill between
// passes); o1, when given, = twice o0.
__global__ void mix(const float* __restrict__ a, const float* __restrict__ b,
                    const float* __restrict__ c, const float* __restrict__ d, float* o0, float* o1,
                    bool inplace, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    float s = a ? a[i] : (float)(i % 7);
    if (b) s += b[i];
    if (c) s += c[i];
    if (d) s += d[i];
    if (inplace) s += 0.0f * o0[i];
    o0[i] = s;
    if (o1) o1[i] = 2.0f * s;
  }
}

struct Case {
  const char* name;
  int nin;       // inputs read (besides an in-place output)
  int nout;      // outputs written
  bool inplace;  // the first output is read too
  bool readonly;
};

static const Case CASES[] = {
    {"r1w0", 1, 0, false, true},          {"r2w0", 2, 0, false, true},
    {"r0w1", 0, 1, false, false},         {"r1w1-copy", 1, 1, false, false},
    {"r1w1-inplace", 0, 1, true, false},  {"r2w1-inplace", 1, 1, true, false},
    {"r2w1", 2, 1, false, false},         {"r3w1", 3, 1, false, false},
    {"r4w1", 4, 1, false, false},         {"r1w2", 1, 2, false, false},
    {"r3w2", 3, 2, false, false},
};
constexpr int NCASE = sizeof(CASES) / sizeof(CASES[0]);

static float in_value(int j, size_t i) { return (float)((i * (j + 3)) % 17) * 0.25f; }

static void launch(const Case& c, Bufs& b, float* acc, size_t n, cudaStream_t s) {
  int g = grid_for(n);
  if (c.readonly) {
    reads<<<g, 256, 0, s>>>(b.din[0], c.nin > 1 ? b.din[1] : nullptr, acc, n);
  } else if (c.nin == 0 && !c.inplace) {
    writes<<<g, 256, 0, s>>>(b.dout[0], n);
  } else {
    const float* in[NIN] = {nullptr, nullptr, nullptr, nullptr};
    for (int j = 0; j < c.nin; ++j) in[j] = b.din[j];
    mix<<<g, 256, 0, s>>>(in[0], in[1], in[2], in[3], b.dout[0], c.nout > 1 ? b.dout[1] : nullptr,
                          c.inplace, n);
  }
  CK(cudaGetLastError());
}

// After a pass of `c`: whether every written float holds what it must.
static bool check(const Case& c, Bufs& b, float* acc, size_t n, int g) {
  if (c.readonly) {
    std::vector<float> got(g * 256);
    CK(cudaMemcpy(got.data(), acc, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (size_t t = 0; t < got.size(); ++t) {
      float s = 0;
      for (size_t i = t; i < n; i += got.size()) s += in_value(0, i) + (c.nin > 1 ? in_value(1, i) : 0.0f);
      if (s != got[t]) return false;
    }
    return true;
  }
  for (size_t i = 0; i < n; ++i) {
    float want;
    if (c.nin == 0 && !c.inplace) {
      want = 3.0f;
    } else if (c.nin == 0) {
      want = (float)(i % 7);
    } else {
      want = in_value(0, i);
      for (int j = 1; j < c.nin; ++j) want += in_value(j, i);
    }
    if (b.out[0][i] != want) return false;
    if (c.nout > 1 && b.out[1][i] != 2.0f * want) return false;
  }
  return true;
}

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
  Bufs b;
  for (int j = 0; j < NIN; ++j) {
    CK(cudaHostAlloc(&b.in[j], bytes, cudaHostAllocMapped));
    CK(cudaHostGetDevicePointer(&b.din[j], b.in[j], 0));
    for (size_t i = 0; i < n; ++i) b.in[j][i] = in_value(j, i);
  }
  for (int k = 0; k < NOUT; ++k) {
    CK(cudaHostAlloc(&b.out[k], bytes, cudaHostAllocMapped));
    CK(cudaHostGetDevicePointer(&b.dout[k], b.out[k], 0));
  }
  int g = grid_for(n);
  float* acc;
  CK(cudaMalloc(&acc, (size_t)g * 256 * sizeof(float)));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  bool ok = true;
  std::printf("case,read_bytes,write_bytes,trial,ms,check\n");
  for (int t = -1; t < trials; ++t) {
    for (int k = 0; k < NCASE; ++k) {
      const Case& c = CASES[k];
      CK(cudaEventRecord(e0, s));
      launch(c, b, acc, n, s);
      CK(cudaEventRecord(e1, s));
      CK(cudaEventSynchronize(e1));
      float m;
      CK(cudaEventElapsedTime(&m, e0, e1));
      bool good = check(c, b, acc, n, g);
      ok &= good;
      if (t >= 0) {
        size_t rd = (size_t)(c.nin + (c.inplace ? 1 : 0)) * bytes;
        if (c.nin == 0 && c.inplace) rd = bytes;
        size_t wr = (size_t)c.nout * bytes;
        std::printf("%s,%zu,%zu,%d,%.5f,%s\n", c.name, rd, wr, t, (double)m, good ? "ok" : "failed");
      }
    }
    std::fflush(stdout);
  }
  return ok ? 0 : 1;
}
