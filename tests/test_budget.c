/* test_budget.c - every solver that grows a table, searches or labels stays within a
 * request's budget: past its memory (max_request_mb) the answer is a 422 naming it, once
 * it is stopped (a client gone, a server stopping) a 503, and either way, as after a
 * success, the request holds nothing of the budget when it is answered. */
#include <check.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_alloc.h"
#include "api_endpoints.h"
#include "api_json.h"
#include "check_run.h"

static nb_solver solver;
static api_limits limits;
static api_context ctx;

static void setup(void)
{
    solver.cache = nb_cache_new(64u << 20);
    limits = (api_limits){.lib = nb_limits_default(), .max_batch = 4,
                          .max_table_page = 1000000, .max_response = 64 << 20};
    limits.lib.max_work = 1ULL << 40; /* the budget, not the work bound, must stop them */
    solver.limits = limits.lib;
    ctx = (api_context){&solver, &limits, NULL};
}

static void teardown(void) { nb_cache_free(solver.cache); }

/* Positions whose answers need well over 1 MiB: a table, a search or a labelling. */
static const char *const heavy[] = {
    "{\"type\":\"subtraction\",\"set\":[999979,999983],\"heaps\":[3000000]}",
    "{\"type\":\"octal\",\"code\":\"0.16\",\"heaps\":[300000]}", /* grundy's grows alike */
    "{\"type\":\"coprime\",\"heaps\":[5000000]}",
    "{\"type\":\"coins\",\"convention\":\"misere\",\"coins\":\"HHHHHHHHHHHHHHHH\"}",
    ("{\"type\":\"sum\",\"components\":[{\"type\":\"subtraction\",\"set\":[400009,400031],"
     "\"heaps\":[900000]},{\"type\":\"subtraction\",\"set\":[400031,400051],\"heaps\":[900000]}]}"),
};

/* The analysis of body within budget b: its status, with the problem in *p. */
static int analyse(const char *body, nb_budget *b, api_problem *p)
{
    memset(p, 0, sizeof *p);
    json_t *j = api_parse(body, strlen(body), NULL, p);
    ck_assert_msg(j != NULL, "%s does not parse", body);
    solver.budget = b;
    api_buf out = {0};
    int status = api_analyse(&ctx, j, &API_QUERY_DEFAULT, &out, p);
    solver.budget = NULL;
    free(out.p);
    json_decref(j);
    return status;
}

START_TEST(memory_bound_is_a_422)
{
    for (size_t i = 0; i < sizeof heavy / sizeof *heavy; i++) {
        nb_budget b;
        nb_budget_start(&b, 0);
        b.max_bytes = 1u << 20;
        api_problem p;
        int status = analyse(heavy[i], &b, &p);
        ck_assert_msg(status == 422, "%s: status %d", heavy[i], status);
        ck_assert_msg(strstr(p.detail, "max_request_mb=1"), "%s: %s", heavy[i], p.detail);
        ck_assert_msg(b.held == 0, "%s: %llu bytes still held", heavy[i],
                      (unsigned long long)b.held);
        api_problem_clear(&p);
        /* with room, the same position is answered, and nothing stays held either */
        nb_budget_start(&b, 0);
        b.max_bytes = 1u << 30;
        status = analyse(heavy[i], &b, &p);
        ck_assert_msg(status == 200, "%s with room: status %d (%s)", heavy[i], status,
                      p.detail);
        ck_assert_msg(b.held == 0, "%s: %llu bytes still held", heavy[i],
                      (unsigned long long)b.held);
        api_problem_clear(&p);
    }
}
END_TEST

/* Budgets that share a pool (an address space) hold no more together than it has: with
 * another request holding most of it, each heavy position is a 503 that says to retry,
 * and the pool gets back all it gave; once the other request ends, it is answered. */
START_TEST(shared_pool_is_a_503)
{
    nb_memory_pool pool = {.capacity = 64u << 20};
    nb_budget other;
    nb_budget_start(&other, 0);
    other.pool = &pool;
    ck_assert(nb_budget_hold(&other, 63u << 20));
    for (size_t i = 0; i < sizeof heavy / sizeof *heavy; i++) {
        nb_budget b;
        nb_budget_start(&b, 0);
        b.pool = &pool;
        api_problem p;
        int status = analyse(heavy[i], &b, &p);
        ck_assert_msg(status == 503, "%s: status %d", heavy[i], status);
        ck_assert_msg(strstr(p.detail, "retry"), "%s: %s", heavy[i], p.detail);
        ck_assert_uint_eq(b.held, 0);
        api_problem_clear(&p);
    }
    ck_assert_uint_eq(atomic_load(&pool.held), 63u << 20);
    nb_budget_end(&other);
    ck_assert_uint_eq(atomic_load(&pool.held), 0);
    nb_budget b;
    nb_budget_start(&b, 0);
    b.pool = &pool;
    api_problem p;
    ck_assert_int_eq(analyse(heavy[0], &b, &p), 200);
    nb_budget_end(&b);
    ck_assert_uint_eq(atomic_load(&pool.held), 0);
    api_problem_clear(&p);
}
END_TEST

/* A budget takes from its pool in grains: small holds touch the shared count once, a
 * large one takes what it lacks, near the capacity exactly what fits; what it no longer
 * holds goes back (a spare grain kept while it holds something), all of it at its end; a
 * capacity lowered under what is taken refuses the next hold past it; what a budget held
 * while the pool had no bound is taken with its first hold once it has one. */
START_TEST(pool_is_taken_in_grains)
{
    nb_memory_pool pool = {.capacity = 8 * NB_POOL_GRAIN};
    nb_budget b;
    nb_budget_start(&b, 0);
    b.pool = &pool;
    for (int i = 0; i < 100; i++)
        ck_assert(nb_budget_hold(&b, 100));
    ck_assert_uint_eq(atomic_load(&pool.held), NB_POOL_GRAIN);
    ck_assert(nb_budget_hold(&b, 3 * NB_POOL_GRAIN));
    ck_assert_uint_eq(atomic_load(&pool.held), 4 * NB_POOL_GRAIN + 10000 - NB_POOL_GRAIN);
    ck_assert_uint_eq(atomic_load(&pool.held), b.held);
    ck_assert(!nb_budget_hold(&b, 8 * NB_POOL_GRAIN - b.held + 1)); /* one byte past */
    ck_assert_int_eq(b.spent, NB_BUDGET_POOL);
    b.spent = NB_BUDGET_LEFT;
    ck_assert(nb_budget_hold(&b, 8 * NB_POOL_GRAIN - b.held)); /* exactly what is left */
    ck_assert_uint_eq(atomic_load(&pool.held), 8 * NB_POOL_GRAIN);
    nb_budget_drop(&b, 5 * NB_POOL_GRAIN); /* 3 grains held: one spare kept */
    ck_assert_uint_eq(atomic_load(&pool.held), 4 * NB_POOL_GRAIN);
    nb_budget_drop(&b, NB_POOL_GRAIN / 2); /* within the spare: nothing moves */
    ck_assert_uint_eq(atomic_load(&pool.held), 4 * NB_POOL_GRAIN);
    atomic_store(&pool.capacity, 4 * NB_POOL_GRAIN);
    ck_assert(nb_budget_hold(&b, NB_POOL_GRAIN)); /* within what it took */
    ck_assert(!nb_budget_hold(&b, NB_POOL_GRAIN));
    ck_assert_int_eq(b.spent, NB_BUDGET_POOL);
    nb_budget_end(&b);
    ck_assert_uint_eq(atomic_load(&pool.held), 0);
    ck_assert_uint_eq(b.held, 0);

    nb_budget early;
    nb_budget_start(&early, 0);
    early.pool = &pool;
    atomic_store(&pool.capacity, 0); /* no bound: nothing is taken */
    ck_assert(nb_budget_hold(&early, 2 * NB_POOL_GRAIN));
    ck_assert_uint_eq(atomic_load(&pool.held), 0);
    atomic_store(&pool.capacity, 4 * NB_POOL_GRAIN);
    ck_assert(nb_budget_hold(&early, 100)); /* what it holds is taken with it */
    ck_assert_uint_eq(atomic_load(&pool.held), 2 * NB_POOL_GRAIN + 100);
    ck_assert(!nb_budget_hold(&early, 2 * NB_POOL_GRAIN));
    nb_budget_end(&early);
    ck_assert_uint_eq(atomic_load(&pool.held), 0);
}
END_TEST

/* A request's tree freed later, elsewhere, stays taken from the pool after the request
 * ends, until it is given back: no other request is promised its bytes meanwhile. */
START_TEST(handed_over_bytes_stay_taken)
{
    nb_memory_pool pool = {.capacity = 8 * NB_POOL_GRAIN};
    nb_budget b;
    nb_budget_start(&b, 0);
    b.pool = &pool;
    ck_assert(nb_budget_hold(&b, 3 * NB_POOL_GRAIN + 1000));
    uint64_t kept = nb_budget_hand_over(&b);
    ck_assert_uint_eq(kept, 3 * NB_POOL_GRAIN + 1000);
    ck_assert_uint_eq(b.held, 0);
    nb_budget_end(&b); /* the request's end: the tree's bytes stay */
    ck_assert_uint_eq(atomic_load(&pool.held), kept);
    nb_budget other;
    nb_budget_start(&other, 0);
    other.pool = &pool;
    ck_assert(!nb_budget_hold(&other, 8 * NB_POOL_GRAIN - kept + 1));
    ck_assert_int_eq(other.spent, NB_BUDGET_POOL);
    nb_memory_pool_give_back(&pool, kept); /* the tree freed */
    ck_assert_uint_eq(atomic_load(&pool.held), 0);
    other.spent = NB_BUDGET_LEFT;
    ck_assert(nb_budget_hold(&other, 8 * NB_POOL_GRAIN));
    nb_budget_end(&other);
    ck_assert_uint_eq(atomic_load(&pool.held), 0);
    nb_budget alone; /* no pool: nothing to keep */
    nb_budget_start(&alone, 0);
    ck_assert(nb_budget_hold(&alone, 100));
    ck_assert_uint_eq(nb_budget_hand_over(&alone), 0);
    ck_assert_uint_eq(alone.held, 0);
}
END_TEST

/* A step of many units reads the clock at once; small ones once per 256. */
START_TEST(large_steps_read_the_clock)
{
    nb_budget b;
    nb_budget_start(&b, 1);
    b.start.tv_sec -= 5; /* the deadline passed */
    ck_assert(!nb_budget_spent_after(&b, 3));
    ck_assert(nb_budget_spent_after(&b, 1000000));
    nb_budget_start(&b, 1);
    b.start.tv_sec -= 5;
    int calls = 0;
    while (!nb_budget_spent_after(&b, 1))
        calls++;
    ck_assert_int_ge(calls, 100);
    ck_assert_int_le(calls, 256);
}
END_TEST

/* Tables built by one request are in the cache; a second request under a small budget
 * must not hold them either. */
START_TEST(cached_tables_count_too)
{
    nb_budget b;
    nb_budget_start(&b, 0);
    api_problem p;
    ck_assert_int_eq(analyse(heavy[0], &b, &p), 200); /* builds the table, no bound */
    api_problem_clear(&p);
    nb_budget_start(&b, 0);
    b.max_bytes = 1u << 20;
    ck_assert_int_eq(analyse(heavy[0], &b, &p), 422);
    ck_assert_ptr_nonnull(strstr(p.detail, "max_request_mb=1"));
    ck_assert(b.held == 0);
    api_problem_clear(&p);
}
END_TEST

/* /v1/table's values count too: 300000 of them take 2.4 MB beside their table. */
START_TEST(table_values_count)
{
    static const char *const tables[] = {
        "{\"type\":\"coprime\",\"up_to\":300000}",
        "{\"type\":\"subtraction\",\"set\":[999979,999983],\"up_to\":300000}",
        "{\"type\":\"octal\",\"code\":\"0.16\",\"up_to\":300000}",
    };
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
        for (int room = 0; room < 2; room++) {
            nb_budget b;
            nb_budget_start(&b, 0);
            b.max_bytes = room ? 1u << 30 : 1u << 20;
            api_problem p = {0};
            json_t *j = api_parse(tables[i], strlen(tables[i]), NULL, &p);
            solver.budget = &b;
            api_buf out = {0};
            int status = api_table(&ctx, j, &API_QUERY_DEFAULT, &out, &p);
            solver.budget = NULL;
            ck_assert_msg(status == (room ? 200 : 422), "%s: status %d (%s)", tables[i], status,
                          p.detail);
            if (!room)
                ck_assert_ptr_nonnull(strstr(p.detail, "max_request_mb=1"));
            free(out.p);
            json_decref(j);
            api_problem_clear(&p);
        }
}
END_TEST

/* A stopped budget (client gone, server stopping) stops every long loop: the table
 * growths, the sieve, the search and the labelling of a graph with cycles. */
START_TEST(stop_is_a_503)
{
    static const char *const loopy_dag =
        "{\"type\":\"dag\",\"nodes\":3,\"edges\":[[0,1],[1,2],[2,0]],\"tokens\":[0]}";
    for (size_t i = 0; i <= sizeof heavy / sizeof *heavy; i++) {
        const char *body = i < sizeof heavy / sizeof *heavy ? heavy[i] : loopy_dag;
        atomic_bool stop = true;
        nb_budget b;
        nb_budget_start(&b, 0);
        b.stop = &stop;
        api_problem p;
        int status = analyse(body, &b, &p);
        ck_assert_msg(status == 503, "%s: status %d", body, status);
        ck_assert_msg(b.held == 0, "%s: %llu bytes still held", body, (unsigned long long)b.held);
        api_problem_clear(&p);
    }
}
END_TEST

/* The parse counts its tree: past the budget it stops with a 422, and gives back what it
 * held; a huge integer's second parse (to find its pointer) is counted too. */
/* api_parse of body within *b, a budget started anew with max_bytes. */
static json_t *parse_within(const char *body, nb_budget *b, size_t max_bytes, api_problem *p)
{
    nb_budget_start(b, 0);
    b->max_bytes = max_bytes;
    return api_parse(body, strlen(body), b, p);
}

START_TEST(parse_is_bounded)
{
    size_t n = 200000;
    char *body = malloc(n * 2 + 64), *t = body;
    t += sprintf(t, "{\"type\":\"nim\",\"heaps\":[");
    for (size_t i = 0; i < n; i++)
        t += sprintf(t, "%s1", i ? "," : "");
    for (int huge = 0; huge < 2; huge++) {
        sprintf(t, "%s]}", huge ? ",99999999999999999999" : "");
        nb_budget b;
        api_problem p = {0};
        json_t *j = parse_within(body, &b, 1u << 20, &p);
        ck_assert_ptr_null(j);
        ck_assert_int_eq(p.status, 422);
        ck_assert_ptr_nonnull(strstr(p.detail, "max_request_mb=1"));
        ck_assert(b.held == 0);
        api_problem_clear(&p);
        /* with room it parses (or finds the huge integer), and holds the tree's bytes */
        j = parse_within(body, &b, 1u << 30, &p);
        ck_assert(huge ? !j && p.status == 400 : j && b.held > n * 16);
        json_decref(j);
        api_problem_clear(&p);
    }
    free(body);
}
END_TEST

/* Trees parsed within a budget (carved from their thread's arena) and handed to another
 * thread, which frees them later. */
#define HANDED_TREES 3001
typedef struct handover {
    pthread_mutex_t lock;
    pthread_cond_t more;
    json_t *tree[2 * HANDED_TREES];
    size_t made, taken;
    bool go_on; /* step by step: the parser waits for this after its first tree */
} handover;

/* The parse of {"type":"nim","heaps":[i,i+1,i+2]} within a budget. */
static json_t *numbered_tree(json_int_t i)
{
    char body[96];
    snprintf(body, sizeof body, "{\"type\":\"nim\",\"heaps\":[%lld,%lld,%lld]}",
             (long long)i, (long long)i + 1, (long long)i + 2);
    nb_budget b;
    api_problem p = {0};
    json_t *tree = parse_within(body, &b, 1u << 20, &p);
    ck_assert_ptr_nonnull(tree);
    return tree;
}

/* Frees a tree of numbered_tree's after checking that nothing wrote over it. */
static void free_checked(json_t *tree)
{
    json_t *heaps = json_object_get(tree, "heaps");
    json_int_t i = json_integer_value(json_array_get(heaps, 0));
    json_t *want = json_pack("{s:s,s:[I,I,I]}", "type", "nim", "heaps", i, i + 1, i + 2);
    ck_assert_msg(json_equal(tree, want), "tree %lld was written over", (long long)i);
    json_decref(want);
    json_decref(tree);
}

static void give(handover *h, json_t *tree)
{
    pthread_mutex_lock(&h->lock);
    h->tree[h->made++] = tree;
    pthread_cond_broadcast(&h->more);
    pthread_mutex_unlock(&h->lock);
}

static json_t *take(handover *h)
{
    pthread_mutex_lock(&h->lock);
    while (h->taken == h->made)
        pthread_cond_wait(&h->more, &h->lock);
    json_t *tree = h->tree[h->taken++];
    pthread_mutex_unlock(&h->lock);
    return tree;
}

/* Hands one tree over, waits until told to go on, then parses one more and frees it
 * itself, and ends. */
static void *hand_over_one(void *arg)
{
    handover *h = arg;
    give(h, numbered_tree(0));
    pthread_mutex_lock(&h->lock);
    while (!h->go_on)
        pthread_cond_wait(&h->more, &h->lock);
    pthread_mutex_unlock(&h->lock);
    free_checked(numbered_tree(3));
    return NULL;
}

/* Parses HANDED_TREES trees: every third one (the last too) it frees itself, the others
 * it hands over. */
static void *hand_over_many(void *arg)
{
    handover *h = arg;
    for (json_int_t i = 0; i < HANDED_TREES; i++) {
        json_t *tree = numbered_tree(i * 3);
        if (i % 3 == 0)
            free_checked(tree);
        else
            give(h, tree);
    }
    return NULL;
}

/* A tree handed to another thread and freed there leaves its arena counted once, for the
 * thread that still holds it; a thread that ends, its last tree freed, leaves its arena
 * free. Then two threads parse while this one frees what they hand over: no tree is
 * written over (no arena is carved by two threads at once), and once they have ended
 * and every tree is freed, the counts are as they were. */
START_TEST(trees_freed_anywhere_give_their_arenas_back)
{
    size_t before = api_alloc_pins();
    static handover h = {.lock = PTHREAD_MUTEX_INITIALIZER, .more = PTHREAD_COND_INITIALIZER};
    pthread_t parser[2];
    ck_assert_int_eq(pthread_create(&parser[0], NULL, hand_over_one, &h), 0);
    json_t *handed = take(&h);
    /* its blocks pin its arena, unless they are malloc's (a sanitizer build carves none) */
    size_t carving = api_alloc_pins() > before;
    free_checked(handed);
    ck_assert_uint_eq(api_alloc_pins(), before + carving);
    pthread_mutex_lock(&h.lock);
    h.go_on = true;
    pthread_cond_broadcast(&h.more);
    pthread_mutex_unlock(&h.lock);
    pthread_join(parser[0], NULL);
    ck_assert_uint_eq(api_alloc_pins(), before);

    h.made = h.taken = 0;
    for (int t = 0; t < 2; t++)
        ck_assert_int_eq(pthread_create(&parser[t], NULL, hand_over_many, &h), 0);
    for (size_t n = 2 * (HANDED_TREES - (HANDED_TREES + 2) / 3); n; n--)
        free_checked(take(&h));
    for (int t = 0; t < 2; t++)
        pthread_join(parser[t], NULL);
    ck_assert_uint_eq(api_alloc_pins(), before);
}
END_TEST

static unsigned pauses;
static void count_pause(void *ctx) { (void)ctx, pauses++; }

/* A long solve offers pauses as it goes (which a server's worker spends yielding its
 * core), though never more than one per 0.2 ms. */
START_TEST(long_solves_pause)
{
    nb_budget b;
    nb_budget_start(&b, 0);
    b.pause = count_pause;
    pauses = 0;
    api_problem p;
    int status = analyse(heavy[0], &b, &p);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double seconds = (double)(now.tv_sec - b.start.tv_sec) +
                     (double)(now.tv_nsec - b.start.tv_nsec) / 1e9;
    ck_assert_int_eq(status, 200);
    ck_assert_msg(pauses >= 2 && pauses <= seconds / 0.0002 + 1, "%u pauses in %.4f s",
                  pauses, seconds);
    api_problem_clear(&p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("budget");
    TCase *tc = tcase_create("budget");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, memory_bound_is_a_422);
    tcase_add_test(tc, shared_pool_is_a_503);
    tcase_add_test(tc, pool_is_taken_in_grains);
    tcase_add_test(tc, handed_over_bytes_stay_taken);
    tcase_add_test(tc, large_steps_read_the_clock);
    tcase_add_test(tc, cached_tables_count_too);
    tcase_add_test(tc, stop_is_a_503);
    tcase_add_test(tc, table_values_count);
    tcase_add_test(tc, parse_is_bounded);
    tcase_add_test(tc, trees_freed_anywhere_give_their_arenas_back);
    tcase_add_test(tc, long_solves_pause);
    suite_add_tcase(s, tc);
    return check_run(s, true);
}
