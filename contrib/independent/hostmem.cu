// Why relax.cu's host phases ran about three times as long inside its trials as on heap memory
// (calibration/h200/run146): the same host passes over 64 MiB on each kind of host memory a
// policy uses. A sequential sum (what relax.cu's final access does) and a write of one page in ten
// (its host phase), each timed after evicting the caches, on: malloc'd heap memory; the same
// with transparent huge pages refused (madvise); cudaMallocHost; cudaHostAlloc(mapped); heap
// memory registered with cudaHostRegister; cudaMallocManaged pages the host filled. Not a model
// term: an investigation.
//
//   nvcc -O3 -arch=sm_90 -std=c++17 -o hostmem hostmem.cu
//   ./hostmem TRIALS > hostmem.csv
#include "harness.cuh"
#include "relax_passes.cuh"

#include <sys/mman.h>

#include <vector>

constexpr size_t BYTES = 64u << 20;
constexpr size_t N = BYTES / sizeof(float);

int main(int argc, char** argv) {
  int trials = argc > 1 ? std::atoi(argv[1]) : 9;
  const char* kinds[] = {"heap", "heap_nohugepage", "pinned", "mapped", "registered", "managed"};
  std::vector<float*> mem;
  float* p;
  p = (float*)std::aligned_alloc(4096, BYTES);
  mem.push_back(p);
  p = (float*)mmap(nullptr, BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED || madvise(p, BYTES, MADV_NOHUGEPAGE) != 0) {
    std::perror("mmap/madvise");
    return 2;
  }
  mem.push_back(p);
  CK(cudaMallocHost(&p, BYTES));
  mem.push_back(p);
  CK(cudaHostAlloc(&p, BYTES, cudaHostAllocMapped));
  mem.push_back(p);
  p = (float*)std::aligned_alloc(4096, BYTES);
  CK(cudaHostRegister(p, BYTES, cudaHostRegisterDefault));
  mem.push_back(p);
  CK(cudaMallocManaged(&p, BYTES));
  mem.push_back(p);
  for (float* m : mem)
    for (size_t i = 0; i < N; ++i) m[i] = (float)(i % 1000) * 1e-3f;
  std::vector<char> evict(512u << 20);
  volatile double sink = 0;
  std::printf("kind,op,trial,ms\n");
  for (int t = 0; t <= trials; ++t) {  // trial 0 is a warm-up, not written
    for (size_t k = 0; k < mem.size(); ++k) {
      size_t kk = (k + t) % mem.size();  // rotated from trial to trial
      std::memset(evict.data(), t & 0xff, evict.size());
      double c0 = now_ms();
      sink = sink + sum(mem[kk], N);
      double s_ms = now_ms() - c0;
      std::memset(evict.data(), (t + 1) & 0xff, evict.size());
      c0 = now_ms();
      write_pages(mem[kk], N, t % EVERY);
      double w_ms = now_ms() - c0;
      if (t > 0) {
        std::printf("%s,sum,%d,%.5f\n", kinds[kk], t - 1, s_ms);
        std::printf("%s,write_pages,%d,%.5f\n", kinds[kk], t - 1, w_ms);
      }
    }
  }
  return 0;
}
