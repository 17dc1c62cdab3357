// An investigation, not a task: does a GPU pass over host memory cost more when the host has just
// written that memory than when the GPU passed over it last, or the host read it? On an H100 VM
// (calibration/h100/run226) the link probe's passes timed right after the host's fill took
// 1.3-1.9x the calibration's cells of the same pass timed after warm passes, and the
// calibration's write cell over managed pages advised to stay on the host (filled by the host
// before every trial) was 2.45x the embedded model's while the producer/consumer's GPU writes,
// which follow the host's read, paid about the model's price (NOTES.md, "The link probe").
// Written without umodel's code; shares only harness.cuh, and linkpass.cuh with manybufs.cu.
//
//   nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o lastwrite lastwrite.cu -lpthread
//   ./lastwrite BYTES TRIALS > lastwrite.csv
//
// BYTES: the buffer's size (whole pages). Two kinds of memory: `pinned` (cudaHostAllocMapped, the
// host-mapped policy's) and `managed-host` (cudaMallocManaged advised preferred-location host and
// accessed-by the device, managed-advise's for what the GPU writes and the host reads late). Three
// GPU passes, a thread per float in a grid-stride loop: `read` (a sum per thread kept on the
// card), `write` (every float set), `inplace` (every float read and written). Each timed pass
// starts from the host writing every float, then one of:
//   gpu         the same pass once, untimed (as the calibration's warm trials go before its timed
//               ones), then the timed pass
//   host-write  nothing more: the timed pass follows the host's writes
//   host-read   the same pass once, untimed, then the host reading every float, then the timed
//               pass (the producer/consumer's order: the host reads what the GPU wrote)
//   host-write-all  the same pass once, untimed, then the host writing every float again on
//               every core, a contiguous share each, then the timed pass (umodel fills managed
//               pages so before each timed pass; on calibration/h100/run231's slow-link VM
//               umodel's write over them cost 1.4-1.9x this program's after one thread's writes)
// The writes of `host-write` run on one thread, as in runs 228-231, which had no `host-write-all`.
// One warm round, then TRIALS rounds, each timing every (memory, pass, before) once in a rotating
// order. After each timed pass the host checks every float (the read pass: every thread's sum,
// kept on the card); a failed check is written as `failed` and the program exits 1. Writes
// `memory,pass,before,trial,ms,check`.
#include "harness.cuh"
#include "linkpass.cuh"

enum Before { GPU, HOST_WRITE, HOST_READ, HOST_WRITE_ALL, NBEFORE };
static const char* BEFORE[NBEFORE] = {"gpu", "host-write", "host-read", "host-write-all"};
static const char* MEMORY[2] = {"pinned", "managed-host"};

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s BYTES TRIALS\n", argv[0]);
    return 2;
  }
  SizeTrials a = size_and_trials(argv);
  size_t bytes = a.bytes, n = a.n;
  int trials = a.trials;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  Region bufs[2];
  CK(cudaHostAlloc(&bufs[0].host, bytes, cudaHostAllocMapped));
  CK(cudaHostGetDevicePointer(&bufs[0].dev, bufs[0].host, 0));
  CK(cudaMallocManaged(&bufs[1].host, bytes));
  bufs[1].dev = bufs[1].host;
  advise(bufs[1].host, bytes, cudaMemAdviseSetPreferredLocation, false);
  advise(bufs[1].host, bytes, cudaMemAdviseSetAccessedBy, true);
  for (auto& b : bufs) host_write(b, n);
  float* acc;
  CK(cudaMalloc(&acc, (size_t)grid_for(n) * 256 * sizeof(float)));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  constexpr int NCASE = 2 * NPASS * NBEFORE;
  bool ok = true;
  int k = 0;
  std::printf("memory,pass,before,trial,ms,check\n");
  for (int t = -1; t < trials; ++t) {
    for (int j = 0; j < NCASE; ++j) {
      // Rotate the order round by round, so a slow spell falls on every case.
      int c = (j + (t + 1) * 5) % NCASE;
      int mem = c / (NPASS * NBEFORE);
      Pass p = (Pass)(c / NBEFORE % NPASS);
      Before before = (Before)(c % NBEFORE);
      Region& b = bufs[mem];
      host_write(b, n);
      if (before != HOST_WRITE) {
        launch(p, b, acc, n, ++k, s);
        CK(cudaStreamSynchronize(s));
      }
      if (before == HOST_READ) host_read(b, n);
      if (before == HOST_WRITE_ALL) host_write_all(b, n);
      float ms = timed(p, b, acc, n, ++k, s, e0, e1);
      bool good = check(p, b, acc, n);
      ok &= good;
      if (t >= 0)
        std::printf("%s,%s,%s,%d,%.5f,%s\n", MEMORY[mem], PASS[p], BEFORE[before], t, (double)ms,
                    good ? "ok" : "failed");
    }
    std::fflush(stdout);
  }
  return ok ? 0 : 1;
}
