// An investigation, not a task: does the GPU's fault-driven migration of managed pages cost the
// same after one host thread wrote them as after every core did? umodel's calibration times its
// migrating cells (`cold`, `cold_read`, `cold_scalar`) right after a fill on every core, where a
// task's CPU phase usually writes on one thread; on a slow H100 link the same difference moved a
// pass over the link 2-3.5x (calibration/h100/run295/reading-run297.txt, run298). Whether it moves
// a migration is what this program times (calibration/h100/run308/plan.md).
//
// One managed buffer, no advice (umodel's `managed` policy). Four GPU passes, three of them
// umodel's kernels compiled in from their source (crates/umodel-gpu/kernels) in umodel's shapes,
// 256 threads a block, on the legacy default stream:
//   inplace  stream_inplace_flat, one float4 a thread, x = 1·x + 1 (the `cold` cell)
//   read     stream_read_sum, float4 reads in a grid-stride loop of 8 blocks per SM, its sum word
//            zeroed inside the timed span (the `cold_read` cell)
//   scalar   converge_flat with k = 1, one float a thread, x + 0.5 (the `cold_scalar` cell)
//   stride   a grid-stride loop of one float a thread, x + 1 (kernels as CUDA users write them)
// Each timed pass follows the host writing every float on every core and the same pass run once
// untimed (so every page sits on the GPU), then (`before`):
//   all   every core writes every float again, faulting the pages back (as the calibration)
//   one   one thread writes every float, faulting them back (as a one-thread CPU phase)
//   gpu   nothing: the timed pass finds the pages on the GPU (the pass without migration)
// `host_ms` is the host's writes of `all` and `one` by the host clock (their faults back
// included). One warm round, then TRIALS rounds, each timing every (pass, before) once in a
// rotating order; after each timed pass the host checks every float (the read: the sum). A failed
// check is written as `failed` and the program exits 1. Writes
// `pass,before,trial,bytes,ms,host_ms,check`.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o migrate migrate.cu -lpthread
//   ./migrate BYTES TRIALS > migrate.csv
#include "harness.cuh"

#include "../../crates/umodel-gpu/kernels/stream.cu"
#include "../../crates/umodel-gpu/kernels/task.cu"


// Whole numbers below 17, so stream_read_sum's per-element conversion to an integer is exact and
// every pass's result is exact in float.
static float v(size_t i) { return (float)(i % 17); }

__global__ void stride_inplace(float* __restrict__ o, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    o[i] += 1.0f;
}

enum Pass { INPLACE, READ, SCALAR, STRIDE, NPASS };
static const char* PASS[NPASS] = {"inplace", "read", "scalar", "stride"};
enum Before { ALL, ONE, GPU, NBEFORE };
static const char* BEFORE[NBEFORE] = {"all", "one", "gpu"};

struct Field {
  float* x;
  size_t n;
  float off;  // every float is v(i) + off
  unsigned long long* sum;  // device word for stream_read_sum
  int sms;
};

static void write_all(Field& b) {
  on_every_core(b.n, [&b](size_t i) { b.x[i] = v(i); });
  b.off = 0;
}

static void write_one(Field& b) {
  for (size_t i = 0; i < b.n; ++i) b.x[i] = v(i);
  b.off = 0;
}

static unsigned flat_blocks(unsigned long long m) {
  return (unsigned)std::max<unsigned long long>(1, (m + 255) / 256);
}

// Enqueues pass `p` on the legacy default stream and updates what the floats hold.
static void launch(Pass p, Field& b) {
  unsigned long long n = b.n, n4 = n / 4;
  if (p == INPLACE) {
    stream_inplace_flat<<<flat_blocks(std::max<unsigned long long>(n4, n % 4)), 256>>>(b.x, 1.0f,
                                                                                      1.0f, n);
    b.off += 1.0f;
  } else if (p == READ) {
    CK(cudaMemsetAsync(b.sum, 0, sizeof(unsigned long long), 0));
    unsigned g = (unsigned)std::min<unsigned long long>(
        flat_blocks(std::max<unsigned long long>(n4, 1)), (unsigned long long)b.sms * 8);
    stream_read_sum<<<g, 256>>>(b.x, n, b.sum);
  } else if (p == SCALAR) {
    converge_flat<<<flat_blocks(n), 256>>>(b.x, n, 1u);
    b.off += 0.5f;
  } else {
    stride_inplace<<<grid_for(n), 256>>>(b.x, n);
    b.off += 1.0f;
  }
  CK(cudaGetLastError());
}

// Whether the pass just run left what it must: every float, or the read's sum of whole numbers.
static bool check(Pass p, const Field& b) {
  if (p == READ) {
    unsigned long long got = 0, want = 0;
    CK(cudaMemcpy(&got, b.sum, sizeof got, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < b.n; ++i) want += (unsigned long long)(v(i) + b.off);
    return got == want;
  }
  for (size_t i = 0; i < b.n; ++i)
    if (b.x[i] != v(i) + b.off) return false;
  return true;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s BYTES TRIALS\n", argv[0]);
    return 2;
  }
  SizeTrials a = size_and_trials(argv);
  Field b;
  b.n = a.n;
  b.off = 0;
  CK(cudaDeviceGetAttribute(&b.sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaMalloc(&b.sum, sizeof(unsigned long long)));
  CK(cudaMallocManaged(&b.x, a.bytes));
  write_all(b);
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  constexpr int NCASE = NPASS * NBEFORE;
  bool ok = true;
  std::printf("pass,before,trial,bytes,ms,host_ms,check\n");
  for (int t = -1; t < a.trials; ++t) {
    for (int j = 0; j < NCASE; ++j) {
      // Rotate the order round by round, so a slow spell falls on every case.
      int c = (j + (t + 1) * 5) % NCASE;
      Pass p = (Pass)(c / NBEFORE);
      Before before = (Before)(c % NBEFORE);
      // Every page on the host, then on the GPU.
      write_all(b);
      launch(p, b);
      CK(cudaDeviceSynchronize());
      double host_ms = 0;
      if (before != GPU) {
        double h0 = now_ms();
        if (before == ALL)
          write_all(b);
        else
          write_one(b);
        host_ms = now_ms() - h0;
      }
      CK(cudaEventRecord(e0, 0));
      launch(p, b);
      CK(cudaEventRecord(e1, 0));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      bool good = check(p, b);
      ok &= good;
      if (t >= 0) {
        std::printf("%s,%s,%d,%zu,%.5f,", PASS[p], BEFORE[before], t, a.bytes, (double)ms);
        if (before == GPU)
          std::printf(",%s\n", good ? "ok" : "failed");
        else
          std::printf("%.4f,%s\n", host_ms, good ? "ok" : "failed");
      }
    }
    std::fflush(stdout);
  }
  return ok ? 0 : 1;
}
