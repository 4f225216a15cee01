import axios from 'axios';
import { ApiRoutes } from '@runik/contract';
import type { GameClockMoveRequest, GameClockResponse } from '@runik/contract';
import { eventually } from './eventually';
import { BULL_BOARD_PASSWORD, type Stack } from './stack';

/** The operators' client of an api (the ops credentials every stack is given). */
export const opsClient = (apiUrl: string) =>
  axios.create({ baseURL: apiUrl, auth: { username: 'admin', password: BULL_BOARD_PASSWORD }, validateStatus: () => true });

/** GET /api/admin/clock: the game's time on the stack. */
export async function gameClock(stack: Pick<Stack, 'apiUrl'>): Promise<GameClockResponse> {
  const { status, data } = await opsClient(stack.apiUrl).get<GameClockResponse>(ApiRoutes.adminClock);
  if (status !== 200) throw new Error(`GET ${ApiRoutes.adminClock} answered ${status} ${JSON.stringify(data)}`);
  return data;
}

/**
 * Moves the stack's game clock forward (POST /api/admin/clock, `{ hours }` or `{ days }`) and returns once the
 * worker has caught up on it: the scheduled work of the skipped time has run once (the new game day's emission
 * budget sized, the citadel's counts and the season turned, the throne war advanced, queued withdrawals let go
 * under the new day's caps). The api that answered sees the new time at once; another api process within
 * GAME_CLOCK_POLL_MS (1 s). hive-sim's time does not move.
 *
 * Only on a stack of the file's own (startStack): the game's time is the whole stack's, and a shared stack's
 * other files would find their day moved under them.
 */
export async function advanceGameClock(
  stack: Pick<Stack, 'apiUrl'>,
  by: GameClockMoveRequest,
  timeoutMs = 60_000,
): Promise<GameClockResponse> {
  const { status, data } = await opsClient(stack.apiUrl).post<GameClockResponse>(ApiRoutes.adminClock, by);
  if (status !== 200) throw new Error(`POST ${ApiRoutes.adminClock} ${JSON.stringify(by)} answered ${status} ${JSON.stringify(data)}`);
  const caughtUp = await eventually(
    () => gameClock(stack),
    (clock) => clock.caughtUp && clock.offsetMs >= data.offsetMs,
    timeoutMs,
  );
  if (!caughtUp.caughtUp) throw new Error(`The worker did not catch up on the game clock at +${data.offsetMs} ms within ${timeoutMs} ms`);
  return caughtUp;
}
