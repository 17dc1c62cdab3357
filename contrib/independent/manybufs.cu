// An investigation, not a task: is the dear GPU pass over managed pages kept on the host a
// property of the allocation? On slow-link H100 VMs umodel's link probe and calibration priced
// that pass up to 3.6x lastwrite.cu's same pass on the same VM, while over pinned memory they
// agreed, and neither the probe's order, its fills on every core nor the kernels' shape made the
// gap (NOTES.md, "The link probe"; calibration/h100/run247, run248). A calibration on such a VM
// timed its managed read, write and in-place cells at 1.4x, 3.6x and 2.2x the program's passes
// (run272): each of its cases allocates afresh, after cases that migrated pages (run297 later
// found the cause: calibration/h100/run295/reading-run297.txt). Written without umodel's code;
// shares only harness.cuh, and linkpass.cuh with lastwrite.cu.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o manybufs manybufs.cu -lpthread
//   ./manybufs BYTES BUFFERS TRIALS > manybufs.csv
//
// A pinned mapped buffer (cudaHostAllocMapped) is timed first and last. Between, BUFFERS managed
// buffers in each of two phases, one at a time, each allocated, advised preferred-location host and
// accessed-by the device (managed-advise's advice for what the GPU writes and the host reads late),
// first touched by the host, timed, and freed before the next:
//   fresh     nothing before the allocation
//   migrated  before each allocation, a managed buffer of the same size (no advice) makes two round
//             trips (the host writes it, a GPU read pass faults it in, the host reads it back by
//             faults; the pass checked) and is freed, as umodel's probe migrates a buffer before its
//             link passes and its calibration's cases allocate after cases that migrated pages
// The first touch alternates buffer by buffer: `one` thread, or `all` cores (a contiguous share
// each, as umodel's fills). Three GPU passes, a thread per float in a grid-stride loop: `read` (a
// sum per thread kept on the card), `write` (every float set), `inplace` (every float read and
// written). Each timed pass goes as umodel's probe times its managed passes: the host writes every
// float on every core, the same pass runs once untimed, the host writes every float on every core
// again, then the timed pass; TRIALS times per pass and buffer, the passes rotating. After each
// timed pass the host checks every float (the read pass: every thread's sum); a failed check is
// written as `failed` and the program exits 1. Writes
// `phase,buffer,first,memory,address,pass,trial,ms,check`; `address` is the allocation's, so a
// reader can tell a range reused from one freed.
#include "harness.cuh"
#include "linkpass.cuh"

struct Run {
  size_t n;
  int trials;
  float* acc;
  cudaStream_t s;
  cudaEvent_t e0, e1;
  int k = 0;
  bool ok = true;

  // Times every pass `trials` times on `b` (the passes rotating trial by trial), one row each.
  void time(Region& b, const char* phase, int buffer, const char* first, const char* memory) {
    for (int t = 0; t < trials; ++t) {
      for (int j = 0; j < NPASS; ++j) {
        Pass p = (Pass)((j + t) % NPASS);
        host_write_all(b, n);
        launch(p, b, acc, n, ++k, s);
        CK(cudaStreamSynchronize(s));
        host_write_all(b, n);
        float ms = timed(p, b, acc, n, ++k, s, e0, e1);
        bool good = check(p, b, acc, n);
        ok &= good;
        std::printf("%s,%d,%s,%s,%p,%s,%d,%.5f,%s\n", phase, buffer, first, memory,
                    (void*)b.host, PASS[p], t, (double)ms, good ? "ok" : "failed");
      }
    }
    std::fflush(stdout);
  }

  // Two round trips of a fresh managed buffer (no advice): the host writes it, a GPU read pass
  // faults it in (checked), the host reads it back by faults; then it is freed.
  void migrate() {
    Region m;
    CK(cudaMallocManaged(&m.host, n * sizeof(float)));
    m.dev = m.host;
    for (int r = 0; r < 2; ++r) {
      host_write(m, n);
      launch(READ, m, acc, n, ++k, s);
      CK(cudaStreamSynchronize(s));
      bool good = check(READ, m, acc, n);
      if (!good) std::fprintf(stderr, "migration round %d: the read pass's sums are wrong\n", r);
      ok &= good;
      host_read(m, n);
    }
    CK(cudaFree(m.host));
  }
};

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s BYTES BUFFERS TRIALS\n", argv[0]);
    return 2;
  }
  size_t bytes = std::strtoull(argv[1], nullptr, 10);
  int buffers = std::atoi(argv[2]);
  int trials = std::atoi(argv[3]);
  size_t n = bytes / sizeof(float);
  if (n == 0 || bytes % 4096 != 0 || buffers < 1 || trials < 1) {
    std::fprintf(stderr, "BYTES must be whole pages; BUFFERS and TRIALS positive\n");
    return 2;
  }
  Run run;
  run.n = n;
  run.trials = trials;
  CK(cudaStreamCreate(&run.s));
  CK(cudaMalloc(&run.acc, (size_t)grid_for(n) * 256 * sizeof(float)));
  CK(cudaEventCreate(&run.e0));
  CK(cudaEventCreate(&run.e1));
  Region pinned;
  CK(cudaHostAlloc(&pinned.host, bytes, cudaHostAllocMapped));
  CK(cudaHostGetDevicePointer(&pinned.dev, pinned.host, 0));
  host_write(pinned, n);
  std::printf("phase,buffer,first,memory,address,pass,trial,ms,check\n");
  run.time(pinned, "start", 0, "one", "pinned");
  const char* phases[2] = {"fresh", "migrated"};
  for (int ph = 0; ph < 2; ++ph) {
    for (int b = 0; b < buffers; ++b) {
      if (ph == 1) run.migrate();
      Region m;
      CK(cudaMallocManaged(&m.host, bytes));
      m.dev = m.host;
      advise(m.host, bytes, cudaMemAdviseSetPreferredLocation, false);
      advise(m.host, bytes, cudaMemAdviseSetAccessedBy, true);
      bool all = b % 2 == 1;
      if (all)
        host_write_all(m, n);
      else
        host_write(m, n);
      run.time(m, phases[ph], b, all ? "all" : "one", "managed-host");
      CK(cudaFree(m.host));
    }
  }
  run.time(pinned, "end", 0, "one", "pinned");
  CK(cudaFreeHost(pinned.host));
  return run.ok ? 0 : 1;
}
