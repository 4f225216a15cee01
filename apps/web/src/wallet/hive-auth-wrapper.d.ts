/** hive-auth-wrapper 1.0.0 ships no types: the part of its API the game uses. */
declare module 'hive-auth-wrapper' {
  export class Auth {
    constructor(username: string, expire?: number, key?: string);
    username: string;
    expire?: number;
    key?: string;
  }
  export interface HiveAuthWaitMessage {
    cmd: 'auth_wait';
    uuid: string;
    expire: number;
    account: string;
    /** The key the wallet decrypts the request with (put in the deep link / QR code). */
    key: string;
  }
  export interface HiveAuthAckMessage {
    cmd: 'auth_ack';
    uuid: string;
    data: { expire: number; challenge?: { challenge: string; pubkey: string } };
  }
  export interface HiveAuthSignWaitMessage {
    cmd: 'sign_wait';
    uuid: string;
    expire: number;
  }
  export interface HiveAuthSignAckMessage {
    cmd: 'sign_ack';
    uuid: string;
    broadcast: boolean;
    /** The transaction id, when the wallet broadcast it. */
    data: string;
  }
  const HAS: {
    setOptions(options: { host?: string }): void;
    status(): { host: string; connected: boolean; timeout: number };
    authenticate(
      auth: Auth,
      appData: { name: string; description?: string; icon?: string },
      challengeData?: { key_type: 'posting' | 'active' | 'memo'; challenge: string },
      onWait?: (wait: HiveAuthWaitMessage) => void,
    ): Promise<HiveAuthAckMessage>;
    broadcast(
      auth: Auth,
      keyType: 'posting' | 'active',
      ops: [string, Record<string, unknown>][],
      onWait?: (wait: HiveAuthSignWaitMessage) => void,
    ): Promise<HiveAuthSignAckMessage>;
  };
  export default HAS;
}
