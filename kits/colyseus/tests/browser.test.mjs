// SPDX-License-Identifier: MIT
// usage: node tests/browser.test.mjs --js-tests DIR --node-modules DIR [--frames N] [--break]
// A browser client in headless Chromium (Debian's, via puppeteer-core from
// the JS binding's pinned node_modules; never a downloaded browser): the
// kit directory is served on 127.0.0.1, web/index.html joins a room of an
// in-process kit server with 3 node bots and plays `frames` frames (default
// 200); its checksum must equal the server's on every frame (server count)
// and the server's published checksums must equal its own (page count).
// --js-tests: bindings/js/tests (its chromium.mjs launches the browser).
// --break (should-fail twin): the page moves one body by 1 raw after frame 30.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize, extname, resolve } from 'node:path';
import { flags, localServer, until } from './common.mjs';
import { joinBot } from '../src/client/bot.js';
import { KIT, freePort } from './harness.mjs';

const o = flags();
const frames = Number(o.frames ?? 200);
const { requireChromium, launch, forwardConsole } = await import(resolve(o['js-tests'], 'chromium.mjs'));
requireChromium();
const srv = await localServer('browser', 240000);

// static files of the kit directory, 127.0.0.1 only
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
const http = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  try {
    const body = await readFile(join(KIT, path));
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
const webPort = await freePort();
await new Promise((r) => http.listen(webPort, '127.0.0.1', r));

const first = await joinBot({ endpoint: srv.endpoint, create: { seed: 4242, tickHz: 60, maxFrames: frames }, player: 'node0', seed: 1 });
const bots = [first];
for (let i = 1; i < 3; i++) bots.push(await joinBot({ endpoint: srv.endpoint, roomId: first.room.roomId, player: `node${i}`, seed: 1 + i }));
const { browser, close } = await launch(o['node-modules']);
let ok = false;
try {
  const page = await browser.newPage();
  forwardConsole(page);
  const url = `http://127.0.0.1:${webPort}/web/index.html?endpoint=${encodeURIComponent(srv.endpoint)}` +
    `&room=${first.room.roomId}&player=chromium&frames=${frames}${o.break ? '&break=1' : ''}`;
  await page.goto(url);
  await page.waitForFunction('window.kitResult !== undefined', { timeout: 120000 });
  const r = await page.evaluate(() => window.kitResult);
  if (r.error) throw new Error(`page: ${r.error}`);
  const seat = r.status.seats[r.seat];
  console.log(`chromium (seat ${r.seat}) played ${r.frames} frames: server agreed ${seat.agreed}, mismatched ${seat.mismatched}; ` +
    `the page saw the server's checksum equal ${r.serverAgreed} times, different ${r.serverMismatched}; ${r.reports.length} desync report(s)`);
  ok = r.frames === frames && seat.agreed === frames && seat.mismatched === 0 && r.serverMismatched === 0 && r.reports.length === 0;
  await until(() => bots.every((b) => b.lc.lastFrame >= frames - 1), 10000, 'the node bots');
} finally {
  await close();
  for (const b of bots) await b.lc.leave();
  http.close();
  await srv.stop();
}
console.log(ok ? 'the browser client agreed with the server on every frame' : 'FAIL: the browser client did not agree');
process.exit(ok ? 0 : 1);
