#!/usr/bin/env node
// Drives the YAML language server (yaml-language-server, pinned by package.json) over its stdio protocol as
// an editor does: opens each file, collects the diagnostics the server publishes for it, asks for
// completions at given places. Schemas come from each file's modeline (# yaml-language-server: $schema=...),
// nothing else is configured and the schema store is off, so a file is checked with the schema it names.
//
// usage : node yaml-ls.mjs < request.json
//         request: {"files": ["/abs/a.yaml", ...], "completions": [{"file": "/abs/b.yaml", "line": 0, "character": 0}]}
// stdout: {"diagnostics": {"/abs/a.yaml": [{"line": 0, "character": 0, "severity": 1, "message": "..."}]},
//          "completions": [[{"label": "...", "documentation": "..."}], ...]}   (lines and characters from 0)
// exit  : 0 answered, 2 the server did not start or answer in time
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const request = JSON.parse(readFileSync(0, "utf8"));
const require = createRequire(import.meta.url);
const server = require.resolve("yaml-language-server/bin/yaml-language-server");
const child = spawn(process.execPath, [server, "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });

let buffer = Buffer.alloc(0);
let nextId = 1;
const pending = new Map();
const diagnostics = new Map();
let lastPublish = Date.now();

function send(message) {
  const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }), "utf8");
  child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
  child.stdin.write(body);
}
function call(method, params) {
  const id = nextId++;
  send({ id, method, params });
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}
function notify(method, params) {
  send({ method, params });
}
child.stdout.on("data", (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf("\r\n\r\n");
    if (end < 0) return;
    const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())[1]);
    if (buffer.length < end + 4 + length) return;
    const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString("utf8"));
    buffer = buffer.subarray(end + 4 + length);
    if (message.id !== undefined && message.method) {
      // a request of the server's (configuration, capability registration): answer it plainly
      send({ id: message.id, result: message.method === "workspace/configuration" ? message.params.items.map(() => settings.yaml) : null });
    } else if (message.id !== undefined) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    } else if (message.method === "textDocument/publishDiagnostics") {
      diagnostics.set(message.params.uri, message.params.diagnostics);
      lastPublish = Date.now();
    }
  }
});

const settings = {
  // YAML 1.1, as Kubernetes reads manifests (go-yaml): an unquoted off or y is a boolean there (docs/editors.md)
  yaml: { yamlVersion: "1.1", validate: true, completion: true, hover: true, format: { enable: false }, schemaStore: { enable: false }, schemas: {} },
};
const timer = setTimeout(() => {
  console.error("yaml-ls.mjs: the language server did not answer within 120 s");
  process.exit(2);
}, 120000);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const uri = (file) => pathToFileURL(file).href;
await call("initialize", {
  processId: process.pid,
  rootUri: null,
  capabilities: { textDocument: { completion: { completionItem: { documentationFormat: ["plaintext"] } } } },
});
notify("initialized", {});
notify("workspace/didChangeConfiguration", { settings });
for (const file of request.files) {
  notify("textDocument/didOpen", { textDocument: { uri: uri(file), languageId: "yaml", version: 1, text: readFileSync(file, "utf8") } });
}
// every file published, then quiet: the server publishes again once a schema it fetched has loaded
while (!request.files.every((file) => diagnostics.has(uri(file))) || Date.now() - lastPublish < 1500) {
  await sleep(100);
}
const completions = [];
for (const place of request.completions || []) {
  if (!request.files.includes(place.file)) {
    notify("textDocument/didOpen", { textDocument: { uri: uri(place.file), languageId: "yaml", version: 1, text: readFileSync(place.file, "utf8") } });
  }
  const result = await call("textDocument/completion", { textDocument: { uri: uri(place.file) }, position: { line: place.line, character: place.character } });
  const items = Array.isArray(result) ? result : (result?.items ?? []);
  completions.push(items.map((item) => ({
    label: item.label,
    documentation: typeof item.documentation === "string" ? item.documentation : (item.documentation?.value ?? ""),
  })));
}
const out = { diagnostics: {}, completions };
for (const file of request.files) {
  out.diagnostics[file] = diagnostics.get(uri(file)).map((d) => ({
    line: d.range.start.line,
    character: d.range.start.character,
    severity: d.severity,
    message: d.message,
  }));
}
clearTimeout(timer);
process.stdout.write(JSON.stringify(out) + "\n");
await call("shutdown", null).catch(() => {});
notify("exit", null);
process.exit(0);
