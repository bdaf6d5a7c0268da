// SPDX-License-Identifier: MIT
// The kit tests' process harness: free loopback ports, a private
// redis-server (127.0.0.1, a free port, no persistence), kit server
// processes; everything started here is killed on exit, on a signal and
// when the test's time limit (deadline) passes.
import { spawn, fork } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

const here = dirname(fileURLToPath(import.meta.url));
export const KIT = join(here, '..');
const children = [];
const dirs = [];

function killAll() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) { try { c.kill('SIGKILL'); } catch { /* gone */ } }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { killAll(); process.exit(130); });

/** Abort the test (exit 1) after ms, killing every child. */
export function deadline(ms, name) {
  const t = setTimeout(() => { console.error(`${name}: time limit of ${ms} ms reached`); process.exit(1); }, ms);
  t.unref();
}

/** A TCP port free on 127.0.0.1 now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// Resolve when the child prints a line matching re on stdout; reject on exit or after ms.
function waitLine(child, re, ms, what) {
  return new Promise((resolve, reject) => {
    let buf = '';
    const t = setTimeout(() => reject(new Error(`${what}: not ready after ${ms} ms`)), ms);
    child.stdout.on('data', (d) => {
      buf += d;
      if (re.test(buf)) { clearTimeout(t); resolve(); }
    });
    child.on('exit', (code) => { clearTimeout(t); reject(new Error(`${what} exited (${code}) before it was ready:\n${buf}`)); });
  });
}

/** Start redis-server on a free port: 127.0.0.1 only, no RDB/AOF persistence. Returns { port, url, proc }. */
export async function startRedis(bin = 'redis-server') {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'fixcol-kit-redis-'));
  dirs.push(dir);
  const proc = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
    '--dir', dir, '--protected-mode', 'yes', '--loglevel', 'warning'], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(proc);
  const t0 = Date.now();
  for (;;) { // until it accepts a connection
    const ok = await new Promise((resolve) => {
      const c = connect(port, '127.0.0.1', () => { c.end(); resolve(true); });
      c.on('error', () => resolve(false));
    });
    if (ok) break;
    if (proc.exitCode !== null) throw new Error(`redis-server exited (${proc.exitCode})`);
    if (Date.now() - t0 > 5000) throw new Error('redis-server did not accept connections within 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  return { port, url: `redis://127.0.0.1:${port}`, proc };
}

/**
 * Start a kit server process (bin/server.mjs) on a free port; extra: more
 * arguments. Lines it prints are collected in .lines. Returns { port, proc, lines, endpoint }.
 */
export async function startKitServer(extra = []) {
  const port = await freePort();
  const proc = fork(join(KIT, 'bin', 'server.mjs'), ['--port', String(port), ...extra],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  children.push(proc);
  const lines = [];
  proc.stdout.on('data', (d) => lines.push(...String(d).split('\n').filter(Boolean)));
  await waitLine(proc, /lockstep-server listening/, 15000, `kit server :${port}`);
  return { port, proc, lines, endpoint: `ws://127.0.0.1:${port}` };
}

/** Ask a forked kit server for its TickStats summary. */
export function serverStats(srv, cmd = 'stats') {
  return new Promise((resolve) => {
    const on = (m) => { if (m && (m.stats || m.reset)) { srv.proc.off('message', on); resolve(m.stats ?? m); } };
    srv.proc.on('message', on);
    srv.proc.send({ cmd });
  });
}

/** Stop a started child (SIGTERM, then SIGKILL after 3 s). */
export function stop(proc) {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    const t = setTimeout(() => proc.kill('SIGKILL'), 3000);
    proc.once('exit', () => { clearTimeout(t); resolve(); });
    proc.kill('SIGTERM');
  });
}
