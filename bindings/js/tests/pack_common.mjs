// SPDX-License-Identifier: MIT
// Shared by the package tests (pack_install.mjs, pack_browser.mjs,
// wasm_reproducible.mjs): `npm pack` the staged package and install the
// tarball into a fresh project with a PATH that holds node, npm and a few
// coreutils only, so that no wasm toolchain (clang, wasm-ld, llvm tools,
// meson, ninja) can be used by the install or the example.
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync, existsSync, realpathSync } from 'node:fs';
import { join, delimiter } from 'node:path';

/** Programs the toolchain-free PATH must not find. */
export const TOOLCHAIN = ['clang', 'clang-14', 'clang-15', 'clang-16', 'cc', 'gcc', 'wasm-ld', 'wasm-ld-14', 'ld.lld',
  'lld', 'llvm-ar', 'llvm-objdump', 'llvm-objdump-14', 'meson', 'ninja', 'emcc', 'wasi-sdk', 'make'];
const ALLOWED = ['node', 'npm', 'sh', 'env', 'cat', 'cp', 'mv', 'rm', 'mkdir', 'ls', 'tar', 'gzip'];

/** Resolve a program on the current PATH (undefined when absent). */
function which(name, path = process.env.PATH ?? '') {
  for (const d of path.split(delimiter)) {
    const f = join(d, name);
    if (d && existsSync(f)) return f;
  }
  return undefined;
}

/** A directory of symlinks to node, npm and coreutils; its path as the whole PATH. Throws if a toolchain program is on it. */
export function toolchainFreePath(tmp) {
  const bin = join(tmp, 'bin');
  mkdirSync(bin, { recursive: true });
  for (const name of ALLOWED) {
    const f = name === 'node' ? process.execPath : which(name);
    if (f) symlinkSync(realpathSync(f), join(bin, name));
    else if (name === 'node' || name === 'npm') throw new Error(`${name} not found on PATH`);
  }
  for (const t of TOOLCHAIN) if (which(t, bin)) throw new Error(`toolchain program ${t} on the clean PATH`);
  return bin;
}

/** The environment of every npm/node call: the given PATH, no audit/fund/update checks. */
export function cleanEnv(path) {
  return { ...process.env, PATH: path, npm_config_audit: 'false', npm_config_fund: 'false',
    npm_config_update_notifier: 'false', PUPPETEER_SKIP_DOWNLOAD: '1' };
}

/** Run; its stdout; throws with the output on a non-zero exit. */
export function run(cmd, args, cwd, env) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited ${r.status}:\n${r.stdout}${r.stderr}${r.error ?? ''}`);
  return r.stdout;
}

/** `npm pack` pkgDir into tmp; the tarball's path. */
export function pack(pkgDir, tmp, env) {
  const name = run('npm', ['pack', '--pack-destination', tmp, '--loglevel=error'], pkgDir, env).trim().split('\n').pop();
  return join(tmp, name);
}

/** A fresh project tmp/project with the tarball installed (offline: the package has no dependencies). */
export function installInto(tgz, tmp, env) {
  const proj = join(tmp, 'project');
  mkdirSync(proj, { recursive: true });
  writeFileSync(join(proj, 'package.json'), JSON.stringify({ name: 'fixcol-try', private: true, type: 'module' }));
  run('npm', ['install', '--offline', '--loglevel=error', tgz], proj, env);
  const inst = join(proj, 'node_modules', 'fixcol');
  for (const f of ['lib/index.js', 'lib/index.d.ts', 'lib/fixcol.wasm', 'examples/server_loop.mjs', 'LICENSE'])
    if (!existsSync(join(inst, f))) throw new Error(`installed package lacks ${f}`);
  return { proj, inst };
}
