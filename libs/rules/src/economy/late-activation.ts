import { activationRelease } from './emission';

/**
 * What a free account's late activation does to its RUNIK (docs/decisions.md, "The emission budget"):
 * the one rule `PlayersService.activate` applies and the activation view shows before the payment.
 * All amounts are thousandths.
 */
export interface LateActivation {
  /** RUNIK that becomes withdrawable at once: all that is not game-only (RNK deposits, RUNIK paid by other players). */
  withdrawableAtOnce: number;
  /** Game-only RUNIK the activation releases from the budget's releases slice: up to ACTIVATION_RELEASE_RUNIK. */
  release: number;
  /** Of the release, what today's releases slice can give now (all of it when the slice's room is not given). */
  releasedToday: number;
  /** Of the release, what waits for the next days' slices (oldest activation first). */
  releaseWaiting: number;
  /** Game-only RUNIK that stays for the game only after the release. */
  staysGameOnly: number;
}

/**
 * `runik`: the free account's RUNIK balance; `withdrawable`: of it, what is not game-only (its balance
 * less `players.locked_runik`, never under 0). `releasesLeftToday`: what is left of today's releases
 * slice (omitted: the release is not split by day).
 */
export function lateActivation(
  { runik, withdrawable }: { runik: number; withdrawable: number },
  releasesLeftToday = Infinity,
): LateActivation {
  const withdrawableAtOnce = Math.max(0, Math.min(withdrawable, runik));
  const gameOnly = Math.max(0, runik - withdrawableAtOnce);
  const release = activationRelease(gameOnly);
  const releasedToday = Math.min(release, Math.max(0, releasesLeftToday));
  return {
    withdrawableAtOnce,
    release,
    releasedToday,
    releaseWaiting: release - releasedToday,
    staysGameOnly: gameOnly - release,
  };
}
