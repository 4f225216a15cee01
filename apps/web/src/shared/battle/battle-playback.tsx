import { createContext, useContext, useState, type ReactNode } from 'react';
import { formatCount } from '@runik/rules';
import { useCountUp } from '../../ui/use-count-up';
import './battle-playback.css';

/** How long the armies clash (losses falling), then how long the loot takes to come home, ms. */
export const CLASH_MS = 1800;
export const LOOT_MS = 1200;

/** How far the playback is: each phase from 0 to 1. */
interface Playback {
  clash: number;
  loot: number;
}

// Outside a playback (the battle log) every number is shown as it ended.
const PlaybackContext = createContext<Playback>({ clash: 1, loot: 1 });

/**
 * Plays a stored battle inside it: first the losses fall (troops counting down to what
 * survived), then the loot flies home. Every number ends exactly on the stored one; Skip ends
 * it at once, and with reduced motion it starts at the end.
 */
export function BattlePlayback({ children }: { children: ReactNode }) {
  const [skipped, setSkipped] = useState(false);
  const clash = useCountUp(1, { from: 0, durationMs: CLASH_MS, instant: skipped });
  const loot = useCountUp(1, { from: 0, durationMs: LOOT_MS, delayMs: CLASH_MS, instant: skipped });
  const playing = clash < 1 || loot < 1;
  return (
    <PlaybackContext value={{ clash, loot }}>
      <div className="battle-playback" data-testid="battle-playback" data-state={playing ? 'playing' : 'ended'}>
        {playing && (
          <button type="button" className="button button--ghost battle-playback__skip" onClick={() => setSkipped(true)}>
            Skip
          </button>
        )}
        {children}
      </div>
    </PlaybackContext>
  );
}

/** `count` as far as the clash has got: 0 at the start, exactly `count` at the end. */
export function useFallen(count: number): number {
  const { clash } = useContext(PlaybackContext);
  return clash >= 1 ? count : Math.round(count * clash);
}

/** How far the loot is on its way home, 0 to 1. */
export function useLootArrival(): number {
  return useContext(PlaybackContext).loot;
}

/** Dead or injured troops, counting up as they fall. */
export function Fallen({ count }: { count: number }) {
  return formatCount(useFallen(count));
}

/** Troops of one type left standing, counting down to the survivors. */
export function Standing({ army, dead, injured }: { army: number; dead: number; injured: number }) {
  return formatCount(useStanding(army, dead, injured));
}

/** What an army keeps standing as its dead and injured fall: `army` at the start, the survivors at the end. */
export function useStanding(army: number, dead: number, injured: number): number {
  return army - useFallen(dead) - useFallen(injured);
}
