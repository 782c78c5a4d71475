/* nb_primes.h - primes of 64-bit numbers: a deterministic Miller-Rabin test, the least
 * prime factor by trial division and Pollard's rho (Brent's variant), overflow-safe. */
#ifndef NB_PRIMES_H
#define NB_PRIMES_H

#include <stdbool.h>
#include <stdint.h>

/* n is prime: Miller-Rabin with the first twelve primes as bases, which is exact for
 * every n below 3.3 * 10^24 (Sorenson and Webster 2015), so for all 64-bit n. */
bool nb_is_prime(uint64_t n);

/* The least prime factor of n >= 2: trial division by 2 and the odd numbers below 2^16,
 * then, for a composite cofactor, Pollard's rho splits it until its least prime factor is found. */
uint64_t nb_least_prime_factor(uint64_t n);

/* a * b mod m without overflow. */
static inline uint64_t nb_mulmod(uint64_t a, uint64_t b, uint64_t m)
{
    return (uint64_t)((unsigned __int128)a * b % m);
}

/* The greatest common divisor. */
uint64_t nb_gcd(uint64_t a, uint64_t b);

#endif
