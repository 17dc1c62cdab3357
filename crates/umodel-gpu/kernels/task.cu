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

// A compute-bound in-place pass that checks like `x = x + 1`: k steps of v = fma(v, 0.5, (x + 1)/2)
// from v = x reach x + 1 exactly (the gap halves each step; whole numbers below 2^22 land within 25
// steps) and stay there, so the rest is arithmetic the compiler cannot skip. The calibration times
// it on pages the host just wrote, to learn how much of the faults a kernel's own work hides.
// Two shapes, as the streaming kernels: one element per thread, or a grid-stride loop.
extern "C" __global__ void converge_flat(float* x, unsigned long long n, unsigned int k) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float c = 0.5f * (x[i] + 1.0f), v = x[i];
        for (unsigned int r = 0; r < k; ++r) v = fmaf(v, 0.5f, c);
        x[i] = v;
    }
}

extern "C" __global__ void converge_grid(float* x, unsigned long long n, unsigned int k) {
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        float c = 0.5f * (x[i] + 1.0f), v = x[i];
        for (unsigned int r = 0; r < k; ++r) v = fmaf(v, 0.5f, c);
        x[i] = v;
    }
}
