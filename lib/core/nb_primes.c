/* nb_primes.c - Miller-Rabin, trial division and Pollard-Brent rho on 64-bit numbers. */
#include "core/nb_primes.h"

#include <stddef.h>

#define TRIAL_BOUND 65536 /* trial division by the primes below it */

uint64_t nb_gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static uint64_t powmod(uint64_t b, uint64_t e, uint64_t m)
{
    uint64_t r = 1;
    for (b %= m; e; e >>= 1, b = nb_mulmod(b, b, m))
        if (e & 1)
            r = nb_mulmod(r, b, m);
    return r;
}

bool nb_is_prime(uint64_t n)
{
    static const uint64_t bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
    if (n < 2)
        return false;
    for (size_t i = 0; i < sizeof bases / sizeof *bases; i++)
        if (n % bases[i] == 0)
            return n == bases[i];
    uint64_t d = n - 1;
    int s = 0;
    while (!(d & 1))
        d >>= 1, s++;
    for (size_t i = 0; i < sizeof bases / sizeof *bases; i++) {
        uint64_t x = powmod(bases[i], d, n);
        if (x == 1 || x == n - 1)
            continue;
        int r = 1;
        for (; r < s; r++) {
            x = nb_mulmod(x, x, n);
            if (x == n - 1)
                break;
        }
        if (r == s)
            return false;
    }
    return true;
}

/* A proper factor of the odd composite n (no factor below TRIAL_BOUND): Brent's variant
 * of Pollard's rho, gcds taken over batches of 128 products, restarted with another
 * constant when a cycle closes without a factor. */
static uint64_t rho(uint64_t n)
{
    for (uint64_t c = 1;; c++) {
        uint64_t y = 2, x = 2, q = 1, g = 1, ys = 2;
        for (uint64_t r = 1; g == 1; r <<= 1) {
            x = y;
            for (uint64_t i = 0; i < r; i++)
                y = (nb_mulmod(y, y, n) + c) % n;
            for (uint64_t k = 0; k < r && g == 1; k += 128) {
                ys = y;
                for (uint64_t i = 0; i < 128 && i < r - k; i++) {
                    y = (nb_mulmod(y, y, n) + c) % n;
                    q = nb_mulmod(q, x > y ? x - y : y - x, n);
                }
                g = nb_gcd(q, n);
            }
        }
        if (g == n) { /* the batch overshot: step back one at a time */
            do {
                ys = (nb_mulmod(ys, ys, n) + c) % n;
                g = nb_gcd(x > ys ? x - ys : ys - x, n);
            } while (g == 1);
        }
        if (g != n)
            return g;
    }
}

/* The least prime factor of n, which has none below TRIAL_BOUND. */
static uint64_t least_of_rough(uint64_t n)
{
    if (nb_is_prime(n))
        return n;
    uint64_t d = rho(n), a = least_of_rough(d), b = least_of_rough(n / d);
    return a < b ? a : b;
}

uint64_t nb_least_prime_factor(uint64_t n)
{
    if (n % 2 == 0)
        return 2;
    for (uint64_t p = 3; p < TRIAL_BOUND && p * p <= n; p += 2)
        if (n % p == 0)
            return p;
    return n < (uint64_t)TRIAL_BOUND * TRIAL_BOUND ? n : least_of_rough(n);
}
