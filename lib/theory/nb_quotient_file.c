/* nb_quotient_file.c - a quotient version as a table file holds it: packed in two-byte
 * values (the version reads its multiplication table in place), read back with every
 * field checked for range, and served only once certified again. */
#include "theory/nb_quotient_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- the packed form a table file holds ----
 * Two-byte values: a header (a tag of at least 256, so that the store keeps two bytes a
 * value; the layout; order; generators; proved; why growth stopped; then n, preperiod,
 * period and records, each as four 16-bit pieces, low first), the generators' heaps, the
 * P-portion (order values), phi (n values), the words (order x gens exponents) and the
 * multiplication table (order x order), which the version uses in place. */
enum {
    PACK_TAG = 0x5171,
    PACK_LAYOUT = 1,
    H_TAG = 0, H_LAYOUT, H_ORDER, H_GENS, H_PROVED, H_STOP, H_N, H_PREPERIOD = H_N + 4,
    H_PERIOD = H_PREPERIOD + 4, H_RECORDS = H_PERIOD + 4, H_LEN = H_RECORDS + 4
};

/* The phrases `stop` may hold, by their code in a file (0: none). */
static const char *const STOPS[] = {NULL, "budget", "max_work", "max_quotient", "memory"};

static uint64_t packed_len(uint32_t order, size_t gens, uint64_t n)
{
    return H_LEN + gens + order + n + (uint64_t)order * gens + (uint64_t)order * order;
}

static void put64(uint16_t *at, uint64_t v)
{
    for (int i = 0; i < 4; i++)
        at[i] = (uint16_t)(v >> (16 * i));
}

static uint64_t get64(const nb_table_image *im, uint64_t at)
{
    uint64_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint64_t)nb_image_value(im, at + (uint64_t)i) << (16 * i);
    return v;
}

/* Fills q->packed from q's fields and the table mul, and points q->mul into it. Every
 * value fits two bytes: order <= 4096, heaps < 65536, exponents < 256. */
bool nb_quotient_pack(nb_quotient *q, const uint16_t *mul)
{
    uint64_t len = packed_len(q->order, q->gens, q->n);
    uint16_t *v = malloc(len * sizeof *v);
    if (!v)
        return false;
    unsigned stop = 0;
    for (unsigned i = 1; i < sizeof STOPS / sizeof *STOPS; i++)
        if (q->stop && !strcmp(q->stop, STOPS[i]))
            stop = i;
    v[H_TAG] = PACK_TAG, v[H_LAYOUT] = PACK_LAYOUT, v[H_ORDER] = (uint16_t)q->order;
    v[H_GENS] = (uint16_t)q->gens, v[H_PROVED] = q->proved, v[H_STOP] = (uint16_t)stop;
    put64(v + H_N, q->n), put64(v + H_PREPERIOD, q->preperiod);
    put64(v + H_PERIOD, q->period), put64(v + H_RECORDS, q->records);
    uint16_t *at = v + H_LEN;
    for (size_t k = 0; k < q->gens; k++)
        *at++ = (uint16_t)q->gen_heap[k];
    for (uint32_t x = 0; x < q->order; x++)
        *at++ = q->lost[x];
    for (uint64_t h = 0; h < q->n; h++)
        *at++ = (uint16_t)q->phi[h];
    for (uint64_t i = 0; i < (uint64_t)q->order * q->gens; i++)
        *at++ = q->word[i];
    memcpy(at, mul, (size_t)q->order * q->order * sizeof *mul);
    q->packed = v, q->packed_len = len, q->mul = at;
    return true;
}

/* Says why q's growth stopped, in q and in its packed form. */
void nb_quotient_set_stop(nb_quotient *q, const char *stop)
{
    q->stop = stop;
    for (unsigned i = 0; q->packed && i < sizeof STOPS / sizeof *STOPS; i++)
        if (!i || (stop && !strcmp(stop, STOPS[i])))
            q->packed[H_STOP] = (uint16_t)i;
}


/* A version from a file's packed values for need's rule or parts, its fields checked for
 * range (not yet certified); NULL when they do not describe one. */
static nb_quotient *unpack(const nb_table_image *im, const nb_quotient_need *need)
{
    if (im->count < H_LEN || nb_image_value(im, H_TAG) != PACK_TAG ||
        nb_image_value(im, H_LAYOUT) != PACK_LAYOUT)
        return NULL;
    uint32_t order = nb_image_value(im, H_ORDER), gens = nb_image_value(im, H_GENS);
    uint32_t proved = nb_image_value(im, H_PROVED), stop = nb_image_value(im, H_STOP);
    uint64_t n = get64(im, H_N), n0 = get64(im, H_PREPERIOD), p = get64(im, H_PERIOD);
    if (!order || order > NB_QUOTIENT_MAX_ORDER || gens > 64 || proved > 1 ||
        stop >= sizeof STOPS / sizeof *STOPS || !n || n > NB_QUOTIENT_MAX_HEAPS ||
        im->count != packed_len(order, gens, n))
        return NULL;
    nb_quotient *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    q->base = (nb_cached){.destroy = nb_quotient_destroy};
    if (need->rule)
        q->rule = *need->rule;
    q->graph = need->graph;
    q->order = order, q->gens = gens, q->n = n, q->proved = proved;
    q->preperiod = n0, q->period = p, q->records = get64(im, H_RECORDS), q->stop = STOPS[stop];
    q->packed = malloc(im->count * sizeof *q->packed), q->packed_len = im->count;
    q->gen_heap = malloc((gens + 1) * sizeof *q->gen_heap), q->lost = malloc(order);
    q->phi = malloc(n * sizeof *q->phi), q->word = malloc((size_t)order * gens + 1);
    bool ok = q->packed && q->gen_heap && q->lost && q->phi && q->word;
    for (uint64_t i = 0; ok && i < im->count; i++)
        q->packed[i] = (uint16_t)nb_image_value(im, i);
    const uint16_t *at = q->packed + H_LEN;
    for (size_t k = 0; ok && k < gens; k++, at++)
        q->gen_heap[k] = *at, ok = *at < n && (!k || *at > q->gen_heap[k - 1]);
    for (uint32_t x = 0; ok && x < order; x++, at++)
        q->lost[x] = (uint8_t)*at, ok = *at <= 1;
    for (uint64_t h = 0; ok && h < n; h++, at++)
        q->phi[h] = *at, ok = *at < order;
    if (ok && proved)
        q->phi_preperiod = nb_quotient_least_preperiod(q->phi, n, n0, p);
    for (size_t i = 0; ok && i < (size_t)order * gens; i++, at++)
        q->word[i] = (uint8_t)*at, ok = *at < 256;
    q->mul = (uint16_t *)at;
    for (size_t i = 0; ok && i < (size_t)order * order; i++)
        ok = q->mul[i] < order;
    if (!ok) {
        nb_quotient_destroy(&q->base);
        return NULL;
    }
    q->base.bytes = sizeof *q + q->packed_len * 2 + order + n * 4 + (size_t)order * gens;
    return q;
}

/* A file holds the packed version; any version past the empty position's is worth one
 * (a quotient costs far more to grow than to read back), but one held by its generators,
 * which is not packed. */
bool nb_quotient_image(const nb_cached *c, nb_table_image *out)
{
    const nb_quotient *q = (const nb_quotient *)c;
    *out = (nb_table_image){.kind = NB_STORE_QUOTIENT, .values = q->packed, .width = 2,
                            .count = q->packed_len, .period = q->proved ? q->period : 0,
                            .preperiod = q->proved ? q->preperiod : 0};
    return q->n > 1 && !q->from_file && q->packed;
}

/* A version read back from a file serves only once certified as a built one is: its
 * table a commutative monoid, every record of its heaps' sums parity-correct, its period
 * one the theorem proves. */
nb_cached *nb_quotient_from_store(nb_stored *f, const void *need_)
{
    const nb_quotient_need *need = need_;
    nb_quotient *q = unpack(&f->image, need);
    nb_store_unload(f);
    if (q && !nb_quotient_certify_within(q, need->max_work, need->budget)) {
        nb_quotient_destroy(&q->base);
        q = NULL;
    }
    if (q)
        q->from_file = true;
    nb_quotient_count_file(q != NULL);
    return q ? &q->base : NULL;
}

