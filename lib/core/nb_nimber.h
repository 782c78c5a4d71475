/* nb_nimber.h - nim multiplication: the field on the 64-bit integers whose addition is XOR
 * (Conway, On Numbers and Games ch. 6; the values of the Tartan theorem). */
#ifndef NB_NIMBER_H
#define NB_NIMBER_H

#include <stdint.h>

/* The nim product of a and b. */
uint64_t nb_nim_mul(uint64_t a, uint64_t b);

/* The nim inverse of a (a != 0): the b with a (x) b = 1. 0 for 0. */
uint64_t nb_nim_inv(uint64_t a);

#endif
