// Is the host's sum slow on some CPUs, or on some memory? relax.cu's final sum took about 50 ms in
// some processes and 14 ms in others, on fresh and on kept buffers alike (calibration/h200/run148
// to run154). This times relax_passes.cuh's sum over 64 MiB of heap memory
//   - on each CPU in turn (the thread pinned there), the same buffer: a slow CPU shows;
//   - over PIECES fresh 64 MiB pieces, one CPU: a slow stretch of memory shows, with where the
//     piece's pages lie (their frame numbers from /proc/self/pagemap, root only) and the time to
//     touch one float per page (the address translations) after the other pieces were read.
// Plain C++, no CUDA. Not a model term: an investigation.
//
//   g++ -O3 -std=c++17 -o pagescan pagescan.cpp
//   ./pagescan PIECES > pagescan.csv
#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "relax_passes.cuh"

constexpr size_t BYTES = 64u << 20;
constexpr size_t N = BYTES / sizeof(float);

static double now_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

static volatile double g_sink = 0;

static double timed_sum(const float* x) {
  double c0 = now_ms();
  g_sink = g_sink + sum(x, N);
  return now_ms() - c0;
}

// One float read per 4 KiB page: nanoseconds per page.
static double walk_ns(const float* x) {
  double c0 = now_ms();
  float s = 0;
  for (size_t i = 0; i < N; i += PAGE) s += x[i];
  g_sink = g_sink + s;
  return (now_ms() - c0) * 1e6 / (double)(N / PAGE);
}

struct Frames {
  uint64_t lo = UINT64_MAX, hi = 0;
  double aligned_2m = 0;  // share of 2 MiB blocks whose 512 pages are one aligned physical block
  long present = 0;
};

static Frames frames(int fd, const float* x) {
  Frames f;
  if (fd < 0) return f;
  const size_t pages = BYTES / 4096, vp0 = (uintptr_t)x / 4096;
  std::vector<uint64_t> e(pages);
  if (pread(fd, e.data(), pages * 8, (off_t)(vp0 * 8)) != (ssize_t)(pages * 8)) return f;
  long blocks = 0, whole = 0;
  for (size_t b = 0; b + 512 <= pages; b += 512) {
    bool ok = true;
    for (size_t i = b; i < b + 512 && ok; ++i) {
      uint64_t pfn = e[i] & ((1ull << 55) - 1);
      uint64_t first = e[b] & ((1ull << 55) - 1);
      ok = (e[i] >> 63) && pfn == first + (i - b) && ((vp0 + b) % 512) == 0 && first % 512 == 0;
    }
    ++blocks;
    whole += ok;
  }
  for (uint64_t v : e)
    if (v >> 63) {
      uint64_t pfn = v & ((1ull << 55) - 1);
      f.present++;
      if (pfn < f.lo) f.lo = pfn;
      if (pfn > f.hi) f.hi = pfn;
    }
  f.aligned_2m = blocks ? (double)whole / blocks : 0;
  return f;
}

static void pin(int cpu) {
  cpu_set_t s;
  CPU_ZERO(&s);
  CPU_SET(cpu, &s);
  if (sched_setaffinity(0, sizeof s, &s) != 0) std::perror("sched_setaffinity");
}

int main(int argc, char** argv) {
  int pieces = argc > 1 ? std::atoi(argv[1]) : 128;
  int cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
  int fd = open("/proc/self/pagemap", O_RDONLY);
  std::printf("scan,cpu,piece,rep,sum_ms,walk_ns_per_page,pfn_lo,pfn_hi,present,aligned_2m\n");
  float* x = (float*)std::aligned_alloc(4096, BYTES);
  for (size_t i = 0; i < N; ++i) x[i] = (float)(i % 1000) * 1e-3f;
  for (int rep = 0; rep < 3; ++rep)
    for (int c = 0; c < cpus; ++c) {
      pin(c);
      double ms = timed_sum(x);
      std::printf("cpu,%d,,%d,%.5f,,,,,\n", c, rep, ms);
    }
  pin(0);
  std::vector<float*> ps;
  for (int p = 0; p < pieces; ++p) {
    float* q = (float*)mmap(nullptr, BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                            -1, 0);
    if (q == MAP_FAILED) {
      std::perror("mmap");
      return 2;
    }
    for (size_t i = 0; i < N; ++i) q[i] = (float)(i % 1000) * 1e-3f;
    ps.push_back(q);
  }
  for (int rep = 0; rep < 2; ++rep)
    for (int p = 0; p < pieces; ++p) {
      double w = walk_ns(ps[p]);
      double ms = timed_sum(ps[p]);
      Frames f = frames(fd, ps[p]);
      std::printf("piece,0,%d,%d,%.5f,%.2f,%llu,%llu,%ld,%.4f\n", p, rep, ms, w,
                  (unsigned long long)f.lo, (unsigned long long)f.hi, f.present, f.aligned_2m);
    }
  std::fprintf(stderr, "sink %g\n", (double)g_sink);
  return 0;
}
