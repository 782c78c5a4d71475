/* nb_stateset.c - a compact set of variable-length states: LEB128 bytes in one arena,
 * 32-bit offsets, linear probing over 32-bit slots that carry five bits of the hash, so
 * that most probes of another state are told apart without reading the arena. */
#include "engine/nb_stateset.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

#define SLOT_INDEX ((1u << 27) - 1)
_Static_assert(NB_STATESET_MAX_STATES + 1 <= SLOT_INDEX, "every index + 1 fits a slot");

static uint64_t hash_bytes(const uint8_t *b, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdULL;
        h = (h << 31) | (h >> 33);
    }
    uint64_t tail = 0;
    memcpy(&tail, b + i, n - i);
    h = (h ^ tail) * 0xff51afd7ed558ccdULL;
    h ^= h >> 33; /* murmur3's finalizer: every input bit reaches every output bit */
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

/* The high five bits of a slot: the hash's top bits. */
static uint32_t slot_tag(uint64_t hash) { return (uint32_t)(hash >> 59) << 27; }

/* w encoded into set->key: seven bits a byte, the high bit set on every byte but a
 * word's last. */
static void encode(nb_stateset *set, const uint64_t *w, size_t len)
{
    nb_reserve((void **)&set->key, &set->keycap, len * 10 + 1, 1);
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        uint64_t x = w[i];
        for (; x >= 0x80; x >>= 7)
            set->key[k++] = (uint8_t)(x | 0x80);
        set->key[k++] = (uint8_t)x;
    }
    set->keylen = k;
}

static size_t state_bytes(const nb_stateset *set, size_t i)
{
    return set->start[i + 1] - set->start[i];
}

static void rehash(nb_stateset *set)
{
    size_t n = set->nslots ? set->nslots * 2 : 1024;
    uint32_t *slots = nb_xcalloc_large(n, sizeof *slots);
    for (size_t i = 0; i < set->n; i++) {
        uint64_t hash = hash_bytes(set->bytes + set->start[i], state_bytes(set, i));
        size_t h = hash & (n - 1);
        while (slots[h])
            h = (h + 1) & (n - 1);
        slots[h] = slot_tag(hash) | (uint32_t)(i + 1);
    }
    free(set->slots);
    set->slots = slots;
    set->nslots = n;
}

/* The index of the key, or SIZE_MAX with *slot where it would go and *tag its tag. */
static size_t lookup(const nb_stateset *set, size_t *slot, uint32_t *tag)
{
    uint64_t hash = hash_bytes(set->key, set->keylen);
    size_t h = hash & (set->nslots - 1);
    *tag = slot_tag(hash);
    for (; set->slots[h]; h = (h + 1) & (set->nslots - 1)) {
        uint32_t s = set->slots[h];
        size_t i = (s & SLOT_INDEX) - 1;
        if ((s & ~SLOT_INDEX) == *tag && state_bytes(set, i) == set->keylen &&
            !memcmp(set->bytes + set->start[i], set->key, set->keylen))
            return i;
    }
    *slot = h;
    return SIZE_MAX;
}

size_t nb_stateset_find(nb_stateset *set, const uint64_t *w, size_t len)
{
    if (!set->nslots)
        return SIZE_MAX;
    size_t slot;
    uint32_t tag;
    encode(set, w, len);
    return lookup(set, &slot, &tag);
}

size_t nb_stateset_add(nb_stateset *set, const uint64_t *w, size_t len, size_t max_states,
                       bool *added)
{
    *added = false;
    if (!set->nslots)
        rehash(set);
    size_t slot;
    uint32_t tag;
    encode(set, w, len);
    size_t found = lookup(set, &slot, &tag);
    if (found != SIZE_MAX)
        return found;
    if (set->n >= max_states || set->n >= NB_STATESET_MAX_STATES ||
        set->nbytes + set->keylen > NB_STATESET_MAX_BYTES)
        return SIZE_MAX;
    nb_reserve((void **)&set->start, &set->cap, set->n + 2, sizeof *set->start);
    /* One byte more, so the arena exists even when its first state is the empty one. */
    nb_reserve((void **)&set->bytes, &set->bcap, set->nbytes + set->keylen + 1, 1);
    memcpy(set->bytes + set->nbytes, set->key, set->keylen);
    size_t i = set->n++;
    set->start[i] = (uint32_t)set->nbytes;
    set->nbytes += set->keylen;
    set->start[i + 1] = (uint32_t)set->nbytes;
    set->slots[slot] = tag | (uint32_t)(i + 1);
    if (2 * set->n > set->nslots)
        rehash(set);
    *added = true;
    return i;
}

void nb_stateset_get(const nb_stateset *set, size_t i, nb_state *out)
{
    const uint8_t *b = set->bytes + set->start[i], *end = set->bytes + set->start[i + 1];
    size_t len = 0;
    for (const uint8_t *p = b; p < end; p++)
        len += !(*p & 0x80);
    nb_state_resize(out, len);
    for (size_t k = 0; k < len; k++) {
        uint64_t x = 0;
        for (unsigned shift = 0;; shift += 7) {
            uint8_t byte = *b++;
            x |= (uint64_t)(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                break;
        }
        out->w[k] = x;
    }
}

uint64_t nb_stateset_bytes(const nb_stateset *set)
{
    return (uint64_t)set->bcap + (uint64_t)set->cap * sizeof *set->start +
           (uint64_t)set->nslots * sizeof *set->slots + set->keycap;
}

void nb_stateset_free(nb_stateset *set)
{
    free(set->bytes);
    free(set->start);
    free(set->slots);
    free(set->key);
    *set = (nb_stateset){0};
}
