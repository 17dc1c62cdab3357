// Access-pattern kernels over a float array: every touched element is incremented once per launch,
// so the host can check exactly which elements were touched and how often.

// Touches element i*stride for i < count (strided sweep; page-touch uses stride = page / 4).
extern "C" __global__ void pattern_strided(float* x, unsigned long long stride, unsigned long long count) {
    unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += step)
        x[i * stride] += 1.0f;
}

// Touches x[idx[i]] for i < count through a shuffled index array (a permutation, so no two threads
// touch the same element and the increment needs no atomic).
extern "C" __global__ void pattern_random(float* x, const unsigned int* __restrict__ idx, unsigned long long count) {
    unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += step)
        x[idx[i]] += 1.0f;
}
