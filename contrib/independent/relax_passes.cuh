// relax.cu's two host passes, shared with hostmem.cu, which times them on each kind of host
// memory: a write of one page in ten (the host's phase) and a sequential sum (its final access).
//
// Neither may be inlined: the plain timing and the trial must run the same machine code. Inlined
// into relax.cu's trial, GCC kept the sum's accumulator on the stack (a store and a reload per
// element) and the sum ran 3.3 times as long as the plain one, which kept it in a register
// (calibration/h200/run148 to run155; NOTES.md, "An independent workload").
#pragma once
#include <cstddef>

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
