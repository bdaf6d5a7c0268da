// SPDX-License-Identifier: MIT
// usage: node bench.mjs --tool fixcol-replay --package DIR [--runs N] REPLAY
// Per-frame cost of a replay (default: moba-skirmish) through the JS
// package under node - ReplayReader + ReplayRunner + World, every value
// hashed in JS - against the native C runner (`fixcol-replay verify`, the
// same work: read, apply, hash, compare), same machine, same run. Best of
// N runs each; the C figure has the tool's start-up (`--help`) subtracted.
// Prints `bench NAME VALUE UNIT` lines; no assertion on time.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from '../tests/args.mjs';

const { opt, files } = parseArgs(process.argv.slice(2));
const runs = Number(opt.runs ?? 7);
const file = files[0] ?? 'replays/moba-skirmish.fcr';
const name = basename(file, '.fcr').split('-')[0];
const fixcol = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const bytes = readFileSync(file);

function best(fn) {
  let b = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    b = Math.min(b, Number(process.hrtime.bigint() - t) / 1e6);
  }
  return b;
}

let frames = 0;
const js = best(() => {
  const r = fixcol.verifyReplay(bytes);
  if (r.badFrames) throw new Error(`${file}: the JS runner disagrees at frame ${r.first.frame}`);
  frames = r.frames;
});
const run = (args) => {
  const r = spawnSync(opt.tool, args, { encoding: 'utf8' });
  if (r.status !== 0 && args[0] === 'verify') throw new Error(`${opt.tool} verify failed: ${r.stdout}`);
};
const startup = best(() => run(['--help']));
const c = Math.max(0.001, best(() => run(['verify', file])) - startup);
const us = (ms) => ((ms * 1000) / frames).toFixed(2);
console.log(`bench js_${name}_frame ${us(js)} us`);
console.log(`bench c_${name}_frame ${us(c)} us`);
console.log(`bench js_${name}_frame_ratio ${(js / c).toFixed(2)} x`);
