// Streaming kernels: triad, copy, in-place update, read-reduce and a device-side check, over float
// arrays. Two shapes of each bandwidth kernel:
//   *_flat:  one float4 per thread, one launch covers the array (BabelStream's shape: many blocks,
//            no loop; on H200 it keeps the most loads in flight);
//   *_grid:  grid-stride loop over float4 with a grid of a few blocks per SM.
// The suite times both in one run and reports each; `n4` counts float4 elements.
// Every kernel handles a tail of < 4 floats so any size works.

extern "C" __global__ void stream_triad_flat(float4* __restrict__ a, const float4* __restrict__ b,
                                             const float4* __restrict__ c, float s, unsigned long long n4) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 x = b[i], y = c[i];
        a[i] = make_float4(x.x + s * y.x, x.y + s * y.y, x.z + s * y.z, x.w + s * y.w);
    }
}

extern "C" __global__ void stream_triad_grid(float4* __restrict__ a, const float4* __restrict__ b,
                                             const float4* __restrict__ c, float s, unsigned long long n4) {
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        float4 x = b[i], y = c[i];
        a[i] = make_float4(x.x + s * y.x, x.y + s * y.y, x.z + s * y.z, x.w + s * y.w);
    }
}

extern "C" __global__ void stream_copy_flat(float4* __restrict__ dst, const float4* __restrict__ src,
                                            unsigned long long n4) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) dst[i] = src[i];
}

extern "C" __global__ void stream_copy_grid(float4* __restrict__ dst, const float4* __restrict__ src,
                                            unsigned long long n4) {
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride)
        dst[i] = src[i];
}

// x = a*x + b over n floats (the handoff's GPU pass and the in-place bandwidth case).
extern "C" __global__ void stream_inplace_flat(float* x, float a, float b, unsigned long long n) {
    unsigned long long n4 = n / 4;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    float4* x4 = reinterpret_cast<float4*>(x);
    if (i < n4) {
        float4 v = x4[i];
        x4[i] = make_float4(a * v.x + b, a * v.y + b, a * v.z + b, a * v.w + b);
    }
    if (i < n - n4 * 4) x[n4 * 4 + i] = a * x[n4 * 4 + i] + b;
}

extern "C" __global__ void stream_inplace_grid(float* x, float a, float b, unsigned long long n) {
    unsigned long long n4 = n / 4;
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    unsigned long long t = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    float4* x4 = reinterpret_cast<float4*>(x);
    for (unsigned long long i = t; i < n4; i += stride) {
        float4 v = x4[i];
        x4[i] = make_float4(a * v.x + b, a * v.y + b, a * v.z + b, a * v.w + b);
    }
    if (t < n - n4 * 4) x[n4 * 4 + t] = a * x[n4 * 4 + t] + b;
}

// Reads every float and adds them into *sum as integers (the data are small whole numbers, so the
// sum is exact and the host can check it). Grid-stride; one atomic per warp.
extern "C" __global__ void stream_read_sum(const float* __restrict__ x, unsigned long long n,
                                           unsigned long long* sum) {
    unsigned long long n4 = n / 4;
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    unsigned long long t = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    const float4* x4 = reinterpret_cast<const float4*>(x);
    unsigned long long acc = 0;
    for (unsigned long long i = t; i < n4; i += stride) {
        float4 v = x4[i];
        acc += (unsigned long long)v.x + (unsigned long long)v.y + (unsigned long long)v.z + (unsigned long long)v.w;
    }
    if (t < n - n4 * 4) acc += (unsigned long long)x[n4 * 4 + t];
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(sum, acc);
}

// Device-side check (used where a host-side check would move managed pages and disturb the next
// trial): counts elements that differ from the expected value (i % period) + offset.
extern "C" __global__ void check_ramp(const float* __restrict__ x, unsigned long long n, unsigned int period,
                                      float offset, unsigned long long* bad) {
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    unsigned long long local = 0;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        if (x[i] != (float)(i % period) + offset) local++;
    for (int o = 16; o > 0; o >>= 1) local += __shfl_down_sync(0xffffffffu, local, o);
    if ((threadIdx.x & 31) == 0 && local) atomicAdd(bad, local);
}

// An empty kernel: launch + synchronisation overhead.
extern "C" __global__ void stream_empty() {}
