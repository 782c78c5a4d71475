/* nb_cache.c - LRU list and chained hash of entries under one mutex; builds (and loads
 * from the store) run outside the lock while the entry is marked busy, waiters sleep on a
 * condition variable, and one writer thread takes versions to the store. */
#include "cache/nb_cache.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/nb_util.h"

#define NB_CACHE_BUCKETS 1024
#define STORE_QUEUE 16         /* versions waiting for the writer; past it the next offer */
#define MARK_HELD_SECONDS 60 /* how often the writer marks the files held used */

typedef struct entry {
    char *key;
    const nb_cache_kind *kind;
    nb_cached *current; /* NULL until the first build succeeds */
    const nb_cached *loaded; /* the version read from the store, while it is current */
    bool busy;          /* a build is running for it */
    bool looked;        /* the store was looked in */
    uint64_t stored;    /* values the store holds (or will once the writer is done) */
    bool stored_period; /* ... with the period proved */
    unsigned pins;      /* callers inside acquire holding this entry */
    struct entry *next_in_bucket;
    struct entry *prev, *next; /* LRU list, most recent first */
} entry;

/* A version the writer takes to the store (one reference held). */
typedef struct store_job {
    char *key;
    const nb_cache_kind *kind;
    nb_cached *version;
    struct store_job *next;
} store_job;

struct nb_cache {
    pthread_mutex_t lock;
    pthread_cond_t built;
    nb_store *store;
    pthread_t writer;
    pthread_cond_t wake_writer;
    store_job *jobs, *last_job;
    size_t njobs;
    bool stopping;
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
    if (c->store) { /* the writer empties its queue first */
        pthread_mutex_lock(&c->lock);
        c->stopping = true;
        pthread_cond_signal(&c->wake_writer);
        pthread_mutex_unlock(&c->lock);
        pthread_join(c->writer, NULL);
        pthread_cond_destroy(&c->wake_writer);
    }
    while (c->head)
        remove_entry(c, c->head);
    pthread_cond_destroy(&c->built);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

static void *writer_main(void *arg)
{
    nb_cache *c = arg;
    pthread_mutex_lock(&c->lock);
    for (;;) {
        if (!c->jobs) {
            if (c->stopping)
                break;
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += MARK_HELD_SECONDS;
            if (pthread_cond_timedwait(&c->wake_writer, &c->lock, &until) == ETIMEDOUT) {
                pthread_mutex_unlock(&c->lock);
                nb_store_mark_held(c->store);
                pthread_mutex_lock(&c->lock);
            }
            continue;
        }
        store_job *job = c->jobs;
        c->jobs = job->next;
        c->last_job = c->jobs ? c->last_job : NULL;
        c->njobs--;
        pthread_mutex_unlock(&c->lock);
        nb_table_image image;
        if (job->kind->image(job->version, &image)) {
            image.key = job->key;
            nb_store_save(c->store, &image);
        }
        pthread_mutex_lock(&c->lock);
        job->version->refs--;
        maybe_destroy(c, job->version);
        free(job->key);
        free(job);
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

void nb_cache_attach_store(nb_cache *c, nb_store *store)
{
    if (!store || c->store)
        return;
    c->store = store;
    pthread_cond_init(&c->wake_writer, NULL);
    if (pthread_create(&c->writer, NULL, writer_main, c))
        abort(); /* no thread at start-up: nothing can run */
}

/* Queues a version just made for the writer when the store lacks what it holds. Lock held. */
static void offer_to_store(nb_cache *c, entry *e)
{
    nb_table_image image;
    if (!c->store || !e->kind->image || c->njobs >= STORE_QUEUE ||
        !e->kind->image(e->current, &image))
        return; /* a full queue: the next growth offers the table again */
    bool period = image.period != 0;
    if (image.count < 2 * e->stored && !(period && !e->stored_period))
        return;
    store_job *job = nb_xcalloc(1, sizeof *job);
    size_t n = strlen(e->key) + 1;
    job->key = memcpy(nb_xmalloc(n), e->key, n);
    job->kind = e->kind, job->version = e->current;
    e->current->refs++;
    if (c->last_job)
        c->last_job->next = job;
    else
        c->jobs = job;
    c->last_job = job;
    c->njobs++;
    e->stored = image.count, e->stored_period = period;
    pthread_cond_signal(&c->wake_writer);
}

/* Whether the store may hold more of the entry's table than the cache: on the first miss,
 * or, before a growth, when a file's name counts more values than the version holds (another
 * process wrote it meanwhile). Lock held; the look at the names is outside it. */
static bool store_has_more(nb_cache *c, entry *e)
{
    if (!c->store || !e->kind->from_store)
        return false;
    if (!e->current)
        return !e->looked;
    nb_table_image now;
    e->kind->image(e->current, &now);
    if (now.period)
        return false; /* it never grows */
    e->busy = true;
    pthread_mutex_unlock(&c->lock);
    uint64_t stored = nb_store_peek(c->store, e->kind->store_kind, e->key);
    pthread_mutex_lock(&c->lock);
    e->busy = false;
    pthread_cond_broadcast(&c->built);
    return stored > now.count;
}

/* Reads the entry's table from the store, outside the lock (the entry busy meanwhile), in
 * place of its version: true when a version was read. Lock held. */
static bool load_from_store(nb_cache *c, entry *e, const void *need)
{
    e->looked = true;
    e->busy = true;
    pthread_mutex_unlock(&c->lock);
    nb_stored *f = nb_store_load(c->store, e->kind->store_kind, e->key);
    uint64_t count = f ? f->image.count : 0;
    bool period = f && f->image.period;
    nb_cached *t = f ? e->kind->from_store(f, need) : NULL;
    pthread_mutex_lock(&c->lock);
    e->busy = false;
    pthread_cond_broadcast(&c->built);
    nb_table_image now = {0};
    if (t && e->current)
        e->kind->image(e->current, &now); /* filled whether or not it is worth a file */
    if (t && e->current && now.count >= count) {
        t->destroy(t); /* no more than the version holds */
        t = NULL;
    }
    if (!t)
        return false;
    c->stats.bytes += t->bytes;
    c->resident += t->bytes - (e->current ? e->current->bytes : 0);
    retire(c, e->current);
    e->current = t, e->loaded = t;
    e->stored = count, e->stored_period = period;
    return true;
}

static entry *find_or_add(nb_cache *c, const char *key, const nb_cache_kind *kind)
{
    size_t b = hash_key(key);
    for (entry *e = c->buckets[b]; e; e = e->next_in_bucket)
        if (!strcmp(e->key, key))
            return e;
    entry *e = nb_xcalloc(1, sizeof *e);
    e->kind = kind;
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
    entry *e = find_or_add(c, key, kind);
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
        if (store_has_more(c, e) && load_from_store(c, e, need)) {
            built_here = true; /* a miss of the cache, answered by the store */
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
            e->current = fresh, e->loaded = NULL;
            retire(c, old);
            offer_to_store(c, e);
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

void nb_cached_copy(nb_cached *to, const nb_cached *from, size_t size)
{
    *to = (nb_cached){0};
    memcpy((char *)to + sizeof *to, (const char *)from + sizeof *from, size - sizeof *to);
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

void nb_cache_each(nb_cache *c, void (*fn)(void *arg, const nb_cache_entry *e), void *arg)
{
    pthread_mutex_lock(&c->lock);
    for (entry *e = c->head; e; e = e->next) {
        if (!e->current)
            continue;
        nb_cache_entry out = {.key = e->key, .bytes = e->current->bytes,
                              .from_store = e->loaded == e->current};
        if (e->kind->image) {
            e->kind->image(e->current, &out.image);
            out.image.key = e->key;
        }
        fn(arg, &out);
    }
    pthread_mutex_unlock(&c->lock);
}

nb_cache_stats nb_cache_get_stats(nb_cache *c)
{
    pthread_mutex_lock(&c->lock);
    nb_cache_stats s = c->stats;
    pthread_mutex_unlock(&c->lock);
    return s;
}
