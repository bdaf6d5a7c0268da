// SPDX-License-Identifier: MIT
// usage: node typecheck.mjs --package DIR --node-modules DIR FILE.ts
// tsc --noEmit --strict FILE.ts against the staged package's declarations
// (a temporary project where 'fixcol' resolves to the package). Exit as tsc.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, symlinkSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, basename } from 'node:path';
import { parseArgs } from './args.mjs';

const { opt, files } = parseArgs(process.argv.slice(2));
const tmp = mkdtempSync(join(tmpdir(), 'fcjs-tsc-'));
let status = 1;
try {
  mkdirSync(join(tmp, 'node_modules'));
  symlinkSync(resolve(opt.package), join(tmp, 'node_modules', 'fixcol'), 'dir');
  copyFileSync(files[0], join(tmp, basename(files[0])));
  writeFileSync(join(tmp, 'package.json'), '{ "type": "module", "private": true }');
  const tsc = join(resolve(opt['node-modules']), 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext',
    '--moduleResolution', 'nodenext', '--lib', 'es2022,dom', basename(files[0])], { cwd: tmp, encoding: 'utf8' });
  process.stdout.write(r.stdout + r.stderr);
  status = r.status ?? 1;
  console.log(status === 0 ? `${basename(files[0])}: type-checks` : `${basename(files[0])}: tsc exit ${status}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(status);
