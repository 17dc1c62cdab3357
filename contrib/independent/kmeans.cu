// An independent workload for umodel's task predictions: one-dimensional k-means, written as a
// CUDA user would write it, with none of umodel's code (its kernels, its timing, its step walk).
// The GPU assigns every point to its nearest centroid; the host then recomputes the centroids from
// the points and their labels; five rounds, GPU first. Run under umodel's six handoff policies,
// each implemented from their definitions in umodel's DESIGN.md and README (copies of stale
// buffers only; prefetches to the side that runs next; seed 001's advice per buffer), on fresh
// allocations each trial, with the host filling every buffer first.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o kmeans kmeans.cu -lpthread
//   [KMEANS_STEPS=steps.csv] ./kmeans BYTES TRIALS THREADS [batched|each] > out.csv
//
// Built with -DWITH_UMODEL and umodel's C library (crates/umodel-c/include, libumodel_c.a), and
// run with KMEANS_FAULT_SCALE=scale.csv, it first measures its host phase's own fault-back scale
// (the task's `cpu_fault_scale`) with `umodel_fault_scale`, as a user would: that call times the
// update on pages a GPU pass migrated and on heap memory, paired with umodel's own read.
//
// BYTES: each buffer's size (points: floats, labels: 32-bit); THREADS: host threads of the CPU
// phase; `batched` (the default) enqueues a phase's moves back to back and waits once, `each` waits
// after every move. KMEANS_STEPS: where to write each move's time (events around it). Writes one CSV row per trial and policy (`policy` = plain for the phases timed on
// ordinary memory: the CPU phase on malloc'd heap memory with the caches evicted, one kernel on
// cudaMalloc'd memory after a warm one, timed with events). Every trial's centroids after the last
// round must equal, bit for bit, those of a reference run on plain memory, and the reference's
// first labels must equal a host computation of them; a failed check is written as `failed` and
// the program exits 1.
#include "harness.cuh"
#ifdef WITH_UMODEL
#include "umodel.h"
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

constexpr int K = 16;
constexpr int ROUNDS = 5;

struct Centroids {
  float c[K];
};


__global__ void assign(const float* __restrict__ pts, unsigned* __restrict__ labels,
                       Centroids m, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    float x = pts[i];
    unsigned best = 0;
    float bd = fabsf(x - m.c[0]);
    for (int k = 1; k < K; ++k) {
      float d = fabsf(x - m.c[k]);
      if (d < bd) {
        bd = d;
        best = k;
      }
    }
    labels[i] = best;
  }
}


// The host's phase: new centroids from the points and their labels, each thread summing a slice
// in order, the slices then added in order (so the result does not depend on timing).
static Centroids update(const float* pts, const unsigned* labels, size_t n, int threads,
                        const Centroids& old) {
  std::vector<double> sum((size_t)threads * K, 0.0);
  std::vector<size_t> cnt((size_t)threads * K, 0);
  auto work = [&](int t) {
    size_t lo = n * t / threads, hi = n * (t + 1) / threads;
    double s[K] = {0};
    size_t c[K] = {0};
    for (size_t i = lo; i < hi; ++i) {
      unsigned k = labels[i] & (K - 1);
      s[k] += pts[i];
      c[k] += 1;
    }
    for (int k = 0; k < K; ++k) {
      sum[(size_t)t * K + k] = s[k];
      cnt[(size_t)t * K + k] = c[k];
    }
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> ts;
    for (int t = 0; t < threads; ++t) ts.emplace_back(work, t);
    for (auto& t : ts) t.join();
  }
  Centroids m = old;
  for (int k = 0; k < K; ++k) {
    double s = 0;
    size_t c = 0;
    for (int t = 0; t < threads; ++t) {
      s += sum[(size_t)t * K + k];
      c += cnt[(size_t)t * K + k];
    }
    if (c) m.c[k] = (float)(s / (double)c);
  }
  return m;
}

static Centroids initial() {
  Centroids m;
  for (int k = 0; k < K; ++k) m.c[k] = (k + 0.5f) / K * 0.9f;
  return m;
}

// Points in [0, 1), from a hash of the index (the same every trial and policy).
static void fill(float* pts, unsigned* labels, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    unsigned long long z = (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    float u = (float)(z >> 40) / (float)(1u << 24);
    pts[i] = u * u;  // skewed, so the centroids move from round to round
    labels[i] = 0;
  }
}




struct Result {
  double total_ms;
  double cpu_ms;  // the host's phases inside the trial
  Centroids m;
};

// One trial of one policy: allocate, fill on the host, advise (untimed), then the timed rounds.
static Result run(Policy p, size_t n, int threads, cudaStream_t s) {
  size_t bytes = n * 4;
  Buf pts(p, bytes), lab(p, bytes);
  float *h_pts = (float*)pts.host, *d_pts = (float*)pts.dev;
  unsigned *h_lab = (unsigned*)lab.host, *d_lab = (unsigned*)lab.dev;
  fill(h_pts, h_lab, n);
  if (p == ADVISE || p == ADVISE_PREFETCH) {
    // Points: both sides read, neither writes: read-mostly. Labels: the GPU writes them and the
    // host reads them every round: kept on the host, mapped for the GPU.
    advise(h_pts, bytes, cudaMemAdviseSetReadMostly, true);
    advise(h_lab, bytes, cudaMemAdviseSetPreferredLocation, false);
    advise(h_lab, bytes, cudaMemAdviseSetAccessedBy, true);
  }
  CK(cudaDeviceSynchronize());
  bool pf = p == PREFETCH || p == ADVISE_PREFETCH;
  Centroids m = initial();
  double cpu = 0;
  double t0 = now_ms();
  for (int r = 0; r < ROUNDS; ++r) {
    // GPU side. Explicit copy: the points are stale on the card only before the first round
    // (the host never writes them); the labels are overwritten by the kernel, never copied in.
    Moves& mv = g_moves;
    if (p == EXPLICIT && r == 0)
      mv.add("copy_to_device", "points", s,
             [&] { CK(cudaMemcpyAsync(d_pts, h_pts, bytes, cudaMemcpyHostToDevice, s)); });
    if (pf) {
      mv.add("prefetch_to_device", "points", s, [&] { prefetch(h_pts, bytes, true, s); });
      mv.add("prefetch_to_device", "labels", s, [&] { prefetch(h_lab, bytes, true, s); });
    }
    mv.kernel(s, [&] { assign<<<grid_for(n), 256, 0, s>>>(d_pts, d_lab, m, n); });
    CK(cudaGetLastError());
    CK(cudaStreamSynchronize(s));
    // Host side: the labels the kernel wrote come back; prefetching policies bring back both.
    if (p == EXPLICIT)
      mv.add("copy_to_host", "labels", s,
             [&] { CK(cudaMemcpyAsync(h_lab, d_lab, bytes, cudaMemcpyDeviceToHost, s)); });
    if (pf) {
      mv.add("prefetch_to_host", "points", s, [&] { prefetch(h_pts, bytes, false, s); });
      mv.add("prefetch_to_host", "labels", s, [&] { prefetch(h_lab, bytes, false, s); });
    }
    if (p == EXPLICIT || pf) CK(cudaStreamSynchronize(s));
    mv.flush(NAMES[p], r);
    double c0 = now_ms();
    m = update(h_pts, h_lab, n, threads, m);
    cpu += now_ms() - c0;
  }
  double total = now_ms() - t0;
  return {total, cpu, m};
}

int main(int argc, char** argv) {
  if (argc != 4 && argc != 5) {
    std::fprintf(stderr, "usage: %s BYTES TRIALS THREADS [batched|each]\n", argv[0]);
    return 2;
  }
  if (!parse_mode(argc, argv, 4) || !open_steps("KMEANS_STEPS")) return 2;
  size_t bytes = std::strtoull(argv[1], nullptr, 10);
  int trials = std::atoi(argv[2]);
  int threads = std::atoi(argv[3]);
  size_t n = bytes / 4;
  if (n == 0 || trials < 1 || threads < 1) {
    std::fprintf(stderr, "BYTES, TRIALS and THREADS must be positive\n");
    return 2;
  }
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  g_moves.init();

  // The reference on plain memory: heap on the host, cudaMalloc on the card, copies between.
  std::vector<float> pts(n);
  std::vector<unsigned> lab(n);
  fill(pts.data(), lab.data(), n);
  float* d_pts;
  unsigned* d_lab;
  CK(cudaMalloc(&d_pts, bytes));
  CK(cudaMalloc(&d_lab, bytes));
  CK(cudaMemcpy(d_pts, pts.data(), bytes, cudaMemcpyHostToDevice));
  Centroids ref = initial();
  bool ok = true;
  for (int r = 0; r < ROUNDS; ++r) {
    assign<<<grid_for(n), 256, 0, s>>>(d_pts, d_lab, ref, n);
    CK(cudaStreamSynchronize(s));
    CK(cudaMemcpy(lab.data(), d_lab, bytes, cudaMemcpyDeviceToHost));
    if (r == 0) {
      for (size_t i = 0; i < n; i += 997) {
        unsigned best = 0;
        float bd = std::fabs(pts[i] - ref.c[0]);
        for (int k = 1; k < K; ++k) {
          float d = std::fabs(pts[i] - ref.c[k]);
          if (d < bd) bd = d, best = k;
        }
        ok &= lab[i] == best;
      }
    }
    ref = update(pts.data(), lab.data(), n, threads, ref);
  }
  if (!ok) std::fprintf(stderr, "the reference's labels differ from the host's\n");

#ifdef WITH_UMODEL
  // The host phase's own fault-back, as umodel measures a user's code: points and labels side by
  // side in one buffer, the update over both halves.
  if (const char* path = std::getenv("KMEANS_FAULT_SCALE")) {
    struct Ctx {
      size_t n;
      int threads;
      Centroids in, out;
    } ctx{n, threads, initial(), initial()};
    std::vector<unsigned> both(2 * n);
    std::memcpy(both.data(), pts.data(), bytes);
    std::memcpy(both.data() + n, lab.data(), bytes);
    auto code = [](void* data, size_t, void* c) {
      Ctx* x = (Ctx*)c;
      const float* p = (const float*)data;
      const unsigned* l = (const unsigned*)data + x->n;
      x->out = update(p, l, x->n, x->threads, x->in);
    };
    umodel_fault_scale_result r;
    umodel_status st = umodel_fault_scale(0, both.data(), 2 * bytes, 0, 9, code, &ctx, &r);
    FILE* f = std::fopen(path, "w");
    if (!f) {
      std::fprintf(stderr, "%s: cannot write\n", path);
      return 2;
    }
    std::fprintf(f, "bytes,threads,status,scale,code_extra_ms,read_extra_ms,rounds,failed,error\n");
    std::fprintf(f, "%zu,%d,%d,%.5f,%.5f,%.5f,%d,%d,\"%s\"\n", bytes, threads, (int)st,
                 st == UMODEL_OK ? r.scale : NAN, st == UMODEL_OK ? r.code_extra_ms : NAN,
                 st == UMODEL_OK ? r.read_extra_ms : NAN, st == UMODEL_OK ? r.rounds : 0,
                 st == UMODEL_OK ? r.failed : 0, st == UMODEL_OK ? "" : umodel_last_error());
    std::fclose(f);
  }
#endif

  std::vector<char> evict(512u << 20);
  volatile float sink = 0;
  std::printf("policy,trial,bytes,threads,total_ms,cpu_ms,gpu_ms,check\n");
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  // Trial 0 is a warm-up, not written.
  for (int t = 0; t <= trials; ++t) {
    // The plain phases: the host's update on heap memory, caches evicted first; one kernel on
    // device memory after a warm one.
    std::memset(evict.data(), t & 0xff, evict.size());
    double c0 = now_ms();
    Centroids tmp = update(pts.data(), lab.data(), n, threads, ref);
    double cpu = now_ms() - c0;
    assign<<<grid_for(n), 256, 0, s>>>(d_pts, d_lab, ref, n);
    CK(cudaEventRecord(a, s));
    assign<<<grid_for(n), 256, 0, s>>>(d_pts, d_lab, ref, n);
    CK(cudaEventRecord(b, s));
    CK(cudaEventSynchronize(b));
    float gpu;
    CK(cudaEventElapsedTime(&gpu, a, b));
    if (t > 0)
      std::printf("plain,%d,%zu,%d,,%.5f,%.5f,%s\n", t - 1, bytes, threads, cpu, (double)gpu,
                  ok ? "ok" : "failed");
    sink = sink + tmp.c[0];  // keeps the timed update
    for (int i = 0; i < NPOL; ++i) {
      Policy p = (Policy)((i + t) % NPOL);  // rotated from trial to trial
      g_trial = t - 1;
      Result r = run(p, n, threads, s);
      bool same = std::memcmp(&r.m, &ref, sizeof ref) == 0;
      ok &= same;
      if (t > 0)
        std::printf("%s,%d,%zu,%d,%.5f,%.5f,,%s\n", NAMES[p], t - 1, bytes, threads, r.total_ms,
                    r.cpu_ms, same ? "ok" : "failed");
    }
    std::fflush(stdout);
  }
  if (g_steps) std::fclose(g_steps);
  return ok ? 0 : 1;
}
