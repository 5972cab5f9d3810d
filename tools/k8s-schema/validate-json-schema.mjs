#!/usr/bin/env node
// Validates JSON documents against a JSON Schema (draft-07) with ajv (pinned in package.json).
//
// usage : node validate-json-schema.mjs SCHEMA_FILE   (stdin: a JSON array of documents)
// stdout: one JSON line per document: {"index":i,"ok":true|false,"error":"..."} ("error" only when not ok,
//         naming every failing path, e.g. "/objects/0/change: must be equal to one of the allowed values").
// exit  : 0 when every document is valid, 1 when any is not, 2 on an internal error (unreadable schema,
//         input that is not a JSON array).

import { readFileSync } from "node:fs";
import Ajv from "ajv";

try {
  const schema = JSON.parse(readFileSync(process.argv[2], "utf8"));
  const documents = JSON.parse(readFileSync(0, "utf8"));
  if (!Array.isArray(documents)) throw new Error("stdin must be a JSON array of documents");
  const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
  let allOk = true;
  documents.forEach((document, index) => {
    const ok = validate(document);
    allOk &&= ok;
    const line = { index, ok };
    if (!ok) line.error = validate.errors.map((e) => `${e.instancePath || "/"}: ${e.message}`).join("; ");
    process.stdout.write(JSON.stringify(line) + "\n");
  });
  process.exit(allOk ? 0 : 1);
} catch (e) {
  process.stderr.write(`validate-json-schema: ${e.message}\n`);
  process.exit(2);
}
