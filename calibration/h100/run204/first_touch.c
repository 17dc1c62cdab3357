/* How fast does a VM's host memory take its first touch? Per round, a fresh anonymous mapping of
 * MIB mebibytes is filled twice with memset: the first fill faults every 4 KiB page in (and, on a
 * VM whose memory the hypervisor has not yet backed, waits for it to be backed), the second finds
 * them present. Then every page's first byte is checked and the mapping unmapped, so the next
 * round's mapping may be given the same pages or new ones. A VM's first calibration spent 0.5-3.8 s
 * longer than its later ones (calibration/h200/offline42/walls.txt), most in the groups that fill
 * fresh host memory; this says whether a fresh VM's memory is what is slow.
 *   gcc -O2 -o first_touch first_touch.c && ./first_touch MIB ROUNDS > first_touch.csv
 * Rows: round,bytes,first_s,first_gbs,second_s,second_gbs,bad_pages */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: first_touch MIB ROUNDS\n"); return 2; }
    size_t n = (size_t)atol(argv[1]) << 20;
    int rounds = atoi(argv[2]);
    printf("round,bytes,first_s,first_gbs,second_s,second_gbs,bad_pages\n");
    for (int r = 0; r < rounds; r++) {
        char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) { perror("mmap"); return 1; }
        double a = now();
        memset(p, r + 1, n);
        double b = now();
        memset(p, r + 2, n);
        double c = now();
        size_t bad = 0;
        for (size_t i = 0; i < n; i += 4096) bad += p[i] != (char)(r + 2);
        printf("%d,%zu,%.4f,%.2f,%.4f,%.2f,%zu\n", r, n, b - a, n / (b - a) / 1e9, c - b, n / (c - b) / 1e9, bad);
        fflush(stdout);
        munmap(p, n);
    }
    return 0;
}
