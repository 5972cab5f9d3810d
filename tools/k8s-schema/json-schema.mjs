#!/usr/bin/env node
// Validates one JSON document against a JSON schema (draft-07) with ajv, pinned by package.json.
//
// usage : node json-schema.mjs SCHEMA_FILE < document.json
// stdout: one line per problem, "PATH: message" (PATH a JSON pointer, empty for the root); nothing when
//         the document is valid
// exit  : 0 valid, 1 invalid or not JSON, 2 a schema that does not compile or a wrong call
import { readFileSync } from "node:fs";
import Ajv from "ajv";

if (process.argv.length !== 3) {
  console.error("usage: node json-schema.mjs SCHEMA_FILE < document.json");
  process.exit(2);
}
let validate;
try {
  const ajv = new Ajv({ allErrors: true, strict: true });
  validate = ajv.compile(JSON.parse(readFileSync(process.argv[2], "utf8")));
} catch (e) {
  console.error(`schema ${process.argv[2]}: ${e.message}`);
  process.exit(2);
}
let document;
try {
  document = JSON.parse(readFileSync(0, "utf8"));
} catch (e) {
  console.log(`: not JSON: ${e.message}`);
  process.exit(1);
}
if (validate(document)) process.exit(0);
for (const e of validate.errors) console.log(`${e.instancePath}: ${e.message}`);
process.exit(1);
