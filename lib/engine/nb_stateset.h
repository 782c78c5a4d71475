/* nb_stateset.h - a compact set of states of any length, numbered in the order they were
 * added: each state's words written as LEB128 bytes end to end in one arena (a word below
 * 128 takes one byte), found through an open-addressing table of 32-bit slots. A state of
 * k small words costs about k + 12 bytes, with no allocation of its own. */
#ifndef NB_STATESET_H
#define NB_STATESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/nb_analysis.h"

/* States numbered at most (a slot keeps the index + 1 in its low 27 bits). */
#define NB_STATESET_MAX_STATES ((1u << 27) - 2)
/* Bytes of encoded states at most (offsets are 32-bit). */
#define NB_STATESET_MAX_BYTES (1ULL << 31)

/* Start as {0}; every pointer is owned by the set (nb_stateset_free). */
typedef struct nb_stateset {
    uint8_t *bytes;     /* the states end to end */
    size_t nbytes, bcap;
    uint32_t *start;    /* state i is bytes[start[i] .. start[i + 1]) */
    size_t n, cap;
    uint32_t *slots;    /* hash tag << 27 | index + 1; 0 = empty */
    size_t nslots;
    uint8_t *key;       /* the state last looked up, encoded */
    size_t keylen, keycap;
} nb_stateset;

/* The index of state w[0..len), or SIZE_MAX when it is not in the set. */
size_t nb_stateset_find(nb_stateset *set, const uint64_t *w, size_t len);
/* The index of w[0..len), added as the next index when new (*added says which); SIZE_MAX
 * when adding it would pass max_states states (or the set's own bounds above). */
size_t nb_stateset_add(nb_stateset *set, const uint64_t *w, size_t len, size_t max_states,
                       bool *added);
/* State i decoded into *out (resized to its length). */
void nb_stateset_get(const nb_stateset *set, size_t i, nb_state *out);
/* The bytes the set holds, from its capacities. */
uint64_t nb_stateset_bytes(const nb_stateset *set);
void nb_stateset_free(nb_stateset *set);

#endif
