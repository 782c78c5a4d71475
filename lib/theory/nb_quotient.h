/* nb_quotient.h - the misère quotient of a take-and-break game (Plambeck and Siegel):
 * the commutative monoid of its positions up to misère indistinguishability, its
 * P-portion and the pretending function (heap -> element), grown heap by heap, certified
 * before use, its period proved by the periodicity theorem where the theorem applies. */
#ifndef NB_QUOTIENT_H
#define NB_QUOTIENT_H

#include "core/nb_analysis.h"
#include "core/nb_budget.h"
#include "core/nb_key.h"
#include "cache/nb_cache.h"
#include "theory/nb_octable.h"

/* Parts other than heaps: the nodes of a graph a token game is played on, or any parts
 * whose moves leave one or two smaller parts. Part p in 1..parts-1 has the options
 * e = off[p] .. off[p+1]) - 1: part succ[e], with part with[e] beside it when `with` is
 * given and with[e] != 0 (part 0 is the empty position, so succ[e] = 0 leaves nothing),
 * every part below p (numbered so). A token on a node is then a part, and tokens add up
 * as heaps do (Plambeck and Siegel define the quotient of any set of games closed under
 * options and sums). Borrowed by the quotient built over it. */
typedef struct nb_quotient_graph {
    uint64_t parts;
    const uint32_t *off, *succ, *with;
} nb_quotient_graph;

/* A cached quotient version (immutable once built; the cache owns it and its arrays). It
 * is exact for every position whose heaps are all below n, and for every position at all
 * when `proved`: heap h >= preperiod then pretends to be the element of
 * preperiod + (h - preperiod) % period. Element 0 is the identity (the empty position). */
typedef struct nb_quotient {
    nb_cached base;
    nb_octal_rule rule; /* its heaps' rule, unless graph */
    const nb_quotient_graph *graph; /* its parts, when a graph's nodes (borrowed) */
    uint32_t order;     /* elements */
    uint16_t *mul;      /* order x order: mul[x * order + y] = x y (inside `packed`), or
                         * NULL past NB_QUOTIENT_DENSE elements: then act below */
    /* Past NB_QUOTIENT_DENSE elements (nothing packed: such a version is not stored):
     * act[x * act_gens + k] is x times the growth's generator k, and each element x != 0
     * is parent[x] times generator via[x], so x y walks y's word from x (owned). */
    uint32_t act_gens;
    uint32_t *act, *parent, *via;
    uint8_t *lost;      /* lost[x]: x is in the P-portion (lost for the player to move) */
    uint64_t n;         /* phi[0..n) known: exact for heaps < n */
    uint32_t *phi;      /* the pretending function: heap -> element */
    bool proved;
    uint64_t preperiod, period; /* the records' (each heap's element and its options'):
                                 * what the periodicity theorem proved */
    uint64_t phi_preperiod;     /* phi's own least preperiod for `period` (<= preperiod) */
    size_t gens;        /* generators: heaps whose elements generate the quotient */
    uint64_t *gen_heap; /* gens heaps, ascending; generator k is the letter 'a' + k */
    uint8_t *word;      /* order x gens: the exponents of a shortest word of each element */
    uint64_t records;   /* records the last certification closed */
    const char *stop;   /* why growth stopped short of what was asked: a static phrase
                         * naming the limit ("max_quotient", "max_work", ...), or NULL */
    uint16_t *packed;   /* the whole version as a table file holds it (nb_quotient.c) */
    uint64_t packed_len;
    bool from_file;     /* read back from the table store (and certified) */
} nb_quotient;

/* The most heaps a quotient is grown over, and the most elements it may have (the
 * max_quotient limit). */
#define NB_QUOTIENT_MAX_HEAPS 65536
#define NB_QUOTIENT_MAX_ORDER 4096
/* The most elements a growth keeps a quotient's whole table for; past it, each element
 * times each generator (nb_quotient_growth.dense asks for another bound). */
#define NB_QUOTIENT_DENSE 4096

/* What a caller needs: heaps up to `heap` covered (or the period proved). */
typedef struct nb_quotient_need {
    uint64_t heap;        /* every heap < heap + 1 must be covered; UINT64_MAX: the period */
    uint64_t max_order;   /* max_quotient: elements the reduced quotient may have */
    uint64_t max_work;    /* records one certification may close, elements a candidate may have */
    const nb_octal_rule *rule;
    nb_budget *budget;    /* the asking request's (may be NULL) */
    const nb_quotient_graph *graph; /* else NULL: parts are the rule's heaps. A graph's
                                     * quotient is for its caller alone (not cached) */
    const struct nb_quotient_growth *how; /* NULL: the defaults, silent */
} nb_quotient_need;

/* How a growth holds its tables, how far it goes for its asker and whom it tells as it
 * goes (borrowed). */
typedef struct nb_quotient_growth {
    uint32_t dense; /* the most elements a table is kept whole for (0: NB_QUOTIENT_DENSE;
                     * 1: every table by its generators) */
    /* Called each time heaps 0..heaps-1 are certified, with the quotient's order (heaps
     * may go back when a growth starts again), or NULL. */
    void (*placed)(void *ctx, uint64_t heaps, uint32_t order);
    void *ctx;
    uint64_t slice; /* the work after which it stops as if the asker's budget were spent
                     * (the version kept grows on when asked again): for an asker with a
                     * search to fall back on; 0: none */
} nb_quotient_growth;

extern const nb_cache_kind nb_quotient_kind;

/* The cache key of a rule's quotient ("quotient:0.77"). */
nb_key nb_quotient_key(const nb_octal_rule *rule);

/* Builds the quotient of `rule` alone (no cache): for the tests, the benchmark and the
 * store. The caller owns *out (destroy through out->base.destroy). */
nb_status nb_quotient_build(const nb_quotient_need *need, nb_quotient **out, nb_err *err);
/* The same, going on from `from` (borrowed: a certified version of the same rule, exact
 * below from->n, a partial one that a budget stopped; NULL: from the start), its quotient
 * certified again and grown from heap from->n. *out is a new version (the caller's), or
 * `from` itself when nothing was added (the budget spent first): never one that covers
 * less. */
nb_status nb_quotient_grow(const nb_quotient_need *need, const nb_quotient *from,
                           nb_quotient **out, nb_err *err);

/* The element a heap of h pretends to be: true when the quotient covers h. */
bool nb_quotient_phi(const nb_quotient *q, uint64_t h, uint32_t *element);

/* The least n0' <= n0 with phi[m + p] = phi[m] for every m >= n0' (phi known below n, and
 * periodic with p from n0 by the proof): the pretending function's own preperiod, which
 * the records' (each heap's element and its options') may pass. */
uint64_t nb_quotient_least_preperiod(const uint32_t *phi, uint64_t n, uint64_t n0, uint64_t p);

/* x y in a monoid held by its generators: y's word walked from x (act: x times
 * generator k at x * gens + k; y = parent[y] times generator via[y], down to 0). */
static inline uint32_t nb_quotient_walk(const uint32_t *act, uint32_t gens,
                                        const uint32_t *parent, const uint32_t *via,
                                        uint32_t x, uint32_t y)
{
    for (; y; y = parent[y])
        x = act[(size_t)x * gens + via[y]];
    return x;
}

/* x y */
static inline uint32_t nb_quotient_mul(const nb_quotient *q, uint32_t x, uint32_t y)
{
    return q->mul ? q->mul[(size_t)x * q->order + y]
                  : nb_quotient_walk(q->act, q->act_gens, q->parent, q->via, x, y);
}

/* The P-portion's size: elements lost for the player to move. */
uint32_t nb_quotient_p_size(const nb_quotient *q);

/* Whether (q, P) is the quotient of a tame game, one that plays as misère Nim
 * (Plambeck and Siegel's T_n). */
bool nb_quotient_is_tame(const nb_quotient *q);

/* A monoid has no division: rest[i] = the product of every e[j] but e[i], from prefix and
 * suffix products (rest: len values, the caller's). Returns the product of them all. */
uint32_t nb_quotient_rests(const nb_quotient *q, const uint32_t *e, size_t len, uint32_t *rest);

/* A misère position whose parts multiply to `all`: out's verdict (lost exactly when all
 * is in the P-portion), method misere-quotient and element. */
void nb_quotient_decide(const nb_quotient *q, uint32_t all, nb_analysis *out);

/* A word from its exponents, one a generator: letters a..z, then g26, g27, ... ("1" when
 * every exponent is 0), whole. The caller owns it (free). */
char *nb_quotient_exponents_word(const uint8_t *exponents, size_t gens);

/* An element as a word in the generators ("1", "a", "ab^2c"), whole. The caller owns it
 * (free). */
char *nb_quotient_word(const nb_quotient *q, uint32_t x);

/* Checks q as a certificate: every record (element, elements of its options) of the sums
 * of its heaps' records is parity-correct (in the P-portion exactly when it has an option
 * and none in the P-portion). Closes at most max_records records. True: every position of
 * heaps the quotient covers is lost exactly when its element is in the P-portion. */
bool nb_quotient_certify(const nb_quotient *q, uint64_t max_records);

/* What the process's quotient growths came to, for /metrics: growths by how each ended
 * (NB_QUOTIENT_ENDS names them: proved, covered (as far as asked), then the limits),
 * candidates started again, growths that went on from a partial version, and versions
 * read back from the table store, served or refused by their certification. Counted
 * atomically (any thread). */
#define NB_QUOTIENT_ENDS 6
extern const char *const nb_quotient_end_names[NB_QUOTIENT_ENDS];
typedef struct nb_quotient_stats {
    uint64_t growths[NB_QUOTIENT_ENDS];
    uint64_t restarts, resumes;
    uint64_t files_served, files_refused;
} nb_quotient_stats;
nb_quotient_stats nb_quotient_get_stats(void);

#endif
