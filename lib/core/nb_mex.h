/* nb_mex.h - the minimum excluded value of a set of values of any size: a stamp array
 * marks the values below the count added (a mex can be no larger than the count), so a
 * mex costs the values added and no clearing. For sets known to hold only values below
 * 128 (a subtraction set's at most 64 options), nb_util's nb_mex128 is the fast path. */
#ifndef NB_MEX_H
#define NB_MEX_H

#include <stddef.h>
#include <stdint.h>

/* Start as {0}; owns `stamp`: free with nb_mexset_free. */
typedef struct nb_mexset {
    uint32_t *stamp; /* stamp[v] == mark: v is in the current set */
    size_t cap;
    uint32_t mark;
    size_t count;    /* values added to the current set */
} nb_mexset;

/* Empties the set for a mex of at most `most` values. */
void nb_mexset_start(nb_mexset *m, size_t most);
/* Adds v (values past `most` cannot change the mex and are not kept). */
void nb_mexset_add(nb_mexset *m, uint64_t v);
uint64_t nb_mexset_mex(const nb_mexset *m);
void nb_mexset_free(nb_mexset *m);

#endif
