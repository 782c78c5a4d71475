/* nb_cache.h - a thread-safe LRU cache of SG tables, bounded in bytes, single-flight,
 * reference-counted, with tables grown (not recomputed) when a larger one is asked for. */
#ifndef NB_CACHE_H
#define NB_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/nb_error.h"
#include "cache/nb_store.h"

/* A table version. Table types embed it as their first member. Versions are immutable
 * once built: growing makes a new version from the old one. `bytes` is what it holds. */
typedef struct nb_cached {
    size_t bytes;
    void (*destroy)(struct nb_cached *self);
    unsigned refs; /* guarded by the cache's lock */
    bool retired;  /* no longer the entry's current version, or evicted */
} nb_cached;

/* Starts a new version `to` from version `from` (tables of `size` bytes, the header
 * first): every field but the header, which other threads change under the cache's lock
 * while `from` is shared, and so is not read here; `to`'s header is zeroed for its
 * builder to set. */
void nb_cached_copy(nb_cached *to, const nb_cached *from, size_t size);

/* How to build one kind of table. `need` is kind-specific (e.g. the heap to reach).
 * covers: true when version t answers `need` (or can never grow further).
 * build: makes a version that covers `need`, starting from `old` (NULL or read-only).
 * A kind a table store keeps also has (else 0 and NULL):
 * store_kind: its files' kind;
 * image: fills *out with what of version t a file holds, its values borrowed from t;
 *   returns whether that is worth a file (not, e.g., a table cheaper to compute than to
 *   read back);
 * from_store: a version reading the loaded file f, which it takes (and unloads when it is
 *   destroyed), for `need`; NULL (f unloaded) when the file cannot serve it. */
typedef struct nb_cache_kind {
    bool (*covers)(const nb_cached *t, const void *need);
    nb_status (*build)(const nb_cached *old, const void *need, nb_cached **out, nb_err *err);
    nb_store_kind store_kind;
    bool (*image)(const nb_cached *t, nb_table_image *out);
    nb_cached *(*from_store)(nb_stored *f, const void *need);
} nb_cache_kind;

/* bytes: every live table version, cached or still in use after eviction or growth. */
typedef struct nb_cache_stats {
    uint64_t hits, misses, evictions;
    size_t bytes, entries, max_bytes;
} nb_cache_stats;

typedef struct nb_cache nb_cache;

/* A cache holding at most max_bytes of tables (a table in use may exceed it until
 * released). The caller owns it: free with nb_cache_free once no table is in use. */
nb_cache *nb_cache_new(size_t max_bytes);
void nb_cache_free(nb_cache *c);

/* Returns in *out a version of the table under `key` that covers `need`, building or
 * growing it when needed; concurrent callers wanting the same key wait for one build.
 * A caller whose own build stopped short of `need` (a kind may bound one build's work)
 * gets that version: it sees what is missing, and the next call grows it on.
 * The version stays valid until nb_cache_release, whatever is evicted meanwhile. */
nb_status nb_cache_acquire(nb_cache *c, const char *key, const nb_cache_kind *kind,
                           const void *need, const nb_cached **out, nb_err *err);
void nb_cache_release(nb_cache *c, const nb_cached *t);

nb_cache_stats nb_cache_get_stats(nb_cache *c);

/* Puts a table store beneath the cache (borrowed: it outlives the cache): a miss of a
 * kind the store keeps looks there before it builds (a growth too, when another process
 * has written a larger file meanwhile), and a version built is written
 * there by the cache's writer thread (off the caller's path) when it is new to the store
 * or at least twice as large as what the store holds, or newly proves its period.
 * nb_cache_free writes what is queued first. Call before any acquire. */
void nb_cache_attach_store(nb_cache *c, nb_store *store);

/* One cached table as listings give it. `image` is filled when the kind has one (else
 * image.key is NULL). */
typedef struct nb_cache_entry {
    const char *key;
    size_t bytes;
    nb_table_image image;
    bool from_store; /* the version reads a file loaded from the table store */
} nb_cache_entry;

/* Calls fn for every table the cache holds now, under the cache's lock (fn must not call
 * into the cache; what it is given lives until it returns). */
void nb_cache_each(nb_cache *c, void (*fn)(void *arg, const nb_cache_entry *e), void *arg);

#endif
