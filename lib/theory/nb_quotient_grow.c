/* nb_quotient_grow.c - a misère quotient grown heap by heap: the unreduced candidate,
 * its P-portion from lightest positions, its reduction, each heap placed as a class or a
 * new generator, MisereSolver's recalibration when a candidate fails, the period, and
 * the versions a growth hands the cache (nb_quotient_build). How and why: nb_quotient.c. */
#include "theory/nb_quotient_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

#define MAX_CAP 3       /* g^(c+2) = g^c for c up to this */
#define MAX_RESTARTS 64 /* growths started again with more generators */
#define MAX_CANDIDATE (1u << 22) /* elements of an unreduced candidate */
#define GROWTH_STEPS 4 /* a growth's steps in all: this many times max_work */
/* A heap's weight is kept at most this (a graph whose parts split in two may double it at
 * each part): past it an option may weigh as much as its position, a label may then be
 * wrong, and certification refuses the candidate; no answer rests on weights. */
#define MAX_WEIGHT ((uint64_t)1 << 40)

/* ---- the unreduced candidate ---- */

/* M: a base monoid (given by its table; the trivial one but after a recalibration) times
 * one cyclic monoid <g | g^(cap+2) = g^cap> a generator, an element coded in mixed radix
 * (the base element is digit 0, of radix base; generator k's exponent is the next digit
 * k, of radix cap + 2). */
typedef struct candidate {
    size_t gens;
    uint64_t gen_heap[64];
    uint32_t cap[64], place[64];
    uint32_t size;
    uint32_t base;      /* the base monoid's order: 1 when it is trivial */
    qmon base_mon;      /* the base monoid (owned; order 0 when trivial) */
    u32s base_gens;     /* base elements that generate it (owned) */
} candidate;

static void candidate_free(candidate *m)
{
    qmon_free(&m->base_mon), free(m->base_gens.v);
    *m = (candidate){.size = 1, .base = 1};
}

static uint32_t digit(const candidate *m, uint32_t x, size_t k)
{
    return x / m->place[k] % (m->cap[k] + 2);
}

static uint32_t mul_m(const candidate *m, uint32_t x, uint32_t y)
{
    uint32_t z = 0;
    if (m->base > 1)
        z = qmon_mul(&m->base_mon, x % m->base, y % m->base);
    for (size_t k = 0; k < m->gens; k++) {
        uint32_t e = digit(m, x, k) + digit(m, y, k);
        while (e > m->cap[k] + 1)
            e -= 2;
        z += e * m->place[k];
    }
    return z;
}

/* M's multiplication from a table of every element's exponents (no division): the
 * exponents of x at digits + x * gens, and fold[k][e] = (e folded by g^(cap+2) = g^cap)
 * times generator k's place, for e up to 2 cap + 2. */
typedef struct fast_mul {
    uint8_t *digits;
    uint32_t *fold_all, *fold[64];
    size_t gens;
    uint32_t *base_digit; /* x -> its base element, when the base is not trivial */
    const qmon *base_mon;
    uint32_t base;
} fast_mul;

static void fast_mul_free(fast_mul *f)
{
    free(f->digits), free(f->fold_all), free(f->base_digit);
    *f = (fast_mul){0};
}

/* False when out of memory. */
static bool fast_mul_init(fast_mul *f, const candidate *m)
{
    size_t folds = 0;
    for (size_t k = 0; k < m->gens; k++)
        folds += 2 * (size_t)m->cap[k] + 3;
    *f = (fast_mul){malloc((size_t)m->size * (m->gens + 1)), malloc((folds + 1) * 4), {0},
                    m->gens, NULL, &m->base_mon, m->base};
    if (m->base > 1)
        f->base_digit = malloc((size_t)m->size * sizeof *f->base_digit);
    if (!f->digits || !f->fold_all || (m->base > 1 && !f->base_digit)) {
        fast_mul_free(f);
        return false;
    }
    uint32_t *at = f->fold_all;
    for (size_t k = 0; k < m->gens; k++) {
        f->fold[k] = at;
        for (uint32_t e = 0; e <= 2 * m->cap[k] + 2; e++) {
            uint32_t folded = e;
            while (folded > m->cap[k] + 1)
                folded -= 2;
            at[e] = folded * m->place[k];
        }
        at += 2 * m->cap[k] + 3;
    }
    uint8_t *d = f->digits;
    memset(d, 0, m->gens);
    for (uint32_t x = 1; x < m->size; x++) { /* an odometer: x - base's exponents, plus one */
        memcpy(d + (size_t)x * m->gens, d + (size_t)(x - 1) * m->gens, m->gens);
        uint8_t *e = d + (size_t)x * m->gens;
        for (size_t k = 0; x % m->base == 0 && k < m->gens && ++e[k] > m->cap[k] + 1; k++)
            e[k] = 0;
    }
    for (uint32_t x = 0; f->base_digit && x < m->size; x++)
        f->base_digit[x] = x % m->base;
    return true;
}

static inline uint32_t mul_fast(const fast_mul *f, uint32_t x, uint32_t y)
{
    const uint8_t *a = f->digits + (size_t)x * f->gens, *b = f->digits + (size_t)y * f->gens;
    uint32_t z = 0;
    if (f->base_digit)
        z = qmon_mul(f->base_mon, f->base_digit[x], f->base_digit[y]);
    for (size_t k = 0; k < f->gens; k++)
        z += f->fold[k][a[k] + b[k]];
    return z;
}

/* The growth: the candidate, the heaps' elements in it and their options' elements, the
 * reduction (cls: M -> Q) and the reduced quotient's tables. */
typedef struct grower {
    const nb_quotient_need *need;
    const nb_octal_rule *rule;
    candidate m;
    uint64_t n;     /* heaps 0..n-1 placed */
    uint32_t *phi;  /* heap -> element of M */
    uint32_t *rec_id; /* heap -> its record's index among the certificate's heap records */
    uint64_t *weight; /* heap -> a weight larger than the sum of any option's parts' */
    u32s *opts;     /* heap -> its options' elements in M, distinct */
    size_t heap_cap;
    uint8_t *lost_m; /* M's P-portion */
    uint32_t *cls;   /* M -> class */
    uint32_t *rep;   /* class -> its first element of M */
    uint32_t order;
    qmon quo;        /* the reduced quotient's multiplication (order elements) */
    uint32_t dense;  /* the most elements a table is kept whole for */
    uint8_t *lost;   /* class -> in the P-portion */
    uint32_t *dist_heap, *dist_parent; /* lightest positions: element = parent + heap */
    uint8_t *forced; /* heap -> 0, or 1 + the least cap it takes as a generator (restarts) */
    size_t forced_cap;
    certificate cert;
    closure clo;
    bool clo_valid; /* clo is the certified closure of heaps 1..n-2 in the current quotient */
    uint64_t records;
    uint64_t work;  /* elements labelled and reduced, records closed: bounded by max_growth */
    uint64_t max_growth; /* GROWTH_STEPS max_work (or the asker's slice, when less): a step
                          * here is a record or an element handled, a few dozen ns, finer
                          * than most solvers' steps */
    bool sliced;       /* max_growth is the asker's slice: past it, the asker stops it */
    nb_budget *budget; /* the asker's, checked inside the long loops (NULL: not checked) */
    const char *stop;
    fast_mul fm;     /* M's exponents, while it is labelled and reduced */
    struct nb_quotient *saved; /* the version of heaps 0..h-1, made before heap h's
                                * generator trials change the tables (owned), or NULL */
} grower;

static nb_quotient *make_version(grower *g, bool proved, uint64_t n0, uint64_t p);

static uint32_t mul_candidate(const void *m, uint32_t x, uint32_t y)
{
    return mul_m(m, x, y);
}

/* Heap h's options' elements in M (every part is below h, so placed), and its weight:
 * one more than its heaviest option's parts together, so that every option of a position
 * weighs less than the position (splitting a heap without taking, as Grundy's game does,
 * leaves as many counters but less weight). */
static bool heap_options(grower *g, uint64_t h)
{
    u32s *o = &g->opts[h];
    o->len = 0;
    nb_quotient_opt_ctx c = {mul_candidate, &g->m, g->phi, g->weight, 0, o, true};
    nb_quotient_part_options(g->rule, g->need->graph, h, nb_quotient_add_option, &c);
    u32s_unique(o);
    g->weight[h] = c.heaviest < MAX_WEIGHT ? c.heaviest + 1 : MAX_WEIGHT;
    return c.ok;
}

/* ---- P-portion of M, from lightest positions ---- */

typedef struct pq_item {
    uint64_t d;
    uint32_t x;
} pq_item;

/* Labels M's elements lost or not, from a lightest position of each (Dijkstra by weight
 * over the heaps placed, each distinct element of a heap taken from its lightest heap:
 * every option of that position weighs less, so its element is labelled first). False
 * when out of memory. */
static bool label_m(grower *g)
{
    uint32_t size = g->m.size;
    uint64_t *dist = malloc(size * sizeof *dist);
    uint8_t *done = calloc(size, 1);
    uint32_t *first = malloc(size * sizeof *first); /* element -> least heap with it, or 0 */
    size_t npq = 0, pq_cap = 1024;
    pq_item *pq = malloc(pq_cap * sizeof *pq);
    uint32_t *path = malloc((g->n + 64) * sizeof *path);
    uint32_t *pre = malloc((g->n + 64) * sizeof *pre);
    free(g->lost_m), free(g->dist_heap), free(g->dist_parent);
    g->lost_m = calloc(size, 1);
    g->dist_heap = malloc(size * sizeof *g->dist_heap);
    g->dist_parent = malloc(size * sizeof *g->dist_parent);
    const fast_mul *fm = &g->fm;
    bool ok = dist && done && first && pq && path && pre && g->lost_m && g->dist_heap &&
              g->dist_parent;
    uint32_t *heaps = NULL;
    size_t nheaps = 0;
    if (ok) {
        heaps = malloc(g->n * sizeof *heaps);
        ok = heaps != NULL;
    }
    if (ok) {
        memset(first, 0, size * sizeof *first);
        for (uint64_t h = 1; h < g->n; h++)
            if (g->phi[h]) {
                uint32_t *least = &first[g->phi[h]]; /* the lightest heap with this element */
                nheaps += !*least;
                if (!*least || g->weight[h] < g->weight[*least])
                    *least = (uint32_t)h;
            }
        for (uint32_t x = 0, k = 0; k < nheaps; x++)
            if (first[x])
                heaps[k++] = first[x];
        for (uint32_t x = 0; x < size; x++)
            dist[x] = UINT64_MAX;
        dist[0] = 0, g->dist_heap[0] = 0, g->dist_parent[0] = 0;
        pq[npq++] = (pq_item){0, 0};
    }
    while (ok && npq) {
        /* pop the least (a binary heap on d) */
        pq_item top = pq[0];
        pq[0] = pq[--npq];
        for (size_t i = 0;;) {
            size_t l = 2 * i + 1, s = i;
            if (l < npq && pq[l].d < pq[s].d)
                s = l;
            if (l + 1 < npq && pq[l + 1].d < pq[s].d)
                s = l + 1;
            if (s == i)
                break;
            pq_item t = pq[i];
            pq[i] = pq[s], pq[s] = t, i = s;
        }
        uint32_t x = top.x;
        if (done[x] || top.d != dist[x])
            continue;
        done[x] = 1;
        if (nb_budget_spent_after(g->budget, nheaps)) { /* each element: a pass over heaps */
            ok = false;
            break;
        }
        /* the lightest position of x: its heaps, and the products before each */
        size_t len = 0;
        for (uint32_t y = x; y; y = g->dist_parent[y])
            path[len++] = g->dist_heap[y];
        bool any = false, lost_option = false;
        uint32_t before = 0;
        for (size_t i = 0; i < len; i++)
            pre[i] = before, before = mul_fast(fm, before, g->phi[path[i]]);
        uint32_t after = 0;
        for (size_t i = len; i-- > 0 && !lost_option;) {
            uint32_t rest = mul_fast(fm, pre[i], after);
            const u32s *o = &g->opts[path[i]];
            for (size_t k = 0; k < o->len && !lost_option; k++) {
                any = true;
                lost_option = g->lost_m[mul_fast(fm, rest, o->v[k])];
            }
            after = mul_fast(fm, after, g->phi[path[i]]);
        }
        g->lost_m[x] = any && !lost_option;
        for (size_t i = 0; i < nheaps; i++) {
            uint32_t h = heaps[i], y = mul_fast(fm, x, g->phi[h]);
            if (done[y] || dist[x] + g->weight[h] >= dist[y])
                continue;
            dist[y] = dist[x] + g->weight[h], g->dist_heap[y] = h, g->dist_parent[y] = x;
            if (npq == pq_cap) {
                pq_item *grown = realloc(pq, 2 * pq_cap * sizeof *pq);
                if (!grown) {
                    ok = false;
                    break;
                }
                pq = grown, pq_cap *= 2;
            }
            size_t c = npq++;
            pq[c] = (pq_item){dist[y], y};
            while (c && pq[(c - 1) / 2].d > pq[c].d) {
                pq_item t = pq[c];
                pq[c] = pq[(c - 1) / 2], pq[(c - 1) / 2] = t, c = (c - 1) / 2;
            }
        }
    }
    free(dist), free(done), free(first), free(pq), free(path), free(pre), free(heaps);
    return ok;
}

/* ---- reduction ---- */

typedef struct sig_table {
    uint32_t *keys; /* slots x width */
    uint32_t *ids;
    size_t slots, width;
} sig_table;

/* x times M's generator k: the cyclic generators first, then the base's (M's exponents
 * in g->fm). */
static uint32_t times_generator(const grower *g, uint32_t x, size_t k)
{
    const candidate *m = &g->m;
    if (k < m->gens) {
        uint32_t e = g->fm.digits[(size_t)x * m->gens + k] + 1u, y = x + m->place[k];
        return e > m->cap[k] + 1 ? y - 2 * m->place[k] : y;
    }
    uint32_t b = x % m->base;
    return x - b + qmon_mul(&m->base_mon, b, m->base_gens.v[k - m->gens]);
}

/* The whole table of a quotient given by its generators' action and a word of each
 * element (m->act, parent, via): row x is row parent(x) acted on by generator via(x) (x
 * = parent(x) g, and the monoid is commutative, so x y = (parent(x) y) g), each parent's
 * row made first. A product is then a lookup in the action, a table of the quotient's
 * order, rather than a product in M and its class looked up among M's many more elements.
 * False when out of memory or the budget is spent. */
static bool dense_table(const qmon *m, nb_budget *budget, uint16_t **out)
{
    uint32_t n = m->order;
    uint16_t *table = malloc((size_t)n * n * sizeof *table);
    uint8_t *made = calloc(n, 1);
    uint32_t *chain = malloc((size_t)n * sizeof *chain);
    bool ok = table && made && chain;
    for (uint32_t y = 0; ok && y < n; y++)
        table[y] = (uint16_t)y; /* row 0: the identity */
    if (ok)
        made[0] = 1;
    for (uint32_t x = 1; ok && x < n; x++) {
        size_t len = 0;
        for (uint32_t c = x; !made[c]; c = m->parent[c])
            chain[len++] = c;
        while (ok && len--) {
            uint32_t c = chain[len], k = m->via[c];
            const uint16_t *from = table + (size_t)m->parent[c] * n;
            uint16_t *row = table + (size_t)c * n;
            ok = !nb_budget_spent_after(budget, n);
            for (uint32_t y = 0; ok && y < n; y++)
                row[y] = (uint16_t)m->act[(size_t)from[y] * m->gens + k];
            made[c] = 1;
        }
    }
    free(made), free(chain);
    if (!ok)
        free(table), table = NULL;
    *out = table;
    return ok;
}

/* The reduced quotient's multiplication from M's (cls: M -> class, rep: class -> its
 * first element): each class times each of M's generators (their classes generate the
 * quotient: cls is a congruence, so the class of a product is the product of the
 * classes) and a word of each; from them the whole table up to g->dense elements. False
 * when out of memory or the budget is spent. */
static bool quotient_table(grower *g, const uint32_t *cls, const uint32_t *rep,
                           uint32_t count, qmon *out)
{
    uint32_t gens = (uint32_t)(g->m.gens + g->m.base_gens.len);
    *out = (qmon){count, gens, NULL, NULL, NULL, NULL};
    out->act = malloc((size_t)count * (gens ? gens : 1) * sizeof *out->act);
    bool ok = out->act != NULL;
    for (uint32_t a = 0; ok && a < count; a++) {
        ok = !nb_budget_spent_after(g->budget, gens);
        for (uint32_t k = 0; ok && k < gens; k++)
            out->act[(size_t)a * gens + k] = cls[times_generator(g, rep[a], k)];
    }
    ok = ok && nb_quotient_qmon_tree(out);
    if (ok && count <= g->dense) {
        uint16_t *table;
        ok = dense_table(out, g->budget, &table);
        qmon_free(out);
        *out = (qmon){count, gens, table, NULL, NULL, NULL};
    }
    if (!ok)
        qmon_free(out);
    return ok;
}

/* Reduces M by its P-portion: classes refined under every generator's action until
 * stable (class ids in the order of their first element, so the identity is 0), then the
 * quotient's tables. False when out of memory, or past max_order (g->stop set). */
static bool reduce_m(grower *g)
{
    uint32_t size = g->m.size;
    const u32s *bg = &g->m.base_gens;
    size_t width = 1 + g->m.gens + bg->len;
    uint32_t *cls = malloc(size * sizeof *cls), *next = malloc(size * sizeof *next);
    uint32_t *key = malloc(width * sizeof *key);
    size_t slots = 1;
    while (slots < 2 * (size_t)size)
        slots *= 2;
    sig_table t = {malloc(slots * width * sizeof(uint32_t)), malloc(slots * sizeof(uint32_t)),
                   slots, width};
    bool ok = cls && next && key && t.keys && t.ids;
    uint32_t count = 0;
    if (ok) {
        for (uint32_t x = 0; x < size; x++)
            cls[x] = g->lost_m[x] != g->lost_m[0];
        count = 0;
        for (uint32_t before = UINT32_MAX; ok && count != before;) {
            if (nb_budget_spent(g->budget)) {
                ok = false;
                break;
            }
            before = count, count = 0;
            memset(t.ids, 0xff, slots * sizeof *t.ids);
            for (uint32_t x = 0; x < size && (ok = !nb_budget_spent_after(g->budget, width));
                 x++) {
                key[0] = cls[x];
                for (size_t k = 0; k + 1 < width; k++)
                    key[1 + k] = cls[times_generator(g, x, k)];
                uint64_t h = 1469598103934665603ull;
                for (size_t i = 0; i < width; i++)
                    h = (h ^ key[i]) * 1099511628211ull, h ^= h >> 31;
                size_t s = h & (slots - 1);
                while (t.ids[s] != UINT32_MAX && memcmp(t.keys + s * width, key, width * 4))
                    s = (s + 1) & (slots - 1);
                if (t.ids[s] == UINT32_MAX) {
                    memcpy(t.keys + s * width, key, width * 4);
                    t.ids[s] = count++;
                }
                next[x] = t.ids[s];
            }
            uint32_t *swap = cls;
            cls = next, next = swap;
        }
        if (ok && count > g->need->max_order)
            ok = false, g->stop = "max_quotient";
    }
    uint32_t *rep = ok ? malloc(count * sizeof *rep) : NULL;
    uint8_t *lost = ok ? malloc(count) : NULL;
    qmon quo = {0};
    ok = ok && rep && lost;
    if (ok)
        for (uint32_t x = size; x-- > 0;)
            rep[cls[x]] = x;
    for (uint32_t a = 0; ok && a < count; a++)
        lost[a] = g->lost_m[rep[a]];
    ok = ok && quotient_table(g, cls, rep, count, &quo);
    if (ok) {
        free(g->cls), free(g->rep), free(g->lost), qmon_free(&g->quo);
        g->cls = cls, g->rep = rep, g->quo = quo, g->lost = lost, g->order = count;
        cls = NULL, rep = NULL, lost = NULL;
    }
    free(cls), free(next), free(key), free(t.keys), free(t.ids), free(rep), free(lost);
    return ok;
}

/* ---- certification of the growth so far ---- */

/* The classes of heap h's options, ascending and distinct, into out. False when out of
 * memory. */
static bool option_classes(const grower *g, uint64_t h, u32s *out)
{
    out->len = 0;
    for (size_t i = 0; i < g->opts[h].len; i++)
        if (!u32s_push(out, g->cls[g->opts[h].v[i]]))
            return false;
    u32s_unique(out);
    return true;
}

/* The heap records of heaps 1..n-1 in the reduced quotient, into g->cert. */
static bool heap_records(grower *g)
{
    nb_quotient_certificate_free(&g->cert);
    g->cert = (certificate){g->order, &g->quo, g->lost, (g->order + 63) / 64, NULL, 0, 0, NULL};
    u32s classes = {0};
    bool ok = true;
    for (uint64_t h = 1; ok && h < g->n; h++) {
        ok = option_classes(g, h, &classes);
        size_t at = 0;
        ok = ok && nb_quotient_certificate_add(&g->cert, g->cls[g->phi[h]], &classes, h, &at);
        g->rec_id[h] = (uint32_t)at;
    }
    free(classes.v);
    return ok && nb_quotient_certificate_columns(&g->cert);
}

/* The heaps of the position record i of the closure stands for. */
static bool record_heaps(const grower *g, size_t i, u32s *out)
{
    out->len = 0;
    for (; g->clo.parent[i] != UINT32_MAX; i = g->clo.parent[i])
        if (!u32s_push(out, (uint32_t)g->cert.heaps[g->clo.via[i]].heap))
            return false;
    return true;
}

/* Certifies the candidate over heaps 1..n-1; on FAILED, the position that failed. */
static verdict certify_growth(grower *g, u32s *failed_heaps)
{
    if (!heap_records(g))
        return TOO_LARGE;
    size_t failed = 0;
    verdict v = nb_quotient_close_records(&g->cert, &g->clo, g->need->max_work, g->budget,
                                          &failed);
    g->work += (uint64_t)g->clo.len * g->cert.nheaps;
    g->clo_valid = v == CERTIFIED;
    if (v == CERTIFIED)
        g->records = g->clo.len;
    if (v == FAILED && failed_heaps && !record_heaps(g, failed, failed_heaps))
        v = TOO_LARGE;
    return v;
}

/* ---- growth ---- */

static bool room_for_heap(grower *g, uint64_t h)
{
    if (h < g->heap_cap)
        return true;
    size_t cap = g->heap_cap ? 2 * g->heap_cap : 256;
    while (cap <= h)
        cap *= 2;
    uint32_t *phi = realloc(g->phi, cap * sizeof *phi);
    if (phi)
        g->phi = phi;
    uint32_t *rec_id = phi ? realloc(g->rec_id, cap * sizeof *rec_id) : NULL;
    if (rec_id)
        g->rec_id = rec_id;
    uint64_t *weight = rec_id ? realloc(g->weight, cap * sizeof *weight) : NULL;
    if (weight)
        g->weight = weight;
    u32s *opts = weight ? realloc(g->opts, cap * sizeof *opts) : NULL;
    if (!opts)
        return false;
    memset(opts + g->heap_cap, 0, (cap - g->heap_cap) * sizeof *opts);
    g->opts = opts, g->heap_cap = cap;
    return true;
}

/* Adds heap h as generator k with cap c (the most significant digit: every element so
 * far keeps its code). False past the candidate's limit. */
static bool add_generator(grower *g, uint64_t h, uint32_t c)
{
    uint64_t size = (uint64_t)g->m.size * (c + 2);
    if (g->m.gens == 64 || size > g->need->max_work || size > MAX_CANDIDATE)
        return false;
    size_t k = g->m.gens++;
    g->m.gen_heap[k] = h, g->m.cap[k] = c, g->m.place[k] = g->m.size;
    g->m.size = (uint32_t)size;
    g->phi[h] = g->m.place[k];
    return true;
}

static void drop_generator(grower *g)
{
    size_t k = --g->m.gens;
    g->m.size = g->m.place[k];
}

/* Labels, reduces and certifies the candidate with heaps 1..n-1 placed. */
static verdict relabel(grower *g, u32s *failed)
{
    g->work += (uint64_t)g->m.size * (g->m.gens + g->n);
    bool ok = fast_mul_init(&g->fm, &g->m) && label_m(g) && reduce_m(g);
    fast_mul_free(&g->fm);
    return ok ? certify_growth(g, failed) : TOO_LARGE;
}

/* A quick necessary test of heap n pretending to be class c (its option classes
 * `classes`): the record of each position of the last certified closure plus heap n is
 * parity-correct. */
static bool sums_with_heap(const grower *g, uint32_t c, const u32s *classes)
{
    const closure *k = &g->clo;
    const certificate *ce = &g->cert;
    u32s r = {0};
    uint64_t *bits = malloc((ce->words ? ce->words : 1) * sizeof *bits);
    bool ok = bits != NULL;
    heap_record h = {c, g->n - 1, classes->v, classes->len}; /* borrowed: not freed */
    for (size_t i = 0; ok && i < k->len; i++) {
        size_t n;
        const uint32_t *rec = nb_quotient_record(k, i, &n);
        ok = nb_quotient_sum_record(ce, rec, n, &h, bits, &r) &&
             nb_quotient_parity_correct(ce, &r);
    }
    free(r.v), free(bits);
    return ok;
}

/* Certifies heap h's new record (its class placed in phi, its option classes `classes`)
 * beside the certified closure of the heaps below it, extending that closure rather than
 * closing it again; on failure the closure goes back to what it was (still the certified
 * closure of the heaps below). */
static verdict extend_growth(grower *g, uint64_t h, const u32s *classes)
{
    size_t at = 0, first_new = g->cert.nheaps, before = g->clo.len, failed = 0;
    bool ok = nb_quotient_certificate_add(&g->cert, g->cls[g->phi[h]], classes, h, &at) &&
              nb_quotient_certificate_columns(&g->cert);
    if (!ok)
        return TOO_LARGE;
    g->rec_id[h] = (uint32_t)at;
    verdict v = nb_quotient_extend_records(&g->cert, &g->clo, first_new, g->need->max_work,
                                           g->budget, &failed);
    g->work += (uint64_t)before * (g->cert.nheaps - first_new) +
               (uint64_t)(g->clo.len - before) * g->cert.nheaps;
    if (v == CERTIFIED)
        g->records = g->clo.len;
    else
        nb_quotient_closure_truncate(&g->clo, before);
    g->clo_valid = v != TOO_LARGE; /* else heap h's record stays in the certificate */
    return v;
}

/* Whether heap n (options placed, their classes `classes`) may pretend to be class c at
 * once: its record is one the certificate has already closed over, or the closure passes
 * with it. */
static verdict try_class(grower *g, uint32_t c, const u32s *classes)
{
    bool any_lost = false;
    for (size_t i = 0; i < classes->len && !any_lost; i++)
        any_lost = g->lost[classes->v[i]];
    if (g->lost[c] != (classes->len && !any_lost))
        return FAILED;
    uint64_t h = g->n - 1;
    g->phi[h] = g->rep[c];
    g->work += (uint64_t)g->clo.len;
    if (g->clo_valid && !sums_with_heap(g, c, classes))
        return FAILED;
    for (size_t i = 0; i < g->cert.nheaps; i++)
        if (g->cert.heaps[i].heap < h && nb_quotient_record_is(&g->cert.heaps[i], c, classes)) {
            g->rec_id[h] = (uint32_t)i; /* nothing new to close */
            return CERTIFIED;
        }
    verdict v = g->clo_valid ? extend_growth(g, h, classes) : certify_growth(g, NULL);
    while (v == FAILED && g->cert.nheaps && g->cert.heaps[g->cert.nheaps - 1].heap == h)
        free(g->cert.heaps[--g->cert.nheaps].list); /* no other candidate matches it */
    return v;
}

/* Saves the version of heaps 0..n-2 (heap n - 1 being placed has not changed the tables
 * yet) before the generator trials that change them; a growth stopped during them gives
 * it back. Without memory for it, nothing is saved: such a stop then keeps less. */
static void save_version(grower *g)
{
    if (g->saved)
        nb_quotient_destroy(&g->saved->base);
    g->n--;
    g->saved = make_version(g, false, 0, 0);
    g->n++;
}

/* Places heap n = g->n: a class of the quotient so far, else a new generator. On FAILED
 * *failed holds a position the candidate answers wrong, and the generator is still in M
 * (for learn_more; the caller drops it). */
static verdict place_heap(grower *g, u32s *failed)
{
    uint64_t h = g->n;
    if (!room_for_heap(g, h))
        return TOO_LARGE;
    g->n = h + 1;
    g->phi[h] = 0;
    if (!heap_options(g, h))
        return TOO_LARGE;
    uint32_t least = h < g->forced_cap && g->forced[h] ? g->forced[h] - 1u : 0;
    bool forced = h < g->forced_cap && g->forced[h];
    verdict v = FAILED;
    u32s classes = {0}; /* of heap h's options: the same for every class tried */
    if (!forced && !option_classes(g, h, &classes))
        v = TOO_LARGE;
    for (uint32_t c = 0; !forced && v == FAILED && c < g->order; c++)
        v = nb_budget_spent(g->budget) ? TOO_LARGE : try_class(g, c, &classes);
    free(classes.v);
    if (v != FAILED)
        return v;
    save_version(g);
    uint32_t last = least > MAX_CAP ? least : MAX_CAP;
    for (uint32_t cap = least;; cap++) {
        if (!add_generator(g, h, cap)) {
            g->stop = "max_work";
            return TOO_LARGE;
        }
        v = relabel(g, failed);
        if (v == CERTIFIED || (v == FAILED && cap == last))
            return v; /* the last failure keeps its generator, for learn_more */
        drop_generator(g);
        if (v == TOO_LARGE)
            return v;
    }
}

/* The least period p and preperiod n0 of the heaps' records (element, option elements)
 * over 1..n-1 that the periodicity theorem proves, if any. */
static bool find_period(const grower *g, uint64_t *n0, uint64_t *p)
{
    if (g->need->graph || !nb_octal_provable(g->rule))
        return false;
    uint64_t n = g->n, k = nb_octal_parts(g->rule), t = g->rule->last;
    for (uint64_t period = 1; k * period + t + 1 <= n; period++) {
        /* the least n0 from which records repeat with this period, up to n - 1 */
        uint64_t start = n - period;
        while (start > 1 && g->rec_id[start - 1] == g->rec_id[start - 1 + period])
            start--;
        if (nb_quotient_period_holds(g->rule, g->rec_id, n, start, period)) {
            *n0 = start, *p = period;
            return true;
        }
    }
    return false;
}

static void grower_free(grower *g)
{
    if (g->saved)
        nb_quotient_destroy(&g->saved->base);
    for (size_t h = 0; h < g->heap_cap; h++)
        free(g->opts[h].v);
    free(g->phi), free(g->rec_id), free(g->weight), free(g->opts), free(g->lost_m);
    free(g->cls);
    free(g->rep), qmon_free(&g->quo), free(g->lost), free(g->dist_heap), free(g->dist_parent);
    free(g->forced);
    candidate_free(&g->m);
    nb_quotient_certificate_free(&g->cert);
    nb_quotient_closure_free(&g->clo);
}

/* Starts the growth afresh (the forced generators kept). */
static bool grower_reset(grower *g)
{
    for (size_t h = 0; h < g->heap_cap; h++)
        g->opts[h].len = 0;
    candidate_free(&g->m);
    g->n = 0;
    if (!room_for_heap(g, 0))
        return false;
    g->phi[0] = 0, g->weight[0] = 0, g->n = 1;
    nb_budget *budget = g->budget;
    g->budget = NULL; /* the empty position's quotient: a moment's work */
    verdict v = relabel(g, NULL);
    g->budget = budget;
    return v == CERTIFIED;
}

/* Learns from a position the candidate answered wrong: its heaps that were mapped to an
 * element (not generators) become generators, and a generator that appears in it more
 * than its cap + 1 times takes a larger cap, in the next growth. False when there is
 * nothing to learn (the growth then stops). */
static bool learn(grower *g, const u32s *heaps)
{
    bool any = false;
    for (size_t i = 0; i < heaps->len; i++) {
        uint64_t h = heaps->v[i], times = 0;
        for (size_t j = 0; j < heaps->len; j++)
            times += heaps->v[j] == h;
        uint32_t least = 0; /* the generator's least cap that keeps h^times apart */
        bool gen = false;
        for (size_t k = 0; k < g->m.gens && !gen; k++)
            if (g->m.gen_heap[k] == h) {
                gen = true;
                if (times <= g->m.cap[k] + 1)
                    goto next;
                least = g->m.cap[k] + 1;
            }
        if (least > 250)
            continue;
        if (h >= g->forced_cap) {
            size_t cap = 2 * h + 64;
            uint8_t *f = realloc(g->forced, cap);
            if (!f)
                return false;
            memset(f + g->forced_cap, 0, cap - g->forced_cap);
            g->forced = f, g->forced_cap = cap;
        }
        if (g->forced[h] < least + 1)
            g->forced[h] = (uint8_t)(least + 1), any = true;
    next:;
    }
    return any;
}

/* What a failed position teaches: its own heaps (learn); else those of the lightest
 * position its element was labelled from, which the candidate wrongly equates with it;
 * else the largest heap below its largest that was mapped, made a generator. */
static bool learn_more(grower *g, u32s *failed)
{
    if (learn(g, failed))
        return true;
    uint32_t x = 0;
    uint64_t top = 0;
    for (size_t i = 0; i < failed->len; i++) {
        x = mul_m(&g->m, x, g->phi[failed->v[i]]);
        top = failed->v[i] > top ? failed->v[i] : top;
    }
    u32s lightest = {0};
    bool ok = true;
    for (uint32_t y = x; ok && y; y = g->dist_parent[y])
        ok = u32s_push(&lightest, g->dist_heap[y]);
    ok = ok && learn(g, &lightest);
    free(lightest.v);
    if (ok)
        return true;
    for (uint64_t h = top; h-- > 1;) {
        bool gen = false;
        for (size_t k = 0; k < g->m.gens && !gen; k++)
            gen = g->m.gen_heap[k] == h;
        if (!gen && !(h < g->forced_cap && g->forced[h])) {
            u32s one = {(uint32_t[]){(uint32_t)h}, 1, 1};
            return learn(g, &one);
        }
    }
    return false;
}

/* ---- recalibration ---- */

/* MisereSolver's recalibration (Siegel; Plambeck and Siegel, section on computing
 * quotients): after a candidate failed at a position, keep the reduced quotient for every
 * heap but a few of that position's, which become free cyclic generators again. The new
 * candidate is (the submonoid of the reduced quotient that the other heaps generate) x
 * one cyclic monoid a heap set free, small where the free product of every generator would
 * be millions of elements. */

/* The reduced quotient a recalibration starts from: its tables and each heap's class. */
typedef struct trial {
    uint32_t order;
    qmon mon;
    uint8_t *lost;
    uint32_t *heap_class; /* heaps 0..n-1 */
} trial;

static void trial_free(trial *t)
{
    qmon_free(&t->mon), free(t->lost), free(t->heap_class);
    *t = (trial){0};
}

static bool trial_take(grower *g, trial *t)
{
    *t = (trial){g->order, {0}, malloc(g->order), malloc(g->n * sizeof *t->heap_class)};
    if (!t->lost || !t->heap_class || !nb_quotient_qmon_copy(&g->quo, &t->mon)) {
        trial_free(t);
        return false;
    }
    memcpy(t->lost, g->lost, g->order);
    for (uint64_t h = 0; h < g->n; h++)
        t->heap_class[h] = g->cls[g->phi[h]];
    return true;
}

/* The least c with x^(c+2) = x^c in t (at most 250). */
static uint32_t power_index(const trial *t, uint32_t x)
{
    uint32_t pw[253] = {0};
    for (uint32_t i = 1; i < 253; i++)
        pw[i] = qmon_mul(&t->mon, pw[i - 1], x);
    for (uint32_t c = 0; c <= 250; c++)
        if (pw[c + 2] == pw[c])
            return c;
    return 250;
}

/* Whether the position `heaps` is lost in t. */
static bool trial_lost(const trial *t, const u32s *heaps)
{
    uint32_t x = 0;
    for (size_t i = 0; i < heaps->len; i++)
        x = qmon_mul(&t->mon, x, t->heap_class[heaps->v[i]]);
    return t->lost[x];
}

/* Makes g's candidate the submonoid of t that the heaps outside `freed` generate, times a
 * cyclic monoid for each heap of `freed` (cap: its element's power index in t, and enough
 * for the times it appears in `failed`), with every heap's element and options in it.
 * False past the candidate's limit or out of memory. */
static bool recalibrated_candidate(grower *g, const trial *t, const u32s *freed,
                                   const u32s *failed)
{
    uint32_t *index = calloc(t->order, sizeof *index); /* class -> base element + 1, or 0 */
    uint8_t *seen = calloc(t->order, 1);
    u32s members = {0}, gens = {0};
    bool ok = index && seen && freed->len <= 64;
    for (uint64_t h = 1; ok && h < g->n; h++) {
        bool is_freed = false;
        for (size_t i = 0; i < freed->len; i++)
            is_freed |= freed->v[i] == h;
        uint32_t c = t->heap_class[h];
        if (!is_freed && c && !seen[c])
            seen[c] = 1, ok = u32s_push(&gens, c);
    }
    ok = ok && u32s_push(&members, 0);
    if (ok)
        index[0] = 1;
    u32s parent = {0}, via = {0}; /* members.v[i] = members.v[parent[i]] gens.v[via[i]] */
    ok = ok && u32s_push(&parent, 0) && u32s_push(&via, 0);
    for (size_t i = 0; ok && i < members.len; i++) /* the base: what they generate */
        for (size_t j = 0; ok && j < gens.len; j++) {
            uint32_t y = qmon_mul(&t->mon, members.v[i], gens.v[j]);
            if (!index[y])
                ok = u32s_push(&members, y) && u32s_push(&parent, (uint32_t)i) &&
                     u32s_push(&via, (uint32_t)j),
                index[y] = (uint32_t)members.len;
        }
    uint64_t size = members.len;
    uint32_t caps[64];
    for (size_t k = 0; ok && k < freed->len; k++) {
        uint32_t times = 0;
        for (size_t i = 0; i < failed->len; i++)
            times += failed->v[i] == freed->v[k];
        caps[k] = power_index(t, t->heap_class[freed->v[k]]);
        if (times > caps[k] + 1)
            caps[k] = times - 1;
        size *= caps[k] + 2;
        ok = size <= MAX_CANDIDATE && size <= g->need->max_work;
    }
    uint32_t base = (uint32_t)members.len;
    qmon base_mon = {base, (uint32_t)gens.len, NULL, NULL, NULL, NULL};
    /* its generators' action and the words found above; its whole table from them */
    base_mon.act = ok ? malloc((size_t)base * (gens.len ? gens.len : 1) * sizeof *base_mon.act)
                      : NULL;
    ok = ok && base_mon.act != NULL;
    for (uint32_t a = 0; ok && a < base; a++)
        for (size_t j = 0; j < gens.len; j++)
            base_mon.act[(size_t)a * gens.len + j] =
                index[qmon_mul(&t->mon, members.v[a], gens.v[j])] - 1;
    if (ok)
        base_mon.parent = parent.v, base_mon.via = via.v, parent.v = via.v = NULL;
    if (ok && base <= g->dense) {
        uint16_t *table;
        ok = dense_table(&base_mon, g->budget, &table);
        qmon_free(&base_mon);
        base_mon = (qmon){base, (uint32_t)gens.len, table, NULL, NULL, NULL};
    }
    if (ok) {
        candidate_free(&g->m);
        g->m.base = base, g->m.base_mon = base_mon, g->m.size = base;
        base_mon = (qmon){0};
        for (size_t j = 0; ok && j < gens.len; j++)
            ok = u32s_push(&g->m.base_gens, index[gens.v[j]] - 1);
        for (size_t k = 0; k < freed->len; k++) {
            g->m.gen_heap[k] = freed->v[k], g->m.cap[k] = caps[k];
            g->m.place[k] = g->m.size, g->m.size *= caps[k] + 2;
        }
        g->m.gens = freed->len;
        for (uint64_t h = 1; h < g->n; h++)
            g->phi[h] = index[t->heap_class[h]] ? index[t->heap_class[h]] - 1 : 0;
        for (size_t k = 0; k < freed->len; k++)
            g->phi[freed->v[k]] = g->m.place[k];
        for (uint64_t h = 1; ok && h < g->n; h++)
            ok = heap_options(g, h);
    }
    free(index), free(seen), free(members.v), free(gens.v), free(parent.v), free(via.v);
    qmon_free(&base_mon);
    return ok;
}

/* The next subset of `heaps` (distinct, at most 16) with `size` elements after the bit
 * mask *at (advanced past it), into out. False when none is left (or out of memory). */
static bool next_subset(const u32s *heaps, size_t size, uint32_t *at, u32s *out)
{
    for (; *at < (1u << heaps->len); ++*at)
        if ((size_t)__builtin_popcount(*at) == size) {
            out->len = 0;
            for (size_t i = 0; i < heaps->len; i++)
                if (*at >> i & 1 && !u32s_push(out, heaps->v[i]))
                    return false;
            ++*at;
            return true;
        }
    return false;
}

#define MAX_RECALIBRATIONS 32 /* candidates answering one failure after another otherwise */
#define MAX_FREED 3           /* heaps one recalibration sets free */

/* Places heap n = g->n - 1, whose candidate failed at *failed (t: that candidate's
 * reduction, freed here), by recalibrating until a candidate is certified: each time the
 * smallest sets of the failed position's heaps are set free until a candidate answers that
 * position otherwise, and its failure is the next one. FAILED when no candidate moves on
 * (the caller then starts the growth again); the grower's candidate is then unusable. */
static verdict recalibrate(grower *g, trial *t, u32s *failed)
{
    u32s heaps = {0}, freed = {0}, again = {0};
    verdict v = FAILED;
    bool moved = true;
    for (unsigned round = 0; v == FAILED && moved && round < MAX_RECALIBRATIONS; round++) {
        if (round && !trial_take(g, t)) {
            v = TOO_LARGE;
            break;
        }
        heaps.len = 0;
        for (size_t i = 0; v == FAILED && i < failed->len; i++)
            if (!u32s_push(&heaps, failed->v[i]))
                v = TOO_LARGE;
        u32s_unique(&heaps);
        bool was_lost = trial_lost(t, failed);
        moved = false;
        for (size_t size = 1; v == FAILED && !moved && size <= MAX_FREED && size <= heaps.len &&
                              heaps.len <= 16; size++)
            for (uint32_t at = 0;
                 v == FAILED && !moved && next_subset(&heaps, size, &at, &freed);) {
                if (nb_budget_spent(g->budget) || g->work > g->max_growth) {
                    v = TOO_LARGE;
                    break;
                }
                if (!recalibrated_candidate(g, t, &freed, failed))
                    continue;
                verdict w = relabel(g, &again);
                if (w == TOO_LARGE && !nb_budget_spent(g->budget)) {
                    g->stop = NULL; /* past max_quotient: another set may do */
                    continue;
                }
                uint32_t x = 0;
                for (size_t i = 0; w == FAILED && i < failed->len; i++)
                    x = mul_m(&g->m, x, g->phi[failed->v[i]]);
                if (w != FAILED)
                    v = w;
                else if (g->lost[g->cls[x]] != was_lost) /* answered otherwise: go on */
                    moved = true;
            }
        trial_free(t);
        if (moved) {
            u32s swap = *failed;
            *failed = again, again = swap;
        }
    }
    free(heaps.v), free(freed.v), free(again.v);
    return v;
}

/* Generators for q when the candidate has a base: the least heaps whose elements
 * generate q (each heap in turn, kept when its element is not yet generated), and a
 * shortest word of each element in them (breadth first). False when out of memory. */
static bool present_by_heaps(const grower *g, nb_quotient *q)
{
    uint8_t *in = calloc(q->order, 1);
    u32s members = {0}, heaps = {0};
    bool ok = in && u32s_push(&members, 0);
    if (ok)
        in[0] = 1;
    for (uint64_t h = 1; ok && h < q->n; h++) {
        uint32_t x = q->phi[h];
        if (in[x])
            continue;
        ok = u32s_push(&heaps, (uint32_t)h);
        for (size_t i = 0; ok && i < members.len; i++) /* close over every generator */
            for (size_t k = 0; ok && k < heaps.len; k++) {
                uint32_t y = qmon_mul(&g->quo, members.v[i], q->phi[heaps.v[k]]);
                if (!in[y])
                    in[y] = 1, ok = u32s_push(&members, y);
            }
    }
    uint8_t *word = ok ? calloc((size_t)q->order * (heaps.len + 1), 1) : NULL;
    uint64_t *gen_heap = word ? malloc((heaps.len + 1) * sizeof *gen_heap) : NULL;
    ok = ok && gen_heap && heaps.len <= 64;
    members.len = 0;
    ok = ok && u32s_push(&members, 0);
    if (ok)
        memset(in, 0, q->order), in[0] = 1;
    for (size_t i = 0; ok && i < members.len; i++) /* breadth first: shortest words */
        for (size_t k = 0; ok && k < heaps.len; k++) {
            uint32_t x = members.v[i], y = qmon_mul(&g->quo, x, q->phi[heaps.v[k]]);
            if (in[y])
                continue;
            in[y] = 1, ok = u32s_push(&members, y);
            memcpy(word + (size_t)y * heaps.len, word + (size_t)x * heaps.len, heaps.len);
            ok = ok && word[(size_t)y * heaps.len + k]++ < 255;
        }
    if (ok) {
        for (size_t k = 0; k < heaps.len; k++)
            gen_heap[k] = heaps.v[k];
        q->word = word, q->gen_heap = gen_heap, q->gens = heaps.len;
        word = NULL, gen_heap = NULL;
    }
    free(in), free(members.v), free(heaps.v), free(word), free(gen_heap);
    return ok;
}

/* Generators for q when the candidate is a free product (no base): its generators, and a
 * shortest word of each class, the element of M of least total exponent in it. False
 * when out of memory. */
static bool present_by_generators(const grower *g, nb_quotient *q)
{
    q->gens = g->m.gens;
    q->gen_heap = malloc((g->m.gens + 1) * sizeof *q->gen_heap);
    q->word = calloc((size_t)g->order * (g->m.gens + 1), 1);
    uint32_t *best = malloc(g->order * sizeof *best);
    bool ok = q->gen_heap && q->word && best;
    if (ok) {
        memcpy(q->gen_heap, g->m.gen_heap, g->m.gens * sizeof *q->gen_heap);
        for (uint32_t c = 0; c < g->order; c++)
            best[c] = UINT32_MAX;
    }
    for (uint32_t x = 0; ok && x < g->m.size; x++) {
        uint32_t sum = 0;
        for (size_t k = 0; k < g->m.gens; k++)
            sum += digit(&g->m, x, k);
        uint32_t c = g->cls[x];
        if (best[c] == UINT32_MAX || sum < best[c]) {
            best[c] = sum;
            for (size_t k = 0; k < g->m.gens; k++)
                q->word[(size_t)c * q->gens + k] = (uint8_t)digit(&g->m, x, k);
        }
    }
    free(best);
    return ok;
}

/* Gives q the growth's table: packed whole, or (past the dense bound) a copy of the
 * generators' action and words, nothing packed. False when out of memory. */
static bool table_of_version(const grower *g, nb_quotient *q)
{
    if (g->quo.table)
        return nb_quotient_pack(q, g->quo.table);
    qmon copy;
    if (!nb_quotient_qmon_copy(&g->quo, &copy))
        return false;
    q->act_gens = copy.gens, q->act = copy.act, q->parent = copy.parent, q->via = copy.via;
    return true;
}

/* The version from the growth: its reduced tables, phi over the heaps placed, a shortest
 * word of each element. */
static nb_quotient *make_version(grower *g, bool proved, uint64_t n0, uint64_t p)
{
    nb_quotient *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    if (g->rule)
        q->rule = *g->rule;
    q->graph = g->need->graph;
    q->order = g->order;
    q->lost = malloc(g->order);
    if (q->lost)
        memcpy(q->lost, g->lost, g->order);
    q->n = g->n;
    q->phi = malloc(g->n * sizeof *q->phi);
    q->proved = proved, q->preperiod = n0, q->period = p;
    q->phi_preperiod = proved ? nb_quotient_least_preperiod(g->phi, g->n, n0, p) : n0;
    q->records = g->records;
    q->stop = g->stop;
    q->base = (nb_cached){.destroy = nb_quotient_destroy};
    for (uint64_t h = 0; q->phi && h < g->n; h++)
        q->phi[h] = g->cls[g->phi[h]];
    bool presented = q->lost && (g->m.base > 1 ? present_by_heaps(g, q)
                                               : present_by_generators(g, q));
    if (!q->phi || !presented || !table_of_version(g, q)) {
        nb_quotient_destroy(&q->base);
        return NULL;
    }
    q->base.bytes = sizeof *q + q->packed_len * 2 + q->order + q->n * 4 +
                    (size_t)q->order * q->gens +
                    (q->act ? (size_t)q->order * (q->act_gens + 2) * 4 : 0);
    return q;
}

/* The quotient of the empty position alone (one element, not lost), covering heap 0;
 * `stop` names why growth stopped. */
static nb_quotient *empty_version(const nb_quotient_need *need, const char *stop)
{
    nb_quotient *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    if (need->rule)
        q->rule = *need->rule;
    q->graph = need->graph;
    q->order = 1, q->n = 1, q->stop = stop;
    q->lost = calloc(1, 1), q->phi = calloc(1, 4);
    q->gen_heap = calloc(1, sizeof *q->gen_heap), q->word = calloc(1, 1);
    q->base = (nb_cached){.bytes = sizeof *q + 64, .destroy = nb_quotient_destroy};
    if (!q->lost || !q->phi || !q->gen_heap || !q->word ||
        !nb_quotient_pack(q, (uint16_t[]){0})) {
        nb_quotient_destroy(&q->base);
        return NULL;
    }
    return q;
}

/* The version of the heaps placed before the one that failed: the one saved before its
 * generator trials, or (when it failed before them, leaving the tables as they were)
 * made from the tables. NULL when out of memory. Nothing is computed again, so a growth
 * stopped by its budget keeps what it had certified at once. */
static nb_quotient *version_before_failure(grower *g)
{
    g->n--; /* the heap that could not be placed */
    if (g->saved && g->saved->n == g->n) {
        nb_quotient *q = g->saved;
        g->saved = NULL;
        return q;
    }
    return make_version(g, false, 0, 0);
}

/* Starts the growth where version `from` (certified, exact below from->n) ended: its
 * reduced quotient becomes the candidate (MisereSolver's recalibration with no heap set
 * free), every heap below from->n mapped to its element, then labelled, reduced and
 * certified again: one closure of its records, far less than the growth that found it.
 * False when that cannot be done (the budget spent, no memory): the grower is then as
 * reset, at the start. */
static bool grower_resume(grower *g, const nb_quotient *from)
{
    if (!grower_reset(g))
        return false;
    if (from->graph || from->n <= 1 || !room_for_heap(g, from->n))
        return false;
    size_t order = from->order;
    const qmon view = {from->order, from->act_gens, from->mul, from->act, from->parent,
                       from->via}; /* borrowed */
    trial t = {from->order, {0}, malloc(order), malloc(from->n * sizeof *t.heap_class)};
    bool ok = t.lost && t.heap_class && nb_quotient_qmon_copy(&view, &t.mon);
    if (ok) {
        memcpy(t.lost, from->lost, order);
        memcpy(t.heap_class, from->phi, from->n * sizeof *t.heap_class);
        g->n = from->n;
        u32s none = {0};
        ok = recalibrated_candidate(g, &t, &none, &none) && relabel(g, NULL) == CERTIFIED;
    }
    trial_free(&t);
    if (!ok)
        grower_reset(g);
    return ok;
}

/* Whether the asker's budget stops the growth: spent, or its slice of work used up. */
static bool asker_stops(const grower *g)
{
    return nb_budget_spent(g->budget) || (g->sliced && g->work > g->max_growth);
}

nb_status nb_quotient_build(const nb_quotient_need *need, nb_quotient **out, nb_err *err)
{
    return nb_quotient_grow(need, NULL, out, err);
}

nb_status nb_quotient_grow(const nb_quotient_need *need, const nb_quotient *from,
                           nb_quotient **out, nb_err *err)
{
    grower g = {.need = need, .rule = need->rule, .budget = need->budget,
                .dense = need->how && need->how->dense ? need->how->dense : NB_QUOTIENT_DENSE,
                .max_growth = need->max_work > UINT64_MAX / GROWTH_STEPS
                                  ? UINT64_MAX : GROWTH_STEPS * need->max_work};
    uint64_t slice = need->how ? need->how->slice : 0;
    if (slice && slice < g.max_growth)
        g.max_growth = slice, g.sliced = true;
    uint64_t target = need->heap >= NB_QUOTIENT_MAX_HEAPS ? NB_QUOTIENT_MAX_HEAPS
                                                          : need->heap + 1;
    if (need->graph && target > need->graph->parts)
        target = need->graph->parts;
    uint64_t n0 = 0, p = 0;
    bool resumed = from && grower_resume(&g, from);
    if (from && !resumed && nb_budget_spent(need->budget)) { /* keep what there was */
        grower_free(&g);
        *out = (nb_quotient *)from;
        return NB_OK;
    }
    bool proved = false, ok = resumed || grower_reset(&g);
    if (resumed) {
        nb_quotient_count_resume();
        proved = find_period(&g, &n0, &p);
    }
    u32s failed = {0};
    unsigned restarts = 0;
    nb_quotient *best = NULL, *q = NULL; /* best: the furthest growth before a restart */
    while (ok && g.n < target && !proved) {
        if (asker_stops(&g)) {
            g.stop = "budget";
            break;
        }
        if (g.work > g.max_growth) {
            g.stop = "max_work";
            break;
        }
        verdict v = place_heap(&g, &failed);
        bool learnt = v == FAILED && restarts < MAX_RESTARTS && learn_more(&g, &failed);
        nb_quotient *before = NULL; /* the heaps before the failure, certified again */
        bool failure = v == FAILED;
        if (failure) {
            trial t = {0};
            bool taken = trial_take(&g, &t);
            drop_generator(&g); /* kept by place_heap for learn_more */
            if (!learnt || !best || best->n < g.n - 1) /* it leaves heap n out: put back */
                before = version_before_failure(&g), g.n++;
            v = taken && recalibrate(&g, &t, &failed) == CERTIFIED ? CERTIFIED : FAILED;
            trial_free(&t);
            if (v == CERTIFIED && before)
                before->base.destroy(&before->base), before = NULL;
        }
        if (v == FAILED && learnt) {
            restarts++;
            nb_quotient_count_restart();
            if (before) {
                if (best)
                    best->base.destroy(&best->base);
                best = before;
            }
            ok = grower_reset(&g);
            continue;
        }
        if (v != CERTIFIED) {
            if (!g.stop)
                g.stop = asker_stops(&g) ? "budget" : v == FAILED ? "max_work" : "memory";
            q = failure ? before : version_before_failure(&g);
            ok = q != NULL;
            if (q)
                nb_quotient_set_stop(q, g.stop);
            break;
        }
        proved = find_period(&g, &n0, &p);
        if (need->how && need->how->placed)
            need->how->placed(need->how->ctx, g.n, g.order);
    }
    if (ok && !q)
        q = make_version(&g, proved, n0, p);
    if (q && best && best->n > q->n) { /* a restart went back further than it got */
        nb_quotient_set_stop(best, g.stop);
        q->base.destroy(&q->base);
        q = best, best = NULL;
    }
    if (best && !q) { /* the last growth could not be made certified again */
        nb_quotient_set_stop(best, g.stop ? g.stop : "max_work");
        q = best, best = NULL;
    }
    if (best)
        best->base.destroy(&best->base);
    free(failed.v);
    const char *g_stop = g.stop ? g.stop : asker_stops(&g) ? "budget" : "max_work";
    grower_free(&g);
    if (from && (!q || (!q->proved && q->n <= from->n))) { /* never less than there was */
        if (q)
            q->base.destroy(&q->base);
        *out = (nb_quotient *)from;
        return NB_OK;
    }
    if (!q) /* nothing certified past the empty position: it covers heaps of 0 alone */
        q = empty_version(need, g_stop);
    if (!q)
        return nb_fail(err, NB_ELIMIT, "%s", "no memory to hold the misère quotient");
    nb_quotient_count_growth(q);
    *out = q;
    return NB_OK;
}

