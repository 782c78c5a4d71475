/* nb_arith.c - arithmetic periods of take-and-break codes with a repeating group, each by
 * its theorem:
 *
 * Identity (every digit j >= 1 has bits 1 and 2, d0 has neither 4 nor 8): by induction
 * g(n) = n. A heap of n can become any heap m < n (take n - m, leave one heap, or all of
 * it), so the options hold every value below n; a split leaves heaps a_i adding up to at
 * most n - 1 (d0 splits nothing), whose value XOR a_i <= sum a_i < n. Marks restrict
 * splits only. So g(n + 1) = g(n) + 1 from n = 0.
 *
 * Lasker's Nim (4.[3]: take any number, or split a heap in two): g(4k+1) = 4k+1,
 * g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3 (Lasker 1931; Winning Ways, ch. 4; HDU
 * 3032); the table's values are checked against it.
 *
 * Codes that never split (d0 0, every digit only bits 1 and 2: the all-but subtraction
 * games of Sleator and Slusky, arXiv 1201.3299, and Angela Siegel's): with the group's
 * first digit at t and its length L, a heap h >= t + 1 has the options g(h - j) for the
 * digits j < t that leave a heap (within the window of the last t values), 0 when the
 * group's digit of h takes all, and g(m) for every heap 1 <= m <= h - t whose take h - m
 * is a group digit leaving a heap: m in the classes mod L that h's residue r = h mod L
 * reaches. So the options are the window, maybe 0, and U_r(h), the union of the values
 * of the heaps 1..h - t in r's classes. A union is [0, T) and a few values above T. The
 * state of h is its window, the L unions U_0..U_{L-1} and h mod L. If the states of h1
 * and h2 = h1 + p (p a multiple of L) agree up to a shift s (window values, each T and
 * each value above it all s more), with s = 0, or s > 0 and 0 in U_r(h1) for every
 * residue r whose heaps' group digit takes all (unions only grow: in U_r(h) for every
 * h >= h1 then), then g(h2) = g(h1) + s and the states of
 * h1 + 1 and h2 + 1 agree the same way: U_r(h2) is [0, T + s) with the others shifted,
 * which is U_r(h1) shifted by s together with [0, s), so the options of h2 are those of
 * h1 shifted by s together with [0, s) (0 from taking all is in [0, s); its image s is in
 * U_r(h2), which holds [0, s + 1)), and the mex is shifted by s; the new value enters the
 * same unions at
 * both. By induction g(n + p) = g(n) + s for every n >= h1. The least period and preperiod
 * are then read off the values, the proved relation extending them. */
#include "theory/nb_arith.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

nb_arith_theorem nb_arith_theorem_of(const nb_octal_rule *r)
{
    if (!r->tail)
        return NB_ARITH_NONE; /* takes are bounded: the octal periodicity theorem's */
    bool identity = !(r->digit[0] & 12), never_splits = !r->digit[0];
    for (size_t j = 1; j <= r->last; j++) {
        identity &= (r->digit[j] & 3) == 3;
        never_splits &= !(r->digit[j] & 12);
    }
    if (identity)
        return NB_ARITH_IDENTITY;
    if (r->digit[0] == 4 && !r->mark[0] && r->tail == 1 && r->last == 1 && r->digit[1] == 3)
        return NB_ARITH_LASKER;
    return never_splits ? NB_ARITH_STATES : NB_ARITH_NONE;
}

/* ---- the states of a code that never splits ---- */

#define MAX_ABOVE 64 /* values a class set may hold above its T before the search gives up */

typedef struct class_set {
    int64_t t;                 /* every value below t is in the set */
    size_t above;
    int64_t value[MAX_ABOVE];  /* the others, ascending, each above t */
} class_set;

/* Adds v; false when the set holds too many values above its T. */
static bool class_add(class_set *c, int64_t v)
{
    if (v < c->t)
        return true;
    if (v == c->t) {
        c->t++;
        size_t gone = 0;
        while (gone < c->above && c->value[gone] == c->t)
            gone++, c->t++;
        memmove(c->value, c->value + gone, (c->above - gone) * sizeof *c->value);
        c->above -= gone;
        return true;
    }
    size_t at = 0;
    while (at < c->above && c->value[at] < v)
        at++;
    if (at < c->above && c->value[at] == v)
        return true;
    if (c->above == MAX_ABOVE)
        return false;
    memmove(c->value + at + 1, c->value + at, (c->above - at) * sizeof *c->value);
    c->value[at] = v;
    c->above++;
    return true;
}

typedef struct walker {
    size_t t, L;             /* the group's first digit, its length */
    const uint32_t *values;
    const bool *reaches;     /* reaches[r * L + c]: heaps of residue r reach class c */
    class_set *sets;         /* the L unions U_r */
    uint64_t h;              /* the heap whose state they are: heaps 1..h - t added */
} walker;

/* Moves the walker's state to heap h (>= its own); false when a union overflows. */
static bool walk_to(walker *w, uint64_t h)
{
    for (; w->h < h; w->h++) {
        if (w->h + 1 < w->t + 1)
            continue; /* no heap m >= 1 yet */
        uint64_t m = w->h + 1 - w->t; /* the heap the next state's unions add */
        for (size_t r = 0; r < w->L; r++)
            if (w->reaches[r * w->L + m % w->L] && !class_add(&w->sets[r], w->values[m]))
                return false;
    }
    return true;
}

/* The walker at heap 0: each union holds 0 where its heaps' group digit takes all (the
 * option of no heap, there at every heap of the residue). */
static void start_walk(walker *w, const bool *takes_all)
{
    memset(w->sets, 0, w->L * sizeof *w->sets);
    w->h = 0;
    for (size_t r = 0; r < w->L; r++)
        if (takes_all[r])
            class_add(&w->sets[r], 0);
}

static uint64_t mix(uint64_t h, int64_t v) /* every bit of v reaches every bit of h */
{
    h = (h ^ (uint64_t)v) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ h >> 32;
}

/* The largest dense top T of w's unions: a shift moves it by s. */
static int64_t state_base(const walker *w)
{
    int64_t base = 0;
    for (size_t c = 0; c < w->L; c++)
        base = w->sets[c].t > base ? w->sets[c].t : base;
    return base;
}

/* The hash of the state of w's heap, every value less the base (a shift cancels) and
 * each window value below c (the least T) as one mark: states that agree (states_agree)
 * hash alike. */
static uint64_t state_hash(const walker *w)
{
    int64_t base = state_base(w), c = INT64_MAX;
    uint64_t x = mix(0, (int64_t)(w->h % w->L));
    for (size_t r = 0; r < w->L; r++) {
        x = mix(x, w->sets[r].t - base);
        for (size_t k = 0; k < w->sets[r].above; k++)
            x = mix(x, w->sets[r].value[k] - base);
        x = mix(x, INT64_MIN); /* the end of a set */
        c = w->sets[r].t < c ? w->sets[r].t : c;
    }
    for (size_t i = 1; i <= w->t; i++) {
        int64_t v = w->values[w->h - i];
        x = mix(x, v >= c ? v - base : INT64_MIN);
    }
    return x;
}

/* Whether the states of a and b (a's heap below b's, the same mod L) agree up to the
 * shift s: every union of b is a's shifted (its T and the values above it s more), and
 * each window value of a at or above c (every union's T is at least c: every option set
 * from a's heap on holds [0, c)) is s less than b's, each below it faces one below c + s
 * at b ([0, c + s) is in every option set at b). */
static bool states_agree(const walker *a, const walker *b, int64_t s)
{
    int64_t c = INT64_MAX;
    for (size_t r = 0; r < a->L; r++) {
        const class_set *x = &a->sets[r], *y = &b->sets[r];
        if (y->t != x->t + s || y->above != x->above)
            return false;
        for (size_t k = 0; k < x->above; k++)
            if (y->value[k] != x->value[k] + s)
                return false;
        c = x->t < c ? x->t : c;
    }
    for (size_t i = 1; i <= a->t; i++) {
        int64_t w1 = a->values[a->h - i], w2 = b->values[b->h - i];
        if (w1 >= c ? w2 != w1 + s : w2 >= c + s)
            return false;
    }
    return true;
}

/* The first heap h1 and p, s of two agreeing states among heaps t..n - 1, by their hashes
 * (each checked whole); false when none agree. */
static bool states_prove(const nb_octal_rule *r, const uint32_t *values, uint64_t n,
                         uint64_t *h1, uint64_t *p, uint64_t *s)
{
    size_t t = r->tail, L = r->last - r->tail + 1, slots = 1;
    bool *reaches = nb_xcalloc(L * L, sizeof *reaches), takes_all[NB_OCTAL_MAX_DIGITS] = {0};
    for (size_t res = 0; res < L; res++) {
        takes_all[res] = nb_octal_digit(r, t + (res + L - t % L) % L) & 1; /* j = h */
        for (size_t a = 0; a < L; a++) /* take t + a + kL: m = h - t - a (mod L) */
            if (r->digit[t + a] & 2)
                reaches[res * L + (res + 2 * L - t % L - a) % L] = true;
    }
    while (slots < 2 * n)
        slots *= 2;
    uint64_t *keys = nb_xcalloc(slots, sizeof *keys), *heaps = nb_xcalloc(slots, sizeof *heaps);
    walker w = {t, L, values, reaches, nb_xcalloc(L, sizeof *w.sets), 0}, v = w;
    v.sets = nb_xcalloc(L, sizeof *v.sets);
    start_walk(&w, takes_all);
    bool found = false;
    uint64_t start = t + 1; /* h - 1 >= t: a window of t values before it */
    for (uint64_t h = start; h < n && !found && walk_to(&w, h); h++) {
        uint64_t key = state_hash(&w) | 1, at = key & (slots - 1);
        while (keys[at] && keys[at] != key)
            at = (at + 1) & (slots - 1);
        if (!keys[at]) {
            keys[at] = key, heaps[at] = h;
            continue;
        }
        if ((h - heaps[at]) % L) {
            heaps[at] = h; /* a hash collision: the heaps differ in their class */
            continue;
        }
        start_walk(&v, takes_all);
        int64_t shift;
        if (!walk_to(&v, heaps[at]) || (shift = state_base(&w) - state_base(&v)) < 0 ||
            !states_agree(&v, &w, shift)) {
            heaps[at] = h; /* the windows differ: compare later heaps with this one */
            continue;
        }
        *h1 = heaps[at], *p = h - heaps[at], *s = (uint64_t)shift;
        found = true;
    }
    free(keys), free(heaps), free(w.sets), free(v.sets), free(reaches);
    return found;
}

/* ---- the least period and preperiod ---- */

typedef struct relation {
    const uint32_t *values;
    uint64_t n, from, period, saltus; /* g(k + period) = g(k) + saltus for k >= from */
} relation;

/* g(k): from the values below n, else through the relation. */
static uint64_t value_at(const relation *r, uint64_t k)
{
    if (k < r->n)
        return r->values[k];
    uint64_t steps = (k - r->from) / r->period;
    return r->values[r->from + (k - r->from) % r->period] + steps * r->saltus;
}

/* The least period p' (and its saltus) holding on one whole period from `from`, which
 * makes it hold for ever after; then the least preperiod. */
static void least(const relation *r, nb_arith *out)
{
    for (uint64_t pp = 1; pp <= r->period; pp++) {
        uint64_t a = value_at(r, r->from), b = value_at(r, r->from + pp);
        if (b < a)
            continue;
        uint64_t ss = b - a, k = r->from;
        while (k < r->from + r->period && value_at(r, k + pp) == value_at(r, k) + ss)
            k++;
        if (k < r->from + r->period)
            continue;
        uint64_t n0 = r->from;
        while (n0 > 0 && value_at(r, n0 - 1 + pp) == value_at(r, n0 - 1) + ss)
            n0--;
        *out = (nb_arith){n0, pp, ss};
        return;
    }
}

/* Whether the first n values are those of the closed form (a theorem's, checked). */
static bool closed_form_holds(nb_arith_theorem th, const uint32_t *values, uint64_t n)
{
    static const int64_t lasker[4] = {-1, 0, 0, 1}; /* g(n) - n by n mod 4, for n >= 1 */
    for (uint64_t h = 0; h < n; h++) {
        uint64_t want = th == NB_ARITH_IDENTITY || h == 0 ? h : h + (uint64_t)lasker[h % 4];
        if (values[h] != want)
            return false;
    }
    return true;
}

bool nb_arith_prove(const nb_octal_rule *r, const uint32_t *values, uint64_t n, nb_arith *out)
{
    nb_arith_theorem th = nb_arith_theorem_of(r);
    relation rel = {values, n, 0, 0, 0};
    switch (th) {
    case NB_ARITH_IDENTITY:
        rel.from = 0, rel.period = 1, rel.saltus = 1;
        break;
    case NB_ARITH_LASKER:
        rel.from = 1, rel.period = 4, rel.saltus = 4;
        break;
    case NB_ARITH_STATES: /* the search looks at the first NB_ARITH_SEARCH values only:
                           * its hash table is sized by them, and a table grown far past
                           * them for other reasons must not grow it */
        if (!states_prove(r, values, n < NB_ARITH_SEARCH ? n : NB_ARITH_SEARCH, &rel.from,
                          &rel.period, &rel.saltus))
            return false;
        break;
    default:
        return false;
    }
    if (th != NB_ARITH_STATES && (n < 16 || !closed_form_holds(th, values, n)))
        return false;
    least(&rel, out);
    return true;
}
