// SPDX-License-Identifier: MIT
// usage: node rollback_example.mjs --package DIR --c-example EXE [--break]
// Run the staged package's examples/rollback_loop.mjs (docs/rollback.md's
// loop: the history ring, late inputs, world events) from a temporary
// project whose node_modules/fixcol is the package, and require exactly the
// lines the C loop (tests/example_rollback.c) prints. --break runs the
// example ignoring its second late input, which must be caught.
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
const tmp = mkdtempSync(join(tmpdir(), 'fcjs-rollback-'));
let ok = false;
try {
  mkdirSync(join(tmp, 'node_modules'));
  symlinkSync(resolve(opt.package), join(tmp, 'node_modules', 'fixcol'), 'dir');
  copyFileSync(join(opt.package, 'examples', 'rollback_loop.mjs'), join(tmp, 'rollback_loop.mjs'));
  const js = run(process.execPath, ['rollback_loop.mjs'].concat(opt.break ? ['--break'] : []), tmp);
  const c = run(resolve(opt['c-example']), [], tmp);
  process.stdout.write(js);
  ok = js === c && js.split('\n').length > 30;
  console.log(ok ? 'the rollback loop prints exactly what the C loop prints' : `DIFFERENT from the C loop:\n${c}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
