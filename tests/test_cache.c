/* test_cache.c - the SG-table cache from several threads: single-flight builds, growth
 * from the old version, eviction that never frees a table in use, failed builds, a
 * mixed stress run, and real subtraction tables solved concurrently. */
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check_run.h"
#include "games/grundy/nb_grundy.h"
#include "games/subtraction/nb_subtraction.h"
#include "cache/nb_cache.h"

/* A test table: `size` words, each equal to its index plus a per-key salt. */
typedef struct test_table {
    nb_cached base;
    uint64_t salt, size;
    uint64_t *words;
    bool grown_from_old;
} test_table;

static atomic_int builds, destroys, failing;

static void table_destroy(nb_cached *c)
{
    test_table *t = (test_table *)c;
    free(t->words);
    free(t);
    atomic_fetch_add(&destroys, 1);
}

typedef struct need {
    uint64_t salt, size;
    int sleep_ms;
} need;

static bool table_covers(const nb_cached *c, const void *n)
{
    return ((const test_table *)c)->size >= ((const need *)n)->size;
}

static nb_status table_build(const nb_cached *old_, const void *n_, nb_cached **out, nb_err *err)
{
    const test_table *old = (const test_table *)old_;
    const need *n = n_;
    atomic_fetch_add(&builds, 1);
    if (n->sleep_ms) {
        struct timespec ts = {0, n->sleep_ms * 1000000L};
        nanosleep(&ts, NULL);
    }
    if (atomic_load(&failing))
        return nb_fail(err, NB_ELIMIT, "build refused");
    test_table *t = calloc(1, sizeof *t);
    t->salt = n->salt;
    t->size = n->size;
    t->words = malloc(n->size * sizeof *t->words);
    uint64_t from = 0;
    if (old) { /* keep what the old version has: growth, not recomputation */
        memcpy(t->words, old->words, old->size * sizeof *t->words);
        from = old->size;
        t->grown_from_old = true;
    }
    for (uint64_t i = from; i < n->size; i++)
        t->words[i] = i + n->salt;
    t->base = (nb_cached){.bytes = n->size * 8, .destroy = table_destroy};
    *out = &t->base;
    return NB_OK;
}

static const nb_cache_kind kind = {.covers = table_covers, .build = table_build};

static void reset_counters(void)
{
    atomic_store(&builds, 0);
    atomic_store(&destroys, 0);
    atomic_store(&failing, 0);
}

static void check_table(const test_table *t, uint64_t salt, uint64_t size)
{
    ck_assert_uint_eq(t->salt, salt);
    ck_assert_uint_ge(t->size, size);
    for (uint64_t i = 0; i < t->size; i++)
        ck_assert_uint_eq(t->words[i], i + salt);
}

typedef struct worker {
    nb_cache *cache;
    const test_table *got;
} worker;

/* Runs fn on each of n (at most 8) jobs, `size` bytes apart (0: one argument for all),
 * each in a thread of its own, all at once. */
static void in_threads(void *(*fn)(void *), void *jobs, size_t size, int n)
{
    pthread_t th[8];
    ck_assert_int_le(n, 8);
    for (int i = 0; i < n; i++)
        pthread_create(&th[i], NULL, fn, (char *)jobs + (size_t)i * size);
    for (int i = 0; i < n; i++)
        pthread_join(th[i], NULL);
}

static void *acquire_slow(void *arg)
{
    worker *w = arg;
    need n = {7, 1000, 50};
    const nb_cached *c;
    nb_err err = {0};
    ck_assert(nb_cache_acquire(w->cache, "slow", &kind, &n, &c, &err) == NB_OK);
    w->got = (const test_table *)c;
    return NULL;
}

START_TEST(single_flight)
{
    reset_counters();
    nb_cache *cache = nb_cache_new(1 << 20);
    worker w[8];
    for (int i = 0; i < 8; i++)
        w[i] = (worker){cache, NULL};
    in_threads(acquire_slow, w, sizeof *w, 8);
    ck_assert_int_eq(atomic_load(&builds), 1);
    for (int i = 0; i < 8; i++) {
        ck_assert_ptr_eq(w[i].got, w[0].got);
        check_table(w[i].got, 7, 1000);
        nb_cache_release(cache, &w[i].got->base);
    }
    nb_cache_stats st = nb_cache_get_stats(cache);
    ck_assert_uint_eq(st.misses, 1);
    ck_assert_uint_eq(st.hits, 7);
    ck_assert_uint_eq(st.bytes, 8000);
    nb_cache_free(cache);
    ck_assert_int_eq(atomic_load(&destroys), 1);
}
END_TEST

START_TEST(grows_from_old_version)
{
    reset_counters();
    nb_cache *cache = nb_cache_new(1 << 20);
    const nb_cached *a, *b, *c;
    nb_err err = {0};
    need small = {3, 10, 0}, big = {3, 100, 0};
    ck_assert(nb_cache_acquire(cache, "k", &kind, &small, &a, &err) == NB_OK);
    ck_assert(nb_cache_acquire(cache, "k", &kind, &big, &b, &err) == NB_OK);
    ck_assert(((const test_table *)b)->grown_from_old);
    check_table((const test_table *)a, 3, 10); /* the old version still readable */
    check_table((const test_table *)b, 3, 100);
    ck_assert(nb_cache_acquire(cache, "k", &kind, &small, &c, &err) == NB_OK);
    ck_assert_ptr_eq(c, b); /* the grown version answers smaller needs too */
    ck_assert_uint_eq(nb_cache_get_stats(cache).bytes, 880); /* old version still held */
    nb_cache_release(cache, a);
    ck_assert_int_eq(atomic_load(&destroys), 1);
    ck_assert_uint_eq(nb_cache_get_stats(cache).bytes, 800);
    nb_cache_release(cache, b);
    nb_cache_release(cache, c);
    ck_assert_int_eq(atomic_load(&builds), 2);
    nb_cache_free(cache);
}
END_TEST

START_TEST(eviction_spares_tables_in_use)
{
    reset_counters();
    nb_cache *cache = nb_cache_new(10000);
    const nb_cached *a, *b;
    nb_err err = {0};
    need na = {1, 800, 0}, nb = {2, 800, 0};
    ck_assert(nb_cache_acquire(cache, "a", &kind, &na, &a, &err) == NB_OK);
    ck_assert(nb_cache_acquire(cache, "b", &kind, &nb, &b, &err) == NB_OK);
    nb_cache_stats st = nb_cache_get_stats(cache);
    ck_assert_uint_eq(st.evictions, 1); /* 12800 bytes > 10000: "a" went */
    ck_assert_uint_eq(st.entries, 1);
    ck_assert_int_eq(atomic_load(&destroys), 0); /* ...but it is still in use */
    check_table((const test_table *)a, 1, 800);
    nb_cache_release(cache, a);
    ck_assert_int_eq(atomic_load(&destroys), 1);
    nb_cache_release(cache, b);
    /* "a" again is a miss: rebuilt */
    ck_assert(nb_cache_acquire(cache, "a", &kind, &na, &a, &err) == NB_OK);
    ck_assert_int_eq(atomic_load(&builds), 3);
    nb_cache_release(cache, a);
    nb_cache_free(cache);
    ck_assert_int_eq(atomic_load(&destroys), 3);
}
END_TEST

START_TEST(failed_build_is_not_cached)
{
    reset_counters();
    nb_cache *cache = nb_cache_new(1 << 20);
    const nb_cached *a;
    nb_err err = {0};
    need n = {5, 10, 0};
    atomic_store(&failing, 1);
    ck_assert(nb_cache_acquire(cache, "f", &kind, &n, &a, &err) == NB_ELIMIT);
    ck_assert_str_eq(err.msg, "build refused");
    ck_assert_uint_eq(nb_cache_get_stats(cache).entries, 0);
    atomic_store(&failing, 0);
    ck_assert(nb_cache_acquire(cache, "f", &kind, &n, &a, &err) == NB_OK);
    check_table((const test_table *)a, 5, 10);
    nb_cache_release(cache, a);
    nb_cache_free(cache);
}
END_TEST

static void *stress(void *arg)
{
    nb_cache *cache = arg;
    unsigned seed = (unsigned)(uintptr_t)pthread_self();
    for (int i = 0; i < 3000; i++) {
        char key[16];
        uint64_t salt = (uint64_t)rand_r(&seed) % 24;
        snprintf(key, sizeof key, "s%llu", (unsigned long long)salt);
        need n = {salt, 1 + (uint64_t)rand_r(&seed) % 300, 0};
        const nb_cached *c;
        nb_err err = {0};
        ck_assert(nb_cache_acquire(cache, key, &kind, &n, &c, &err) == NB_OK);
        check_table((const test_table *)c, salt, n.size);
        nb_cache_release(cache, c);
    }
    return NULL;
}

START_TEST(stress_threads)
{
    reset_counters();
    nb_cache *cache = nb_cache_new(20000); /* far below the keys' total: constant eviction */
    in_threads(stress, cache, 0, 4);
    nb_cache_stats st = nb_cache_get_stats(cache);
    ck_assert_uint_eq(st.hits + st.misses, 12000);
    ck_assert_uint_gt(st.evictions, 0);
    ck_assert_uint_le(st.bytes, 20000);
    nb_cache_free(cache);
    ck_assert_int_eq(atomic_load(&destroys), atomic_load(&builds));
}
END_TEST

typedef struct solve_job {
    nb_solver *solver;
    uint64_t sg[40];
} solve_job;

/* Solves one heap of 10^15 + i for 40 sets, from every thread at once. */
static void *solve_sets(void *arg)
{
    solve_job *job = arg;
    for (int i = 0; i < 40; i++) {
        nb_subtraction_params p = {.nset = 3, .set = {1 + i % 7, 9 + i % 5, 20 + i}};
        uint64_t heap = 1000000000000000ULL + (uint64_t)i;
        nb_game g = {&nb_subtraction, &p, 1, &heap};
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(job->solver, &g, NB_NORMAL, 4, &a, &err) == NB_OK);
        job->sg[i] = a.sg;
        nb_analysis_free(&a);
    }
    return NULL;
}

START_TEST(subtraction_tables_from_threads)
{
    nb_solver solver = {nb_cache_new(1 << 16), nb_limits_default(), NULL};
    solve_job jobs[4];
    for (int i = 0; i < 4; i++)
        jobs[i].solver = &solver;
    in_threads(solve_sets, jobs, sizeof *jobs, 4);
    solve_job alone = {&solver, {0}};
    nb_cache_free(solver.cache);
    solver.cache = nb_cache_new(1 << 24);
    solve_sets(&alone);
    for (int i = 0; i < 4; i++)
        ck_assert_mem_eq(jobs[i].sg, alone.sg, sizeof alone.sg);
    nb_cache_free(solver.cache);
}
END_TEST

/* Grundy's game at heaps rising by 211 from 64 + 7 i (i the thread) to 12,000: SG values in
 * *sg (57 of them). */
typedef struct grundy_job {
    nb_solver *solver;
    uint64_t first;
    uint64_t sg[57];
} grundy_job;

static void *grow_grundy(void *arg)
{
    grundy_job *job = arg;
    for (int i = 0; i < 57; i++) {
        nb_octal_params p = {.rule = nb_grundy_rule()};
        uint64_t heap = job->first + 211 * (uint64_t)i;
        nb_game g = {&nb_octal, &p, 1, &heap};
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(job->solver, &g, NB_NORMAL, 0, &a, &err) == NB_OK);
        job->sg[i] = a.sg;
        nb_analysis_free(&a);
    }
    return NULL;
}

/* Threads growing one table, each from the version the others hold and let go meanwhile:
 * a new version starts from none of the old one's header, which those releases change
 * (ThreadSanitizer watches in CI); the values agree with a table grown alone. */
START_TEST(tables_grown_from_versions_others_release)
{
    nb_solver solver = {nb_cache_new(64 << 20), nb_limits_default(), NULL};
    grundy_job jobs[4];
    for (int i = 0; i < 4; i++)
        jobs[i] = (grundy_job){&solver, 64 + 7 * (uint64_t)i, {0}};
    in_threads(grow_grundy, jobs, sizeof *jobs, 4);
    nb_cache_stats st = nb_cache_get_stats(solver.cache);
    ck_assert_uint_gt(st.misses, 4); /* grown in steps, not built once */
    nb_cache_free(solver.cache);
    for (int i = 0; i < 4; i++) {
        grundy_job alone = {&solver, jobs[i].first, {0}};
        solver.cache = nb_cache_new(64 << 20);
        grow_grundy(&alone);
        nb_cache_free(solver.cache);
        ck_assert_mem_eq(jobs[i].sg, alone.sg, sizeof alone.sg);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cache");
    TCase *tc = tcase_create("cache");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, single_flight);
    tcase_add_test(tc, grows_from_old_version);
    tcase_add_test(tc, eviction_spares_tables_in_use);
    tcase_add_test(tc, failed_build_is_not_cached);
    tcase_add_test(tc, stress_threads);
    tcase_add_test(tc, subtraction_tables_from_threads);
    tcase_add_test(tc, tables_grown_from_versions_others_release);
    suite_add_tcase(s, tc);
    return check_run(s, true);
}
