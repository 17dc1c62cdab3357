// Why relax.cu's final sum took 47-56 ms inside its trials against 14.6 ms on heap memory
// (calibration/h200/run148), while hostmem.cu found the same sum as fast on every kind of host
// memory (run147). What differs in a trial: the buffer is fresh, the GPU last wrote it (a copy, a
// kernel over the mapping, or a migration), and the host had just waited for the GPU. Each case
// below changes one of these; each sums 64 MiB twice in a row (pass 0 and 1), timing each eighth of
// the buffer and counting the minor page faults, so a one-time cost (a first touch, a clock still
// rising) shows apart from a steady one. Not a model term: an investigation.
//
//   nvcc -O3 -arch=sm_90 -std=c++17 -o afterdev afterdev.cu
//   ./afterdev TRIALS > afterdev.csv
#include "harness.cuh"
#include "relax_passes.cuh"

#include <sys/resource.h>
#include <unistd.h>

#include <vector>

constexpr size_t BYTES = 64u << 20;
constexpr size_t N = BYTES / sizeof(float);
constexpr int CHUNKS = 8;

static long minflt() {
  rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}

static void fill(float* x) {
  for (size_t i = 0; i < N; ++i) x[i] = (float)(i % 1000) * 1e-3f;
}

// About 40 ms of GPU work on device memory only, as relax.cu's rounds keep the host waiting.
__global__ void busy(float* __restrict__ d, size_t n, int reps) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    float v = d[i];
    for (int r = 0; r < reps; ++r) v = v * 0.999f + 1e-3f;
    d[i] = v;
  }
}

__global__ void write_all(float* __restrict__ x, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    x[i] = (float)(i % 1000) * 1e-3f;
}

static volatile double g_sink = 0;

// Two sums in a row, each eighth timed; one CSV row per pass.
static void sum_twice(const char* what, int trial, const float* x) {
  for (int pass = 0; pass < 2; ++pass) {
    double ms[CHUNKS];
    long f0 = minflt();
    double total = now_ms();
    for (int c = 0; c < CHUNKS; ++c) {
      double c0 = now_ms();
      g_sink = g_sink + sum(x + c * (N / CHUNKS), N / CHUNKS);
      ms[c] = now_ms() - c0;
    }
    total = now_ms() - total;
    long faults = minflt() - f0;
    if (trial >= 0) {
      std::printf("%s,%d,%d,%.5f,%ld", what, trial, pass, total, faults);
      for (double m : ms) std::printf(",%.5f", m);
      std::printf("\n");
    }
  }
}

int main(int argc, char** argv) {
  int trials = argc > 1 ? std::atoi(argv[1]) : 9;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  float *kept, *kept_dev, *dev, *busy_dev;
  CK(cudaHostAlloc(&kept, BYTES, cudaHostAllocMapped));
  CK(cudaHostGetDevicePointer((void**)&kept_dev, kept, 0));
  CK(cudaMalloc(&dev, BYTES));
  CK(cudaMalloc(&busy_dev, BYTES));
  CK(cudaMemset(busy_dev, 0, BYTES));
  std::vector<float> heap(N);
  fill(kept);
  fill(heap.data());
  write_all<<<grid_for(N), 256, 0, s>>>(dev, N);
  CK(cudaStreamSynchronize(s));
  std::vector<char> evict(512u << 20);
  auto flush_caches = [&](int t) { std::memset(evict.data(), t & 0xff, evict.size()); };
  auto wait_gpu = [&] {
    busy<<<grid_for(N), 256, 0, s>>>(busy_dev, N, 40000);
    CK(cudaGetLastError());
    CK(cudaStreamSynchronize(s));
  };

  std::printf("case,trial,pass,ms,minflt");
  for (int c = 0; c < CHUNKS; ++c) std::printf(",chunk%d_ms", c);
  std::printf("\n");
  for (int t = 0; t <= trials; ++t) {  // trial 0 is a warm-up, not written
    int tr = t - 1;
    // The plain row's conditions: a kept buffer the host wrote, caches evicted.
    fill(kept);
    flush_caches(t);
    sum_twice("kept_host", tr, kept);
    // The same after the host waited 40 ms for a GPU kernel on other memory.
    fill(kept);
    flush_caches(t);
    wait_gpu();
    sum_twice("kept_host_after_wait", tr, kept);
    // The same after the host slept 40 ms.
    fill(kept);
    flush_caches(t);
    usleep(40000);
    sum_twice("kept_host_after_sleep", tr, kept);
    // A kept pinned buffer a device-to-host copy wrote.
    CK(cudaMemcpyAsync(kept, dev, BYTES, cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    sum_twice("kept_d2h", tr, kept);
    // A kept pinned buffer a kernel wrote over the mapping.
    write_all<<<grid_for(N), 256, 0, s>>>(kept_dev, N);
    CK(cudaStreamSynchronize(s));
    sum_twice("kept_mapped_write", tr, kept);
    // Kept heap memory a (pageable) device-to-host copy wrote.
    CK(cudaMemcpy(heap.data(), dev, BYTES, cudaMemcpyDeviceToHost));
    sum_twice("heap_d2h", tr, heap.data());
    // A fresh pinned buffer the host filled, as relax.cu allocates one per trial.
    {
      float* f;
      CK(cudaMallocHost(&f, BYTES));
      fill(f);
      flush_caches(t);
      sum_twice("fresh_host", tr, f);
      CK(cudaFreeHost(f));
    }
    // A fresh pinned buffer the host filled, then a device-to-host copy wrote: relax.cu's
    // explicit copy at its final sum.
    {
      float* f;
      CK(cudaMallocHost(&f, BYTES));
      fill(f);
      wait_gpu();
      CK(cudaMemcpyAsync(f, dev, BYTES, cudaMemcpyDeviceToHost, s));
      CK(cudaStreamSynchronize(s));
      sum_twice("fresh_d2h", tr, f);
      CK(cudaFreeHost(f));
    }
    // A fresh managed buffer the host filled, the GPU wrote, prefetched back: relax.cu's
    // managed-prefetch at its final sum.
    {
      float* f;
      CK(cudaMallocManaged(&f, BYTES));
      fill(f);
      prefetch(f, BYTES, true, s);
      write_all<<<grid_for(N), 256, 0, s>>>(f, N);
      prefetch(f, BYTES, false, s);
      CK(cudaStreamSynchronize(s));
      sum_twice("fresh_managed_prefetched", tr, f);
      CK(cudaFree(f));
    }
    std::fflush(stdout);
  }
  std::fprintf(stderr, "sink %g\n", (double)g_sink);
  return 0;
}
