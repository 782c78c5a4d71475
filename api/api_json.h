/* api_json.h - strict decoding of request bodies: the parse itself (duplicate keys and
 * integers past 2^63-1 rejected with a pointer), allowed keys, and typed fields. */
#ifndef API_JSON_H
#define API_JSON_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "api_problem.h"
#include "api_write.h"
#include "core/nb_analysis.h"
#include "core/nb_budget.h"

/* Parses a body, its tree counted against `budget` (borrowed, may be NULL); on failure
 * fills p (400, or 422 max_request_mb when the tree would pass the budget) and returns
 * NULL. The caller owns the result. */
json_t *api_parse(const char *body, size_t len, nb_budget *budget, api_problem *p);


/* A field path: base pointer plus one step, e.g. "/components/1" + "heaps", cut to fit
 * `size` (API_PATH_BYTES holds any built of the API's own names). */
void api_path(char *out, size_t size, const char *base, const char *key);
void api_path_index(char *out, size_t size, const char *base, size_t index);

/* How much of a client's text t a detail quotes: all of it up to 64 bytes, else its
 * first 60 bytes or fewer, ending at a character's end (and *cut set, for "..."). */
int api_quoted_length(const char *t, bool *cut);

/* The name of `known` (NULL-terminated) that a client most likely meant by `name`: the
 * same letters in other case, or one edit away (a letter put in, left out, changed, or
 * two beside each other swapped) from a name of three letters or more, two from one of
 * eight or more; else NULL. */
const char *api_meant_name(const char *name, const char *const *known);
/* The names (NULL-terminated) as a list: "a, b and c". */
void api_put_names(api_buf *b, const char *const *names);

/* obj must be an object whose keys all appear in `allowed` (NULL-terminated); else a 400
 * naming the key meant (api_meant_name) or every allowed key. */
int api_check_keys(json_t *obj, const char *base, const char *const *allowed, api_problem *p);

#define API_GOT_BYTES 80

/* What a JSON value is, for a message: "a string", "an array", "null"... (static text). */
const char *api_kind_of(const json_t *v);

/* What a message says it got: a string quoted ("\"zz\"", cut past 64 bytes), an array
 * with its length ("an array of 3", "an empty array"), else api_kind_of; in buf when made. */
const char *api_got(const json_t *v, char buf[API_GOT_BYTES]);
/* api_got with a buffer that lasts to the end of the enclosing block: for a message's
 * argument. */
#define API_GOT(v) api_got((v), (char[API_GOT_BYTES]){0})

/* The name a problem's detail gives the value at a JSON pointer: its last member's key and
 * the indexes after it ("/components/0/heaps/2" -> "heaps[2]", "/components/1" ->
 * "components[1]", "" -> "the body"), cut to fit out. */
void api_pointer_name(const char *pointer, char *out, size_t size);

/* Required member `key` of obj; NULL with p filled (400) when missing. */
json_t *api_require(json_t *obj, const char *base, const char *key, api_problem *p);

/* A JSON integer in [min, max], or a string of its decimal digits, -?(0|[1-9][0-9]*), as
 * the protobuf JSON mapping writes 64-bit integers for JavaScript; the message names the
 * field as `name`. */
int api_get_int(json_t *v, const char *pointer, const char *name, int64_t min, int64_t max,
                int64_t *out, api_problem *p);
/* The integer a string of decimal digits spells put in its place: container's item i (an
 * array) or member key (an object, i ignored), so that what the request echoes back is
 * written as every integer is. Nothing when v is no string. */
void api_settle_int(json_t *container, size_t i, const char *key, json_t *v, int64_t x);

/* Required member `key` of obj (at `base`): an integer in [min, max], or an array of
 * such (*out malloc'ed, caller frees), with the member's pointer in any problem; each
 * may be a string of its digits (api_get_int), settled to an integer in the tree. */
int api_member_int(json_t *obj, const char *base, const char *key, int64_t min, int64_t max,
                   int64_t *out, api_problem *p);
/* Required member `key` of obj: an array of exactly n integers 0..2^63-1 into out (the
 * words of a move: a pair, a split). */
int api_member_words(json_t *obj, const char *base, const char *key, size_t n, uint64_t *out,
                     api_problem *p);
/* The required integer members names[0], names[1]... (each 0..2^63-1) of obj, appended
 * to *words in that order. */
int api_member_words_of(json_t *obj, const char *base, const char *const *names,
                        nb_state *words, api_problem *p);
/* Every string of decimal digits in v, at any depth, settled to the integer it spells. */
void api_settle_ints(json_t *v);
int api_member_int_array(json_t *obj, const char *base, const char *key, int64_t min,
                         int64_t max, uint64_t **out, size_t *len, api_problem *p);

/* Required member `key` of obj: an array of pairs of integers in 0..2^63-1 (a pair's
 * numbers called names[0] and names[1] in problems), into 2n numbers a0,b0,a1,b1,...
 * (*out malloc'ed, caller frees). */
int api_member_pairs(json_t *obj, const char *base, const char *key,
                     const char *const names[2], uint64_t **out, size_t *len, api_problem *p);

/* Required member "edges" of obj: [u,v] pairs of non-negative integers, into 2m node
 * numbers (*out malloc'ed, caller frees; a number past 2^32-1 kept as 2^32-1, which the
 * lib refuses as past the last node). Whether a node exists is the lib's to say. */
int api_member_edges(json_t *obj, const char *base, uint32_t **out, size_t *m, api_problem *p);

#endif
