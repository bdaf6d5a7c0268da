// SPDX-License-Identifier: MIT
// usage: node reentrancy_browser.mjs --package DIR --node-modules DIR [--break]
// The re-entrancy check of reentrancy_core.mjs in headless chromium (the
// page must answer: a hang is a failure by the timeout).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args.mjs';
import { serve } from '../scripts/serve.mjs';
import { launch, forwardConsole, requireChromium } from './chromium.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
requireChromium();
const srv = await serve({ '/pkg/': opt.package, '/tests/': dirname(fileURLToPath(import.meta.url)) });
const chrome = await launch(opt['node-modules']);
let ok = false;
try {
  const page = await chrome.browser.newPage();
  forwardConsole(page);
  await page.goto(`${srv.url}/tests/reentrancy_page.html?break=${opt.break ? 1 : 0}`);
  await page.waitForFunction('window.__result !== undefined', { timeout: 120_000, polling: 250 });
  const res = await page.evaluate(() => window.__result);
  for (const l of res.lines) console.log(l);
  console.log(`(${await chrome.browser.version()})`);
  ok = res.failures === 0 && res.checks > 0;
} finally {
  await chrome.close();
  await srv.close();
}
process.exit(ok ? 0 : 1);
