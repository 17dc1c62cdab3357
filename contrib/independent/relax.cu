// A second independent workload for umodel's task predictions, written as a CUDA user would
// (sharing only harness.cuh with kmeans.cu, none of umodel's code): an in-place relaxation whose
// host side rewrites one page in ten of the field between GPU passes. Each round the host writes
// its pages, then the GPU updates the whole field in place, x = 0.5 x + b; four rounds, host
// first; after the last the host sums the field. Run under umodel's six handoff policies from
// their definitions (copies of stale buffers only, prefetches to the side that runs next, seed
// 001's advice per buffer), on fresh allocations each trial, the host filling every buffer first.
// tasks/relax.json describes it.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o relax relax.cu
//   [RELAX_STEPS=steps.csv] [RELAX_THREADS=N] [RELAX_PIN=last] ./relax BYTES TRIALS [batched|each] > out.csv
//
// RELAX_THREADS: host threads of both host passes, each on a contiguous share (1 by default, as
// every run before run165; relax_passes.cuh).
// RELAX_DEFAULT_STREAM=1: moves and kernels on the legacy default stream (since run182).
// RELAX_PIN=last|CORE: the one host thread, which issues every CUDA call, pinned to a core once
// the context exists, as umodel's harness pins its thread (pin.h; with RELAX_THREADS=1 only;
// since run183, unpinned by default as before).
// RELAX_WAKE=1: each trial also times the plain phases with their threads woken first (a sum of 1
// MiB on as many threads right after the eviction), written as `plain-woken` rows: the eviction
// leaves the other cores idle for tens of milliseconds, and a short phase on cores idle that long
// paid 0.2-0.35 ms more (calibration/h200/run171; since run172; off by default, as before).
// BYTES: each buffer's size (floats). Writes one CSV row per trial and policy (`cpu_ms`: the
// host's phases and final sum inside the trial, `cpu_final_ms` the final sum alone; `policy` =
// plain for the phases timed on ordinary memory: the host's writes and its final sum on malloc'd heap
// memory with the caches evicted, one kernel on cudaMalloc'd memory after a warm one, timed with
// events). Every trial's final sum must equal, bit for bit, a reference run's on plain memory; a
// failed check is written as `failed` and the program exits 1.
#include "harness.cuh"
#include "relax_passes.cuh"

#include <vector>

constexpr int ROUNDS = 4;
static int g_threads = 1;  // RELAX_THREADS
static bool g_wake = false;  // RELAX_WAKE

__global__ void relax(float* __restrict__ x, const float* __restrict__ b, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    x[i] = 0.5f * x[i] + b[i];
}

static void fill(float* x, float* b, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    x[i] = (float)(i % 1000) * 1e-3f;
    b[i] = (float)((i * 7) % 13) * 0.1f;
  }
}

struct Result {
  double total_ms;
  double cpu_ms;  // the host's phases and its final sum inside the trial
  double fin_ms;  // the final sum alone
  double s;
};

// One trial of one policy: allocate, fill on the host, advise (untimed), then the timed rounds
// and the final sum.
static Result run(Policy p, size_t n, cudaStream_t s) {
  size_t bytes = n * sizeof(float);
  Buf xb(p, bytes), bb(p, bytes);
  float *h_x = (float*)xb.host, *d_x = (float*)xb.dev;
  float *h_b = (float*)bb.host, *d_b = (float*)bb.dev;
  fill(h_x, h_b, n);
  if (p == ADVISE || p == ADVISE_PREFETCH) {
    // x: both sides change it every round: kept on the host, mapped for the GPU. b: the GPU's
    // alone: settled on the card.
    advise(h_x, bytes, cudaMemAdviseSetPreferredLocation, false);
    advise(h_x, bytes, cudaMemAdviseSetAccessedBy, true);
    advise(h_b, bytes, cudaMemAdviseSetPreferredLocation, true);
  }
  CK(cudaDeviceSynchronize());
  bool pf = p == PREFETCH || p == ADVISE_PREFETCH;
  Moves& mv = g_moves;
  double cpu = 0;
  double t0 = now_ms();
  for (int r = 0; r < ROUNDS; ++r) {
    // Host side. Explicit copy: from the second round x is stale on the host (the GPU changed
    // it) and the host writes only part of it, so it comes back whole first.
    if (p == EXPLICIT && r > 0)
      mv.add("copy_to_host", "x", s,
             [&] { CK(cudaMemcpyAsync(h_x, d_x, bytes, cudaMemcpyDeviceToHost, s)); });
    if (pf) mv.add("prefetch_to_host", "x", s, [&] { prefetch(h_x, bytes, false, s); });
    if (p == EXPLICIT || pf) CK(cudaStreamSynchronize(s));
    double c0 = now_ms();
    write_pages_on(h_x, n, r, g_threads);
    cpu += now_ms() - c0;
    // GPU side. Explicit copy: x is stale on the card after every host phase, b only before the
    // first round.
    if (p == EXPLICIT) {
      mv.add("copy_to_device", "x", s,
             [&] { CK(cudaMemcpyAsync(d_x, h_x, bytes, cudaMemcpyHostToDevice, s)); });
      if (r == 0)
        mv.add("copy_to_device", "b", s,
               [&] { CK(cudaMemcpyAsync(d_b, h_b, bytes, cudaMemcpyHostToDevice, s)); });
    }
    if (pf) {
      mv.add("prefetch_to_device", "x", s, [&] { prefetch(h_x, bytes, true, s); });
      mv.add("prefetch_to_device", "b", s, [&] { prefetch(h_b, bytes, true, s); });
    }
    mv.kernel(s, [&] { relax<<<grid_for(n), 256, 0, s>>>(d_x, d_b, n); });
    CK(cudaGetLastError());
    CK(cudaStreamSynchronize(s));
    mv.flush(NAMES[p], r);
  }
  // The host's last access.
  if (p == EXPLICIT)
    mv.add("copy_to_host", "x", s,
           [&] { CK(cudaMemcpyAsync(h_x, d_x, bytes, cudaMemcpyDeviceToHost, s)); });
  if (pf) mv.add("prefetch_to_host", "x", s, [&] { prefetch(h_x, bytes, false, s); });
  if (p == EXPLICIT || pf) CK(cudaStreamSynchronize(s));
  mv.flush(NAMES[p], ROUNDS);
  double c0 = now_ms();
  double total_sum = sum_on(h_x, n, g_threads);
  double fin = now_ms() - c0;
  cpu += fin;
  return {now_ms() - t0, cpu, fin, total_sum};
}

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: %s BYTES TRIALS [batched|each]\n", argv[0]);
    return 2;
  }
  size_t bytes = std::strtoull(argv[1], nullptr, 10);
  int trials = std::atoi(argv[2]);
  size_t n = bytes / sizeof(float);
  if (n < PAGE * EVERY || n % PAGE != 0 || trials < 1) {
    std::fprintf(stderr, "BYTES must be whole pages, at least ten; TRIALS positive\n");
    return 2;
  }
  if (!parse_mode(argc, argv, 3) || !open_steps("RELAX_STEPS")) return 2;
  if (const char* e = std::getenv("RELAX_THREADS")) g_threads = std::atoi(e);
  if (const char* e = std::getenv("RELAX_WAKE")) g_wake = std::atoi(e) != 0;
  if (g_threads < 1 || g_threads > 256) {
    std::fprintf(stderr, "RELAX_THREADS must be 1 to 256\n");
    return 2;
  }
  // The context first, so that the driver's own threads keep every core, as in umodel's harness,
  // which pins its thread after creating its context.
  CK(cudaFree(0));
  if (!pin_from_env("RELAX_PIN", g_threads)) return 2;
  cudaStream_t s;
  // RELAX_DEFAULT_STREAM=1: every move and kernel on the legacy default stream, as umodel's
  // harness issues them (cudarc's default stream), instead of a stream of the program's own
  // (since run182; off by default, as every run before).
  const char* ds = std::getenv("RELAX_DEFAULT_STREAM");
  if (ds && std::atoi(ds) != 0)
    s = 0;
  else
    CK(cudaStreamCreate(&s));
  g_moves.init();

  // The reference on plain memory: heap on the host, cudaMalloc on the card, whole copies.
  std::vector<float> x(n), b(n);
  fill(x.data(), b.data(), n);
  float *d_x, *d_b;
  CK(cudaMalloc(&d_x, bytes));
  CK(cudaMalloc(&d_b, bytes));
  CK(cudaMemcpy(d_b, b.data(), bytes, cudaMemcpyHostToDevice));
  for (int r = 0; r < ROUNDS; ++r) {
    write_pages_on(x.data(), n, r, g_threads);
    CK(cudaMemcpy(d_x, x.data(), bytes, cudaMemcpyHostToDevice));
    relax<<<grid_for(n), 256, 0, s>>>(d_x, d_b, n);
    CK(cudaStreamSynchronize(s));
    CK(cudaMemcpy(x.data(), d_x, bytes, cudaMemcpyDeviceToHost));
  }
  const double ref = sum_on(x.data(), n, g_threads);
  // The host's arithmetic checked on a few elements: x = 0.5 x + b, as the host computes it.
  {
    std::vector<float> y(n), c(n);
    fill(y.data(), c.data(), n);
    for (int r = 0; r < ROUNDS; ++r) {
      write_pages(y.data(), n, r);
      for (size_t i = 0; i < n; i += 4099) y[i] = 0.5f * y[i] + c[i];
    }
    for (size_t i = 0; i < n; i += 4099)
      if (y[i] != x[i]) {
        std::fprintf(stderr, "the reference's x[%zu] = %g, the host's %g\n", i, x[i], y[i]);
        return 1;
      }
  }

  std::vector<char> evict(512u << 20);
  std::vector<float> wake((1u << 20) / sizeof(float), 1.0f);  // RELAX_WAKE's sum
  volatile double sink = 0;
  bool ok = true;
  std::printf("policy,trial,bytes,threads,total_ms,cpu_ms,gpu_ms,cpu_final_ms,check\n");
  cudaEvent_t a, e;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&e));
  for (int t = 0; t <= trials; ++t) {  // trial 0 is a warm-up, not written
    // The plain phases: the host's writes and its final sum on heap memory, caches evicted
    // before each; one kernel on device memory after a warm one.
    std::memset(evict.data(), t & 0xff, evict.size());
    double c0 = now_ms();
    write_pages_on(x.data(), n, t % ROUNDS, g_threads);
    double cpu = now_ms() - c0;
    std::memset(evict.data(), (t + 1) & 0xff, evict.size());
    c0 = now_ms();
    sink = sink + sum_on(x.data(), n, g_threads);
    double fin = now_ms() - c0;
    relax<<<grid_for(n), 256, 0, s>>>(d_x, d_b, n);
    CK(cudaEventRecord(a, s));
    relax<<<grid_for(n), 256, 0, s>>>(d_x, d_b, n);
    CK(cudaEventRecord(e, s));
    CK(cudaEventSynchronize(e));
    float gpu;
    CK(cudaEventElapsedTime(&gpu, a, e));
    if (t > 0)
      std::printf("plain,%d,%zu,%d,,%.5f,%.5f,%.5f,ok\n", t - 1, bytes, g_threads, cpu,
                  (double)gpu, fin);
    if (g_wake) {
      // The same phases, the threads woken right before each (the same pages: a write is
      // idempotent, a sum reads).
      std::memset(evict.data(), (t + 2) & 0xff, evict.size());
      sink = sink + sum_on(wake.data(), wake.size(), g_threads);
      c0 = now_ms();
      write_pages_on(x.data(), n, t % ROUNDS, g_threads);
      double cpu_w = now_ms() - c0;
      std::memset(evict.data(), (t + 3) & 0xff, evict.size());
      sink = sink + sum_on(wake.data(), wake.size(), g_threads);
      c0 = now_ms();
      sink = sink + sum_on(x.data(), n, g_threads);
      double fin_w = now_ms() - c0;
      if (t > 0)
        std::printf("plain-woken,%d,%zu,%d,,%.5f,%.5f,%.5f,ok\n", t - 1, bytes, g_threads, cpu_w,
                    (double)gpu, fin_w);
    }
    for (int i = 0; i < NPOL; ++i) {
      Policy p = (Policy)((i + t) % NPOL);  // rotated from trial to trial
      g_trial = t - 1;
      Result r = run(p, n, s);
      bool same = r.s == ref;
      ok &= same;
      if (t > 0)
        std::printf("%s,%d,%zu,%d,%.5f,%.5f,,%.5f,%s\n", NAMES[p], t - 1, bytes, g_threads,
                    r.total_ms, r.cpu_ms, r.fin_ms, same ? "ok" : "failed");
    }
    std::fflush(stdout);
  }
  if (g_steps) std::fclose(g_steps);
  return ok ? 0 : 1;
}
