// This browser's device id for the live channel (shared/live/live-protocol.ts `liveProtocols`): random,
// kept in localStorage, never shown to anyone else. It proves to the server that a reconnecting
// page is the one that wrote its earlier edits (docs/decisions/010-trust-model.md), so a phone
// that was offline for minutes can still send them. Without storage, a fresh id per page load.

const KEY = "dealdesk.device";

const randomId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );

export function deviceId(): string {
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[\w-]{16,64}$/.test(id)) {
      id = randomId();
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return randomId();
  }
}
