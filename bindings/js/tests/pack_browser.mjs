// SPDX-License-Identifier: MIT
// usage: node pack_browser.mjs --package DIR --node-modules DIR --c-example EXE
//          [--break-importmap | --break-bundle | --break-node-import]
// The installed tarball in headless chromium, the two ways docs/binding-js.md
// documents, both served from 127.0.0.1 by this test:
//  - import map: a page mapping the bare 'fixcol' to
//    node_modules/fixcol/lib/index.js imports the package's example
//    unchanged;
//  - esbuild: the example bundled (`esbuild server_loop.mjs --bundle
//    --format=esm --platform=browser --outfile=dist/app.js`) with
//    lib/fixcol.wasm copied beside the bundle, served without node_modules.
// pack and install run with a PATH of node, npm and coreutils only
// (pack_common.mjs). Each page must log exactly the C example's lines.
// --break-importmap / --break-bundle make that page's example walk 1/65536
// unit further per frame, which must be caught; --break-node-import puts
// back a literal import('node:fs/promises') in the installed lib/wasm.js,
// which esbuild cannot bundle for the browser, which must be caught.
import { mkdtempSync, rmSync, writeFileSync, readFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from './args.mjs';
import { toolchainFreePath, cleanEnv, run, pack, installInto } from './pack_common.mjs';
import { serve } from '../scripts/serve.mjs';
import { launch, requireChromium } from './chromium.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break-importmap', 'break-bundle', 'break-node-import']);
requireChromium();

const IMPORT_MAP = { imports: { fixcol: './node_modules/fixcol/lib/index.js' } };
const broken = (src) => src.replace("fix.fromDecimal('0.5')", "fix.fromDecimal('0.5000152587890625')");

/** A page that records console.log lines, imports entry and sets window.__done. */
function page(entry, importMap) {
  return `<!doctype html><meta charset="utf-8"><title>fixcol</title>
${importMap ? `<script type="importmap">${JSON.stringify(importMap)}</script>` : ''}
<script type="module">
window.__lines = [];
const log = console.log;
console.log = (...a) => { window.__lines.push(a.join(' ')); log(...a); };
import(${JSON.stringify(entry)}).then(() => { window.__done = 'ok'; }, (e) => { window.__done = 'error: ' + e; });
</script>\n`;
}

async function runPage(browser, url) {
  const p = await browser.newPage();
  p.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  try {
    await p.goto(url);
    await p.waitForFunction('window.__done !== undefined', { timeout: 40_000, polling: 100 });
    return await p.evaluate(() => ({ done: window.__done, lines: window.__lines }));
  } finally {
    await p.close();
  }
}

const tmp = mkdtempSync(join(tmpdir(), 'fcjs-packweb-'));
let ok = false;
let chrome = null, srv = null;
try {
  const env = cleanEnv(toolchainFreePath(tmp));
  const tgz = pack(opt.package, tmp, env);
  const { proj, inst } = installInto(tgz, tmp, env);
  console.log(`installed ${tgz} with PATH=${env.PATH} (node, npm, coreutils only)`);
  const example = readFileSync(join(inst, 'examples', 'server_loop.mjs'), 'utf8');
  if (opt['break-node-import']) {
    const f = join(inst, 'lib', 'wasm.js');
    const js = readFileSync(f, 'utf8');
    const lit = js.replace(/import\([^()]*NODE_FS\)/, "import('node:fs/promises')");
    if (lit === js) {
      console.log('--break-node-import: no import(... NODE_FS) in lib/wasm.js to break');
      process.exit(0); // the should-fail twin then fails: update it with wasm.js
    }
    writeFileSync(f, lit);
  }

  // The import map page: served from the project root, node_modules included.
  writeFileSync(join(proj, 'server_loop.mjs'), opt['break-importmap'] ? broken(example) : example);
  writeFileSync(join(proj, 'index.html'), page('./server_loop.mjs', IMPORT_MAP));

  // The esbuild recipe: bundle, copy the wasm beside the bundle.
  writeFileSync(join(proj, 'app.mjs'), opt['break-bundle'] ? broken(example) : example);
  const esbuild = join(resolve(opt['node-modules']), 'esbuild', 'bin', 'esbuild');
  const dist = join(proj, 'dist');
  const out = run('node', [esbuild, 'app.mjs', '--bundle', '--format=esm', '--platform=browser', '--target=es2022',
    '--outfile=dist/app.js', '--log-level=warning'], proj, env);
  process.stdout.write(out);
  copyFileSync(join(inst, 'lib', 'fixcol.wasm'), join(dist, 'fixcol.wasm'));
  writeFileSync(join(dist, 'index.html'), page('./app.js', null));
  console.log(`esbuild bundle: ${readFileSync(join(dist, 'app.js')).length} bytes`);

  const c = run(resolve(opt['c-example']), [], tmp, process.env).trimEnd().split('\n');
  srv = await serve({ '/im/': proj, '/bundle/': dist }, 120_000);
  chrome = await launch(opt['node-modules']);
  let good = 0;
  for (const [name, url] of [['import map', `${srv.url}/im/index.html`], ['esbuild bundle', `${srv.url}/bundle/index.html`]]) {
    const r = await runPage(chrome.browser, url);
    const same = r.done === 'ok' && r.lines.length === c.length && r.lines.every((l, i) => l === c[i]);
    console.log(`${name}: ${r.done}, ${r.lines.length} lines, ${same ? 'exactly the C example\'s lines' : 'DIFFERENT from the C example'}`);
    if (!same) for (const l of r.lines) console.log(`  page: ${l}`);
    good += same ? 1 : 0;
  }
  console.log(`(${await chrome.browser.version()})`);
  ok = good === 2 && c.length > 10;
} finally {
  if (chrome) await chrome.close();
  if (srv) await srv.close();
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
