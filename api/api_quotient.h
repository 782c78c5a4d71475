/* api_quotient.h - POST /v1/quotient: a take-and-break ruleset's misère quotient as
 * JSON (its order, P-portion, generators and relations, elements as words, the pretending
 * function), grown or read from the cache within the request's budget. */
#ifndef API_QUOTIENT_H
#define API_QUOTIENT_H

#include "api_endpoints.h"

/* {"type":"octal","code":...,"up_to"?} -> the ruleset's misère quotient (openapi.yaml,
 * POST /v1/quotient). */
api_endpoint api_quotient;
/* Whether POST /v1/quotient takes games of this type (take-and-break: octal, grundy). */
bool api_quotient_takes(const char *type);

#endif
