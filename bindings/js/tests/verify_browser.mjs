// SPDX-License-Identifier: MIT
// usage: node verify_browser.mjs --tool fixcol-replay --package DIR --node-modules DIR [--break | --break-cast] FILES...
// The same check as verify_node.mjs in headless chromium: the page loads the
// package (wasm included) from a server on 127.0.0.1 and runs every replay.
import { dirname, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args.mjs';
import { cDigest } from './c_tool.mjs';
import { serve } from '../scripts/serve.mjs';
import { launch, forwardConsole, requireChromium } from './chromium.mjs';

const { opt, files } = parseArgs(process.argv.slice(2), ['break', 'break-cast']);
requireChromium();
const want = cDigest(opt.tool, files);
const dirs = [...new Set(files.map((f) => dirname(f)))];
if (dirs.length !== 1) throw new Error('replays must share one directory');
const srv = await serve({ '/pkg/': opt.package, '/tests/': dirname(fileURLToPath(import.meta.url)), '/replays/': dirs[0] });
const chrome = await launch(opt['node-modules']);
let ok = false;
try {
  const page = await chrome.browser.newPage();
  forwardConsole(page);
  const names = files.map((f) => basename(f)).join(',');
  await page.goto(`${srv.url}/tests/verify_page.html?files=${encodeURIComponent(names)}&break=${opt.break ? 1 : 0}`);
  await page.waitForFunction('window.__result !== undefined', { timeout: 600_000, polling: 250 });
  const res = await page.evaluate(() => window.__result);
  const ua = await chrome.browser.version();
  for (const l of res.lines) console.log(l);
  console.log(`C digest  ${want}`);
  console.log(`JS digest ${res.digest} (${ua})`);
  ok = res.bad === 0 && res.digest === want;
  console.log(ok ? 'same digest' : 'DIFFERENT');
} finally {
  await chrome.close();
  await srv.close();
}
process.exit(ok ? 0 : 1);
