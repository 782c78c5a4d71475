// generate.mjs - the client's generated sources from openapi.yaml: src/api.ts (every
// schema and path as TypeScript types, by openapi-typescript) and src/int64.ts (the names
// of the members the document marks format: int64, which the client reads as bigint).
// Usage: node scripts/generate.mjs OPENAPI_YAML OUT_DIR
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { parse } from "yaml";

const [spec, out] = process.argv.slice(2);
const ast = await openapiTS(pathToFileURL(spec), { defaultNonNullable: false });
writeFileSync(`${out}/api.ts`, "// Generated from openapi.yaml by scripts/generate.mjs: do not edit.\n" +
  astToString(ast));

const doc = parse(readFileSync(spec, "utf8"));
const refOf = (node) => node && typeof node === "object" && node.$ref;
const isInt64 = (node) => {
  if (!node || typeof node !== "object") return false;
  if (refOf(node) === "#/components/schemas/Heap" || node.format === "int64") return true;
  return ["items", "oneOf", "anyOf"].some((k) =>
    Array.isArray(node[k]) ? node[k].some(isInt64) : isInt64(node[k]));
};
const names = new Set();
const walk = (node) => {
  if (Array.isArray(node)) return node.forEach(walk);
  if (!node || typeof node !== "object") return;
  for (const [name, schema] of Object.entries(node.properties ?? {}))
    if (isInt64(schema)) names.add(name);
  Object.values(node).forEach(walk);
};
walk(doc);
writeFileSync(`${out}/int64.ts`, "// Generated from openapi.yaml by scripts/generate.mjs: do not edit.\n" +
  "// The members whose integers may pass 2^53 - 1 (format: int64), at any depth of an answer.\n" +
  `export const INT64_MEMBERS: ReadonlySet<string> = new Set(${JSON.stringify([...names].sort())});\n`);
