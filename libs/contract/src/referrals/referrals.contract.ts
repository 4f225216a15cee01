export interface ReferredPlayer {
  username: string;
  /** ISO 8601 instant the player joined. */
  joinedDate: string;
  /** True once the player activated by paying the fee. */
  isRegistered: boolean;
}

export interface ReferredPlayersResponse {
  referredPlayers: ReferredPlayer[];
  totalReferred: number;
  totalRegistered: number;
}
