// SPDX-License-Identifier: MIT
// TickStats: what the load bench reads from a server process, shared by its
// rooms. Per tick: its lateness plus its duration ("server tick": from the
// moment the frame was due until its input set is broadcast and its
// checksum stored), and the time split into the fixcol world (MobaMatch.step),
// the protocol (frame snapshots, checksum comparison, locating) and the
// framework (Colyseus broadcast and message sends). Times in milliseconds.

export class TickStats {
  constructor() {
    this.reset();
  }

  /** Start a new measurement window. */
  reset() {
    this.ticks = [];                  // server tick times (ms)
    this.world = 0;
    this.protocol = 0;
    this.framework = 0;
    this.locates = [];                // locating latencies (ms), from the mismatching checksum to the report
    this.cpu0 = process.cpuUsage();
    this.t0 = performance.now();
  }

  /** One tick: its server tick time and the three parts (ms). */
  tick(tickMs, worldMs, protocolMs, frameworkMs) {
    if (this.ticks.length < 1 << 20) this.ticks.push(tickMs);
    this.world += worldMs;
    this.protocol += protocolMs;
    this.framework += frameworkMs;
  }

  /** Protocol time spent outside a tick (a checksum message, a locate step). */
  addProtocol(ms) {
    this.protocol += ms;
  }

  /** Summary of the window: tick percentiles, the split, process CPU (ms). */
  summary() {
    const t = Float64Array.from(this.ticks).sort();
    const pct = (p) => (t.length ? t[Math.min(t.length - 1, Math.floor((p / 100) * t.length))] : 0);
    const cpu = process.cpuUsage(this.cpu0);
    return {
      ticks: t.length, p50: pct(50), p99: pct(99), max: t.length ? t[t.length - 1] : 0,
      worldMs: this.world, protocolMs: this.protocol, frameworkMs: this.framework,
      cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - this.t0, locates: this.locates.slice(),
    };
  }
}
