// SPDX-License-Identifier: MIT
// Loads lib/fixcol.wasm once per JavaScript realm (node: the file beside
// this module; browsers: fetched from the same place, or beside a bundle) and keeps the views
// of its memory. The module imports nothing it calls: its three WASI imports
// (stdio plumbing linked in by snprintf) get stubs that report ENOSYS.

const ENOSYS = 52;

// Node's file reader, named through a variable: bundlers (esbuild, vite,
// webpack) leave a non-literal import() alone instead of failing to resolve
// 'node:fs/promises' for the browser, and the browser never runs it.
const NODE_FS = 'node:fs/promises';

async function wasmBytes() {
  // Beside this module; in a bundle, beside the bundle (copy lib/fixcol.wasm
  // there: docs/binding-js.md, "Bundlers").
  const url = new URL('./fixcol.wasm', import.meta.url);
  const isNode = typeof process === 'object' && process !== null && process.versions && process.versions.node;
  if (isNode && url.protocol === 'file:') {
    const { readFile } = await import(/* @vite-ignore */ /* webpackIgnore: true */ NODE_FS);
    return readFile(url);
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`fixcol: cannot load ${url} (HTTP ${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}

function stubImports(module) {
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.kind !== 'function') continue;
    imports[imp.module] ??= {};
    imports[imp.module][imp.name] = () => ENOSYS;
  }
  return imports;
}

const module = await WebAssembly.compile(await wasmBytes());
const instance = await WebAssembly.instantiate(module, stubImports(module));

/** The module's exports (fcjs_* glue and memory). */
export const fc = instance.exports;
fc._initialize();

const memory = fc.memory;
let buffer = null;
/** Views of the wasm memory, refreshed after the memory grows. */
export const heap = { i32: null, u32: null, u8: null };

/** Call before reading or writing heap views (any wasm call may grow memory). */
export function views() {
  // A grown memory detaches the old buffer: its views then have length 0.
  if (buffer === null || heap.u8.length === 0) {
    buffer = memory.buffer;
    heap.i32 = new Int32Array(buffer);
    heap.u32 = new Uint32Array(buffer);
    heap.u8 = new Uint8Array(buffer);
  }
  return heap;
}

/** Allocate size bytes in the wasm heap (throws when out of memory). */
export function alloc(size) {
  const p = fc.fcjs_malloc(size);
  if (!p) throw new RangeError(`fixcol: cannot allocate ${size} bytes in the wasm heap`);
  return p;
}

export const free = (p) => fc.fcjs_free(p);

/** The io word area shared by the calls of this realm (no call re-enters). */
export const IO_WORDS = 64;
export const io = alloc(IO_WORDS * 4);
/** Word index of io in heap.i32 / heap.u32. */
export const IOW = io >>> 2;

/** A NUL-terminated C string at address p. */
export function cString(p) {
  const { u8 } = views();
  let s = '';
  for (let i = p; u8[i] !== 0; i++) s += String.fromCharCode(u8[i]);
  return s;
}

/** Copy bytes (Uint8Array) into a fresh heap block; the caller frees it. */
export function copyIn(bytes) {
  const p = alloc(bytes.length);
  views().u8.set(bytes, p);
  return p;
}
