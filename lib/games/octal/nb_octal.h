/* nb_octal.h - take-and-break games given by an octal or hexadecimal code (Grundy's game
 * is one: games/grundy). State = heaps; a move is {heap, take, count, a, b, c}: the heap
 * is replaced in place by `count` heaps (none; a; a <= b; a <= b <= c). Field 1 is the
 * code. The rule itself (nb_octal_rule) is the table's key, in theory/nb_octable.h. */
#ifndef NB_OCTAL_H
#define NB_OCTAL_H

#include "engine/nb_solver.h"
#include "theory/nb_octable.h"
#include "cache/nb_sequence.h"

typedef struct nb_octal_params {
    nb_octal_rule rule;
    const nb_octable *table; /* attached by prepare, released by release */
} nb_octal_params;
extern const nb_ruleset nb_octal;

/* Reads a code "d0.d1d2...dk": d0 0 or 4, then 1..32 octal digits (trailing zeros
 * allowed). Errors blame field 1. */
nb_status nb_octal_parse(const char *code, nb_octal_rule *rule, nb_err *err);

/* SG values of heaps from..up_to (from <= up_to) of an octal rule (params as above, table not attached),
 * proving the period when the theorem applies and max_table and max_work allow. */
nb_status nb_octal_sequence(nb_solver *s, nb_octal_params *p, uint64_t from, uint64_t up_to,
                            nb_sequence *out, nb_err *err);

#endif
