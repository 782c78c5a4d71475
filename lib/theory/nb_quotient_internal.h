/* nb_quotient_internal.h - what the four files of the misère quotient share, and no
 * other file may include: growable arrays of elements, a heap's options, the records of
 * the certificate, the packed form, the counters. */
#ifndef NB_QUOTIENT_INTERNAL_H
#define NB_QUOTIENT_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "theory/nb_quotient.h"

/* A growable array of uint32_t. */
typedef struct u32s {
    uint32_t *v;
    size_t len, cap;
} u32s;

static inline bool u32s_push(u32s *a, uint32_t x)
{
    if (a->len == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 16;
        uint32_t *v = realloc(a->v, cap * sizeof *v);
        if (!v)
            return false;
        a->v = v, a->cap = cap;
    }
    a->v[a->len++] = x;
    return true;
}

static inline int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Sorts and removes repeats. */
static inline void u32s_unique(u32s *a)
{
    if (a->len < 2)
        return;
    qsort(a->v, a->len, sizeof *a->v, cmp_u32);
    size_t k = 1;
    for (size_t i = 1; i < a->len; i++)
        if (a->v[i] != a->v[k - 1])
            a->v[k++] = a->v[i];
    a->len = k;
}

/* A finite commutative monoid as the growth holds it: its whole table while it is small,
 * and past NB_QUOTIENT_DENSE elements (or always, when a test asks) by its generators
 * alone: act[x * gens + k] is x times generator k, and each element x != 0 is
 * parent[x] times generator via[x] (a breadth-first tree from the identity 0), so x y
 * walks y's word from x: order x gens words of memory where the table takes order^2.
 * Owned by whoever holds it (qmon_free). */
typedef struct qmon {
    uint32_t order, gens;
    uint16_t *table;   /* order x order: table[x * order + y] = x y, or NULL */
    uint32_t *act;     /* order x gens, or NULL when the table is there */
    uint32_t *parent, *via; /* order each, or NULL with act */
} qmon;

static inline uint32_t qmon_mul(const qmon *m, uint32_t x, uint32_t y)
{
    return m->table ? m->table[(size_t)x * m->order + y]
                    : nb_quotient_walk(m->act, m->gens, m->parent, m->via, x, y);
}

static inline void qmon_free(qmon *m)
{
    free(m->table), free(m->act), free(m->parent), free(m->via);
    *m = (qmon){0};
}

/* Fills m->parent and m->via from m->act (a breadth-first walk from 0); false when out of
 * memory or when the generators do not reach every element. */
bool nb_quotient_qmon_tree(qmon *m);
/* A copy of m into out; false when out of memory. */
bool nb_quotient_qmon_copy(const qmon *m, qmon *out);

/* Called with each option of a part: the parts it leaves (ascending, each >= 1); false
 * stops the walk. */
typedef bool nb_quotient_option_fn(void *ctx, const uint64_t *parts, unsigned count);

/* Calls fn for every option of part p: a rule's heap, or a graph's part (one or two
 * parts, or none, each). */
bool nb_quotient_part_options(const nb_octal_rule *r, const nb_quotient_graph *graph,
                              uint64_t p, nb_quotient_option_fn *fn, void *ctx);

/* Collects the elements of a heap's options: the product of their parts' elements, in
 * a monoid given by its multiplication. */
typedef struct nb_quotient_opt_ctx {
    uint32_t (*mul)(const void *monoid, uint32_t x, uint32_t y);
    const void *monoid;
    const uint32_t *phi; /* heap -> element */
    const uint64_t *weight; /* heap -> weight, or NULL */
    uint64_t heaviest;      /* the largest weight of an option's parts */
    u32s *out;
    bool ok;
} nb_quotient_opt_ctx;
/* An option_fn over a nb_quotient_opt_ctx: the option's element appended to out. */
bool nb_quotient_add_option(void *ctx, const uint64_t *parts, unsigned count);

/* A heap's record in a reduced quotient: its element and its options' elements. */
typedef struct heap_record {
    uint32_t x;
    uint64_t heap;  /* the least heap with this record */
    uint32_t *list; /* its options' elements, ascending and distinct (nlist; owned) */
    size_t nlist;
} heap_record;

/* Whether heap record r is element x with the options' elements `list` (ascending and
 * distinct, as a record's). */
static inline bool nb_quotient_record_is(const heap_record *r, uint32_t x, const u32s *list)
{
    return r->x == x && r->nlist == list->len &&
           (!list->len || !memcmp(r->list, list->v, list->len * sizeof *list->v));
}

/* The distinct records of a quotient's heaps, and the quotient they multiply in. */
typedef struct certificate {
    uint32_t order;
    const qmon *mon;
    const uint8_t *lost;
    size_t words;
    heap_record *heaps;
    size_t nheaps, cap;
    uint32_t **col; /* by generators: col[y][x] = x y for the heap records' elements y
                     * (order pointers, each NULL or order elements; owned), or NULL */
} certificate;

/* The closure's records, one after another: record i is data[at[i] .. at[i + 1]) (its
 * element, then its options' elements, ascending and distinct: as long as the position
 * has options, not the quotient's order), found through an open-addressed hash table;
 * parent/via give the position it stands for (a record's parent plus one heap record). */
typedef struct closure {
    uint32_t *data;
    size_t used, room;
    size_t *at;     /* len + 1 offsets into data */
    size_t len, cap;
    uint32_t *slot; /* index + 1, 0 empty */
    size_t slots;
    uint32_t *parent, *via;
} closure;

typedef enum verdict { CERTIFIED, FAILED, TOO_LARGE } verdict;

void nb_quotient_certificate_free(certificate *c);
/* When c's monoid is held by generators: the column of each element of its heap records
 * (x times it, for every x), so that the closure multiplies by a look-up; false when out
 * of memory. */
bool nb_quotient_certificate_columns(certificate *c);
/* Adds heap h's record (element x, its options' elements opts in any order) unless an
 * equal one is there; false when out of memory. *at is the record's index. */
bool nb_quotient_certificate_add(certificate *c, uint32_t x, const u32s *opts, uint64_t h,
                                 size_t *at);
void nb_quotient_closure_free(closure *k);
/* Whether record r (element r->v[0], its options' elements after it) is parity-correct. */
bool nb_quotient_parity_correct(const certificate *c, const u32s *r);
/* Closes the records of every sum of c's heap records from the empty position's, at most
 * max_records of them (and within the budget: else TOO_LARGE). On FAILED, *failed is the
 * index of a record that is not parity-correct (k keeps the records for its position). */
verdict nb_quotient_close_records(const certificate *c, closure *k, uint64_t max_records,
                                  nb_budget *budget, size_t *failed);
/* The record of g + h into r (g: a record of len words): element g h, options g's options
 * beside h and h's beside g, ascending and distinct (gathered in bits, c->words words of
 * the caller's). False when out of memory. */
bool nb_quotient_sum_record(const certificate *c, const uint32_t *g, size_t len,
                            const heap_record *h, uint64_t *bits, u32s *r);
/* Closure k's record i: its words, *len of them. */
static inline const uint32_t *nb_quotient_record(const closure *k, size_t i, size_t *len)
{
    *len = k->at[i + 1] - k->at[i];
    return k->data + k->at[i];
}
/* The same for a closure k already closed under c's heap records before first_new: the
 * records of sums with the heap records from first_new on are added (the old records
 * with the new heaps, the new records with every heap), the cost of what is new alone. */
verdict nb_quotient_extend_records(const certificate *c, closure *k, size_t first_new,
                                   uint64_t max_records, nb_budget *budget, size_t *failed);
/* Takes the closure back to its first len records (those added after are forgotten). */
void nb_quotient_closure_truncate(closure *k, size_t len);
/* Whether the periodicity theorem proves period p from n0 on for heap records rec_id
 * over heaps 1..n-1: they repeat, and k n0 + k p + t + 1 <= n. */
bool nb_quotient_period_holds(const nb_octal_rule *rule, const uint32_t *rec_id, uint64_t n,
                              uint64_t n0, uint64_t p);
/* q certified (nb_quotient_certify), within the budget (may be NULL). */
bool nb_quotient_certify_within(const nb_quotient *q, uint64_t max_records, nb_budget *budget);

/* Fills q->packed from q's fields and the table mul, and points q->mul into it. False
 * when out of memory. */
bool nb_quotient_pack(nb_quotient *q, const uint16_t *mul);
/* Says why q's growth stopped, in q and in its packed form. */
void nb_quotient_set_stop(nb_quotient *q, const char *stop);
/* The cache kind's store members (nb_cache_kind). */
bool nb_quotient_image(const nb_cached *c, nb_table_image *out);
nb_cached *nb_quotient_from_store(nb_stored *f, const void *need);

/* Frees a version and what it owns (its base's destroy). */
void nb_quotient_destroy(nb_cached *c);

/* The counters nb_quotient_get_stats gives: a growth ended as q says, a candidate
 * started again, a growth gone on from a partial version, a version read from a file
 * served or refused. */
void nb_quotient_count_growth(const nb_quotient *q);
void nb_quotient_count_restart(void);
void nb_quotient_count_resume(void);
void nb_quotient_count_file(bool served);

#endif
