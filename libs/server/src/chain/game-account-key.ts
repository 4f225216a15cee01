import { PrivateKey } from '@hiveio/dhive';
import type { AppConfig } from '../core/config/app-config';

/** The key that signs the game account's transfers: from the environment, or hive-sim's dev key outside production. */
export function gameAccountActiveKey(config: AppConfig): PrivateKey {
  if (config.GAME_ACCOUNT_ACTIVE_KEY) return PrivateKey.fromString(config.GAME_ACCOUNT_ACTIVE_KEY);
  if (config.NODE_ENV === 'production') throw new Error('GAME_ACCOUNT_ACTIVE_KEY is required in production');
  return PrivateKey.fromLogin(config.GAME_ACCOUNT, config.HIVE_SIM_PASSWORD, 'active');
}
