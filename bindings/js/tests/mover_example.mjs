// SPDX-License-Identifier: MIT
// usage: node rollback_example.mjs --package DIR --c-example EXE [--break]
// Run the staged package's examples/mover.mjs (docs/mover.md's platformer
// and MOBA crowd) from a temporary project whose node_modules/fixcol is the
// package, and require exactly the lines the C example
// (tests/example_mover.c) prints. --break changes the last digit of the
// example's output, which must be caught.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, symlinkSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 16 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}
const tmp = mkdtempSync(join(tmpdir(), 'fcjs-mover-'));
let ok = false;
try {
  mkdirSync(join(tmp, 'node_modules'));
  symlinkSync(resolve(opt.package), join(tmp, 'node_modules', 'fixcol'), 'dir');
  copyFileSync(join(opt.package, 'examples', 'mover.mjs'), join(tmp, 'mover.mjs'));
  let js = run(process.execPath, ['mover.mjs'], tmp);
  if (opt.break) js = js.replace(/.\n$/, 'x\n');
  const c = run(resolve(opt['c-example']), [], tmp);
  process.stdout.write(js);
  ok = js === c && js.split("\n").length > 90;
  console.log(ok ? 'the mover example prints exactly what the C example prints' : `DIFFERENT from the C example:\n${c}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
