// A third independent workload for umodel's task predictions, written as a CUDA user would
// (sharing only harness.cuh with the other programs, none of umodel's code): a compute-bound
// kernel whose results the host consumes every round. Each round the host writes a new batch of
// inputs and reads the outputs the GPU left (a sum), then the GPU makes R passes, each adding a
// degree-K polynomial of every input to its output, out = 0.5 out + p(in); four rounds, host
// first; after the last the host sums the outputs. With K small the passes wait for memory (and,
// under host-mapped, for the link); with K large the link hides under the arithmetic, so
// host-mapped, which moves nothing, should overtake the explicit copy. Run under umodel's six
// handoff policies from their definitions (copies of stale buffers only, prefetches to the side
// that runs next, seed 001's advice per buffer: both buffers kept on the host and mapped for the
// GPU, since the host touches both every round and one side writes each), on fresh allocations
// each trial, the host filling every buffer first. tasks/horner.json describes it.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o horner horner.cu
//   [HORNER_STEPS=steps.csv] ./horner BYTES K REUSE TRIALS > out.csv
//
// BYTES: each buffer's size (floats); K: the polynomial's degree; REUSE: GPU passes a round.
// Writes one CSV row per trial and policy (`cpu_ms`: the host's phases and final sum inside the
// trial, `cpu_final_ms` the final sum alone; `policy` = plain for the phases timed on ordinary
// memory: one host phase and the final sum on malloc'd heap memory with the caches evicted, one
// pass on cudaMalloc'd memory after a warm one, timed with events). Every trial's checksum (the
// host's sums of every round and the final one) must equal, bit for bit, a reference run's on
// plain memory; a failed check is written as `failed` and the program exits 1.
#include "harness.cuh"

#include <vector>

constexpr int ROUNDS = 4;

__global__ void pass(const float* __restrict__ in, float* __restrict__ out, size_t n, int k) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    float x = in[i], p = 1.0f;
    for (int j = 0; j < k; ++j) p = p * x + 0.25f;  // Horner, coefficients 1, 0.25, ...
    out[i] = 0.5f * out[i] + p;
  }
}

// The host's passes, out of line so that the plain timing and the trial run the same machine code
// (relax.cu's inlined sum did not: NOTES.md, "An independent workload").
//
// The host's phase, part one: a new batch of inputs in [0, 0.9) (so the polynomial stays bounded).
__attribute__((noinline)) static void write_inputs(float* in, size_t n, int round) {
  for (size_t i = 0; i < n; ++i) in[i] = (float)((i * 7 + (size_t)round * 13) % 900) * 1e-3f;
}

// The host's phase, part two, and its final access: the outputs' sum.
__attribute__((noinline)) static double sum(const float* x, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; ++i) s += x[i];
  return s;
}

static void fill(float* in, float* out, size_t n) {
  write_inputs(in, n, ROUNDS);
  for (size_t i = 0; i < n; ++i) out[i] = (float)(i % 100) * 1e-2f;
}

struct Result {
  double total_ms;
  double cpu_ms;  // the host's phases and its final sum inside the trial
  double fin_ms;  // the final sum alone
  double check;   // the rounds' sums and the final one, added
};

// One trial of one policy: allocate, fill on the host, advise (untimed), then the timed rounds
// and the final sum.
static Result run(Policy p, size_t n, int k, int reuse, cudaStream_t s) {
  size_t bytes = n * sizeof(float);
  Buf ib(p, bytes), ob(p, bytes);
  float *h_in = (float*)ib.host, *d_in = (float*)ib.dev;
  float *h_out = (float*)ob.host, *d_out = (float*)ob.dev;
  fill(h_in, h_out, n);
  if (p == ADVISE || p == ADVISE_PREFETCH) {
    // Both: the host touches them every round and one side writes each: kept on the host,
    // mapped for the GPU.
    for (float* h : {h_in, h_out}) {
      advise(h, bytes, cudaMemAdviseSetPreferredLocation, false);
      advise(h, bytes, cudaMemAdviseSetAccessedBy, true);
    }
  }
  CK(cudaDeviceSynchronize());
  bool pf = p == PREFETCH || p == ADVISE_PREFETCH;
  Moves& mv = g_moves;
  double cpu = 0, check = 0;
  double t0 = now_ms();
  for (int r = 0; r < ROUNDS; ++r) {
    // Host side. Explicit copy: from the second round the outputs are stale on the host.
    if (p == EXPLICIT && r > 0)
      mv.add("copy_to_host", "out", s,
             [&] { CK(cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, s)); });
    if (pf) {
      mv.add("prefetch_to_host", "in", s, [&] { prefetch(h_in, bytes, false, s); });
      mv.add("prefetch_to_host", "out", s, [&] { prefetch(h_out, bytes, false, s); });
    }
    if (p == EXPLICIT || pf) CK(cudaStreamSynchronize(s));
    double c0 = now_ms();
    write_inputs(h_in, n, r);
    check += sum(h_out, n);
    cpu += now_ms() - c0;
    // GPU side. Explicit copy: the inputs are stale on the card after every host phase, the
    // outputs only before the first round (the host filled them).
    if (p == EXPLICIT) {
      mv.add("copy_to_device", "in", s,
             [&] { CK(cudaMemcpyAsync(d_in, h_in, bytes, cudaMemcpyHostToDevice, s)); });
      if (r == 0)
        mv.add("copy_to_device", "out", s,
               [&] { CK(cudaMemcpyAsync(d_out, h_out, bytes, cudaMemcpyHostToDevice, s)); });
    }
    if (pf) {
      mv.add("prefetch_to_device", "in", s, [&] { prefetch(h_in, bytes, true, s); });
      mv.add("prefetch_to_device", "out", s, [&] { prefetch(h_out, bytes, true, s); });
    }
    for (int j = 0; j < reuse; ++j) pass<<<grid_for(n), 256, 0, s>>>(d_in, d_out, n, k);
    CK(cudaGetLastError());
    CK(cudaStreamSynchronize(s));
    mv.flush(NAMES[p], r);
  }
  // The host's last access.
  if (p == EXPLICIT)
    mv.add("copy_to_host", "out", s,
           [&] { CK(cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, s)); });
  if (pf) mv.add("prefetch_to_host", "out", s, [&] { prefetch(h_out, bytes, false, s); });
  if (p == EXPLICIT || pf) CK(cudaStreamSynchronize(s));
  mv.flush(NAMES[p], ROUNDS);
  double c0 = now_ms();
  double fin_sum = sum(h_out, n);
  double fin = now_ms() - c0;
  cpu += fin;
  return {now_ms() - t0, cpu, fin, check + fin_sum};
}

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s BYTES K REUSE TRIALS\n", argv[0]);
    return 2;
  }
  size_t bytes = std::strtoull(argv[1], nullptr, 10);
  int k = std::atoi(argv[2]), reuse = std::atoi(argv[3]), trials = std::atoi(argv[4]);
  size_t n = bytes / sizeof(float);
  if (n == 0 || bytes % 4096 != 0 || k < 1 || reuse < 1 || trials < 1) {
    std::fprintf(stderr, "BYTES must be whole pages; K, REUSE and TRIALS positive\n");
    return 2;
  }
  if (!open_steps("HORNER_STEPS")) return 2;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  g_moves.init();

  // The reference on plain memory: heap on the host, cudaMalloc on the card, whole copies.
  std::vector<float> in(n), out(n);
  fill(in.data(), out.data(), n);
  float *d_in, *d_out;
  CK(cudaMalloc(&d_in, bytes));
  CK(cudaMalloc(&d_out, bytes));
  CK(cudaMemcpy(d_out, out.data(), bytes, cudaMemcpyHostToDevice));
  double ref = 0;
  for (int r = 0; r < ROUNDS; ++r) {
    write_inputs(in.data(), n, r);
    ref += sum(out.data(), n);
    CK(cudaMemcpy(d_in, in.data(), bytes, cudaMemcpyHostToDevice));
    for (int j = 0; j < reuse; ++j) pass<<<grid_for(n), 256, 0, s>>>(d_in, d_out, n, k);
    CK(cudaGetLastError());
    CK(cudaStreamSynchronize(s));
    CK(cudaMemcpy(out.data(), d_out, bytes, cudaMemcpyDeviceToHost));
  }
  ref += sum(out.data(), n);
  if (!(ref == ref) || ref == 0) {
    std::fprintf(stderr, "the reference's checksum is %g\n", ref);
    return 1;
  }

  std::vector<char> evict(512u << 20);
  volatile double sink = 0;
  bool ok = true;
  std::printf("policy,trial,bytes,k,reuse,total_ms,cpu_ms,gpu_ms,cpu_final_ms,check\n");
  cudaEvent_t a, e;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&e));
  for (int t = 0; t <= trials; ++t) {  // trial 0 is a warm-up, not written
    // The plain phases: one host phase and the final sum on heap memory, caches evicted before
    // each; one pass on device memory after a warm one.
    std::memset(evict.data(), t & 0xff, evict.size());
    double c0 = now_ms();
    write_inputs(in.data(), n, t % ROUNDS);
    sink = sink + sum(out.data(), n);
    double cpu = now_ms() - c0;
    std::memset(evict.data(), (t + 1) & 0xff, evict.size());
    c0 = now_ms();
    sink = sink + sum(out.data(), n);
    double fin = now_ms() - c0;
    pass<<<grid_for(n), 256, 0, s>>>(d_in, d_out, n, k);
    CK(cudaEventRecord(a, s));
    pass<<<grid_for(n), 256, 0, s>>>(d_in, d_out, n, k);
    CK(cudaEventRecord(e, s));
    CK(cudaEventSynchronize(e));
    float gpu;
    CK(cudaEventElapsedTime(&gpu, a, e));
    if (t > 0)
      std::printf("plain,%d,%zu,%d,%d,,%.5f,%.5f,%.5f,ok\n", t - 1, bytes, k, reuse, cpu,
                  (double)gpu, fin);
    for (int i = 0; i < NPOL; ++i) {
      Policy p = (Policy)((i + t) % NPOL);  // rotated from trial to trial
      g_trial = t - 1;
      Result r = run(p, n, k, reuse, s);
      bool same = r.check == ref;
      ok &= same;
      if (t > 0)
        std::printf("%s,%d,%zu,%d,%d,%.5f,%.5f,,%.5f,%s\n", NAMES[p], t - 1, bytes, k, reuse,
                    r.total_ms, r.cpu_ms, r.fin_ms, same ? "ok" : "failed");
    }
    std::fflush(stdout);
  }
  if (g_steps) std::fclose(g_steps);
  return ok ? 0 : 1;
}
