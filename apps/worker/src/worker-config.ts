import { exitWithStartupError, loadAppConfig } from '@runik/server';

/**
 * The worker's settings, checked before the rest of it loads: its processors read them as they load,
 * and a bad setting (production left on development's defaults) must end the start in one line.
 */
export const workerConfig = (() => {
  try {
    return loadAppConfig(process.env, 'worker');
  } catch (error) {
    return exitWithStartupError(error);
  }
})();
