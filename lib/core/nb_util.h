/* nb_util.h - allocation that aborts on exhaustion, growth of arrays, a bounded string
 * copy, small bit helpers. */
#ifndef NB_UTIL_H
#define NB_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Allocators that never return NULL: they abort when memory is exhausted. Every size
 * they see is bounded by a limit checked before. The caller owns and frees the result. */
void *nb_xmalloc(size_t size);
void *nb_xcalloc(size_t count, size_t size);
void *nb_xrealloc(void *ptr, size_t size);
/* The same for large arrays: backed by huge pages where the system has them, so that a
 * first touch faults once per 2 MiB instead of per 4 KiB and random reads miss the TLB
 * less. Freed with free(). */
void *nb_xmalloc_large(size_t size);
void *nb_xcalloc_large(size_t count, size_t size);

/* s into dst of `size` (>= 1) bytes, cut to fit with its NUL: snprintf's "%s" without its
 * cost. Returns the length copied. */
size_t nb_copy_cut(char *dst, size_t size, const char *s);

/* A decimal count written in digits alone (no sign, space or exponent) between least and
 * most into *out: false for anything else, an overflow included. */
bool nb_parse_count(const char *text, uint64_t least, uint64_t most, uint64_t *out);

/* Makes room for `need` elements of `size` bytes in *items (capacity *cap), doubling. */
void nb_reserve(void **items, size_t *cap, size_t need, size_t size);

/* qsort comparison of uint64_t values, ascending. */
int nb_cmp_u64(const void *a, const void *b);

/* Smallest value not set in a 128-bit mask (bits 0..127). */
unsigned nb_mex128(const uint64_t mask[2]);

/* Bit i of a bitset held in 64-bit words. */
static inline bool nb_bit_test(const uint64_t *set, uint64_t i)
{
    return set[i >> 6] >> (i & 63) & 1;
}

static inline void nb_bit_set(uint64_t *set, uint64_t i) { set[i >> 6] |= 1ULL << (i & 63); }

/* The next number of a splitmix64 generator whose state is *state (any start). */
uint64_t nb_splitmix64(uint64_t *state);

/* Number of bits needed to write x (0 for 0). */
unsigned nb_bit_length(uint64_t x);

/* The largest i < len with sorted[i] <= x, by binary search (sorted ascending, len >= 1
 * and sorted[0] <= x). */
size_t nb_last_at_most(const uint64_t *sorted, size_t len, uint64_t x);

#endif
