/// <reference types="vite/client" />
/// <reference types="unplugin-icons/types/react" />

interface ImportMetaEnv {
  /** Script implementing window.hive_keychain (apps/hive-sim); set in development and test builds only. */
  readonly VITE_DEV_WALLET_URL?: string;
  readonly VITE_GAME_ACCOUNT?: string;
  /** The HiveAuth server's websocket (hive-sim's /hiveauth in development and tests); required in production builds. */
  readonly VITE_HIVEAUTH_URL?: string;
  /** Hive Engine JSON-RPC base (POST {url}/contracts); defaults to the public Hive Engine API. */
  readonly VITE_HIVE_ENGINE_URL?: string;
  /** HiveSigner's login page origin (issue 49); defaults to https://hivesigner.com. Development and tests: hive-sim. */
  readonly VITE_HIVESIGNER_URL?: string;
  /** The app account registered on HiveSigner (the api's HIVESIGNER_APP); defaults to runik.app. */
  readonly VITE_HIVESIGNER_APP?: string;
  readonly VITE_HOW_TO_PLAY_URL?: string;
  readonly VITE_COMMUNITY_CHAT_URL?: string;
  readonly VITE_THRONE_GUIDE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
