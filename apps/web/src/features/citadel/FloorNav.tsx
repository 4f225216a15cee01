interface FloorNavProps {
  floor: number;
  currentFloor: number;
  onGo: (floor: number) => void;
}

/**
 * Previous / Next floor around "Floor N". Next stays open past the current floor: the server
 * decides what is reached and answers Access Denied for the rest.
 */
export function FloorNav({ floor, currentFloor, onGo }: FloorNavProps) {
  return (
    <nav className="citadel-nav panel" aria-label="Floors">
      <button type="button" className="button" disabled={floor <= 1} onClick={() => onGo(floor - 1)}>
        Previous floor
      </button>
      <div className="citadel-nav__title">
        <h2 className="citadel-nav__floor" data-testid="floor-title">
          Floor {floor}
        </h2>
        {/* Floors above are Access Denied, which has its own way back. */}
        {floor < currentFloor && (
          <button type="button" className="button button--ghost citadel-nav__current" onClick={() => onGo(currentFloor)}>
            Current floor ({currentFloor})
          </button>
        )}
      </div>
      <button type="button" className="button" onClick={() => onGo(floor + 1)}>
        Next floor
      </button>
    </nav>
  );
}
