import type { Conn } from "../stages/room-types";

// The sockets' heartbeat: every open socket is pinged once per `heartbeatMs`, and one that did not
// answer the previous ping is terminated (its room then lets it go like any socket that closed).
//
// Guarantees:
// - A socket that stops answering is gone within two intervals, whatever its page does.
// - Pings are spread over the interval in HEARTBEAT_SLICES groups: pinging thousands of sockets in
//   one burst (one write each) stalled the event loop for tens of ms every interval.

const HEARTBEAT_SLICES = 10;

export function startHeartbeat(conns: Iterable<Conn>, heartbeatMs: number) {
  const slices = new WeakMap<Conn, number>();
  let nextSlot = 0;
  let tick = 0;
  const timer = setInterval(() => {
    const slice = tick++ % HEARTBEAT_SLICES;
    for (const conn of conns) {
      if (slices.get(conn) !== slice) continue;
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }, heartbeatMs / HEARTBEAT_SLICES);
  timer.unref();
  return {
    /** A joined socket takes the next slice. */
    add(conn: Conn) {
      slices.set(conn, nextSlot++ % HEARTBEAT_SLICES);
    },
    stop: () => clearInterval(timer),
  };
}
