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

// The index of the i-th random read: a 32-bit hash of i, modulo n (random order, with repeats). The
// host computes the same to check the sum.
__device__ __forceinline__ unsigned long long random_key(unsigned long long i, unsigned int seed,
                                                         unsigned long long n) {
    unsigned int h = (unsigned int)i * 0x9E3779B9u ^ seed;
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return (unsigned long long)h % n;
}

// n random 4-byte reads of x (random_key order), summed as whole numbers into *sum; one atomic per
// warp. The random-access primitive (from device, mapped or managed memory).
extern "C" __global__ void pattern_random_read(const float* __restrict__ x, unsigned long long n,
                                               unsigned int seed, unsigned long long* sum) {
    unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;
    unsigned long long acc = 0;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        acc += (unsigned long long)x[random_key(i, seed, n)];
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
    if ((threadIdx.x & 31) == 0 && acc) atomicAdd(sum, acc);
}

// x[i] = y[random_key(i)] (accumulate = 0) or x[i] += y[random_key(i)] (accumulate = 1), for
// i < n: random reads of y beside a stream written (or read and written) in address order. Over
// the link the two cost more than apart (calibration/h200/run60), so the calibration times them
// together.
extern "C" __global__ void pattern_random_into(float* x, const float* __restrict__ y, unsigned long long n,
                                               unsigned int seed, unsigned int accumulate) {
    unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {
        float v = y[random_key(i, seed, n)];
        x[i] = accumulate ? x[i] + v : v;
    }
}
