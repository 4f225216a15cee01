import { createContext, useContext } from 'react';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '@runik/contract';

/** WebSocket first, long polling when something on the way refuses WebSockets. */
const TRANSPORTS = { transports: ['websocket', 'polling'], tryAllTransports: true };

/**
 * Opens the page's live connection to the API, on the same origin as its calls (the API serves this
 * app, or Vite proxies it in dev). The browser sends the HttpOnly session cookie with the handshake,
 * which is how the server knows the player: the page never sees the token.
 */
export function openLiveSocket(): Socket {
  return io({ path: SOCKET_PATH, ...TRANSPORTS, withCredentials: true });
}

/**
 * A visitor's connection for one payment (activation, before any login): it hears that payment seen on
 * chain (`payment-seen`) and its registration confirmed (the `notification` the player's toast shows).
 */
export function openPaymentSocket(transactionId: string): Socket {
  return io({ path: SOCKET_PATH, ...TRANSPORTS, auth: { payment: transactionId }, forceNew: true });
}

/** The page's live connection while a player is logged in (LiveConnection provides it), else null. */
export const LiveSocketContext = createContext<Socket | null>(null);

/** The live connection, for a feature to listen to its own events on (null until it is opened). */
export function useLiveSocket(): Socket | null {
  return useContext(LiveSocketContext);
}
