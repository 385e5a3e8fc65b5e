// This browser's device id for the live channel (shared/live-protocol.ts `liveProtocols`): random,
// kept in localStorage, never shown to anyone else. It proves to the server that a reconnecting
// page is the one that wrote its earlier edits (docs/decisions/010-trust-model.md), so a phone
// that was offline for minutes can still send them. Without storage, a fresh id per page load.

const KEY = "dealdesk.device";
const SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

let cached: string | null = null;

export function deviceId(): string {
  if (cached) return cached;
  try {
    const stored = localStorage.getItem(KEY);
    if (stored && SHAPE.test(stored)) cached = stored;
    else {
      cached = randomId();
      localStorage.setItem(KEY, cached);
    }
  } catch {
    cached ??= randomId();
  }
  return cached;
}
