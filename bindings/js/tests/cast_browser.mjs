// SPDX-License-Identifier: MIT
// usage: node cast_browser.mjs --package DIR --node-modules DIR --cases CAST_CASES_TXT [--break]
// The shape-cast check of cast_core.mjs in headless chromium: the page loads
// the package (wasm included) and the C library's answers from a server on
// 127.0.0.1 and replays every case.
import { dirname, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args.mjs';
import { serve } from '../scripts/serve.mjs';
import { launch, forwardConsole, requireChromium } from './chromium.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
requireChromium();
const srv = await serve({ '/pkg/': opt.package, '/tests/': dirname(fileURLToPath(import.meta.url)),
  '/cases/': dirname(opt.cases) });
const chrome = await launch(opt['node-modules']);
let ok = false;
try {
  const page = await chrome.browser.newPage();
  forwardConsole(page);
  await page.goto(`${srv.url}/tests/cast_page.html?file=${encodeURIComponent(basename(opt.cases))}&break=${opt.break ? 1 : 0}`);
  await page.waitForFunction('window.__result !== undefined', { timeout: 300_000, polling: 250 });
  const res = await page.evaluate(() => window.__result);
  for (const l of res.lines) console.log(l);
  console.log(`(${await chrome.browser.version()})`);
  ok = res.failures === 0 && res.checks > 0;
} finally {
  await chrome.close();
  await srv.close();
}
process.exit(ok ? 0 : 1);
