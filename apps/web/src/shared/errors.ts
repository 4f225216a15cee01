/** An error whose message is meant for the player, as opposed to an unexpected failure. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

/** The player-facing message of `error`, or `fallback` when the failure was unexpected. */
export function toUserMessage(error: unknown, fallback: string): string {
  return error instanceof UserFacingError ? error.message : fallback;
}
