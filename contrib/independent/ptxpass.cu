// An investigation, not a task: are umodel's own kernels what make its passes over managed pages
// kept on the host dear on a slow link? There umodel's probe priced its managed write 2.2-2.7x its
// pinned one while manybufs.cu, timing twelve fresh managed buffers in the probe's order, paid the
// pinned price on every one, with or without a migrated buffer freed before (calibration/h100/
// run293). This program times, in one process, over one pinned mapped buffer and one managed
// buffer advised preferred-location host and accessed-by the device, three versions of each pass:
//   stride  a grid-stride loop of one float a thread (manybufs.cu's and lastwrite.cu's kernels)
//   nvcc    umodel's kernels, their source (crates/umodel-gpu/kernels) compiled in by nvcc
//   ptx     umodel's kernels as umodel loads them: its committed PTX for compute capability 9.0,
//           compiled by the driver at load (cuModuleLoadData)
// umodel's kernels are launched in umodel's shapes (256 threads a block): `write` task_fill, one
// float a thread; `read` stream_read_sum, float4 reads in a grid-stride loop of 8 blocks per SM,
// its sum word zeroed inside the timed span as umodel does; `inplace` stream_inplace_flat, one
// float4 a thread (x = 1·x + 1). Everything on the legacy default stream, as umodel. Each timed
// pass starts from the host writing every float on every core and the same pass run once untimed,
// then (`before`):
//   host  the host writes every float on every core again, then the timed pass (as umodel's probe
//         and calibration time their managed passes)
//   gpu   the timed pass at once (as umodel's probe times its pinned passes; since run295's plan)
//   host-one  one thread writes every float, then the timed pass (as the handoff's CPU update and
//         a task's one-thread CPU phase leave the lines; since run298's plan)
// One warm round, then TRIALS rounds, each timing every (source, memory, pass, before) once in a
// rotating order; after each timed pass the host checks every float (the read: the sum). A failed
// check is written as `failed` and the program exits 1. Writes
// `source,memory,pass,before,trial,ms,check` (run294's file, before `before`, has no such column:
// every pass there is `host`).
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o ptxpass ptxpass.cu -lpthread -lcuda
//   ./ptxpass BYTES TRIALS STREAM_PTX TASK_PTX > ptxpass.csv
//     (the PTX files: crates/umodel-gpu/kernels/ptx/compute_90/stream.ptx and task.ptx)
#include "harness.cuh"

#include "../../crates/umodel-gpu/kernels/stream.cu"
#include "../../crates/umodel-gpu/kernels/task.cu"

#include <cuda.h>

#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#define CU(x)                                                                      \
  do {                                                                             \
    CUresult r_ = (x);                                                             \
    if (r_ != CUDA_SUCCESS) {                                                      \
      const char* s_ = nullptr;                                                    \
      cuGetErrorString(r_, &s_);                                                   \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_ ? s_ : "?"); \
      std::exit(2);                                                                \
    }                                                                              \
  } while (0)

// Whole numbers below 17, so stream_read_sum's per-element conversion to an integer is exact.
static float v(size_t i) { return (float)(i % 17); }

__global__ void stride_read(const float* __restrict__ a, float* __restrict__ acc, size_t n) {
  float s = 0;
  size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (size_t i = t; i < n; i += (size_t)gridDim.x * blockDim.x) s += a[i];
  acc[t] = s;
}

__global__ void stride_write(float* __restrict__ o, float val, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    o[i] = val;
}

__global__ void stride_inplace(float* __restrict__ o, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    o[i] += 1.0f;
}

enum Source { STRIDE, NVCC, PTX, NSOURCE };
enum Pass { READ, WRITE, INPLACE, NPASS };
static const char* SOURCE[NSOURCE] = {"stride", "nvcc", "ptx"};
static const char* PASS[NPASS] = {"read", "write", "inplace"};
static const char* MEMORY[2] = {"pinned", "managed-host"};
static const char* BEFORE[3] = {"host", "gpu", "host-one"};
constexpr int NBEFORE = 3;

struct Region {
  float* host;  // what the host touches
  float* dev;   // what the kernels touch
  float off;    // every float is v(i) + off, or `val` after a write
  bool written;
  float val;
};

// The host's writes on every core the machine has, each a contiguous share of the floats.
static void host_write_all(Region& b, size_t n) {
  on_every_core(n, [&b](size_t i) { b.host[i] = v(i); });
  b.off = 0;
  b.written = false;
}

static void host_write_one(Region& b, size_t n) {
  for (size_t i = 0; i < n; ++i) b.host[i] = v(i);
  b.off = 0;
  b.written = false;
}

static std::string read_file(const char* path) {
  std::ifstream f(path);
  if (!f) {
    std::fprintf(stderr, "cannot read %s\n", path);
    std::exit(2);
  }
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

struct Kernels {
  CUfunction fill, read_sum, inplace_flat;
  int sms;
  unsigned long long* sum;  // device word for stream_read_sum
  float* acc;               // device floats for stride_read
  size_t n;
};

static unsigned flat_blocks(unsigned long long m) {
  return (unsigned)std::max<unsigned long long>(1, (m + 255) / 256);
}

// umodel's grid shape: at most 8 blocks of 256 per SM.
static unsigned grid_blocks(const Kernels& K, unsigned long long m) {
  return (unsigned)std::min<unsigned long long>(flat_blocks(m), (unsigned long long)K.sms * 8);
}

// Enqueues pass `p` from `src` on `b` (everything on the legacy default stream); `k` numbers the
// write passes so that two in a row write different values.
static void launch(Source src, Pass p, Region& b, Kernels& K, int k) {
  unsigned long long n = K.n;
  float* x = b.dev;
  if (p == WRITE) {
    b.written = true;
    b.val = (float)(k % 1000);
  } else if (p == INPLACE) {
    if (b.written)
      b.val += 1.0f;
    else
      b.off += 1.0f;
  }
  if (src == STRIDE) {
    int g = grid_for(n);
    if (p == READ) stride_read<<<g, 256>>>(x, K.acc, n);
    if (p == WRITE) stride_write<<<g, 256>>>(x, b.val, n);
    if (p == INPLACE) stride_inplace<<<g, 256>>>(x, n);
    CK(cudaGetLastError());
    return;
  }
  float one = 1.0f;
  unsigned long long n4 = n / 4;
  if (p == READ) {
    CK(cudaMemsetAsync(K.sum, 0, sizeof(unsigned long long), 0));
    unsigned g = grid_blocks(K, std::max<unsigned long long>(n4, 1));
    if (src == NVCC) {
      stream_read_sum<<<g, 256>>>(x, n, K.sum);
    } else {
      void* args[] = {&x, &n, &K.sum};
      CU(cuLaunchKernel(K.read_sum, g, 1, 1, 256, 1, 1, 0, 0, args, nullptr));
    }
  } else if (p == WRITE) {
    float val = b.val;
    unsigned g = flat_blocks(n);
    if (src == NVCC) {
      task_fill<<<g, 256>>>(x, n, val);
    } else {
      void* args[] = {&x, &n, &val};
      CU(cuLaunchKernel(K.fill, g, 1, 1, 256, 1, 1, 0, 0, args, nullptr));
    }
  } else {
    unsigned g = flat_blocks(std::max<unsigned long long>(n4, n % 4));
    if (src == NVCC) {
      stream_inplace_flat<<<g, 256>>>(x, one, one, n);
    } else {
      void* args[] = {&x, &one, &one, &n};
      CU(cuLaunchKernel(K.inplace_flat, g, 1, 1, 256, 1, 1, 0, 0, args, nullptr));
    }
  }
  CK(cudaGetLastError());
}

// Whether the pass just run left what it must: every float, or the read's sum(s).
static bool check(Source src, Pass p, const Region& b, const Kernels& K) {
  size_t n = K.n;
  auto want = [&](size_t i) { return b.written ? b.val : v(i) + b.off; };
  if (p == READ && src == STRIDE) {
    int g = grid_for(n);
    std::vector<float> got((size_t)g * 256);
    CK(cudaMemcpy(got.data(), K.acc, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (size_t t = 0; t < got.size(); ++t) {
      float s = 0;
      for (size_t i = t; i < n; i += got.size()) s += want(i);
      if (s != got[t]) return false;
    }
    return true;
  }
  if (p == READ) {
    unsigned long long got = 0, w = 0;
    CK(cudaMemcpy(&got, K.sum, sizeof got, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < n; ++i) w += (unsigned long long)want(i);
    return got == w;
  }
  for (size_t i = 0; i < n; ++i)
    if (b.host[i] != want(i)) return false;
  return true;
}

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s BYTES TRIALS STREAM_PTX TASK_PTX\n", argv[0]);
    return 2;
  }
  SizeTrials a = size_and_trials(argv);
  size_t bytes = a.bytes, n = a.n;
  int trials = a.trials;
  CK(cudaFree(0));  // the runtime's primary context, current for the driver calls below
  Kernels K;
  K.n = n;
  CK(cudaDeviceGetAttribute(&K.sms, cudaDevAttrMultiProcessorCount, 0));
  std::string stream_ptx = read_file(argv[3]), task_ptx = read_file(argv[4]);
  CUmodule ms, mt;
  CU(cuModuleLoadData(&ms, stream_ptx.c_str()));
  CU(cuModuleLoadData(&mt, task_ptx.c_str()));
  CU(cuModuleGetFunction(&K.read_sum, ms, "stream_read_sum"));
  CU(cuModuleGetFunction(&K.inplace_flat, ms, "stream_inplace_flat"));
  CU(cuModuleGetFunction(&K.fill, mt, "task_fill"));
  CK(cudaMalloc(&K.sum, sizeof(unsigned long long)));
  CK(cudaMalloc(&K.acc, (size_t)grid_for(n) * 256 * sizeof(float)));
  Region bufs[2];
  CK(cudaHostAlloc(&bufs[0].host, bytes, cudaHostAllocMapped));
  CK(cudaHostGetDevicePointer(&bufs[0].dev, bufs[0].host, 0));
  CK(cudaMallocManaged(&bufs[1].host, bytes));
  bufs[1].dev = bufs[1].host;
  advise(bufs[1].host, bytes, cudaMemAdviseSetPreferredLocation, false);
  advise(bufs[1].host, bytes, cudaMemAdviseSetAccessedBy, true);
  for (auto& b : bufs) host_write_all(b, n);
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  constexpr int NCASE = NSOURCE * 2 * NPASS * NBEFORE;
  bool ok = true;
  int k = 0;
  std::printf("source,memory,pass,before,trial,ms,check\n");
  for (int t = -1; t < trials; ++t) {
    for (int j = 0; j < NCASE; ++j) {
      // Rotate the order round by round, so a slow spell falls on every case.
      int c = (j + (t + 1) * 5) % NCASE;
      Source src = (Source)(c / (2 * NPASS * NBEFORE));
      int mem = c / (NPASS * NBEFORE) % 2;
      Pass p = (Pass)(c / NBEFORE % NPASS);
      int before = c % NBEFORE;
      Region& b = bufs[mem];
      host_write_all(b, n);
      launch(src, p, b, K, ++k);
      CK(cudaDeviceSynchronize());
      if (before == 0) host_write_all(b, n);
      if (before == 2) host_write_one(b, n);
      CK(cudaEventRecord(e0, 0));
      launch(src, p, b, K, ++k);
      CK(cudaEventRecord(e1, 0));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      bool good = check(src, p, b, K);
      ok &= good;
      if (t >= 0)
        std::printf("%s,%s,%s,%s,%d,%.5f,%s\n", SOURCE[src], MEMORY[mem], PASS[p], BEFORE[before],
                    t, (double)ms, good ? "ok" : "failed");
    }
    std::fflush(stdout);
  }
  return ok ? 0 : 1;
}
