/* nb_nimber.c - nim multiplication by halves down to a table of the bytes. */
#include "core/nb_nimber.h"

#include <pthread.h>
#include <stdbool.h>

/* For F = 2^(2^m) a Fermat 2-power, every x < F times F is the plain product xF, and
 * F (x) F = F + F/2 (Conway, ONAG ch. 6). So for a = a1 F + a0 and b = b1 F + b0, all
 * parts below F:
 *   a (x) b = (a1b1 + a1b0 + a0b1) F + a0b0 + a1b1 (x) F/2,
 * with + the XOR, the products nim products in the field below F, and
 * a1b1 + a1b0 + a0b1 = (a0 + a1)(b0 + b1) + a0b0 (three products, as Karatsuba). */
static uint8_t byte_table[256][256];
static pthread_once_t byte_table_once = PTHREAD_ONCE_INIT;

/* The product of a, b < 2^bits (bits a power of 2): by the halves, down to the table of
 * the bytes when `tabled`, else down to single bits (which is how the table is made). */
static uint64_t mul_bits(uint64_t a, uint64_t b, unsigned bits, bool tabled)
{
    if (bits == 1)
        return a & b;
    if (tabled && bits <= 8)
        return byte_table[a][b];
    if (a <= 1 || b <= 1) /* 0 or 1 times anything */
        return a && b ? a * b : 0;
    unsigned h = bits / 2;
    uint64_t mask = (1ULL << h) - 1;
    uint64_t a0 = a & mask, a1 = a >> h, b0 = b & mask, b1 = b >> h;
    uint64_t low = mul_bits(a0, b0, h, tabled), top = mul_bits(a1, b1, h, tabled);
    uint64_t high = mul_bits(a0 ^ a1, b0 ^ b1, h, tabled) ^ low;
    return high << h ^ low ^ mul_bits(top, 1ULL << (h - 1), h, tabled);
}

static void fill_byte_table(void)
{
    for (unsigned a = 0; a < 256; a++)
        for (unsigned b = 0; b < 256; b++)
            byte_table[a][b] = (uint8_t)mul_bits(a, b, 8, false);
}

/* The least 2^(2^m) >= 256 above both a and b, as its exponent 2^m. */
static unsigned field_bits(uint64_t x)
{
    unsigned bits = 8;
    while (bits < 64 && x >> bits)
        bits *= 2;
    return bits;
}

uint64_t nb_nim_mul(uint64_t a, uint64_t b)
{
    pthread_once(&byte_table_once, fill_byte_table);
    return mul_bits(a, b, field_bits(a | b), true);
}

/* In the field of 2^bits elements every a != 0 has a^(2^bits - 1) = 1, so its inverse is
 * a^(2^bits - 2) = the product of a^(2^i) for i = 1 .. bits-1. */
uint64_t nb_nim_inv(uint64_t a)
{
    if (!a)
        return 0;
    unsigned bits = field_bits(a);
    uint64_t square = a, inverse = 1;
    for (unsigned i = 1; i < bits; i++) {
        square = nb_nim_mul(square, square);
        inverse = nb_nim_mul(inverse, square);
    }
    return inverse;
}
