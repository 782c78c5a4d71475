/* nb_cache.c - LRU list and chained hash of entries under one mutex; builds run outside
 * the lock while the entry is marked busy, and waiters sleep on a condition variable. */
#include "tables/nb_cache.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

#define NB_CACHE_BUCKETS 1024

typedef struct entry {
    char *key;
    nb_cached *current; /* NULL until the first build succeeds */
    bool busy;          /* a build is running for it */
    unsigned pins;      /* callers inside acquire holding this entry */
    struct entry *next_in_bucket;
    struct entry *prev, *next; /* LRU list, most recent first */
} entry;

struct nb_cache {
    pthread_mutex_t lock;
    pthread_cond_t built;
    entry *buckets[NB_CACHE_BUCKETS];
    entry *head, *tail;
    size_t resident; /* bytes of the entries' current versions: what eviction bounds */
    nb_cache_stats stats; /* stats.bytes: every live version, in use or cached */
};

static size_t hash_key(const char *key)
{
    size_t h = 1469598103934665603ULL;
    for (; *key; key++)
        h = (h ^ (unsigned char)*key) * 1099511628211ULL;
    return h % NB_CACHE_BUCKETS;
}

static void lru_unlink(nb_cache *c, entry *e)
{
    if (e->prev)
        e->prev->next = e->next;
    else
        c->head = e->next;
    if (e->next)
        e->next->prev = e->prev;
    else
        c->tail = e->prev;
    e->prev = e->next = NULL;
}

static void lru_push_front(nb_cache *c, entry *e)
{
    e->next = c->head;
    e->prev = NULL;
    if (c->head)
        c->head->prev = e;
    c->head = e;
    if (!c->tail)
        c->tail = e;
}

/* Frees a version once it is retired and unused. Lock held. */
static void maybe_destroy(nb_cache *c, nb_cached *t)
{
    if (t && t->retired && t->refs == 0) {
        c->stats.bytes -= t->bytes;
        t->destroy(t);
    }
}

static void retire(nb_cache *c, nb_cached *t)
{
    if (t) {
        t->retired = true;
        maybe_destroy(c, t);
    }
}

static void remove_entry(nb_cache *c, entry *e)
{
    entry **link = &c->buckets[hash_key(e->key)];
    while (*link != e)
        link = &(*link)->next_in_bucket;
    *link = e->next_in_bucket;
    lru_unlink(c, e);
    if (e->current)
        c->resident -= e->current->bytes;
    retire(c, e->current);
    c->stats.entries--;
    free(e->key);
    free(e);
}

/* Evicts least recently used idle entries until the bytes fit. Lock held. */
static void evict(nb_cache *c)
{
    entry *e = c->tail;
    while (c->resident > c->stats.max_bytes && e) {
        entry *prev = e->prev;
        if (!e->busy && !e->pins && e->current) {
            remove_entry(c, e);
            c->stats.evictions++;
        }
        e = prev;
    }
}

nb_cache *nb_cache_new(size_t max_bytes)
{
    nb_cache *c = nb_xcalloc(1, sizeof *c);
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->built, NULL);
    c->stats.max_bytes = max_bytes;
    return c;
}

void nb_cache_free(nb_cache *c)
{
    if (!c)
        return;
    while (c->head)
        remove_entry(c, c->head);
    pthread_cond_destroy(&c->built);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

static entry *find_or_add(nb_cache *c, const char *key)
{
    size_t b = hash_key(key);
    for (entry *e = c->buckets[b]; e; e = e->next_in_bucket)
        if (!strcmp(e->key, key))
            return e;
    entry *e = nb_xcalloc(1, sizeof *e);
    size_t n = strlen(key) + 1;
    e->key = memcpy(nb_xmalloc(n), key, n);
    e->next_in_bucket = c->buckets[b];
    c->buckets[b] = e;
    lru_push_front(c, e);
    c->stats.entries++;
    return e;
}

nb_status nb_cache_acquire(nb_cache *c, const char *key, const nb_cache_kind *kind,
                           const void *need, const nb_cached **out, nb_err *err)
{
    pthread_mutex_lock(&c->lock);
    entry *e = find_or_add(c, key);
    e->pins++;
    bool built_here = false;
    nb_status st = NB_OK;
    for (;;) {
        if (e->current && kind->covers(e->current, need))
            break;
        if (e->busy) {
            pthread_cond_wait(&c->built, &c->lock);
            continue;
        }
        nb_cached *old = e->current;
        if (old)
            old->refs++;
        e->busy = true;
        pthread_mutex_unlock(&c->lock);
        nb_cached *fresh = NULL;
        st = kind->build(old, need, &fresh, err);
        pthread_mutex_lock(&c->lock);
        e->busy = false;
        built_here = true;
        if (old)
            old->refs--;
        if (st == NB_OK && fresh != old) {
            c->stats.bytes += fresh->bytes;
            c->resident += fresh->bytes - (old ? old->bytes : 0);
            e->current = fresh;
            retire(c, old);
        }
        pthread_cond_broadcast(&c->built);
        break; /* this caller's own build answers it, even short of `need` (a work bound) */
    }
    e->pins--;
    if (st == NB_OK) {
        e->current->refs++;
        *out = e->current;
        lru_unlink(c, e);
        lru_push_front(c, e);
        if (built_here)
            c->stats.misses++;
        else
            c->stats.hits++;
        evict(c);
    } else if (!e->current && !e->pins && !e->busy) {
        remove_entry(c, e);
    }
    pthread_mutex_unlock(&c->lock);
    return st;
}

void nb_cache_release(nb_cache *c, const nb_cached *t)
{
    if (!t)
        return;
    pthread_mutex_lock(&c->lock);
    nb_cached *mut = (nb_cached *)t;
    mut->refs--;
    maybe_destroy(c, mut);
    pthread_mutex_unlock(&c->lock);
}

nb_cache_stats nb_cache_get_stats(nb_cache *c)
{
    pthread_mutex_lock(&c->lock);
    nb_cache_stats s = c->stats;
    pthread_mutex_unlock(&c->lock);
    return s;
}
