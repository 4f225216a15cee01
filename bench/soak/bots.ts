import { chooseAction, firstMove } from './actions';
import type { Bot } from './players';
import type { World } from './world';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bot's own failure (an answer it did not expect the shape of) is noted and the bot plays on. */
async function guarded(world: World, action: string, move: () => Promise<void>): Promise<void> {
  try {
    await move();
  } catch (error) {
    world.botErrors.push(`${action}: ${(error as Error).message}`);
  }
}

/**
 * Every bot plays at once until `deadline` (ms): its first move (a deposit for those who deposit),
 * then an action chosen at random by weight, a pause of 0 to 2 × `thinkMs`, again. A call under
 * way at the deadline is finished, never cut.
 */
export async function playUntil(world: World, deadline: number, thinkMs: number): Promise<void> {
  const play = async (bot: Bot) => {
    // Spread the starts over the first second, as players arrive.
    await sleep(bot.random.int(0, 1000));
    await guarded(world, 'first move', () => firstMove(bot, world));
    while (Date.now() < deadline) {
      const action = chooseAction(bot);
      await guarded(world, action.name, () => action.run(bot, world));
      await sleep(bot.random.int(0, 2 * thinkMs));
    }
  };
  await Promise.all(world.bots.map(play));
}
