/* nb_mex.c - mex by stamps. */
#include "core/nb_mex.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

void nb_mexset_start(nb_mexset *m, size_t most)
{
    if (most + 1 > m->cap) {
        free(m->stamp);
        m->cap = 2 * (most + 1);
        m->stamp = nb_xcalloc(m->cap, sizeof *m->stamp);
        m->mark = 0;
    }
    if (++m->mark == 0) { /* the marks wrapped: forget every old one */
        memset(m->stamp, 0, m->cap * sizeof *m->stamp);
        m->mark = 1;
    }
    m->count = most;
}

void nb_mexset_add(nb_mexset *m, uint64_t v)
{
    if (v <= m->count)
        m->stamp[v] = m->mark;
}

uint64_t nb_mexset_mex(const nb_mexset *m)
{
    uint64_t v = 0;
    while (v <= m->count && m->stamp[v] == m->mark)
        v++;
    return v;
}

void nb_mexset_free(nb_mexset *m)
{
    free(m->stamp);
    *m = (nb_mexset){0};
}
