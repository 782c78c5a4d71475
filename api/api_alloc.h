/* api_alloc.h - jansson's allocator: metered by the request's budget, small trees carved
 * from a per-thread arena. */
#ifndef API_ALLOC_H
#define API_ALLOC_H

#include "core/nb_budget.h"

/* From now on, what jansson allocates on this thread is carved from this thread's arena
 * (16 KiB) while it has room, and past that counts against `budget` (borrowed; NULL:
 * nothing counts, nothing is carved). An allocation that would pass the budget's
 * max_bytes, or made once the budget is spent, fails, and so does the parse or
 * construction that asked for it. Blocks may be freed on any thread, at any time: an
 * arena is given back once its last block and its thread have let it go. */
void api_alloc_meter(nb_budget *budget);

/* The arenas' counts summed: one for each thread that holds an arena and one for each
 * carved block not yet freed, less what threads have carved or freed in their own arena
 * since their last parse (a test's view). */
size_t api_alloc_pins(void);

#endif
