import type { AppConfig } from '../core/config/app-config';

/** Socket.IO rooms: every socket of a player joins its player's room, its alliance's, and its session's (logout ends those sockets). */
export const playerRoom = (playerId: number) => `player:${playerId}`;
export const allianceRoom = (allianceId: number) => `alliance:${allianceId}`;
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;
/** A payment's watchers: a visitor's socket opened for it (activation) hears its step `seen` and its credit. */
export const paymentRoom = (transactionId: string) => `payment:${transactionId}`;

/**
 * The Redis channel prefix the api's adapter and every emitter share; per REDIS_PREFIX, so two
 * stacks on one Redis (tests, staging) never reach each other's players.
 */
export const socketChannelKey = (config: Pick<AppConfig, 'REDIS_PREFIX'>) => `${config.REDIS_PREFIX}:socket.io`;
