import { config } from 'zod';

/**
 * Zod compiles a fast parser for object schemas with `new Function` where it may, and probes for it
 * with `Function('')` as each object schema is built: under the game's CSP (no 'unsafe-eval') the probe
 * fails quietly but the browser reports a blocked `script-src eval` on every page load. Jitless, zod
 * never probes nor compiles (docs/decisions.md, "No eval in the web app"). Imported first by each entry,
 * before any module builds a schema.
 */
config({ jitless: true });
