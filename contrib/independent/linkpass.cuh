// What lastwrite.cu and manybufs.cu share (calibration/h100/run228, run285): floats whose every
// thread's sum is exact, the three GPU passes as a grid-stride loop of one float a thread, the
// host's writes (on one thread, or a contiguous share on every core) and reads, a pass timed
// between two events, and the check of each pass. Include after harness.cuh.
#pragma once
#include <thread>
#include <vector>

// The floats' values: v(i) + off, all multiples of 0.25 below 5 + off, so a thread's sum of a few
// dozen is exact in float whatever the order.
static float v(size_t i) { return (float)(i % 17) * 0.25f; }

__global__ void read_pass(const float* __restrict__ a, float* __restrict__ acc, size_t n) {
  float s = 0;
  size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (size_t i = t; i < n; i += (size_t)gridDim.x * blockDim.x) s += a[i];
  acc[t] = s;
}

__global__ void write_pass(float* __restrict__ o, float off, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    o[i] = (float)(i % 17) * 0.25f + off;
}

__global__ void inplace_pass(float* __restrict__ o, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    o[i] += 1.0f;
}

enum Pass { READ, WRITE, INPLACE, NPASS };
static const char* PASS[NPASS] = {"read", "write", "inplace"};

struct Region {
  float* host;  // what the host touches
  float* dev;   // what the kernels touch
  float off;    // every float is v(i) + off
};

static volatile double g_sink;

static void host_write(Region& b, size_t n) {
  for (size_t i = 0; i < n; ++i) b.host[i] = v(i);
  b.off = 0;
}

// host_write on every core the machine has, each a contiguous share of the floats.
static void host_write_all(Region& b, size_t n) {
  on_every_core(n, [&b](size_t i) { b.host[i] = v(i); });
  b.off = 0;
}

static void host_read(const Region& b, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; ++i) s += b.host[i];
  g_sink = s;
}

// Launches pass `p` on `b` and updates what its floats hold; `k` numbers the write passes so that
// two in a row write different values.
static void launch(Pass p, Region& b, float* acc, size_t n, int k, cudaStream_t s) {
  int g = grid_for(n);
  if (p == READ) {
    read_pass<<<g, 256, 0, s>>>(b.dev, acc, n);
  } else if (p == WRITE) {
    b.off = (float)k;
    write_pass<<<g, 256, 0, s>>>(b.dev, b.off, n);
  } else {
    inplace_pass<<<g, 256, 0, s>>>(b.dev, n);
    b.off += 1.0f;
  }
  CK(cudaGetLastError());
}

// Pass `p` on `b` (as launch() runs it, `k` as launch() takes it) between events `e0` and `e1`
// on stream `s`, waited for; its time in ms.
static float timed(Pass p, Region& b, float* acc, size_t n, int k, cudaStream_t s, cudaEvent_t e0,
                   cudaEvent_t e1) {
  CK(cudaEventRecord(e0, s));
  launch(p, b, acc, n, k, s);
  CK(cudaEventRecord(e1, s));
  CK(cudaEventSynchronize(e1));
  float ms;
  CK(cudaEventElapsedTime(&ms, e0, e1));
  return ms;
}

// Whether the pass just timed left what it must: every float, or every thread's sum.
static bool check(Pass p, const Region& b, float* acc, size_t n) {
  if (p == READ) {
    int g = grid_for(n);
    std::vector<float> got((size_t)g * 256);
    CK(cudaMemcpy(got.data(), acc, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (size_t t = 0; t < got.size(); ++t) {
      float s = 0;
      for (size_t i = t; i < n; i += got.size()) s += v(i) + b.off;
      if (s != got[t]) return false;
    }
    return true;
  }
  for (size_t i = 0; i < n; ++i)
    if (b.host[i] != v(i) + b.off) return false;
  return true;
}
