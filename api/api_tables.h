/* api_tables.h - GET /v1/tables: the SG tables the cache holds and the table store's
 * files, as one JSON listing paged by `from` and `limit`. */
#ifndef API_TABLES_H
#define API_TABLES_H

#include <jansson.h>
#include <stddef.h>

#include "cache/nb_cache.h"
#include "cache/nb_store.h"

#define API_TABLES_LIMIT_DEFAULT 100
#define API_TABLES_LIMIT_MAX 1000

/* {"tables":[...],"from","limit","total","next_from"}: the cached tables (by key), then
 * the stored files (by name), items from..from+limit-1 of that list. The caller owns the
 * result; the cache and the store (which may be NULL) are borrowed. */
json_t *api_tables_list(nb_cache *cache, nb_store *store, size_t from, size_t limit);

#endif
