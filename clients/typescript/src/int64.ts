// Generated from openapi.yaml by scripts/generate.mjs: do not edit.
// The members whose integers may pass 2^53 - 1 (format: int64), at any depth of an answer.
export const INT64_MEMBERS: ReadonlySet<string> = new Set(["bottles","count","exact_up_to","heaps","k","leave","limits","loopy","numbers","pairs","piles","sg","split","stairs","steps","take","to","values"]);
