// SPDX-License-Identifier: MIT
// A static file server for the browser tests: 127.0.0.1 only, a free port,
// GET of files under the mounted directories, nothing else; it closes
// itself after `lifetimeMs` even if the test forgets (or dies).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { resolve, sep, extname } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.png': 'image/png',
};

/**
 * mounts: { '/pkg/': '/abs/dir', ... } (URL prefix -> directory); port: 0 picks a free one.
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serve(mounts, lifetimeMs = 600_000, port = 0) {
  const table = Object.entries(mounts).map(([prefix, dir]) => [prefix, resolve(dir)]);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      const m = req.method === 'GET' && table.find(([prefix]) => path.startsWith(prefix));
      if (!m) throw Object.assign(new Error('not found'), { code: 'ENOENT' });
      const file = resolve(m[1], '.' + sep + path.slice(m[0].length));
      if (file !== m[1] && !file.startsWith(m[1] + sep)) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', ok));
  const timer = setTimeout(() => server.close(), lifetimeMs);
  timer.unref();
  const bound = server.address().port;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise((ok) => {
      clearTimeout(timer);
      server.closeAllConnections?.();
      server.close(() => ok());
    }),
  };
}
