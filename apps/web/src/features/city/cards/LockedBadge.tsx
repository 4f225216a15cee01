/** Shown on a building the City Hall level has not opened yet. */
export function LockedBadge({ unlockLevel }: { unlockLevel: number }) {
  return (
    <p className="city-locked" data-testid="locked">
      Locked · City Hall level {unlockLevel}
    </p>
  );
}
