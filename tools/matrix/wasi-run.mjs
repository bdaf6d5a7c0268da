/* SPDX-License-Identifier: MIT */
// Run a wasm32-wasi program under node's built-in WASI (node >= 20; node 18
// needs --experimental-wasi-unstable-preview1).
// usage: node wasi-run.mjs PREOPEN_DIR PROGRAM.wasm [ARGS...]
// PREOPEN_DIR is preopened as "." so the program can open files given as
// paths relative to it (run from the repo root and pass repo-relative paths).
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import { argv, env, exit } from 'node:process';

if (argv.length < 4) {
  console.error('usage: node wasi-run.mjs PREOPEN_DIR PROGRAM.wasm [ARGS...]');
  exit(2);
}
const [dir, wasmPath, ...args] = argv.slice(2);
const wasi = new WASI({
  version: 'preview1',
  args: [wasmPath, ...args],
  env: {},
  preopens: { '.': dir },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(wasmPath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
const code = wasi.start(instance);
exit(code);
