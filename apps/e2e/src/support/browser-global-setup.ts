import { prepareTemplateDatabase } from '@runik/server/testing';
import { BROWSER_SIM_PORT, buildWebApp, clearScreenshots } from './browser';
import { writeChromiumFonts } from './chromium-fonts';

/**
 * Global setup of the Jest project "browser": builds the web app once per run, in test mode,
 * loading hive-sim's dev wallet from the fixed port the browser stack starts hive-sim on (a file on
 * ports of its own serves a copy retargeted to them, `retargetWebApp`).
 * Rebuilt every run (about 8 CPU-seconds), so it always matches the current sources. Screenshots of an
 * earlier run's failures are removed, so tmp/e2e-screenshots only shows this run's. Its stacks
 * clone the template database like the system project's (migrated once per run). Chromium's fonts are written
 * (support/chromium-fonts.ts).
 */
export default async function browserGlobalSetup(): Promise<void> {
  clearScreenshots();
  writeChromiumFonts();
  await Promise.all([buildWebApp(BROWSER_SIM_PORT), prepareTemplateDatabase()]);
}
