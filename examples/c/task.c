/*
 * umodel from C, for a scheduler placing its tasks: compile each kind of task's description once
 * (seed 001's workload, `tasks/seed-001.json`; the partial update, `tasks/partial-update.json`),
 * then for each set of phase times the scheduler measured, ask which placement policy wins, how
 * long each takes, and over how many GPU passes per round one overtakes another.
 *
 * Build (after `cargo build -p umodel-c`; crates/umodel-c/tests/c_example.rs does this and checks
 * every number printed here against the Rust API):
 *
 *   cc -std=c11 -Wall -Wextra -I crates/umodel-c/include examples/c/task.c \
 *      target/debug/libumodel_c.a -lpthread -ldl -lm -lrt -lgcc_s -o task
 *   ./task tasks/seed-001.json tasks/partial-update.json
 *
 * Prints one line per answer (numbers as %.17g) and exits non-zero if any check fails.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "umodel.h"

static int failures = 0;

static void expect_error(const char *what, umodel_status got, umodel_status want, const char *needle) {
    const char *msg = umodel_last_error();
    printf("error %s %d %s\n", what, (int)got, msg);
    if (got != want || msg == NULL || strstr(msg, needle) == NULL) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s SEED-001.json PARTIAL-UPDATE.json\n", argv[0]);
        return 2;
    }
    umodel_model *m = NULL;
    if (umodel_load("h200", &m) != UMODEL_OK) {
        printf("FAIL load h200: %s\n", umodel_last_error());
        return 1;
    }
    umodel_task *t = NULL;
    if (umodel_task_compile(m, argv[1], &t) != UMODEL_OK) {
        printf("FAIL compile %s: %s\n", argv[1], umodel_last_error());
        return 1;
    }
    /* The model handle may go now: the compiled task keeps what it needs. */
    umodel_free(m);
    m = NULL;

    /* The phase times a scheduler measured on plain memory (ms): CPU phase, one GPU pass. */
    const double phases[][2] = {{14.3, 0.29}, {4.0, 0.29}, {14.3, 3.0}, {40.0, 0.1}};
    for (size_t i = 0; i < sizeof phases / sizeof phases[0]; i++) {
        umodel_task_query q = {0};
        q.given = UMODEL_GIVEN_CPU_MS | UMODEL_GIVEN_GPU_MS;
        q.cpu_ms = phases[i][0];
        q.gpu_ms = phases[i][1];
        umodel_decision d;
        if (umodel_task_choose(t, &q, &d) != UMODEL_OK) {
            printf("FAIL task_choose: %s\n", umodel_last_error());
            failures++;
            continue;
        }
        printf("task-choose %.17g %.17g %s %.17g %d\n", q.cpu_ms, q.gpu_ms,
               umodel_policy_name(d.policy), d.time_ms, d.tie);
        /* Every policy's time and interval; the winner's is the least. */
        const char *policies[] = {"explicit-copy", "host-mapped", "managed", "managed-prefetch",
                                  "managed-advise", "managed-advise-prefetch"};
        for (size_t p = 0; p < sizeof policies / sizeof policies[0]; p++) {
            double time, lo, hi;
            if (umodel_task_predict(t, policies[p], &q, &time, &lo, &hi) != UMODEL_OK) {
                printf("FAIL task_predict %s: %s\n", policies[p], umodel_last_error());
                failures++;
                continue;
            }
            printf("task-predict %.17g %.17g %s %.17g %.17g %.17g\n", q.cpu_ms, q.gpu_ms,
                   policies[p], time, lo, hi);
            if (time < d.time_ms || !(lo <= time && time <= hi)) {
                printf("FAIL task_predict %s against the choice\n", policies[p]);
                failures++;
            }
        }
    }

    /* Over how many GPU passes per round does one policy overtake another? Seed 001: the copy
     * wins at every R; the partial update: host-mapped below R*, the copy above it. */
    umodel_model *h200 = NULL;
    umodel_load("h200", &h200);
    umodel_task *partial = NULL;
    if (umodel_task_compile(h200, argv[2], &partial) != UMODEL_OK) {
        printf("FAIL compile %s: %s\n", argv[2], umodel_last_error());
        return 1;
    }
    const struct {
        umodel_task *task;
        const char *name;
        double cpu_ms, gpu_ms;
    } cases[] = {{t, "seed-001", 14.3, 0.29}, {partial, "partial-update", 3.96, 0.135}};
    umodel_task_query q = {0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        q.given = UMODEL_GIVEN_CPU_MS | UMODEL_GIVEN_GPU_MS | UMODEL_GIVEN_ROUNDS;
        q.cpu_ms = cases[i].cpu_ms;
        q.gpu_ms = cases[i].gpu_ms;
        q.rounds = 16;
        double r;
        int crosses;
        if (umodel_task_breakeven(cases[i].task, "host-mapped", "explicit-copy", &q, &r, &crosses) !=
            UMODEL_OK) {
            printf("FAIL task_breakeven %s: %s\n", cases[i].name, umodel_last_error());
            failures++;
            continue;
        }
        printf("task-breakeven %s %.17g %.17g %u %.17g %d\n", cases[i].name, q.cpu_ms, q.gpu_ms,
               q.rounds, r, crosses);
        if (crosses ? !(r >= 1.0) : !isnan(r)) printf("FAIL task_breakeven answer\n"), failures++;
    }
    umodel_task_free(partial);

    /* The migrating steps at the rates a migration probe found just now (`umodel probe --json`;
     * its text or its file's path): the copy keeps its price, the prefetching policies take the
     * probe's. */
    const char *probe = "{\"bytes\": 67108864, \"prefetch_to_host\": {\"ms\": 6.2, \"rel_sd\": 0.15}}";
    umodel_task *probed = NULL;
    if (umodel_task_compile_probed(h200, argv[1], probe, &probed) != UMODEL_OK) {
        printf("FAIL compile with a probe: %s\n", umodel_last_error());
        return 1;
    }
    const char *probed_policies[] = {"explicit-copy", "managed-prefetch"};
    for (size_t i = 0; i < 2; i++) {
        umodel_task_query pq = {0};
        pq.given = UMODEL_GIVEN_CPU_MS | UMODEL_GIVEN_GPU_MS;
        pq.cpu_ms = 14.3;
        pq.gpu_ms = 0.29;
        double time_ms, lo_ms, hi_ms;
        if (umodel_task_predict(probed, probed_policies[i], &pq, &time_ms, &lo_ms, &hi_ms) !=
            UMODEL_OK) {
            printf("FAIL probed predict: %s\n", umodel_last_error());
            failures++;
            continue;
        }
        printf("task-probed %.17g %.17g %s %.17g\n", pq.cpu_ms, pq.gpu_ms, probed_policies[i],
               time_ms);
    }
    /* A probe in the default shape (every page of 64 MiB touched) suits seed 001; the partial
     * update touches one page in ten of 256 MiB, and the task says so. */
    if (umodel_task_note(probed) != NULL) {
        printf("FAIL a note for seed 001: %s\n", umodel_task_note(probed));
        failures++;
    }
    umodel_task_free(probed);
    umodel_task *partial_probed = NULL;
    if (umodel_task_compile_probed(h200, argv[2], probe, &partial_probed) != UMODEL_OK) {
        printf("FAIL compile the partial update with a probe: %s\n", umodel_last_error());
        return 1;
    }
    const char *note = umodel_task_note(partial_probed);
    if (note == NULL || strstr(note, "umodel probe --task") == NULL) {
        printf("FAIL no shape note for the partial update\n");
        failures++;
    } else {
        printf("task-note %s\n", note);
    }
    umodel_task_free(partial_probed);
    if (umodel_task_note(NULL) != NULL) printf("FAIL a note for NULL\n"), failures++;

    /* A probe judged against the model: each figure beside the model's price, and whether it lies
     * off it (then price with the probe; where it is a pass over the link, calibrating measures
     * it too). Made-up figures: a slow prefetch back, a slow read over the link, and a write over
     * managed pages kept on the host, which `priced` says tasks are not priced by (the probe's
     * pinned write prices them). */
    const char *judged =
        "{\"bytes\": 67108864, \"prefetch_to_host\": {\"ms\": 6.2, \"rel_sd\": 0.15},"
        " \"link\": {\"bytes\": 67108864, \"map_read\": {\"ms\": 2.0, \"rel_sd\": 0.01},"
        " \"map_write\": {\"ms\": 1.9, \"rel_sd\": 0.01},"
        " \"managed_map_write\": {\"ms\": 4.4, \"rel_sd\": 0.02}}}";
    umodel_probe_figure figures[UMODEL_PROBE_FIGURES_MAX];
    size_t nfig = 0;
    if (umodel_probe_against(h200, judged, figures, UMODEL_PROBE_FIGURES_MAX, &nfig) != UMODEL_OK) {
        printf("FAIL probe_against: %s\n", umodel_last_error());
        failures++;
    } else {
        for (size_t i = 0; i < nfig; i++)
            printf("probe-figure %s %d %llu %.17g %.17g %u %.17g %.17g %d %d\n", figures[i].term,
                   figures[i].link, (unsigned long long)figures[i].bytes, figures[i].ms,
                   figures[i].rel_sd, figures[i].samples, figures[i].model_ms, figures[i].ratio,
                   figures[i].differs, figures[i].priced);
    }

    /* What the answers had to assume, in the command line's words: with no times given, the
     * phases are estimated from the bytes. */
    umodel_task_query none = {0};
    uint32_t assumed = 0;
    if (umodel_task_assumptions(t, &none, &assumed) != UMODEL_OK) {
        printf("FAIL assumptions: %s\n", umodel_last_error());
        failures++;
    } else {
        for (uint32_t bit = 1; bit != 0; bit <<= 1)
            if (assumed & bit) printf("task-assumed %u %s\n", bit, umodel_assumption_note(bit));
    }

    /* Bad calls fail with a status and a message. */
    umodel_decision d = {-1, -1.0, -1};
    q.given = UMODEL_GIVEN_CPU_MS;
    q.cpu_ms = NAN;
    expect_error("nan-cpu", umodel_task_choose(t, &q, &d), UMODEL_INVALID_ARGUMENT, "cpu_ms");
    if (d.policy != -1) printf("FAIL nan-cpu wrote an output\n"), failures++;
    q.given = 1u << 30;
    expect_error("unknown-bit", umodel_task_choose(t, &q, &d), UMODEL_INVALID_ARGUMENT, "given");
    expect_error("null-task", umodel_task_choose(NULL, NULL, &d), UMODEL_INVALID_ARGUMENT, "NULL");
    umodel_task *bad = t;
    expect_error("unknown-field",
                 umodel_task_compile(h200, "{\"name\": \"x\", \"rounds\": 2, \"colour\": 1}", &bad),
                 UMODEL_BAD_TASK, "colour");
    if (bad != NULL) printf("FAIL a failed compile sets *out to NULL\n"), failures++;
    expect_error("missing-file", umodel_task_compile(h200, "/nonexistent/task.json", &bad),
                 UMODEL_NOT_FOUND, "/nonexistent/task.json");
    expect_error("bad-probe",
                 umodel_task_compile_probed(h200, argv[1], "{\"bytes\": 67108864, \"fault_out\": 1}", &bad),
                 UMODEL_BAD_TASK, "fault_out");
    expect_error("short-array", umodel_probe_against(h200, judged, figures, 1, &nfig),
                 UMODEL_INVALID_ARGUMENT, "4 figures");
    expect_error("missing-probe",
                 umodel_task_compile_probed(h200, argv[1], "/nonexistent/probe.json", &bad),
                 UMODEL_NOT_FOUND, "/nonexistent/probe.json");
    umodel_model *paper = NULL;
    umodel_load("gb200-paper", &paper);
    expect_error("no-task-terms", umodel_task_compile(paper, argv[1], &bad), UMODEL_QUERY,
                 "task terms");
    umodel_free(paper);
    umodel_free(h200);
    umodel_task_free(NULL);
    umodel_task_free(t);

    printf("%s: %d failed\n", failures ? "FAILED" : "ok", failures);
    return failures ? 1 : 0;
}
