/* api_alloc.c - jansson's allocator: metered by the request's budget, small trees carved
 * from a per-thread arena.
 *
 * A parse's tree is about twenty small blocks, made on one thread and freed together at
 * the request's end, maybe on another. Carving them from an arena costs a bump and an
 * atomic count where malloc, free and the size lookups for the budget cost several
 * hundred instructions a block. The arenas lie in one static array, so that free tells a
 * carved block by its address, and a block jansson made outside a parse (json_dumps'
 * text) is malloc's, which free() takes back. An arena is counted like a reference: one
 * for each block carved and not yet freed, one while a thread carves from it; at 0 it is
 * free for any thread to take. The thread that holds an arena tallies its own carving and
 * freeing there without atomics and posts the tally to the count once a parse ends (before
 * its tree can reach another thread) and when it next readies or leaves the arena: the
 * count never falls to 0 while the arena is held. Under AddressSanitizer every block is
 * malloc's, so that the sanitizer sees each one. */
#include "api_alloc.h"

#include <jansson.h>
#include <malloc.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define CARVE 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CARVE 0
#endif
#endif
#ifndef CARVE
#define CARVE 1
#endif

#define ARENA_BYTES (16u << 10)
#define ARENAS 256 /* threads carving at once, and arenas pinned by trees kept */
/* Bytes malloc keeps beside each block (glibc's header, rounded): counted with it. */
#define BLOCK_OVERHEAD 16

/* An arena's count: blocks carved from it and not yet freed, plus 1 while a thread carves
 * from it; 0: free for a thread to take. */
typedef struct arena {
    alignas(64) atomic_size_t refs; /* a cache line each: threads count their own apart */
    size_t used; /* bytes carved (only the thread that holds it reads or writes this) */
} arena;

static arena arenas[ARENAS];
/* Every arena's bytes in one place, so that free tells a carved block by its address. */
static alignas(64) unsigned char arena_bytes[ARENAS][ARENA_BYTES];

/* The budget that this thread's allocations count against (borrowed), or NULL. */
static _Thread_local nb_budget *metered;
/* The arena this thread carves from (one of its references), or NULL. */
static _Thread_local arena *mine;
/* Blocks of `mine` this thread carved less those it freed, not yet in mine's count. */
static _Thread_local ptrdiff_t unposted;
/* Lets go of a thread's arena when the thread ends. */
static pthread_key_t thread_end;

/* jemalloc's size of the block malloc(n) gives, computed without looking the block up:
 * linked into nimberd, absent (null) from the test binaries and the sanitizer builds,
 * which keep glibc's allocator and ask malloc_usable_size. */
extern size_t nallocx(size_t n, int flags) __attribute__((weak));

static void let_go(arena *a) { atomic_fetch_sub_explicit(&a->refs, 1, memory_order_release); }

/* This thread's tally of its arena, added to the arena's count. */
static void post(void)
{
    if (mine && unposted)
        atomic_fetch_add_explicit(&mine->refs, (size_t)unposted, memory_order_release);
    unposted = 0;
}

static void let_go_at_thread_end(void *a)
{
    post();
    let_go(a);
}

/* The arena that block p was carved from, or NULL when malloc made it. */
static arena *carved_from(const void *p)
{
    uintptr_t at = (uintptr_t)p, first = (uintptr_t)arena_bytes[0];
    if (at < first || at >= first + sizeof arena_bytes)
        return NULL;
    return &arenas[(at - first) / ARENA_BYTES];
}

/* n bytes from this thread's arena, or NULL when it has none or no room. */
static void *carve(size_t n)
{
    arena *a = mine;
    size_t need = (n + 15) & ~(size_t)15;
    if (!a || need > ARENA_BYTES - a->used)
        return NULL;
    void *p = arena_bytes[a - arenas] + a->used;
    a->used += need;
    unposted++;
    return p;
}

/* A block carved while a parse runs is not metered one by one: an arena is small, and a
 * tree that outgrows it goes on in malloc's blocks, each metered (and the parse's time
 * checked at each). */
static void *counted_malloc(size_t n)
{
    if (!metered)
        return malloc(n);
    void *p = carve(n);
    if (p)
        return p;
    if (nb_budget_spent(metered))
        return NULL;
    p = malloc(n);
    size_t block = !p ? 0 : nallocx ? nallocx(n | !n, 0) : malloc_usable_size(p);
    if (p && !nb_budget_hold(metered, block + BLOCK_OVERHEAD)) {
        free(p);
        return NULL;
    }
    return p;
}

static void counted_free(void *p)
{
    arena *a = carved_from(p);
    if (a && a == mine) {
        unposted--;
        return;
    }
    if (a) {
        let_go(a);
        return;
    }
    if (p && metered)
        nb_budget_drop(metered, malloc_usable_size(p) + BLOCK_OVERHEAD);
    free(p);
}

/* Installed before main. */
__attribute__((constructor)) static void install(void)
{
    if (pthread_key_create(&thread_end, let_go_at_thread_end))
        abort();
    json_set_alloc_funcs(counted_malloc, counted_free);
}

/* A free arena, taken (its count 1), or NULL when every one is in use. */
static arena *take_arena(void)
{
    for (size_t i = 0; i < ARENAS; i++) {
        size_t none = 0;
        if (atomic_compare_exchange_strong_explicit(&arenas[i].refs, &none, 1,
                                                    memory_order_acquire, memory_order_relaxed)) {
            arenas[i].used = 0;
            return &arenas[i];
        }
    }
    return NULL;
}

/* Starts a parse's carving: the arena emptied when no block of it lives; another when
 * blocks elsewhere still hold it and less than half of it is left. */
static void ready_arena(void)
{
    arena *a = mine;
    if (a && atomic_load_explicit(&a->refs, memory_order_acquire) + (size_t)unposted == 1) {
        /* no block of it lives, so no other thread touches its count */
        atomic_store_explicit(&a->refs, 1, memory_order_relaxed);
        unposted = 0;
        a->used = 0;
        return;
    }
    if (a && a->used <= ARENA_BYTES / 2)
        return;
    post();
    if (a)
        let_go(a);
    mine = take_arena();
    pthread_setspecific(thread_end, mine);
}

void api_alloc_meter(nb_budget *budget)
{
    metered = budget;
    if (CARVE && budget)
        ready_arena();
    else
        post(); /* the parse is over: its tree may go to other threads */
}

size_t api_alloc_pins(void)
{
    size_t n = 0;
    for (size_t i = 0; i < ARENAS; i++)
        n += atomic_load_explicit(&arenas[i].refs, memory_order_acquire);
    return n;
}
