import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { readConfig } from "../config";

// LIVE_HEARTBEAT_SECONDS (issue #12): 30 s unless set, like the peers; nonsense refuses to start.

const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-heartbeat-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("pings live sockets every 30 s unless LIVE_HEARTBEAT_SECONDS says otherwise", () => {
  expect(readConfig({ DATA_DIR: dataDir }).liveHeartbeatMs).toBe(30_000);
  expect(readConfig({ DATA_DIR: dataDir, LIVE_HEARTBEAT_SECONDS: "5" }).liveHeartbeatMs).toBe(5_000);
});

it("refuses to start with a heartbeat that is not a number of seconds between 1 and 300", () => {
  for (const value of ["0", "301", "soon"])
    expect(() => readConfig({ DATA_DIR: dataDir, LIVE_HEARTBEAT_SECONDS: value })).toThrow(
      /LIVE_HEARTBEAT_SECONDS/,
    );
});
