/*
 * umodel from C: how much of a page's fault back to the host your own code waits for, measured
 * once on this machine's GPU, to write into your task file as `cpu_fault_scale` (your CPU phase)
 * or `cpu_final_fault_scale` (your final access). Here the code is a sum of 64 MiB of floats.
 *
 * Build (after `cargo build -p umodel-c`; crates/umodel-c/tests/c_example.rs builds and runs it):
 *
 *   cc -std=c11 -Wall -Wextra -I crates/umodel-c/include examples/c/fault_scale.c \
 *      target/debug/libumodel_c.a -lpthread -ldl -lm -lrt -lgcc_s -o fault_scale
 *   ./fault_scale
 *
 * Prints the scale and the JSON field for the task; exits 0, or 3 when no GPU can be used (the
 * error on stderr), 1 on any other error.
 */
#include <stdio.h>
#include <stdlib.h>

#include "umodel.h"

/* Your host code: it must do the same to every copy of the data it is given. */
static void sum(void *data, size_t bytes, void *ctx) {
    const float *x = (const float *)data;
    double s = 0.0;
    for (size_t i = 0; i < bytes / sizeof(float); i++) s += x[i];
    *(double *)ctx = s;
}

int main(void) {
    size_t n = (64u << 20) / sizeof(float);
    float *data = malloc(n * sizeof(float));
    if (data == NULL) return 1;
    for (size_t i = 0; i < n; i++) data[i] = (float)(i % 1024);
    double total = 0.0;
    umodel_fault_scale_result r;
    /* GPU 0, plain side timed with the caches evicted (as data the GPU wrote arrive), 9 rounds. */
    umodel_status s = umodel_fault_scale(0, data, n * sizeof(float), 0, 9, sum, &total, &r);
    free(data);
    if (s != UMODEL_OK) {
        fprintf(stderr, "umodel_fault_scale: %s\n", umodel_last_error());
        return s == UMODEL_GPU ? 3 : 1;
    }
    printf("code %.3f ms more on migrated pages, the calibration's read %.3f ms (medians of %d rounds, "
           "%d failed)\n",
           r.code_extra_ms, r.read_extra_ms, r.rounds, r.failed);
    printf("\"cpu_final_fault_scale\": %.2f\n", r.scale);
    return 0;
}
