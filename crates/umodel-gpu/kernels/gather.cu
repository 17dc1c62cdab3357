// Seed 001's workload kernel: out[i] += scale * table[keys[i]].
extern "C" __global__ void gather_accumulate(const float* __restrict__ table, const unsigned int* __restrict__ keys,
                                             float* out, unsigned long long n, float scale) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] += scale * table[keys[i]];
}
