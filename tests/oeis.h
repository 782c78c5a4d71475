/* oeis.h - published sequences the suites hold the games to. */
#ifndef OEIS_H
#define OEIS_H

#include <stdint.h>

/* OEIS A002187, Dawson's chess (the octal game .137): the value of a heap of n, which is
 * Node-Kayles on a path of n vertices; period 34 from n = 52 on (Guy and Smith). */
static const uint64_t oeis_a002187[] = {
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
    4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3,
    0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3,
    3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4,
    4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4};
#define OEIS_A002187_TERMS (sizeof oeis_a002187 / sizeof *oeis_a002187)

#endif
