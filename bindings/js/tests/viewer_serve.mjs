// SPDX-License-Identifier: MIT
// usage: node viewer_serve.mjs --serve tools/viewer/serve.mjs --viewer DIR [--break]
// The viewer's server command line (issue 31): --help prints the usage and
// serves nothing (exit 0); a missing folder, a folder without index.html, an
// unknown option and a bad port are clear errors (exit 2, the reason named)
// started from another directory; --port N serves DIR's index.html on
// 127.0.0.1:N. --break expects a missing folder to be served (must fail).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const script = resolve(opt.serve), empty = mkdtempSync(join(tmpdir(), 'fcv-serve-'));
const failures = [];
function expect(cond, what) {
  console.log(`${cond ? 'ok  ' : 'FAIL'} ${what}`);
  if (!cond) failures.push(what);
}
const run = (...args) => spawnSync(process.execPath, [script, ...args], { cwd: empty, encoding: 'utf8', timeout: 30_000 });
try {
  const help = run('--help');
  expect(help.status === 0 && help.stdout.startsWith('usage: node tools/viewer/serve.mjs') && help.stdout.includes('--port'),
    `--help: exit ${help.status}, usage printed`);
  const missing = run(); // the default folder, from a directory that has none
  expect(opt.break ? missing.status === 0 : missing.status === 2 && /build\/tools\/viewer: no such folder/.test(missing.stderr),
    `started outside the checkout: exit ${missing.status}, "${missing.stderr.split('\n')[0]}"`);
  const notViewer = run(empty);
  expect(notViewer.status === 2 && notViewer.stderr.includes('not a built viewer (no index.html)'),
    `a folder without index.html: exit ${notViewer.status}, "${notViewer.stderr.split('\n')[0]}"`);
  const unknown = run('--bogus', resolve(opt.viewer));
  expect(unknown.status === 2 && unknown.stderr.includes('unknown option --bogus'), `unknown option: exit ${unknown.status}`);
  for (const p of ['0', '65536', 'x', '-1']) {
    const bad = run('--port', p, resolve(opt.viewer));
    expect(bad.status === 2 && bad.stderr.includes('--port needs a number 1..65535'), `--port ${p}: exit ${bad.status}`);
  }
  // a free port, then serve on it and fetch the page
  const port = await new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => ok(p));
    });
  });
  const child = spawn(process.execPath, [script, '--port', String(port), resolve(opt.viewer)], { cwd: empty });
  try {
    const line = await new Promise((ok, fail) => {
      let out = '';
      child.stdout.on('data', (d) => (out += d) && out.includes('\n') && ok(out));
      child.on('exit', (c) => fail(new Error(`server exited ${c}`)));
      setTimeout(() => fail(new Error('no address printed in 30 s')), 30_000);
    });
    expect(line.includes(`http://127.0.0.1:${port}/index.html`), `--port ${port}: ${line.trim()}`);
    const res = await fetch(`http://127.0.0.1:${port}/index.html`);
    const body = await res.text();
    expect(res.status === 200 && body.includes('fixcol replay viewer'), `GET index.html on port ${port}: ${res.status}`);
  } finally {
    child.kill('SIGINT');
  }
} finally {
  rmSync(empty, { recursive: true, force: true });
}
console.log(failures.length ? `${failures.length} serve check(s) failed` : 'serve checks passed');
process.exit(failures.length ? 1 : 0);
