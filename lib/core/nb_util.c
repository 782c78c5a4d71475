/* nb_util.c - aborting allocators, array growth and bit helpers. */
#include "core/nb_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static void *nb_check(void *p, size_t size)
{
    if (!p && size) {
        fprintf(stderr, "libnimber: out of memory allocating %zu bytes\n", size);
        abort();
    }
    return p;
}

void *nb_xmalloc(size_t size) { return nb_check(malloc(size ? size : 1), size); }

void *nb_xcalloc(size_t count, size_t size)
{
    return nb_check(calloc(count ? count : 1, size ? size : 1), count * size);
}

#define HUGE_PAGE ((size_t)2 << 20)

void *nb_xmalloc_large(size_t size)
{
    if (size < 2 * HUGE_PAGE)
        return nb_xmalloc(size);
    size_t rounded = (size + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    void *p = nb_check(aligned_alloc(HUGE_PAGE, rounded), rounded);
    madvise(p, rounded, MADV_HUGEPAGE); /* a hint: without it the array still works */
    return p;
}

void *nb_xcalloc_large(size_t count, size_t size)
{
    void *p = nb_xmalloc_large(count * size);
    memset(p, 0, count * size);
    return p;
}

void *nb_xrealloc(void *ptr, size_t size) { return nb_check(realloc(ptr, size ? size : 1), size); }

size_t nb_copy_cut(char *dst, size_t size, const char *s)
{
    size_t n = strnlen(s, size - 1);
    memcpy(dst, s, n);
    dst[n] = '\0';
    return n;
}

bool nb_parse_count(const char *text, uint64_t least, uint64_t most, uint64_t *out)
{
    size_t n = strlen(text);
    if (!n || n > 19 || strspn(text, "0123456789") != n)
        return false;
    uint64_t v = strtoull(text, NULL, 10); /* 19 digits never overflow 64 bits */
    *out = v;
    return v >= least && v <= most;
}

void nb_reserve(void **items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return;
    size_t grown = *cap ? *cap : 8;
    while (grown < need)
        grown *= 2;
    *items = nb_xrealloc(*items, grown * size);
    *cap = grown;
}

int nb_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

unsigned nb_mex128(const uint64_t mask[2])
{
    if (~mask[0])
        return (unsigned)__builtin_ctzll(~mask[0]);
    if (~mask[1])
        return 64 + (unsigned)__builtin_ctzll(~mask[1]);
    return 128;
}

uint64_t nb_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

unsigned nb_bit_length(uint64_t x) { return x ? 64 - (unsigned)__builtin_clzll(x) : 0; }

size_t nb_last_at_most(const uint64_t *sorted, size_t len, uint64_t x)
{
    size_t lo = 0, hi = len; /* sorted[lo] <= x < sorted[hi] (hi = len: past the end) */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (sorted[mid] <= x)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}
