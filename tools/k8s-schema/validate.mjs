#!/usr/bin/env node
// Validates Kubernetes objects against the Kubernetes OpenAPI schema, using the validators that the
// npm package `kubernetes-models` generates from it (see package.json for the pinned version).
//
// stdin : a JSON array of Kubernetes objects (plain JSON, as `kubectl get -o json` would print them).
// stdout: one JSON line per object: {"index":i,"kind":...,"name":...,"ok":true|false,"error":"..."}
//         ("error" only when ok is false; it names every failing path, e.g.
//          "/spec/template/spec/containers/0/ports/0/containerPort: must be integer").
// exit  : 0 when every object is valid, 1 when any is not (or the input is not a JSON array of
//         objects), 2 on an internal error.
//
// The class is looked up by apiVersion + kind among the built-in Kubernetes kinds that
// `kubernetes-models` ships (core, apps, batch, policy, rbac, networking, ...). A kind it does not know
// (a custom resource, a misspelt kind, a kind under the wrong apiVersion, a missing apiVersion) is
// reported as an error: nothing passes unvalidated. So is an alpha/beta apiVersion (the package keeps those
// of old Kubernetes releases, e.g. extensions/v1beta1 DaemonSet, which current clusters no longer serve).
//
// What the generated validators check: required properties, JSON types (integer / string / boolean /
// object / array; int32/int64 ranges), enums (e.g. protocol, restartPolicy, hostPath type) and some
// formats (resource quantities, date-time). What they do NOT check: unknown (misspelt) fields, which are
// accepted silently, and the API server's semantic validation (DNS names, label syntax, selector matching
// the template labels, port 1..65535, at least one container, cron syntax, ...).

import { readFileSync } from "node:fs";

const GROUP_VERSION = /^(?:([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*)\/)?(v[0-9]+((alpha|beta)[0-9]+)?)$/;
const KIND = /^[A-Z][A-Za-z0-9]*$/;
const PRE_GA_VERSION = /(^|\/)v[0-9]+(alpha|beta)[0-9]+$/;

const classCache = new Map();

// Returns the kubernetes-models class for apiVersion + kind, or null when there is none.
async function modelClass(apiVersion, kind) {
  if (typeof apiVersion !== "string" || typeof kind !== "string") return null;
  if (!GROUP_VERSION.test(apiVersion) || !KIND.test(kind)) return null;
  const key = `${apiVersion}/${kind}`;
  if (classCache.has(key)) return classCache.get(key);
  let cls = null;
  try {
    // "v1" -> kubernetes-models/v1/Pod ; "apps/v1" -> kubernetes-models/apps/v1/DaemonSet
    const mod = await import(`kubernetes-models/${apiVersion}/${kind}`);
    const candidate = mod[kind];
    // Only a top-level resource class carries static apiVersion/kind; helper types (v1/Container,
    // v1/Affinity, ...) do not, so they are not accepted as kinds.
    if (typeof candidate === "function"
        && candidate.apiVersion === apiVersion
        && candidate.kind === kind
        && typeof candidate.prototype.validate === "function") {
      cls = candidate;
    }
  } catch (e) {
    if (e?.code !== "ERR_MODULE_NOT_FOUND" && e?.code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") throw e;
  }
  classCache.set(key, cls);
  return cls;
}

// Turns ajv errors (already localised by kubernetes-models) into "path: message" text.
function describe(err) {
  const errors = Array.isArray(err?.errors) ? err.errors : null;
  if (!errors || errors.length === 0) return String(err?.message ?? err);
  const seen = new Set();
  const parts = [];
  for (const e of errors) {
    let path = e.instancePath || "";
    let message = e.message ?? e.keyword;
    if (e.keyword === "required" && e.params?.missingProperty !== undefined) {
      path = `${path}/${e.params.missingProperty}`;
      message = "is required";
    } else if (e.keyword === "enum" && Array.isArray(e.params?.allowedValues)) {
      message = `must be one of ${JSON.stringify(e.params.allowedValues)}`;
    }
    const text = `${path || "/"}: ${message}`;
    if (!seen.has(text)) {
      seen.add(text);
      parts.push(text);
    }
  }
  return parts.join("; ");
}

function isPlainObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

async function validateOne(obj, index) {
  const result = { index, kind: null, name: null, ok: false };
  if (!isPlainObject(obj)) {
    result.error = `/: must be an object, not ${obj === null ? "null" : Array.isArray(obj) ? "an array" : typeof obj}`;
    return result;
  }
  result.kind = typeof obj.kind === "string" ? obj.kind : null;
  result.name = isPlainObject(obj.metadata) && typeof obj.metadata.name === "string" ? obj.metadata.name : null;
  const cls = await modelClass(obj.apiVersion, obj.kind);
  if (cls !== null && PRE_GA_VERSION.test(obj.apiVersion)) {
    // kubernetes-models keeps the alpha/beta group versions of old Kubernetes releases (extensions/v1beta1
    // DaemonSet, policy/v1beta1 PodDisruptionBudget, batch/v1beta1 CronJob, ...); current clusters do not
    // serve them, so an object rendered with one would be refused by kubectl apply.
    result.error = `apiVersion ${JSON.stringify(obj.apiVersion)} is not a GA version: current Kubernetes does not`
      + ` serve it (by default); use the GA apiVersion of kind ${JSON.stringify(obj.kind)}`;
    return result;
  }
  if (cls === null) {
    result.error = `unknown kind: no Kubernetes schema for apiVersion ${JSON.stringify(obj.apiVersion ?? null)}`
      + ` kind ${JSON.stringify(obj.kind ?? null)}`;
    return result;
  }
  try {
    new cls(obj).validate();
    result.ok = true;
  } catch (err) {
    result.error = describe(err);
  }
  return result;
}

async function main() {
  let input;
  try {
    input = JSON.parse(readFileSync(0, "utf8"));
  } catch (err) {
    process.stdout.write(JSON.stringify({ index: -1, kind: null, name: null, ok: false,
      error: `stdin is not JSON: ${err.message}` }) + "\n");
    return 1;
  }
  if (!Array.isArray(input)) {
    process.stdout.write(JSON.stringify({ index: -1, kind: null, name: null, ok: false,
      error: "stdin must be a JSON array of Kubernetes objects" }) + "\n");
    return 1;
  }
  let allOk = true;
  const lines = [];
  for (let i = 0; i < input.length; i++) {
    const r = await validateOne(input[i], i);
    if (!r.ok) allOk = false;
    lines.push(JSON.stringify(r));
  }
  process.stdout.write(lines.length ? lines.join("\n") + "\n" : "");
  return allOk ? 0 : 1;
}

main().then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write(`validate.mjs: ${err?.stack ?? err}\n`); process.exitCode = 2; },
);
