/* nb_counters.c - the counters of the cache, the store and the quotient growths, read
 * together. */
#include "nimber.h"

nb_counters nb_counters_read(nb_cache *cache, nb_store *store)
{
    return (nb_counters){.cache = nb_cache_get_stats(cache),
                         .store = store ? nb_store_get_stats(store) : (nb_store_stats){0},
                         .quotient = nb_quotient_get_stats()};
}
