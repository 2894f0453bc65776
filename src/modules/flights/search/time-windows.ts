const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a local time (`…THH:MM…` of an ISO local date-time) falls in an inclusive window. A window
 * whose `from` is after its `to` wraps past midnight: 22:00–02:00 is from 22:00 or until 02:00.
 */
export function withinWindow(iso: string, window: { from: string; to: string } | undefined): boolean {
  if (!window) return true;
  const m = minutesOf(iso.slice(11, 16));
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  return from <= to ? m >= from && m <= to : m >= from || m <= to;
}
