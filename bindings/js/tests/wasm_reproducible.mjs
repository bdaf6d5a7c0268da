// SPDX-License-Identifier: MIT
// usage: node wasm_reproducible.mjs --package DIR --root SRC_ROOT --build-script SH [--break]
// The .wasm in the npm tarball is the one the sources give: `npm pack` the
// staged package, take package/lib/fixcol.wasm out of the tarball, rebuild
// the wasm with scripts/build-wasm.sh from a copy of the sources at another
// path into another directory (so an embedded path or build-dir name would
// show), and require the same bytes; the rebuilt wasm must not contain the
// path of either source tree. --break changes one byte of the packed wasm
// (the tarball made from a copy of the package), which must be caught.
import { mkdtempSync, rmSync, readFileSync, writeFileSync, cpSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from './args.mjs';
import { run, pack } from './pack_common.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const root = resolve(opt.root);
const sha = (b) => createHash('sha256').update(b).digest('hex');

const tmp = mkdtempSync(join(tmpdir(), 'fcjs-repro-'));
let ok = false;
try {
  let pkg = resolve(opt.package);
  if (opt.break) {
    const copy = join(tmp, 'package-broken');
    cpSync(pkg, copy, { recursive: true });
    const f = join(copy, 'lib', 'fixcol.wasm');
    const b = readFileSync(f);
    b[b.length >> 1] ^= 1;
    writeFileSync(f, b);
    pkg = copy;
  }
  const tgz = pack(pkg, tmp, process.env);
  run('tar', ['-xzf', tgz, '-C', tmp, 'package/lib/fixcol.wasm'], tmp, process.env);
  const packed = readFileSync(join(tmp, 'package', 'lib', 'fixcol.wasm'));

  // The sources the build reads, at another path.
  const other = join(tmp, 'elsewhere', 'fixcol-src');
  for (const d of ['src', 'include', 'bindings/js/wasm', 'bindings/js/lib', 'bindings/js/examples'])
    cpSync(join(root, d), join(other, d), { recursive: true });
  for (const f of ['LICENSE', 'bindings/js/package.json', 'bindings/js/README.md'])
    cpSync(join(root, f), join(other, f));
  const out = join(tmp, 'out-elsewhere');
  mkdirSync(out);
  const t0 = Date.now();
  run(resolve(opt['build-script']), [other, out], tmp, process.env);
  const rebuilt = readFileSync(join(out, 'fixcol.wasm'));
  console.log(`rebuilt from ${other} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`packed  ${packed.length} bytes sha256 ${sha(packed)}`);
  console.log(`rebuilt ${rebuilt.length} bytes sha256 ${sha(rebuilt)}`);
  const text = rebuilt.toString('latin1');
  const leaks = [root, other, tmp].filter((p) => text.includes(p));
  for (const p of leaks) console.log(`the rebuilt wasm contains the path ${p}`);
  ok = packed.length > 1000 && packed.equals(rebuilt) && leaks.length === 0;
  if (!packed.equals(rebuilt)) {
    let i = 0;
    while (i < packed.length && packed[i] === rebuilt[i]) i++;
    console.log(`DIFFERENT: first difference at byte ${i}`);
  } else console.log('the packed wasm is byte for byte the rebuilt one');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
