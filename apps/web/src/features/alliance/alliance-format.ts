const requestTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** When a join request was made, in the player's time zone, e.g. May 1, 2026, 2:30 PM. */
export function formatRequestedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : requestTime.format(date);
}
