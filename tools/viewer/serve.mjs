// SPDX-License-Identifier: MIT
// usage: node tools/viewer/serve.mjs [--port N] [DIR] - serve the built
// viewer (default: build/tools/viewer under the current directory) on
// 127.0.0.1 and print its address; stops after an hour or on Ctrl-C.
// --help prints this usage. Exit 2 (nothing served) on an unknown option,
// a bad port, or a DIR that is not a built viewer (no index.html).
import { resolve, join } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { serve } from '../../bindings/js/scripts/serve.mjs';

const USAGE = `usage: node tools/viewer/serve.mjs [--port N] [DIR]
  Serve the built replay viewer on http://127.0.0.1 and print its address.
  DIR       the built viewer (default build/tools/viewer, relative to the
            current directory; \`ninja -C build\` with -Djs=enabled builds it)
  --port N  listen on port N (1..65535; default: a free port)
  --help    print this and exit`;

function fail(msg) {
  console.error(`serve.mjs: ${msg}\n${USAGE}`);
  process.exit(2);
}

let port = 0, dir = null;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--help' || a === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (a === '--port' || a.startsWith('--port=')) {
    const v = a === '--port' ? argv[++i] : a.slice(7);
    if (v === undefined || !/^[0-9]{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 65535)
      fail(`--port needs a number 1..65535, got ${v === undefined ? 'nothing' : JSON.stringify(v)}`);
    port = Number(v);
  } else if (a.startsWith('-')) {
    fail(`unknown option ${a}`);
  } else if (dir !== null) {
    fail(`one folder only (got ${dir} and ${a})`);
  } else {
    dir = a;
  }
}
dir = resolve(dir ?? 'build/tools/viewer');
if (!existsSync(dir) || !statSync(dir).isDirectory())
  fail(`${dir}: no such folder (build the viewer: meson setup build -Djs=enabled && ninja -C build, ` +
    'then run this from the checkout or give the folder)');
if (!existsSync(join(dir, 'index.html')))
  fail(`${dir}: not a built viewer (no index.html)`);
let srv;
try {
  srv = await serve({ '/': dir }, 3600_000, port);
} catch (e) {
  fail(`cannot listen on 127.0.0.1:${port}: ${e.message}`);
}
console.log(`fixcol viewer: ${srv.url}/index.html (serving ${dir}; Ctrl-C stops)`);
process.on('SIGINT', () => srv.close().then(() => process.exit(0)));
