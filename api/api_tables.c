/* api_tables.c - the tables listing: what the cache holds, copied out under its lock, then
 * the store's files read from their headers. */
#include "api_tables.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

/* size, period and preperiod of a table (null where unknown or unproved). */
static void put_shape(json_t *item, uint64_t count, bool known, uint64_t period,
                      uint64_t preperiod)
{
    json_object_set_new(item, "size", known ? json_integer((json_int_t)count) : json_null());
    json_object_set_new(item, "period", period ? json_integer((json_int_t)period) : json_null());
    json_object_set_new(item, "preperiod",
                        period ? json_integer((json_int_t)preperiod) : json_null());
}

/* Appends the cached table e to the array arg. */
static void add_cached(void *arg, const nb_cache_entry *e)
{
    json_t *item = json_object();
    const char *colon = strchr(e->key, ':');
    size_t kind_len = colon ? (size_t)(colon - e->key) : strlen(e->key);
    json_object_set_new(item, "kind", json_stringn(e->key, kind_len));
    json_object_set_new(item, "key", json_string(e->key));
    bool known = e->image.key != NULL;
    put_shape(item, e->image.count, known, known ? e->image.period : 0, e->image.preperiod);
    json_object_set_new(item, "bytes", json_integer((json_int_t)e->bytes));
    json_object_set_new(item, "where", json_string("cache"));
    json_object_set_new(item, "mapped", json_boolean(e->from_store));
    json_array_append_new(arg, item);
}

static int by_key(const void *a, const void *b)
{
    const json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
    return strcmp(json_string_value(json_object_get(x, "key")),
                  json_string_value(json_object_get(y, "key")));
}

json_t *api_tables_list(nb_cache *cache, nb_store *store, size_t from, size_t limit)
{
    json_t *cached = json_array(); /* unsorted */
    nb_cache_each(cache, add_cached, cached);
    size_t ncached = json_array_size(cached);
    json_t **sorted = nb_xmalloc((ncached + 1) * sizeof *sorted);
    for (size_t i = 0; i < ncached; i++)
        sorted[i] = json_array_get(cached, i);
    qsort(sorted, ncached, sizeof *sorted, by_key);
    json_t *tables = json_array();
    for (size_t i = from; i < ncached && json_array_size(tables) < limit; i++)
        json_array_append(tables, sorted[i]);
    free(sorted);
    json_decref(cached);

    size_t want = limit - json_array_size(tables);
    size_t stored_from = from > ncached ? from - ncached : 0;
    nb_store_entry *files = nb_xmalloc((want + 1) * sizeof *files);
    size_t nstored = 0, got = nb_store_list(store, stored_from, files, want, &nstored);
    for (size_t i = 0; i < got; i++) {
        json_t *item = json_object();
        json_object_set_new(item, "kind", json_string(nb_store_kind_name(files[i].kind)));
        json_object_set_new(item, "key", json_string(files[i].key));
        put_shape(item, files[i].count, true, files[i].period, files[i].preperiod);
        json_object_set_new(item, "bytes", json_integer((json_int_t)files[i].bytes));
        json_object_set_new(item, "where", json_string("store"));
        json_object_set_new(item, "file", json_string(files[i].name));
        json_array_append_new(tables, item);
    }
    free(files);
    size_t total = ncached + nstored, next = from + json_array_size(tables);
    return json_pack("{s:o, s:I, s:I, s:I, s:o}", "tables", tables, "from", (json_int_t)from,
                     "limit", (json_int_t)limit, "total", (json_int_t)total, "next_from",
                     next < total ? json_integer((json_int_t)next) : json_null());
}
