/* nb_cramtable.c - Cram's transposition table: an open hash table of regions and their
 * values, and the cache kind that keeps the canonical ones across requests (a new version
 * the old one's regions and a request's new ones, made when the request ends) and, once
 * they are many, in the table store across restarts and replicas. */
#include "games/cram/nb_cramtable.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ULL;
    return x ^ x >> 29;
}

/* Where a region's probe starts. */
static size_t home(const nb_cram_regions *r, uint64_t bits, uint16_t shape)
{
    return (size_t)mix(bits ^ (uint64_t)shape << 48) & (r->slots - 1);
}

void nb_cram_regions_prefetch(const nb_cram_regions *r, uint64_t bits, uint16_t shape)
{
    if (r->slots)
        __builtin_prefetch(&r->slot[home(r, bits, shape)]);
}

/* The slot of a region: its own, or the empty one where it would go. */
static nb_cram_slot *slot_of(const nb_cram_regions *r, uint64_t bits, uint16_t shape)
{
    size_t h = home(r, bits, shape);
    while (r->slot[h].shape && !(r->slot[h].bits == bits && r->slot[h].shape == shape))
        h = (h + 1) & (r->slots - 1);
    return &r->slot[h];
}

nb_cram_slot *nb_cram_regions_find(const nb_cram_regions *r, uint64_t bits, uint16_t shape)
{
    nb_cram_slot *at = r->slots ? slot_of(r, bits, shape) : NULL;
    return at && at->shape ? at : NULL;
}

nb_cram_slot *nb_cram_regions_add(nb_cram_regions *r, uint64_t bits, uint16_t shape)
{
    nb_cram_slot *at = slot_of(r, bits, shape);
    if (!at->shape)
        *at = (nb_cram_slot){bits, shape, 0, 0}, r->used++;
    return at;
}

void nb_cram_regions_put(nb_cram_regions *r, uint64_t bits, uint16_t shape, uint8_t value)
{
    nb_cram_slot *at = nb_cram_regions_add(r, bits, shape);
    if (!at->value)
        at->value = value;
}

void nb_cram_regions_resize(nb_cram_regions *r, size_t slots)
{
    nb_cram_regions old = *r;
    r->slots = slots, r->used = 0;
    r->slot = nb_xcalloc_large(slots, sizeof *r->slot);
    for (size_t i = 0; i < old.slots; i++)
        if (old.slot[i].shape)
            *nb_cram_regions_add(r, old.slot[i].bits, old.slot[i].shape) = old.slot[i];
    nb_cram_regions_free(&old);
}

void nb_cram_regions_keep_valued(nb_cram_regions *r)
{
    size_t kept = 0;
    for (size_t i = 0; i < r->slots; i++) /* the valued ones to the front, in order */
        if (r->slot[i].shape && r->slot[i].value)
            r->slot[kept++] = r->slot[i];
    nb_cram_slot *valued = nb_xmalloc((kept ? kept : 1) * sizeof *valued);
    memcpy(valued, r->slot, kept * sizeof *valued);
    memset(r->slot, 0, r->slots * sizeof *r->slot); /* its pages already the process's */
    r->used = 0;
    for (size_t i = 0; i < kept; i++)
        *nb_cram_regions_add(r, valued[i].bits, valued[i].shape) = valued[i];
    free(valued);
}

void nb_cram_regions_free(nb_cram_regions *r)
{
    free(r->slot);
    *r = (nb_cram_regions){0};
}

static void cramtable_destroy(nb_cached *c)
{
    nb_cramtable *t = (nb_cramtable *)c;
    nb_cram_regions_free(&t->regions);
    free(t->packed);
    free(t);
}

/* A version of `slots` slots, its regions still to put, its image made by finish(). */
static nb_cramtable *cramtable_new(size_t slots)
{
    nb_cramtable *t = nb_xcalloc(1, sizeof *t);
    nb_cram_regions_resize(&t->regions, slots);
    return t;
}

static nb_cached *cramtable_finish(nb_cramtable *t)
{
    const nb_cram_regions *r = &t->regions;
    if (r->used >= NB_CRAMTABLE_STORED) {
        t->packed = nb_xmalloc(3 * r->used * sizeof *t->packed);
        for (size_t i = 0; i < r->slots; i++)
            if (r->slot[i].value) { /* every region a version holds has a value */
                const nb_cram_slot *e = &r->slot[i];
                uint32_t *at = t->packed + t->npacked;
                at[0] = (uint32_t)e->bits, at[1] = (uint32_t)(e->bits >> 32);
                at[2] = (uint32_t)e->shape << 8 | e->value;
                t->npacked += 3;
            }
    }
    t->base = (nb_cached){.bytes = sizeof *t + r->slots * NB_CRAM_SLOT_BYTES +
                                   t->npacked * sizeof *t->packed,
                          .destroy = cramtable_destroy};
    return &t->base;
}

static size_t slots_for(size_t want)
{
    size_t slots = 1024;
    while (slots < NB_CRAMTABLE_MAX_SLOTS && 4 * want > 3 * slots)
        slots *= 2;
    return slots;
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
    size_t slots = slots_for((old ? old->regions.used : 0) + (add ? add->used : 0));
    nb_cramtable *t = cramtable_new(slots);
    for (size_t i = 0; old && i < old->regions.slots; i++) {
        const nb_cram_slot *e = &old->regions.slot[i];
        if (e->value)
            nb_cram_regions_put(&t->regions, e->bits, e->shape, e->value);
    }
    for (size_t i = 0; add && i < add->slots && 4 * (t->regions.used + 1) <= 3 * slots; i++) {
        const nb_cram_slot *e = &add->slot[i];
        if (e->value & NB_CRAM_CANONICAL)
            nb_cram_regions_put(&t->regions, e->bits, e->shape, e->value);
    }
    *out = cramtable_finish(t);
    return NB_OK;
}

static bool cramtable_image(const nb_cached *c, nb_table_image *out)
{
    const nb_cramtable *t = (const nb_cramtable *)c;
    *out = (nb_table_image){.kind = NB_STORE_CRAM, .values = t->packed, .width = 4,
                            .count = t->npacked};
    return t->packed != NULL;
}

/* A version read from a file: every entry a canonical region of at most 64 cells in a
 * box no taller than wide, with a value; else the file serves nothing. */
static nb_cached *cramtable_from_store(nb_stored *f, const void *need)
{
    (void)need;
    const nb_table_image *im = &f->image;
    uint64_t n = im->count / 3;
    nb_cramtable *t = im->count % 3 || !n ? NULL : cramtable_new(slots_for(n));
    for (uint64_t i = 0; t && i < n && 4 * (t->regions.used + 1) <= 3 * t->regions.slots; i++) {
        uint64_t bits = nb_image_value(im, 3 * i) | (uint64_t)nb_image_value(im, 3 * i + 1) << 32;
        uint32_t w = nb_image_value(im, 3 * i + 2);
        unsigned h = w >> 16 & 0xFF, cols = w >> 8 & 0xFF, value = w & 0xFF;
        bool sound = w >> 24 == 0 && h >= 1 && h <= cols && h * cols <= 64 &&
                     (value & NB_CRAM_CANONICAL) && (value & ~NB_CRAM_CANONICAL) &&
                     !(h * cols < 64 && bits >> (h * cols));
        if (!sound) {
            cramtable_destroy(&t->base);
            t = NULL;
        } else {
            nb_cram_regions_put(&t->regions, bits, (uint16_t)(w >> 8), (uint8_t)value);
        }
    }
    nb_store_unload(f);
    return t ? cramtable_finish(t) : NULL;
}

const nb_cache_kind nb_cramtable_kind = {cramtable_covers, cramtable_build, NB_STORE_CRAM,
                                         cramtable_image, cramtable_from_store};
