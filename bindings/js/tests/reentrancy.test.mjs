// SPDX-License-Identifier: MIT
// usage: node reentrancy.test.mjs --package DIR [--break]
// Re-entrancy under node (reentrancy_core.mjs): every World method x a
// hostile argument (getter, Proxy trap, valueOf, overridden _load) that
// destroys, mutates, restores or calls the world. --break (should-fail
// twin): the guard turned off; the check must fail.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';
import { runReentrancy } from './reentrancy_core.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const lib = join(opt.package, 'lib');
const fc = await import(pathToFileURL(join(lib, 'index.js')).href);
const reentry = await import(pathToFileURL(join(lib, 'reentry.js')).href);
const r = runReentrancy(fc, reentry, !!opt.break);
for (const l of r.lines) console.log(l);
process.exit(r.failures === 0 && r.checks > 0 ? 0 : 1);
