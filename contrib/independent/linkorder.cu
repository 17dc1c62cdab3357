// An investigation, not a task: why umodel's link probe prices GPU passes over managed pages kept
// on the host above lastwrite.cu's same passes on the same VM (the in-place pass 1.02-1.25x, on
// nine H100 VMs: calibration/h100/run246/managed_vs_lastwrite.txt), while over pinned memory the
// two agree. The probe's order differs from that program's in three ways, each a case here, every
// case ending in the same timed in-place pass over the managed pages (after an untimed one, the
// host writing every float on every core before each):
//   plain        nothing else (lastwrite.cu's host-write-all order)
//   after-pinned the probe's passes over pinned mapped memory first: a read, random 4-byte reads
//                of it, the same random reads of device memory, random reads of it into a second
//                pinned buffer, an in-place pass and a write pass (each twice where the probe
//                warms it)
//   pinned-fill  the host's writes by one worker pinned to each core in turn (umodel's fills
//                place their workers so), where the others let the system place them
//   after-read   the probe's managed read first (fill, untimed read, fill, read), as the probe
//                times its managed passes read, then in place, then write
// Written without umodel's code; shares only harness.cuh.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o linkorder linkorder.cu -lpthread
//   ./linkorder BYTES TRIALS > linkorder.csv
//
// One warm round, then TRIALS rounds, each case once in a rotating order. The timed pass is
// checked (every float, on the host); a failed check is written as `failed` and the program exits
// 1. Writes `case,trial,ms,check`.
#include "harness.cuh"

#include <thread>
#include <vector>

static float v(size_t i) { return (float)(i % 17) * 0.25f; }

__global__ void inplace_pass(float* __restrict__ o, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    o[i] += 1.0f;
}

__global__ void write_pass(float* __restrict__ o, float value, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    o[i] = value;
}

__global__ void read_pass(const float* __restrict__ a, float* __restrict__ acc, size_t n) {
  float s = 0;
  size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (size_t i = t; i < n; i += (size_t)gridDim.x * blockDim.x) s += a[i];
  acc[t] = s;
}

// A scattered index of i in [0, n): a multiplicative hash, so every thread reads far from the
// last.
__device__ size_t scatter(size_t i, size_t n) {
  unsigned long long x = (unsigned long long)i * 0x9E3779B97F4A7C15ull;
  x ^= x >> 29;
  return (size_t)(x % n);
}

__global__ void random_read(const float* __restrict__ a, float* __restrict__ acc, size_t n) {
  float s = 0;
  size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (size_t i = t; i < n; i += (size_t)gridDim.x * blockDim.x) s += a[scatter(i, n)];
  acc[t] = s;
}

__global__ void random_into(const float* __restrict__ a, float* __restrict__ o, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    o[i] += a[scatter(i, n)];
}

enum Case { PLAIN, AFTER_PINNED, PINNED_FILL, AFTER_READ, NCASE };
static const char* CASE[NCASE] = {"plain", "after-pinned", "pinned-fill", "after-read"};

static cpu_set_t g_all;

// x[i] = v(i) on every core, a contiguous share each; `place`: each worker pinned to its core.
static void fill_all(float* x, size_t n, bool place) {
  std::vector<int> cores;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &g_all)) cores.push_back(c);
  size_t k = std::max<size_t>(1, cores.size());
  size_t share = (n + k - 1) / k;
  std::vector<std::thread> workers;
  for (size_t w = 0; w < k; ++w)
    workers.emplace_back([=] {
      if (place) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(cores[w], &one);
        sched_setaffinity(0, sizeof one, &one);
      }
      for (size_t i = w * share; i < std::min(n, (w + 1) * share); ++i) x[i] = v(i);
    });
  for (auto& t : workers) t.join();
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s BYTES TRIALS\n", argv[0]);
    return 2;
  }
  SizeTrials a = size_and_trials(argv);
  size_t bytes = a.bytes, n = a.n;
  int trials = a.trials;
  CPU_ZERO(&g_all);
  if (sched_getaffinity(0, sizeof g_all, &g_all) != 0) return 2;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  float *x, *xd, *c, *cd, *d, *m, *acc;
  CK(cudaHostAlloc(&x, bytes, cudaHostAllocMapped));
  CK(cudaHostGetDevicePointer(&xd, x, 0));
  CK(cudaHostAlloc(&c, bytes, cudaHostAllocMapped));
  CK(cudaHostGetDevicePointer(&cd, c, 0));
  CK(cudaMalloc(&d, bytes));
  CK(cudaMallocManaged(&m, bytes));
  advise(m, bytes, cudaMemAdviseSetPreferredLocation, false);
  advise(m, bytes, cudaMemAdviseSetAccessedBy, true);
  int g = grid_for(n);
  CK(cudaMalloc(&acc, (size_t)g * 256 * sizeof(float)));
  fill_all(x, n, false);
  CK(cudaMemcpy(d, x, bytes, cudaMemcpyHostToDevice));
  fill_all(m, n, false);
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  bool ok = true;
  std::printf("case,trial,ms,check\n");
  for (int t = -1; t < trials; ++t) {
    for (int j = 0; j < NCASE; ++j) {
      Case k = (Case)((j + t + 1) % NCASE);
      if (k == AFTER_PINNED) {
        fill_all(x, n, false);
        read_pass<<<g, 256, 0, s>>>(xd, acc, n);
        read_pass<<<g, 256, 0, s>>>(xd, acc, n);
        random_read<<<g, 256, 0, s>>>(xd, acc, n);
        random_read<<<g, 256, 0, s>>>(d, acc, n);
        CK(cudaStreamSynchronize(s));
        std::memset(c, 0, bytes);
        random_into<<<g, 256, 0, s>>>(xd, cd, n);
        inplace_pass<<<g, 256, 0, s>>>(xd, n);
        inplace_pass<<<g, 256, 0, s>>>(xd, n);
        write_pass<<<g, 256, 0, s>>>(xd, 2.0f, n);
        write_pass<<<g, 256, 0, s>>>(xd, 3.0f, n);
        CK(cudaGetLastError());
        CK(cudaStreamSynchronize(s));
      }
      if (k == AFTER_READ) {
        fill_all(m, n, false);
        read_pass<<<g, 256, 0, s>>>(m, acc, n);
        CK(cudaStreamSynchronize(s));
        fill_all(m, n, false);
        read_pass<<<g, 256, 0, s>>>(m, acc, n);
        CK(cudaGetLastError());
        CK(cudaStreamSynchronize(s));
      }
      bool place = k == PINNED_FILL;
      fill_all(m, n, place);
      inplace_pass<<<g, 256, 0, s>>>(m, n);
      CK(cudaGetLastError());
      CK(cudaStreamSynchronize(s));
      fill_all(m, n, place);
      CK(cudaEventRecord(e0, s));
      inplace_pass<<<g, 256, 0, s>>>(m, n);
      CK(cudaEventRecord(e1, s));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      bool good = true;
      for (size_t i = 0; i < n; ++i)
        if (m[i] != v(i) + 1.0f) {
          good = false;
          break;
        }
      ok &= good;
      if (t >= 0) std::printf("%s,%d,%.5f,%s\n", CASE[k], t, (double)ms, good ? "ok" : "failed");
    }
    std::fflush(stdout);
  }
  return ok ? 0 : 1;
}
