/* nb_cramtable.h - Cram's transposition table: the value of each connected region searched
 * (a frame of at most 64 cells in its bounding box, in its canonical form), an open
 * hash table a request fills as it searches, and a version of it kept in the cache that
 * later requests read and add to. */
#ifndef NB_CRAMTABLE_H
#define NB_CRAMTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cache/nb_cache.h"

/* Regions by their cells (bit r w + c) and shape (h << 8 | w; 0 marks an empty slot), a
 * slot each, so that a probe reads one cache line. value: 0 while unknown, else the value
 * + 1, with NB_CRAM_CANONICAL set when the key is a canonical form (the others are
 * regions as a search met them); excluded: the nimbers a search ruled out (bit x: the
 * value is not x). Owned by whoever made it: free with nb_cram_regions_free. */
typedef struct nb_cram_slot {
    uint64_t bits;
    uint16_t shape;
    uint8_t value, excluded;
} nb_cram_slot;

typedef struct nb_cram_regions {
    nb_cram_slot *slot;
    size_t slots, used; /* slots: a power of two (or 0) */
} nb_cram_regions;

#define NB_CRAM_CANONICAL 0x80
/* The bytes a slot takes. */
#define NB_CRAM_SLOT_BYTES sizeof(nb_cram_slot)

/* A region's slot, or NULL when the table does not hold it. */
nb_cram_slot *nb_cram_regions_find(const nb_cram_regions *r, uint64_t bits, uint16_t shape);
/* Asks the processor for a region's slot ahead of its lookup. */
void nb_cram_regions_prefetch(const nb_cram_regions *r, uint64_t bits, uint16_t shape);
/* A region's slot, made (unknown, nothing excluded) when the table does not hold it: the
 * table must have a free slot, and stays at most three quarters full only if the caller
 * grows it first. Valid until the table is resized. */
nb_cram_slot *nb_cram_regions_add(nb_cram_regions *r, uint64_t bits, uint16_t shape);
/* Keeps a region's value byte unless the table knows its value (with the room above). */
void nb_cram_regions_put(nb_cram_regions *r, uint64_t bits, uint16_t shape, uint8_t value);
/* Makes the table `slots` slots (a power of two above its entries), entries kept. */
void nb_cram_regions_resize(nb_cram_regions *r, size_t slots);
/* Drops the entries without a value (those that only rule nimbers out), in place. */
void nb_cram_regions_keep_valued(nb_cram_regions *r);
void nb_cram_regions_free(nb_cram_regions *r);

/* The cached version: the canonical regions every request so far searched (immutable once
 * built; the cache owns it), and once they are NB_CRAMTABLE_STORED or more, their image
 * for the table store (three words a region: its cells' low and high halves, then shape
 * << 8 | value byte; owned). */
typedef struct nb_cramtable {
    nb_cached base;
    nb_cram_regions regions;
    uint32_t *packed;
    uint64_t npacked;
} nb_cramtable;

/* Regions from which the table goes to the store: fewer are searched again sooner than
 * read back. */
#define NB_CRAMTABLE_STORED 32768

/* What a caller needs: the cached table, and with `add` a new version holding add's
 * canonical regions beside the old ones (at most NB_CRAMTABLE_MAX_SLOTS slots: past it the
 * regions that do not fit are left out). */
typedef struct nb_cramtable_need {
    const nb_cram_regions *add;
} nb_cramtable_need;

#define NB_CRAMTABLE_MAX_SLOTS ((size_t)1 << 22)

extern const nb_cache_kind nb_cramtable_kind;

/* The cache key of the table ("cram:regions"). */
#define NB_CRAMTABLE_KEY "cram:regions"

#endif
