/** Where `npm start`'s hive-sim keeps its chain (relative to the repository). */
export declare const DEV_CHAIN_FILE: string;
