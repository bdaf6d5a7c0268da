// SPDX-License-Identifier: MIT
// startServer: one Colyseus process serving LockstepRoom as room name
// 'lockstep', bound to host (default 127.0.0.1). With redis ({ host, port }
// or a redis:// URL) the process shares matchmaking and presence with every
// other process on the same Redis (@colyseus/redis-presence,
// @colyseus/redis-driver): rooms live in the process that created them and
// a client may ask any process to join one; the seat reservation then names
// the room's process by its publicAddress (default host:port), and the
// client connects there. Without redis the process is alone (local presence).
import { Server, LocalPresence, LocalDriver } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { RedisPresence } from '@colyseus/redis-presence';
import { RedisDriver } from '@colyseus/redis-driver';
import { LockstepRoom } from './room.js';
import { TickStats } from './tick_stats.js';

/**
 * startServer({ port, host, redis, publicAddress, roomDefaults }):
 * resolves to { server, stats, port, stop() } once listening. port: a TCP
 * port (0 is not supported by Colyseus' matchmaker addresses: pick a free
 * one). roomDefaults: LockstepRoom options applied to every room created here.
 */
export async function startServer({ port, host = '127.0.0.1', redis = null, publicAddress = null, roomDefaults = {} } = {}) {
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new RangeError('startServer: port in 1..65535');
  const stats = new TickStats();
  const presence = redis ? new RedisPresence(redis) : new LocalPresence();
  const driver = redis ? new RedisDriver(redis) : new LocalDriver();
  const server = new Server({
    transport: new WebSocketTransport(),
    presence, driver, greet: false,
    publicAddress: publicAddress ?? `${host}:${port}`,
  });
  // every room of this process reports into the one TickStats
  const ProcessRoom = class extends LockstepRoom {
    get stats() { return stats; }
    set stats(_) { /* fixed per process */ }
  };
  server.define('lockstep', ProcessRoom, roomDefaults);
  await server.listen(port, host);
  let stopped = false;
  return {
    server, stats, port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.gracefullyShutdown(false);
    },
  };
}
