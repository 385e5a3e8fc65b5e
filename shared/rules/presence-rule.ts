// When an awareness state counts as "here" (issue #9), for the quote page and the dashboard
// alike. Our pages renew their state every PRESENCE_RENEW_MS while visible; a visible page whose
// state is older than PRESENCE_STALE_MS has gone (a socket that answers pings but carries
// nothing), and a page in a background tab is open but not viewed. States without `visible`
// (other y-websocket clients) count while the server keeps them.

export const PRESENCE_RENEW_MS = 1500;
/** Past two missed renewals: noticed within 4 s with a look every 500 ms, under the 5 s. */
const PRESENCE_STALE_MS = 3500;

export function countsAsPresent(
  state: { visible?: unknown } | null | undefined,
  renewedAt: number,
  now: number,
): boolean {
  if (!state || state.visible === false) return false;
  return state.visible !== true || now - renewedAt <= PRESENCE_STALE_MS;
}
