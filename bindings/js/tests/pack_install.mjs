// SPDX-License-Identifier: MIT
// usage: node pack_install.mjs --package DIR --c-example EXE [--break]
// `npm pack` the staged package, install the tarball into a fresh temporary
// project with a PATH holding only node, npm and coreutils (no clang,
// wasm-ld, llvm tools, meson or ninja: pack_common.mjs), run its
// examples/server_loop.mjs there under node and require exactly the lines
// the C example prints. --break runs the example walking 1/65536 unit
// further per frame, which must be caught.
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from './args.mjs';
import { toolchainFreePath, cleanEnv, run, pack, installInto } from './pack_common.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);

const tmp = mkdtempSync(join(tmpdir(), 'fcjs-pack-'));
let ok = false;
try {
  const env = cleanEnv(toolchainFreePath(tmp));
  console.log(`PATH=${env.PATH} (node, npm, coreutils only)`);
  const tgz = pack(opt.package, tmp, env);
  console.log(`packed ${tgz}`);
  const { proj, inst } = installInto(tgz, tmp, env);
  let example = readFileSync(join(inst, 'examples', 'server_loop.mjs'), 'utf8');
  if (opt.break) example = example.replace("fix.fromDecimal('0.5')", "fix.fromDecimal('0.5000152587890625')");
  writeFileSync(join(proj, 'server_loop.mjs'), example);
  const js = run('node', ['server_loop.mjs'], proj, env);
  const c = run(resolve(opt['c-example']), [], tmp, process.env);
  process.stdout.write(js);
  ok = js === c && js.split('\n').length > 10;
  console.log(ok ? 'the installed example prints exactly what the C example prints'
    : `DIFFERENT from the C example:\n${c}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
