import { useEffect, useRef, useState } from 'react';
import { MILITARY_BUILDING_KEYS, type MilitaryBuildingKey } from '@runik/rules';

/** Away this long since the City was last seen, the player is told what happened meanwhile (docs/decisions.md). */
export const AWAY_MIN_MS = 30 * 60_000;
/** How often the visit is written while the City shows (and when it closes or the tab hides). */
const VISIT_WRITE_MS = 60_000;

export interface TrainingSeen {
  building: MilitaryBuildingKey;
  count: number;
  /** Epoch ms. */
  completionAt: number;
}

/** The player's last look at the City in this browser: when, and the training still running then. */
export interface LastVisit {
  at: number;
  training: TrainingSeen[];
}

/** What the player missed: since when, and the training that finished meanwhile. */
export interface Absence {
  since: number;
  trainingFinished: TrainingSeen[];
}

const storageKey = (username: string) => `runik.last-visit.${username}`;

function isTrainingSeen(value: unknown): value is TrainingSeen {
  const entry = value as Partial<TrainingSeen> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    MILITARY_BUILDING_KEYS.includes(entry.building as MilitaryBuildingKey) &&
    typeof entry.count === 'number' &&
    typeof entry.completionAt === 'number'
  );
}

export function readLastVisit(username: string): LastVisit | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(username)) ?? 'null') as Partial<LastVisit> | null;
    if (!stored || typeof stored.at !== 'number' || !Number.isFinite(stored.at)) return null;
    return { at: stored.at, training: Array.isArray(stored.training) ? stored.training.filter(isTrainingSeen) : [] };
  } catch {
    return null;
  }
}

export function writeLastVisit(username: string, visit: LastVisit): void {
  try {
    localStorage.setItem(storageKey(username), JSON.stringify(visit));
  } catch {
    // Storage full or blocked: no summary next time, nothing worse.
  }
}

/** The absence a last visit and the time now make: null under AWAY_MIN_MS (or no visit recorded: a first look). */
export function absenceOf(visit: LastVisit | null, nowMs: number): Absence | null {
  if (!visit || nowMs - visit.at < AWAY_MIN_MS) return null;
  return {
    since: visit.at,
    trainingFinished: visit.training.filter((entry) => entry.completionAt > visit.at && entry.completionAt <= nowMs),
  };
}

/**
 * The absence the player returns from: read when the City opens, and when its tab shows again after being hidden.
 * While the City shows, the visit is recorded (at once, each minute the tab is visible, when it hides and when the
 * City closes) with `training()`, the training running now. `dismiss` forgets the absence.
 */
export function useAbsence(username: string, training: () => TrainingSeen[]): { absence: Absence | null; dismiss: () => void } {
  const [absence, setAbsence] = useState(() => absenceOf(readLastVisit(username), Date.now()));
  const trainingNow = useRef(training);
  trainingNow.current = training;
  useEffect(() => {
    const record = () => writeLastVisit(username, { at: Date.now(), training: trainingNow.current() });
    record();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') record();
    }, VISIT_WRITE_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        const returned = absenceOf(readLastVisit(username), Date.now());
        if (returned) setAbsence(returned);
      }
      record();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', record);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', record);
      record();
    };
  }, [username]);
  return { absence, dismiss: () => setAbsence(null) };
}
