import type { ReactNode } from 'react';
import type { BattleReportSide } from '@runik/contract';
import { formatPowerPoints } from '@runik/rules';
import { FighterTable } from './FighterTable';

interface BattleSideProps {
  role: string;
  /** The side's name: its alliance, or its only fighter. */
  name: ReactNode;
  side: BattleReportSide;
  won?: boolean;
  /** Shown when the side had no fighters. */
  empty?: string;
}

/** One side of a battle: its power and each fighter's troops. */
export function BattleSide({ role, name, side, won = false, empty }: BattleSideProps) {
  // Its tables scroll sideways on a phone: focusable, so the keyboard can scroll them too.
  return (
    <section className="battle-report__side panel" aria-label={role} data-testid={`side-${role.toLowerCase()}`} tabIndex={0}>
      <h2 className="battle-report__side-title">
        {role}: {name}
        {won && <span className="battle-report__winner"> (winner)</span>}
      </h2>
      <p data-testid="side-power">Power: {formatPowerPoints(side.power)}</p>
      {side.fighters.length === 0 && empty ? (
        <p>{empty}</p>
      ) : (
        side.fighters.map((fighter) => <FighterTable key={fighter.hiveUsername} fighter={fighter} />)
      )}
    </section>
  );
}
