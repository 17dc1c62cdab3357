/*
 * umodel from C: load the embedded H200 model, choose a policy for a few sizes and reuses (one at a
 * time and as a batch), predict, find a break-even, and check that bad calls fail cleanly.
 *
 * Build (after `cargo build -p umodel-c`; crates/umodel-c/tests/c_example.rs does this and checks
 * every number printed here against the Rust API):
 *
 *   cc -std=c11 -Wall -Wextra -I crates/umodel-c/include examples/c/choose.c \
 *      target/debug/libumodel_c.a -lpthread -ldl -lm -lrt -lgcc_s -o choose
 *   ./choose
 *
 * Prints one line per answer (numbers as %.17g, so they read back exactly) and exits non-zero if
 * any check fails.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "umodel.h"

static int failures = 0;

static void fail(const char *what) {
    printf("FAIL %s\n", what);
    failures++;
}

/* A call that must fail with `want`, leaving a message that contains `needle`. */
static void expect_error(const char *what, umodel_status got, umodel_status want, const char *needle) {
    const char *msg = umodel_last_error();
    printf("error %s %d %s\n", what, (int)got, msg);
    if (got != want) {
        fail(what);
    } else if (msg == NULL || strstr(msg, needle) == NULL) {
        fail(what);
    }
}

int main(void) {
    umodel_model *m = NULL;
    if (umodel_load("h200", &m) != UMODEL_OK || m == NULL) {
        printf("FAIL load h200: %s\n", umodel_last_error());
        return 1;
    }
    printf("model %s\n", umodel_describe(m));

    /* One query at a time. */
    const uint64_t sizes[] = {1u << 20, 16u << 20, 100000000u, 256u << 20, 1u << 30, 4ull << 30};
    const double reuses[] = {1.0, 2.5, 8.0, 64.0};
    enum { NS = sizeof sizes / sizeof sizes[0], NR = sizeof reuses / sizeof reuses[0], N = NS * NR };
    uint64_t bytes[N];
    double reuse[N];
    umodel_decision one[N];
    for (int i = 0; i < N; i++) {
        bytes[i] = sizes[i / NR];
        reuse[i] = reuses[i % NR];
        umodel_status s = umodel_choose(m, bytes[i], reuse[i], &one[i]);
        if (s != UMODEL_OK) {
            printf("FAIL choose %llu %.17g: %d %s\n", (unsigned long long)bytes[i], reuse[i], (int)s,
                   umodel_last_error());
            failures++;
            continue;
        }
        printf("choose %llu %.17g %s %.17g %d\n", (unsigned long long)bytes[i], reuse[i],
               umodel_policy_name(one[i].policy), one[i].time_ms, one[i].tie);
    }

    /* The same queries as one batch: the same decisions. */
    umodel_decision many[N];
    if (umodel_choose_many(m, bytes, reuse, N, many) != UMODEL_OK) {
        printf("FAIL choose_many: %s\n", umodel_last_error());
        failures++;
    } else {
        for (int i = 0; i < N; i++) {
            printf("many %d %s %.17g %d\n", i, umodel_policy_name(many[i].policy), many[i].time_ms,
                   many[i].tie);
            if (many[i].policy != one[i].policy || many[i].time_ms != one[i].time_ms ||
                many[i].tie != one[i].tie) {
                fail("choose_many differs from choose");
            }
        }
    }

    /* Predictions with their 90 % intervals. */
    const char *policies[] = {"explicit-copy", "host-mapped", "managed", "managed-prefetch",
                              "managed-advise", "managed-advise-prefetch"};
    for (size_t p = 0; p < sizeof policies / sizeof policies[0]; p++) {
        for (int k = 0; k < 2; k++) {
            uint64_t b = k == 0 ? 256u << 20 : 1u << 30;
            double r = k == 0 ? 4.0 : 1.0;
            double t, lo, hi;
            umodel_status s = umodel_predict(m, policies[p], b, r, &t, &lo, &hi);
            if (s != UMODEL_OK) {
                printf("FAIL predict %s: %s\n", policies[p], umodel_last_error());
                failures++;
                continue;
            }
            printf("predict %s %llu %.17g %.17g %.17g %.17g\n", policies[p], (unsigned long long)b, r,
                   t, lo, hi);
            if (!(lo <= t && t <= hi)) fail("predict interval");
        }
    }

    /* Break-even reuses. */
    const char *pairs[][2] = {{"host-mapped", "explicit-copy"},
                              {"managed-prefetch", "explicit-copy"},
                              {"host-mapped", "managed-advise-prefetch"}};
    for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
        double r;
        int crosses;
        umodel_status s = umodel_breakeven(m, pairs[p][0], pairs[p][1], 1u << 30, &r, &crosses);
        if (s != UMODEL_OK) {
            printf("FAIL breakeven %s %s: %s\n", pairs[p][0], pairs[p][1], umodel_last_error());
            failures++;
            continue;
        }
        printf("breakeven %s %s %llu %.17g %d\n", pairs[p][0], pairs[p][1],
               (unsigned long long)(1u << 30), r, crosses);
        if (crosses ? !(r >= 1.0) : !isnan(r)) fail("breakeven answer");
    }

    /* Bad calls fail with a status and a message, and write nothing. */
    double t = -1.0, lo = -1.0, hi = -1.0;
    expect_error("bad-policy", umodel_predict(m, "zero-copy", 1u << 30, 4.0, &t, &lo, &hi),
                 UMODEL_INVALID_ARGUMENT, "zero-copy");
    if (t != -1.0) fail("bad-policy wrote an output");
    umodel_decision d = {-1, -1.0, -1};
    expect_error("nan-reuse", umodel_choose(m, 1u << 30, NAN, &d), UMODEL_INVALID_ARGUMENT, "reuse");
    if (d.policy != -1) fail("nan-reuse wrote an output");
    expect_error("negative-reuse", umodel_choose(m, 1u << 30, -1.0, &d), UMODEL_INVALID_ARGUMENT,
                 "reuse");
    expect_error("infinite-reuse", umodel_choose(m, 1u << 30, INFINITY, &d), UMODEL_INVALID_ARGUMENT,
                 "reuse");
    expect_error("zero-bytes", umodel_choose(m, 0, 4.0, &d), UMODEL_INVALID_ARGUMENT, "byte");
    expect_error("null-out", umodel_choose(m, 1u << 30, 4.0, NULL), UMODEL_INVALID_ARGUMENT, "NULL");
    expect_error("null-model", umodel_choose(NULL, 1u << 30, 4.0, &d), UMODEL_INVALID_ARGUMENT, "NULL");
    expect_error("null-policy", umodel_predict(m, NULL, 1u << 30, 4.0, &t, &lo, &hi),
                 UMODEL_INVALID_ARGUMENT, "NULL");
    expect_error("null-interval", umodel_predict(m, "host-mapped", 1u << 30, 4.0, &t, NULL, &hi),
                 UMODEL_INVALID_ARGUMENT, "lo_ms");
    expect_error("policy-not-in-model", umodel_predict(m, "peer-copy", 1u << 30, 4.0, &t, &lo, &hi),
                 UMODEL_QUERY, "peer-copy");
    double r = -1.0;
    int crosses = -1;
    expect_error("same-policy", umodel_breakeven(m, "managed", "managed", 1u << 30, &r, &crosses),
                 UMODEL_INVALID_ARGUMENT, "managed");
    if (r != -1.0 || crosses != -1) fail("same-policy wrote an output");
    reuse[2] = NAN;
    umodel_decision batch[N];
    memset(batch, 0xff, sizeof batch);
    expect_error("batch-nan", umodel_choose_many(m, bytes, reuse, N, batch), UMODEL_INVALID_ARGUMENT,
                 "query 2: ");
    if (batch[0].policy != one[0].policy || batch[1].time_ms != one[1].time_ms) {
        fail("batch-nan: the decisions before the bad query are written");
    }
    if (batch[2].policy != -1) fail("batch-nan wrote the bad query's decision");
    expect_error("batch-null", umodel_choose_many(m, NULL, reuse, N, batch), UMODEL_INVALID_ARGUMENT,
                 "bytes");
    if (umodel_choose_many(m, NULL, NULL, 0, NULL) != UMODEL_OK) fail("an empty batch succeeds");
    umodel_model *missing = m;
    expect_error("no-such-model", umodel_load("no-such-model", &missing), UMODEL_NOT_FOUND,
                 "no-such-model");
    if (missing != NULL) fail("a failed load sets *out to NULL");
    expect_error("missing-file", umodel_load("/nonexistent/model.json", &missing), UMODEL_NOT_FOUND,
                 "/nonexistent/model.json");
    expect_error("null-load-out", umodel_load("h200", NULL), UMODEL_INVALID_ARGUMENT, "NULL");
    if (umodel_policy_name(-1) != NULL || umodel_policy_name(UMODEL_POLICY_COUNT) != NULL) {
        fail("policy names out of range are NULL");
    }
    if (strcmp(umodel_policy_name(UMODEL_POLICY_HOST_MAPPED), "host-mapped") != 0) {
        fail("UMODEL_POLICY_HOST_MAPPED is host-mapped");
    }

    /* This machine's model, with the command line's fallbacks. */
    umodel_model *here = NULL;
    if (umodel_load(NULL, &here) != UMODEL_OK) {
        printf("FAIL load this machine's model: %s\n", umodel_last_error());
        failures++;
    } else {
        printf("default %s\n", umodel_describe(here));
        umodel_free(here);
    }
    umodel_free(NULL);
    umodel_free(m);

    printf("%s: %d failed\n", failures ? "FAILED" : "ok", failures);
    return failures ? 1 : 0;
}
