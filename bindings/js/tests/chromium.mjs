// SPDX-License-Identifier: MIT
// Debian's chromium, headless, driven by puppeteer-core (from the
// node_modules that scripts/npm-deps.sh installed from package-lock.json).
// Never downloads a browser: executablePath is the system one.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const CHROMIUM = process.env.FCJS_CHROMIUM ?? '/usr/bin/chromium';

/** When chromium is not installed: exit 77 (meson: skipped), or, when the
 *  build requires the Chromium tests (-Dchromium=enabled sets
 *  FCJS_CHROMIUM_REQUIRED=1), exit 99 (meson: error, also for a should-fail
 *  twin, which must not pass by a missing browser). */
export function requireChromium() {
  if (!existsSync(CHROMIUM)) {
    const required = process.env.FCJS_CHROMIUM_REQUIRED === '1';
    console.log(`${required ? 'error' : 'skipped'}: ${CHROMIUM} not found (tools/install-deps.sh test installs chromium)`);
    process.exit(required ? 99 : 77);
  }
}

/** Launch; returns { browser, close }. nodeModules: the directory holding puppeteer-core. */
export async function launch(nodeModules) {
  process.env.PUPPETEER_SKIP_DOWNLOAD = '1';
  const puppeteer = createRequire(join(resolve(nodeModules), 'x.js'))('puppeteer-core');
  const profile = mkdtempSync(join(tmpdir(), 'fcjs-chromium-'));
  const args = ['--headless', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', `--user-data-dir=${profile}`];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args, timeout: 120_000,
    protocolTimeout: 600_000 });
  return {
    browser,
    close: async () => {
      await browser.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Forward the page's console and errors to ours (prefix "page: "). */
export function forwardConsole(page) {
  page.on('console', (m) => console.log(`page: ${m.text()}`));
  page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
}
