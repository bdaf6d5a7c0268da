// SPDX-License-Identifier: MIT
// usage: node verify_node.mjs --tool fixcol-replay --package DIR [--break | --break-cast | --break-v4 | --break-v5] FILES...
// Every replay through the installed package's API under node; the digest
// must equal the C tool's. Exit 0 equal, 1 otherwise.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';
import { cDigest } from './c_tool.mjs';
import { verifyAll } from './verify_core.mjs';

const { opt, files } = parseArgs(process.argv.slice(2), ['break', 'break-cast', 'break-v4', 'break-v5']);
const want = cDigest(opt.tool, files);
const fixcol = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const res = verifyAll(fixcol, files.map((f) => ({ name: basename(f), bytes: readFileSync(f) })),
  opt['break-cast'] ? 'cast' : opt['break-v4'] ? 'v4' : opt['break-v5'] ? 'v5' : opt.break);
for (const l of res.lines) console.log(l);
console.log(`C digest  ${want}`);
console.log(`JS digest ${res.digest} (node ${process.version})`);
const ok = res.bad === 0 && res.digest === want;
console.log(ok ? 'same digest' : 'DIFFERENT');
process.exit(ok ? 0 : 1);
