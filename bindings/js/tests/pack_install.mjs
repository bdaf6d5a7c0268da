// SPDX-License-Identifier: MIT
// usage: node pack_install.mjs --package DIR --c-example EXE [--break]
// `npm pack` the staged package, install the tarball into a fresh temporary
// project (offline: the package has no runtime dependencies), run its
// examples/server_loop.mjs there and require exactly the lines the C
// example prints. --break runs the example walking 1/65536 unit further per
// frame, which must be caught.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: npmEnv, maxBuffer: 16 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited ${r.status}:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

const tmp = mkdtempSync(join(tmpdir(), 'fcjs-pack-'));
let ok = false;
try {
  const tgz = run('npm', ['pack', '--pack-destination', tmp, '--loglevel=error'], opt.package).trim().split('\n').pop();
  console.log(`packed ${tgz}`);
  const proj = join(tmp, 'project');
  run('mkdir', ['-p', proj], tmp);
  writeFileSync(join(proj, 'package.json'), JSON.stringify({ name: 'fixcol-try', private: true, type: 'module' }));
  run('npm', ['install', '--offline', '--loglevel=error', join(tmp, tgz)], proj);
  const inst = join(proj, 'node_modules', 'fixcol');
  for (const f of ['lib/index.js', 'lib/index.d.ts', 'lib/fixcol.wasm', 'examples/server_loop.mjs', 'LICENSE'])
    if (!existsSync(join(inst, f))) throw new Error(`installed package lacks ${f}`);
  let example = readFileSync(join(inst, 'examples', 'server_loop.mjs'), 'utf8');
  if (opt.break) example = example.replace("fix.fromDecimal('0.5')", "fix.fromDecimal('0.5000152587890625')");
  writeFileSync(join(proj, 'server_loop.mjs'), example);
  const js = run('node', ['server_loop.mjs'], proj);
  const c = run(resolve(opt['c-example']), [], tmp);
  process.stdout.write(js);
  ok = js === c && js.split('\n').length > 10;
  console.log(ok ? 'the installed example prints exactly what the C example prints'
    : `DIFFERENT from the C example:\n${c}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
