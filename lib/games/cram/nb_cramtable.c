/* nb_cramtable.c - Cram's transposition table: an open hash table of regions and their
 * values, and the cache kind that keeps the canonical ones across requests (a new version
 * the old one's regions and a request's new ones, made when the request ends). */
#include "games/cram/nb_cramtable.h"

#include <stdlib.h>

#include "core/nb_util.h"

static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ULL;
    return x ^ x >> 29;
}

/* The slot of a region: its own, or the empty one where it would go. */
static size_t slot_of(const nb_cram_regions *r, uint64_t bits, uint16_t shape)
{
    size_t h = (size_t)mix(bits ^ (uint64_t)shape << 48) & (r->slots - 1);
    while (r->values[h] && !(r->keys[h] == bits && r->shapes[h] == shape))
        h = (h + 1) & (r->slots - 1);
    return h;
}

uint8_t nb_cram_regions_find(const nb_cram_regions *r, uint64_t bits, uint16_t shape)
{
    return r->slots ? r->values[slot_of(r, bits, shape)] : 0;
}

void nb_cram_regions_put(nb_cram_regions *r, uint64_t bits, uint16_t shape, uint8_t value)
{
    size_t at = slot_of(r, bits, shape);
    if (r->values[at])
        return;
    r->values[at] = value, r->keys[at] = bits, r->shapes[at] = shape;
    r->used++;
}

void nb_cram_regions_or(nb_cram_regions *r, uint64_t bits, uint16_t shape, uint8_t value)
{
    size_t at = slot_of(r, bits, shape);
    if (!r->values[at])
        r->keys[at] = bits, r->shapes[at] = shape, r->used++;
    r->values[at] |= value;
}

void nb_cram_regions_resize(nb_cram_regions *r, size_t slots)
{
    nb_cram_regions old = *r;
    r->slots = slots, r->used = 0;
    r->keys = nb_xmalloc(slots * sizeof *r->keys);
    r->shapes = nb_xmalloc(slots * sizeof *r->shapes);
    r->values = nb_xcalloc(slots, 1);
    for (size_t i = 0; i < old.slots; i++)
        if (old.values[i])
            nb_cram_regions_put(r, old.keys[i], old.shapes[i], old.values[i]);
    nb_cram_regions_free(&old);
}

void nb_cram_regions_free(nb_cram_regions *r)
{
    free(r->keys);
    free(r->shapes);
    free(r->values);
    *r = (nb_cram_regions){0};
}

static void cramtable_destroy(nb_cached *c)
{
    nb_cramtable *t = (nb_cramtable *)c;
    nb_cram_regions_free(&t->regions);
    free(t);
}

static bool cramtable_covers(const nb_cached *c, const void *need)
{
    (void)c;
    return !((const nb_cramtable_need *)need)->add;
}

/* The old version's regions and the canonical ones of `add`, as many as fit. */
static nb_status cramtable_build(const nb_cached *old_, const void *need_, nb_cached **out,
                                 nb_err *err)
{
    (void)err;
    const nb_cramtable *old = (const nb_cramtable *)old_;
    const nb_cram_regions *add = ((const nb_cramtable_need *)need_)->add;
    nb_cramtable *t = nb_xcalloc(1, sizeof *t);
    size_t want = (old ? old->regions.used : 0) + (add ? add->used : 0), slots = 1024;
    while (slots < NB_CRAMTABLE_MAX_SLOTS && 4 * want > 3 * slots)
        slots *= 2;
    nb_cram_regions_resize(&t->regions, slots);
    for (size_t i = 0; old && i < old->regions.slots; i++)
        if (old->regions.values[i])
            nb_cram_regions_put(&t->regions, old->regions.keys[i], old->regions.shapes[i],
                                old->regions.values[i]);
    for (size_t i = 0; add && i < add->slots && 4 * (t->regions.used + 1) <= 3 * slots; i++)
        if (add->values[i] & NB_CRAM_CANONICAL)
            nb_cram_regions_put(&t->regions, add->keys[i], add->shapes[i], add->values[i]);
    t->base = (nb_cached){.bytes = sizeof *t + slots * NB_CRAM_SLOT_BYTES,
                          .destroy = cramtable_destroy};
    *out = &t->base;
    return NB_OK;
}

const nb_cache_kind nb_cramtable_kind = {.covers = cramtable_covers, .build = cramtable_build};
