// relax.cu's two host passes, shared with hostmem.cu, which times them on each kind of host
// memory: a write of one page in ten (the host's phase) and a sequential sum (its final access).
//
// Neither may be inlined: the plain timing and the trial must run the same machine code. Inlined
// into relax.cu's trial, GCC kept the sum's accumulator on the stack (a store and a reload per
// element) and the sum ran 3.3 times as long as the plain one, which kept it in a register
// (calibration/h200/run148 to run155; NOTES.md, "An independent workload").
#pragma once
#include <cstddef>
#include <thread>
#include <vector>

constexpr size_t PAGE = 4096 / sizeof(float);  // floats a 4 KiB page holds
constexpr size_t EVERY = 10;                   // the host writes one page in ten

// The host's phase: one page in ten rewritten (every page a different one each round).
__attribute__((noinline)) static void write_pages(float* x, size_t n, int round) {
  size_t pages = n / PAGE;
  for (size_t p = (size_t)round % EVERY; p < pages; p += EVERY)
    for (size_t j = 0; j < PAGE; ++j) x[p * PAGE + j] = (float)(round + 1) + (float)j * 1e-3f;
}

// The host's last access: the field's sum.
__attribute__((noinline)) static double sum(const float* x, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; ++i) s += x[i];
  return s;
}

// The same passes on `threads` host threads (relax.cu's RELAX_THREADS, since run165), each on a
// contiguous share: the writes of the pages in its share, the sum of its share by `sum` itself
// (the same machine code), the shares' sums added in order, so the result depends on the thread
// count only and the reference computed the same way matches it bit for bit.
__attribute__((noinline)) static void write_page_range(float* x, size_t p0, size_t p1, int round) {
  for (size_t p = p0; p < p1; ++p)
    if (p % EVERY == (size_t)round % EVERY)
      for (size_t j = 0; j < PAGE; ++j) x[p * PAGE + j] = (float)(round + 1) + (float)j * 1e-3f;
}

static void write_pages_on(float* x, size_t n, int round, int threads) {
  if (threads <= 1) return write_pages(x, n, round);
  size_t pages = n / PAGE;
  std::vector<std::thread> ts;
  for (int t = 0; t < threads; ++t)
    ts.emplace_back(write_page_range, x, pages * t / threads, pages * (t + 1) / threads, round);
  for (auto& t : ts) t.join();
}

static double sum_on(const float* x, size_t n, int threads) {
  if (threads <= 1) return sum(x, n);
  std::vector<double> part(threads);
  std::vector<std::thread> ts;
  for (int t = 0; t < threads; ++t) {
    size_t lo = n * t / threads, hi = n * (t + 1) / threads;
    ts.emplace_back([&part, x, t, lo, hi] { part[t] = sum(x + lo, hi - lo); });
  }
  for (auto& t : ts) t.join();
  double s = 0;
  for (double v : part) s += v;
  return s;
}
