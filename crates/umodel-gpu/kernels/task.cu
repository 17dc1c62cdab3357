// Kernels of the suite's validation workloads (tasks/*.json) and of the link-write primitive.

// compute-bound: y[i] = k rounds of an integer mix of x[i] (many operations per byte, exact, so the
// host can check any element).
extern "C" __global__ void task_compute(const unsigned int* __restrict__ x, unsigned int* __restrict__ y,
                                        unsigned long long n, unsigned int k) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned int h = x[i];
        for (unsigned int r = 0; r < k; ++r) {
            h = h * 1664525u + 1013904223u;
            h ^= h >> 15;
        }
        y[i] = h;
    }
}

// producer-consumer: y[i] = x[i] + b (whole numbers, so the host's sum is exact).
extern "C" __global__ void task_produce(const float* __restrict__ x, float* __restrict__ y,
                                       unsigned long long n, float b) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] + b;
}

// A write-only pass: x[i] = v (the GPU writing mapped host memory over the link).
extern "C" __global__ void task_fill(float* __restrict__ x, unsigned long long n, float v) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = v;
}
