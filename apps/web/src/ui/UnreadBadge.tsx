/** Counts above this show as "99+" (the button's label keeps the exact number). */
const BADGE_MAX = 99;

/** The count on a bar button's corner (the bell, the chat); nothing at 0. Hidden from screen readers: the button's label says it. */
export function UnreadBadge({ count, testId }: { count: number; testId: string }) {
  if (count === 0) return null;
  return (
    <span className="navbar__bell-count" aria-hidden="true" data-testid={testId}>
      {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
    </span>
  );
}
