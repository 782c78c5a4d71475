/* nb_quotient_certify.c - the certificate that a quotient is right: the heaps' records
 * (element, option elements) closed under sums, each parity-correct, its table a monoid
 * its generators generate, its period one the periodicity theorem proves. Why that is a
 * proof: nb_quotient.c. */
#include "theory/nb_quotient_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- the options of a heap, as the lists of heaps they leave ---- */


static bool each_option(const nb_octal_rule *r, uint64_t n, nb_quotient_option_fn *fn,
                        void *ctx)
{
    for (uint64_t j = 0; j <= nb_octal_reach(r, n); j++) {
        uint8_t d = nb_octal_digit(r, j), mk = nb_octal_mark(r, j);
        uint64_t m = n - j, p[3];
        if ((d & 1) && m == 0 && !fn(ctx, p, 0))
            return false;
        if ((d & 2) && m > 0 && j > 0 && (p[0] = m, !fn(ctx, p, 1)))
            return false;
        for (uint64_t a = 1; (d & 4) && 2 * a <= m; a++) {
            if (!nb_octal_leaves(mk, 2, a, m - a, 0))
                continue;
            p[0] = a, p[1] = m - a;
            if (!fn(ctx, p, 2))
                return false;
        }
        for (uint64_t a = 1; (d & 8) && 3 * a <= m; a++)
            for (uint64_t b = a; 2 * b <= m - a; b++) {
                if (!nb_octal_leaves(mk, 3, a, b, m - a - b))
                    continue;
                p[0] = a, p[1] = b, p[2] = m - a - b;
                if (!fn(ctx, p, 3))
                    return false;
            }
    }
    return true;
}

/* The options of part p: a rule's heap (each_option), or a graph's part (one or two
 * parts, or none, each). */
bool nb_quotient_part_options(const nb_octal_rule *r, const nb_quotient_graph *graph,
                              uint64_t p, nb_quotient_option_fn *fn, void *ctx)
{
    if (!graph)
        return each_option(r, p, fn, ctx);
    for (uint32_t e = graph->off[p]; e < graph->off[p + 1]; e++) {
        uint64_t parts[2];
        unsigned count = 0;
        if (graph->succ[e])
            parts[count++] = graph->succ[e];
        if (graph->with && graph->with[e])
            parts[count++] = graph->with[e];
        if (!fn(ctx, parts, count))
            return false;
    }
    return true;
}

/* ---- a monoid by its generators ---- */

bool nb_quotient_qmon_tree(qmon *m)
{
    free(m->parent), free(m->via);
    m->parent = malloc((size_t)m->order * sizeof *m->parent);
    m->via = malloc((size_t)m->order * sizeof *m->via);
    uint32_t *queue = malloc((size_t)m->order * sizeof *queue);
    uint8_t *seen = calloc(m->order, 1);
    bool ok = m->parent && m->via && queue && seen && m->order;
    size_t len = 0;
    if (ok)
        queue[len++] = 0, seen[0] = 1, m->parent[0] = m->via[0] = 0;
    for (size_t i = 0; ok && i < len; i++)
        for (uint32_t k = 0; k < m->gens; k++) {
            uint32_t y = m->act[(size_t)queue[i] * m->gens + k];
            if (!seen[y])
                seen[y] = 1, m->parent[y] = queue[i], m->via[y] = k, queue[len++] = y;
        }
    free(queue), free(seen);
    return ok && len == m->order;
}

bool nb_quotient_qmon_copy(const qmon *m, qmon *out)
{
    size_t n = m->order, cells = m->table ? n * n : n * m->gens;
    *out = (qmon){m->order, m->gens, NULL, NULL, NULL, NULL};
    bool ok = true;
    if (m->table) {
        out->table = malloc(cells * sizeof *out->table);
        ok = out->table != NULL;
        if (ok)
            memcpy(out->table, m->table, cells * sizeof *out->table);
    } else {
        out->act = malloc((cells ? cells : 1) * sizeof *out->act);
        out->parent = malloc(n * sizeof *out->parent), out->via = malloc(n * sizeof *out->via);
        ok = out->act && out->parent && out->via;
        if (ok) {
            memcpy(out->act, m->act, cells * sizeof *out->act);
            memcpy(out->parent, m->parent, n * sizeof *out->parent);
            memcpy(out->via, m->via, n * sizeof *out->via);
        }
    }
    if (!ok)
        qmon_free(out);
    return ok;
}

/* ---- the certificate: records closed under sums ---- */


void nb_quotient_certificate_free(certificate *c)
{
    for (size_t i = 0; i < c->nheaps; i++)
        free(c->heaps[i].list);
    free(c->heaps);
    c->heaps = NULL, c->nheaps = c->cap = 0;
    for (size_t y = 0; c->col && y < c->order; y++)
        free(c->col[y]);
    free(c->col);
    c->col = NULL;
}

/* Element y's column: x y for every x. False when out of memory. */
static bool add_column(certificate *c, uint32_t y)
{
    if (c->col[y])
        return true;
    uint32_t *col = malloc((size_t)c->order * sizeof *col);
    for (uint32_t x = 0; col && x < c->order; x++)
        col[x] = qmon_mul(c->mon, x, y);
    c->col[y] = col;
    return col != NULL;
}

bool nb_quotient_certificate_columns(certificate *c)
{
    if (c->mon->table)
        return true;
    if (!c->col && !(c->col = calloc(c->order, sizeof *c->col)))
        return false;
    bool ok = true;
    for (size_t i = 0; ok && i < c->nheaps; i++) {
        ok = add_column(c, c->heaps[i].x);
        for (size_t j = 0; ok && j < c->heaps[i].nlist; j++)
            ok = add_column(c, c->heaps[i].list[j]);
    }
    return ok;
}

/* x y, by y's column when the certificate has it. */
static inline uint32_t times(const certificate *c, uint32_t x, uint32_t y)
{
    return c->col && c->col[y] ? c->col[y][x] : qmon_mul(c->mon, x, y);
}

/* Adds heap h's record unless an equal one is there; false when out of memory. *at is
 * the record's index. */
bool nb_quotient_certificate_add(certificate *c, uint32_t x, const u32s *opts, uint64_t h,
                            size_t *at)
{
    u32s list = {malloc((opts->len ? opts->len : 1) * sizeof *list.v), opts->len, opts->len};
    if (!list.v)
        return false;
    if (opts->len)
        memcpy(list.v, opts->v, opts->len * sizeof *list.v);
    u32s_unique(&list);
    for (size_t i = 0; i < c->nheaps; i++)
        if (nb_quotient_record_is(&c->heaps[i], x, &list)) {
            free(list.v);
            *at = i;
            return true;
        }
    if (c->nheaps == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 16;
        heap_record *v = realloc(c->heaps, cap * sizeof *v);
        if (!v) {
            free(list.v);
            return false;
        }
        c->heaps = v, c->cap = cap;
    }
    c->heaps[c->nheaps] = (heap_record){x, h, list.v, list.len};
    *at = c->nheaps++;
    return true;
}


void nb_quotient_closure_free(closure *k)
{
    free(k->data), free(k->at), free(k->slot), free(k->parent), free(k->via);
    memset(k, 0, sizeof *k);
}

/* A record's hash, two of its words a step. */
static uint64_t record_hash(const uint32_t *r, size_t len)
{
    uint64_t h = 1469598103934665603ull ^ len;
    size_t i = 0;
    for (; i + 1 < len; i += 2)
        h = (h ^ ((uint64_t)r[i] << 32 | r[i + 1])) * 1099511628211ull, h ^= h >> 29;
    if (i < len)
        h = (h ^ r[i]) * 1099511628211ull, h ^= h >> 29;
    return h;
}

/* Puts the closure's first len records into an empty table of `slots` slots (a power of
 * two). */
static void place_records(const closure *k, size_t len, uint32_t *slot, size_t slots)
{
    for (size_t i = 0; i < len; i++) {
        size_t n;
        const uint32_t *r = nb_quotient_record(k, i, &n);
        size_t s = record_hash(r, n) & (slots - 1);
        while (slot[s])
            s = (s + 1) & (slots - 1);
        slot[s] = (uint32_t)i + 1;
    }
}

/* Inserts record r unless present; returns its index, or SIZE_MAX when out of memory.
 * *fresh says whether it was new. */
static size_t closure_insert(closure *k, const u32s *r, uint32_t parent, uint32_t via,
                             bool *fresh)
{
    if (2 * (k->len + 1) > k->slots) {
        size_t slots = k->slots ? 2 * k->slots : 1024;
        uint32_t *slot = calloc(slots, sizeof *slot);
        if (!slot)
            return SIZE_MAX;
        place_records(k, k->len, slot, slots);
        free(k->slot);
        k->slot = slot, k->slots = slots;
    }
    size_t s = record_hash(r->v, r->len) & (k->slots - 1);
    for (; k->slot[s]; s = (s + 1) & (k->slots - 1)) {
        size_t n;
        const uint32_t *q = nb_quotient_record(k, k->slot[s] - 1, &n);
        if (n == r->len && !memcmp(q, r->v, n * sizeof *q)) {
            *fresh = false;
            return k->slot[s] - 1;
        }
    }
    if (k->used + r->len > k->room) {
        size_t room = k->room ? 2 * k->room : 4096;
        while (room < k->used + r->len)
            room *= 2;
        uint32_t *data = realloc(k->data, room * sizeof *data);
        if (!data)
            return SIZE_MAX;
        k->data = data, k->room = room;
    }
    if (k->len + 1 >= k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 1024;
        size_t *at = realloc(k->at, (cap + 1) * sizeof *at);
        if (at)
            k->at = at;
        uint32_t *parent = at ? realloc(k->parent, cap * sizeof *parent) : NULL;
        if (parent)
            k->parent = parent;
        uint32_t *via = parent ? realloc(k->via, cap * sizeof *via) : NULL;
        if (!via)
            return SIZE_MAX;
        k->via = via, k->cap = cap;
    }
    memcpy(k->data + k->used, r->v, r->len * sizeof *r->v);
    k->at[k->len] = k->used, k->used += r->len, k->at[k->len + 1] = k->used;
    k->parent[k->len] = parent, k->via[k->len] = via;
    k->slot[s] = (uint32_t)k->len + 1;
    *fresh = true;
    return k->len++;
}

bool nb_quotient_parity_correct(const certificate *c, const u32s *r)
{
    bool any_lost = false;
    for (size_t i = 1; i < r->len && !any_lost; i++)
        any_lost = c->lost[r->v[i]];
    return c->lost[r->v[0]] == (r->len > 1 && !any_lost);
}

bool nb_quotient_sum_record(const certificate *c, const uint32_t *g, size_t len,
                            const heap_record *h, uint64_t *bits, u32s *r)
{
    memset(bits, 0, c->words * sizeof *bits);
    for (size_t i = 1; i < len; i++) { /* g's options beside h */
        uint32_t z = times(c, g[i], h->x);
        bits[z / 64] |= 1ull << (z % 64);
    }
    for (size_t i = 0; i < h->nlist; i++) { /* h's beside g */
        uint32_t z = times(c, g[0], h->list[i]);
        bits[z / 64] |= 1ull << (z % 64);
    }
    r->len = 0;
    if (!u32s_push(r, times(c, g[0], h->x)))
        return false;
    for (size_t w = 0; w < c->words; w++) /* ascending and distinct, from the bits */
        for (uint64_t b = bits[w]; b; b &= b - 1)
            if (!u32s_push(r, (uint32_t)(w * 64 + (size_t)__builtin_ctzll(b))))
                return false;
    return true;
}

verdict nb_quotient_extend_records(const certificate *c, closure *k, size_t first_new,
                                   uint64_t max_records, nb_budget *budget, size_t *failed)
{
    u32s r = {0};
    uint64_t *bits = malloc((c->words ? c->words : 1) * sizeof *bits);
    verdict v = bits ? CERTIFIED : TOO_LARGE;
    bool fresh;
    size_t closed = k->len; /* records already closed under the heaps before first_new */
    for (size_t i = 0; v == CERTIFIED && i < k->len; i++) {
        size_t from = i < closed ? first_new : 0, n = k->at[i + 1] - k->at[i];
        if (nb_budget_spent_after(budget, (c->nheaps - from) * (1 + n)))
            v = TOO_LARGE; /* the asker's time or memory is spent */
        for (size_t j = from; v == CERTIFIED && j < c->nheaps; j++) {
            const uint32_t *g = nb_quotient_record(k, i, &n); /* again: inserting moves it */
            size_t at = nb_quotient_sum_record(c, g, n, &c->heaps[j], bits, &r)
                            ? closure_insert(k, &r, (uint32_t)i, (uint32_t)j, &fresh)
                            : SIZE_MAX;
            if (at == SIZE_MAX || (fresh && k->len > max_records))
                v = TOO_LARGE;
            else if (fresh && !nb_quotient_parity_correct(c, &r))
                v = FAILED, *failed = at;
        }
    }
    free(r.v), free(bits);
    return v;
}

verdict nb_quotient_close_records(const certificate *c, closure *k, uint64_t max_records,
                                  nb_budget *budget, size_t *failed)
{
    nb_quotient_closure_free(k);
    u32s r = {0};
    bool fresh;
    size_t at = u32s_push(&r, 0) ? closure_insert(k, &r, UINT32_MAX, UINT32_MAX, &fresh)
                                 : SIZE_MAX;
    verdict v = at == SIZE_MAX                         ? TOO_LARGE
                : !nb_quotient_parity_correct(c, &r) ? (*failed = at, FAILED)
                                                      : CERTIFIED;
    free(r.v);
    return v == CERTIFIED ? nb_quotient_extend_records(c, k, 0, max_records, budget, failed) : v;
}

void nb_quotient_closure_truncate(closure *k, size_t len)
{
    if (len >= k->len)
        return;
    k->len = len, k->used = k->at[len];
    memset(k->slot, 0, k->slots * sizeof *k->slot);
    place_records(k, len, k->slot, k->slots);
}

bool nb_quotient_add_option(void *ctx_, const uint64_t *parts, unsigned count)
{
    nb_quotient_opt_ctx *c = ctx_;
    uint32_t x = 0;
    uint64_t w = 0;
    for (unsigned i = 0; i < count; i++) {
        x = c->mul(c->monoid, x, c->phi[parts[i]]);
        w += c->weight ? c->weight[parts[i]] : 0; /* each at most MAX_WEIGHT */
    }
    if (w > c->heaviest)
        c->heaviest = w;
    c->ok = u32s_push(c->out, x);
    return c->ok;
}


/* Whether the periodicity theorem proves period p from n0 on for heap records rec_id
 * over heaps 1..n-1: they repeat, and k n0 + k p + t + 1 <= n. */
bool nb_quotient_period_holds(const nb_octal_rule *rule, const uint32_t *rec_id, uint64_t n,
                         uint64_t n0, uint64_t p)
{
    uint64_t k = nb_octal_parts(rule), t = rule->last;
    if (!nb_octal_provable(rule) || !p || !n0 || n0 > n || p > n || k * n0 + k * p + t + 1 > n)
        return false;
    for (uint64_t h = n0; h + p < n; h++)
        if (rec_id[h] != rec_id[h + p])
            return false;
    return true;
}


static uint32_t mul_quotient(const void *q, uint32_t x, uint32_t y)
{
    return nb_quotient_mul(q, x, y);
}

/* Whether q's table is a commutative monoid with identity 0 that its generators'
 * elements generate, associative by Light's test on those generators, and whether each
 * element's word multiplies out to it. */
static bool is_monoid(const nb_quotient *q, nb_budget *budget)
{
    uint32_t n = q->order, *s = malloc((q->gens + 1) * sizeof *s), *queue = malloc(n * 4);
    uint8_t *seen = calloc(n, 1);
    bool ok = s && queue && seen;
    for (uint32_t x = 0; ok && x < n; x++)
        for (uint32_t y = 0; ok && y <= x; y++)
            ok = nb_quotient_mul(q, x, y) == nb_quotient_mul(q, y, x) &&
                 (y || nb_quotient_mul(q, x, 0) == x);
    for (size_t k = 0; ok && k < q->gens; k++)
        s[k] = q->phi[q->gen_heap[k]];
    uint32_t reached = ok ? 1 : 0;
    if (ok)
        queue[0] = 0, seen[0] = 1;
    for (uint32_t i = 0; ok && i < reached; i++)
        for (size_t k = 0; k < q->gens; k++) {
            uint32_t y = nb_quotient_mul(q, queue[i], s[k]);
            if (!seen[y])
                seen[y] = 1, queue[reached++] = y;
        }
    ok = ok && reached == n;
    for (size_t k = 0; ok && k < q->gens; k++)
        for (uint32_t x = 0; ok && x < n; x++) {
            ok = !nb_budget_spent_after(budget, n);
            uint32_t xs = nb_quotient_mul(q, x, s[k]);
            for (uint32_t y = 0; ok && y < n; y++)
                ok = nb_quotient_mul(q, xs, y) ==
                     nb_quotient_mul(q, x, nb_quotient_mul(q, s[k], y));
        }
    for (uint32_t x = 0; ok && x < n; x++) {
        uint32_t product = 0;
        for (size_t k = 0; k < q->gens; k++)
            for (unsigned e = q->word[(size_t)x * q->gens + k]; e; e--)
                product = nb_quotient_mul(q, product, s[k]);
        ok = product == x;
    }
    free(s), free(queue), free(seen);
    return ok;
}

/* Whether q's generators' action (a version held by its generators) makes a commutative
 * monoid: every entry an element, each element's word leading to it from 0 (so 0
 * generates everything), and every two generators' actions commuting. That suffices, at
 * order x generators^2 steps where the table's laws take order^2: the maps T_w of words
 * then commute, so T_w(0) = T_w'(0) gives T_w(T_u(0)) = T_u(T_w(0)) = T_w'(T_u(0)) for
 * every element T_u(0): x y = T_y(x) does not depend on y's word, and it is commutative
 * (T_y T_x (0) = T_x T_y (0)) and associative (maps compose). The presentation's words
 * are checked to multiply out as in is_monoid. */
static bool acts_form_monoid(const nb_quotient *q, nb_budget *budget)
{
    uint32_t n = q->order, g = q->act_gens;
    bool ok = q->parent[0] == 0;
    for (size_t i = 0; ok && i < (size_t)n * g; i++)
        ok = q->act[i] < n;
    for (uint32_t y = 1; ok && y < n; y++) {
        ok = q->parent[y] < n && q->via[y] < g &&
             q->act[(size_t)q->parent[y] * g + q->via[y]] == y;
        uint32_t steps = 0, z = y; /* the parents lead to 0 */
        for (; ok && z && steps < n; z = q->parent[z])
            steps++;
        ok = ok && !z;
    }
    for (uint32_t x = 0; ok && x < n; x++) {
        ok = !nb_budget_spent_after(budget, (uint64_t)g * g);
        const uint32_t *row = q->act + (size_t)x * g;
        for (uint32_t s = 0; ok && s < g; s++)
            for (uint32_t t = s + 1; ok && t < g; t++)
                ok = q->act[(size_t)row[s] * g + t] == q->act[(size_t)row[t] * g + s];
    }
    for (uint32_t x = 0; ok && x < n; x++) {
        uint32_t product = 0;
        for (size_t k = 0; k < q->gens; k++)
            for (unsigned e = q->word[(size_t)x * q->gens + k]; e; e--)
                product = nb_quotient_mul(q, product, q->phi[q->gen_heap[k]]);
        ok = product == x;
    }
    return ok;
}

bool nb_quotient_certify_within(const nb_quotient *q, uint64_t max_records, nb_budget *budget)
{
    qmon mon = {q->order, q->act_gens, q->mul, q->act, q->parent, q->via}; /* borrowed */
    certificate c = {q->order, &mon, q->lost, (q->order + 63) / 64, NULL, 0, 0, NULL};
    u32s opts = {0};
    uint32_t *rec_id = malloc(q->n * sizeof *rec_id);
    bool ok = rec_id && q->order > 0 && !q->lost[0] && !q->phi[0] &&
              (q->mul ? is_monoid(q, budget) : acts_form_monoid(q, budget));
    for (uint64_t h = 1; ok && h < q->n; h++) {
        opts.len = 0;
        nb_quotient_opt_ctx cc = {mul_quotient, q, q->phi, NULL, 0, &opts, true};
        nb_quotient_part_options(&q->rule, q->graph, h, nb_quotient_add_option, &cc);
        size_t at = 0;
        ok = cc.ok && nb_quotient_certificate_add(&c, q->phi[h], &opts, h, &at);
        rec_id[h] = (uint32_t)at;
    }
    ok = ok && nb_quotient_certificate_columns(&c);
    closure k = {0};
    size_t failed;
    ok = ok && nb_quotient_close_records(&c, &k, max_records, budget, &failed) == CERTIFIED;
    ok = ok && (!q->proved || (!q->graph && nb_quotient_period_holds(&q->rule, rec_id, q->n,
                                                                     q->preperiod, q->period)));
    nb_quotient_closure_free(&k);
    nb_quotient_certificate_free(&c);
    free(opts.v), free(rec_id);
    return ok;
}

bool nb_quotient_certify(const nb_quotient *q, uint64_t max_records)
{
    return nb_quotient_certify_within(q, max_records, NULL);
}

