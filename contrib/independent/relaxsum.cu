// Which part of relax.cu's trial makes its final sum slow: 47-56 ms inside the trials against
// 14-15 ms timed plain (calibration/h200/run148, run149), when no single condition afterdev.cu
// tried (a fresh buffer, a copy or kernel that wrote it, a wait for the GPU) slowed the same sum
// (run149). relax.cu's explicit-copy trial, the plainest of its six, is rebuilt here with one part
// left out at a time: the GPU's copies and kernels, the host's writes, the fresh allocation, three
// of the four rounds. Each variant's final sum runs twice in a row, each eighth timed, with the
// minor page faults and context switches counted; then the field's values are copied to kept heap
// memory and summed there, to tell the values from the memory. Not a model term: an investigation.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o relaxsum relaxsum.cu
//   ./relaxsum TRIALS > relaxsum.csv
#include "harness.cuh"
#include "relax_passes.cuh"

#include <sys/resource.h>

#include <vector>

constexpr size_t BYTES = 64u << 20;
constexpr size_t N = BYTES / sizeof(float);
constexpr int CHUNKS = 8;

__global__ void relax(float* __restrict__ x, const float* __restrict__ b, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    x[i] = 0.5f * x[i] + b[i];
}

static void fill(float* x, float* b) {
  for (size_t i = 0; i < N; ++i) {
    x[i] = (float)(i % 1000) * 1e-3f;
    b[i] = (float)((i * 7) % 13) * 0.1f;
  }
}

static volatile double g_sink = 0;

// One sum of x, each eighth timed; one CSV row.
static void timed_sum(const char* variant, const char* what, int trial, int pass, const float* x) {
  double ms[CHUNKS];
  rusage u0, u1;
  getrusage(RUSAGE_SELF, &u0);
  double total = now_ms();
  for (int c = 0; c < CHUNKS; ++c) {
    double c0 = now_ms();
    g_sink = g_sink + sum(x + c * (N / CHUNKS), N / CHUNKS);
    ms[c] = now_ms() - c0;
  }
  total = now_ms() - total;
  getrusage(RUSAGE_SELF, &u1);
  if (trial < 0) return;
  std::printf("%s,%s,%d,%d,%.5f,%ld,%ld,%ld", variant, what, trial, pass, total,
              u1.ru_minflt - u0.ru_minflt, u1.ru_nvcsw - u0.ru_nvcsw,
              u1.ru_nivcsw - u0.ru_nivcsw);
  for (double m : ms) std::printf(",%.5f", m);
  std::printf("\n");
}

struct Variant {
  const char* name;
  bool fresh, gpu, writes;
  int rounds;
};

struct Kept {
  float *h_x, *h_b, *d_x, *d_b;
};

// relax.cu's explicit-copy trial with the parts `v` keeps, then its final sum twice, then the
// field's values summed on kept heap memory.
static void trial(const Variant& v, const Kept& k, std::vector<float>& heap,
                  std::vector<char>& evict, int t, cudaStream_t s) {
  float *h_x = k.h_x, *h_b = k.h_b, *d_x = k.d_x, *d_b = k.d_b;
  if (v.fresh) {
    CK(cudaMallocHost(&h_x, BYTES));
    CK(cudaMallocHost(&h_b, BYTES));
    CK(cudaMalloc(&d_x, BYTES));
    CK(cudaMalloc(&d_b, BYTES));
  }
  fill(h_x, h_b);
  CK(cudaDeviceSynchronize());
  for (int r = 0; r < v.rounds; ++r) {
    if (v.gpu && r > 0) {
      CK(cudaMemcpyAsync(h_x, d_x, BYTES, cudaMemcpyDeviceToHost, s));
      CK(cudaStreamSynchronize(s));
    }
    if (v.writes) write_pages(h_x, N, r);
    if (v.gpu) {
      CK(cudaMemcpyAsync(d_x, h_x, BYTES, cudaMemcpyHostToDevice, s));
      if (r == 0) CK(cudaMemcpyAsync(d_b, h_b, BYTES, cudaMemcpyHostToDevice, s));
      relax<<<grid_for(N), 256, 0, s>>>(d_x, d_b, N);
      CK(cudaGetLastError());
      CK(cudaStreamSynchronize(s));
    }
  }
  if (v.gpu) {
    CK(cudaMemcpyAsync(h_x, d_x, BYTES, cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
  }
  timed_sum(v.name, "x", t, 0, h_x);
  timed_sum(v.name, "x", t, 1, h_x);
  std::memcpy(heap.data(), h_x, BYTES);
  std::memset(evict.data(), t & 0xff, evict.size());
  timed_sum(v.name, "x_copied_to_heap", t, 0, heap.data());
  if (v.fresh) {
    CK(cudaFreeHost(h_x));
    CK(cudaFreeHost(h_b));
    CK(cudaFree(d_x));
    CK(cudaFree(d_b));
  }
}

int main(int argc, char** argv) {
  int trials = argc > 1 ? std::atoi(argv[1]) : 9;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  Kept k;
  CK(cudaMallocHost(&k.h_x, BYTES));
  CK(cudaMallocHost(&k.h_b, BYTES));
  CK(cudaMalloc(&k.d_x, BYTES));
  CK(cudaMalloc(&k.d_b, BYTES));
  std::vector<float> heap(N);
  std::vector<char> evict(512u << 20);
  const Variant vs[] = {
      {"relax", true, true, true, 4},         {"kept", false, true, true, 4},
      {"no_gpu", true, false, true, 4},       {"no_writes", true, true, false, 4},
      {"one_round", true, true, true, 1},     {"no_gpu_no_writes", true, false, false, 4},
  };
  const int nv = sizeof vs / sizeof vs[0];
  std::printf("variant,what,trial,pass,ms,minflt,nvcsw,nivcsw");
  for (int c = 0; c < CHUNKS; ++c) std::printf(",chunk%d_ms", c);
  std::printf("\n");
  for (int t = 0; t <= trials; ++t)  // trial 0 is a warm-up, not written
    for (int i = 0; i < nv; ++i) trial(vs[(i + t) % nv], k, heap, evict, t - 1, s);
  std::fprintf(stderr, "sink %g\n", (double)g_sink);
  return 0;
}
