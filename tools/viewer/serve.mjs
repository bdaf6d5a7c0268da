// SPDX-License-Identifier: MIT
// usage: node tools/viewer/serve.mjs [DIR] - serve the built viewer (default
// build/tools/viewer) on 127.0.0.1 and print its address; stops after an
// hour or on Ctrl-C.
import { resolve } from 'node:path';
import { serve } from '../../bindings/js/scripts/serve.mjs';

const dir = resolve(process.argv[2] ?? 'build/tools/viewer');
const srv = await serve({ '/': dir }, 3600_000);
console.log(`fixcol viewer: ${srv.url}/index.html (serving ${dir}; Ctrl-C stops)`);
process.on('SIGINT', () => srv.close().then(() => process.exit(0)));
