// An investigation, not a task: does the shape of a GPU pass over host memory set its cost over
// managed pages kept on the host, where over pinned memory it does not? umodel's link probe prices
// the in-place pass over such managed pages 1.02-1.41x above lastwrite.cu's and linkorder.cu's on
// the same VM, in whatever order those programs ran it (calibration/h100/run246, run247), while
// over pinned memory the two agree. Those programs' kernels run a grid-stride loop of one float a
// thread over a grid of 16 blocks per SM; umodel's launch one float4 a thread over as many blocks
// as the buffer needs. Both shapes here, over pinned mapped memory and over managed pages advised
// to stay on the host and be accessed by the device, each timed after an untimed pass of its kind
// and the host's writes on every core. Written without umodel's code; shares only harness.cuh.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o linkshape linkshape.cu -lpthread
//   ./linkshape BYTES TRIALS > linkshape.csv
//
// BYTES: a multiple of 16 whole pages. One warm round, then TRIALS rounds, each (memory, shape)
// once in a rotating order. The timed pass is checked (every float, on the host); a failed check
// is written as `failed` and the program exits 1. Writes `memory,shape,trial,ms,check`.
#include "harness.cuh"


static float v(size_t i) { return (float)(i % 17) * 0.25f; }

__global__ void stride_inplace(float* __restrict__ o, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    o[i] += 1.0f;
}

__global__ void flat4_inplace(float4* __restrict__ o, size_t n4) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 x = o[i];
    x.x += 1.0f;
    x.y += 1.0f;
    x.z += 1.0f;
    x.w += 1.0f;
    o[i] = x;
  }
}

enum Shape { STRIDE, FLAT4, NSHAPE };
static const char* SHAPE[NSHAPE] = {"stride", "flat4"};
static const char* MEMORY[2] = {"pinned", "managed-host"};

static void fill_all(float* x, size_t n) {
  on_every_core(n, [x](size_t i) { x[i] = v(i); });
}

static void launch(Shape s, float* dev, size_t n, cudaStream_t st) {
  if (s == STRIDE) {
    stride_inplace<<<grid_for(n), 256, 0, st>>>(dev, n);
  } else {
    size_t n4 = n / 4;
    flat4_inplace<<<(unsigned)((n4 + 255) / 256), 256, 0, st>>>((float4*)dev, n4);
  }
  CK(cudaGetLastError());
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s BYTES TRIALS\n", argv[0]);
    return 2;
  }
  size_t bytes = std::strtoull(argv[1], nullptr, 10);
  int trials = std::atoi(argv[2]);
  size_t n = bytes / sizeof(float);
  if (n == 0 || bytes % (16 * 4096) != 0 || trials < 1) {
    std::fprintf(stderr, "BYTES must be a multiple of 16 pages; TRIALS positive\n");
    return 2;
  }
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  float *host[2], *dev[2];
  CK(cudaHostAlloc(&host[0], bytes, cudaHostAllocMapped));
  CK(cudaHostGetDevicePointer(&dev[0], host[0], 0));
  CK(cudaMallocManaged(&host[1], bytes));
  dev[1] = host[1];
  advise(host[1], bytes, cudaMemAdviseSetPreferredLocation, false);
  advise(host[1], bytes, cudaMemAdviseSetAccessedBy, true);
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  bool ok = true;
  std::printf("memory,shape,trial,ms,check\n");
  for (int t = -1; t < trials; ++t) {
    for (int j = 0; j < 2 * NSHAPE; ++j) {
      int c = (j + t + 1) % (2 * NSHAPE);
      int mem = c / NSHAPE;
      Shape sh = (Shape)(c % NSHAPE);
      fill_all(host[mem], n);
      launch(sh, dev[mem], n, s);
      CK(cudaStreamSynchronize(s));
      fill_all(host[mem], n);
      CK(cudaEventRecord(e0, s));
      launch(sh, dev[mem], n, s);
      CK(cudaEventRecord(e1, s));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      bool good = true;
      for (size_t i = 0; i < n; ++i)
        if (host[mem][i] != v(i) + 1.0f) {
          good = false;
          break;
        }
      ok &= good;
      if (t >= 0)
        std::printf("%s,%s,%d,%.5f,%s\n", MEMORY[mem], SHAPE[sh], t, (double)ms,
                    good ? "ok" : "failed");
    }
    std::fflush(stdout);
  }
  return ok ? 0 : 1;
}
