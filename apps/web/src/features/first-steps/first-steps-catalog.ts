import { AppRoutes, type FirstStepId, type FirstStepsResponse } from '@runik/contract';
import { TRAINING_RESERVE_INFANTRY } from '@runik/rules';

/** A control the guide may point at: the first one on the page (and enabled, where the selector says so) wins. */
export interface Pointer {
  selector: string;
  /** What to do with it, when it is not the step's own control (a way around what blocks the step). */
  text?: string;
}

export interface StepGuide {
  title: string;
  /** What to do and why. */
  text: string;
  /** The screen where the step is done, and its name in the navigation bar. */
  screen: string;
  screenName: string;
  /** The real controls, tagged `data-first-step`, in order of preference. */
  pointers: readonly Pointer[];
  /**
   * The step's screen is a list the card would cover wherever it floated (the Attack screen's enemy
   * cards, which the step talks about): the card sits in the page above it instead.
   */
  inPage?: boolean;
}

const control = (id: string, enabledOnly = false) => `[data-first-step="${id}"]${enabledOnly ? ':enabled' : ''}`;

/** Each step's coaching; the controls carry the matching `data-first-step` attribute. */
export const STEP_GUIDES: Record<FirstStepId, StepGuide> = {
  harvest: {
    title: 'Harvest your fields',
    text: 'Your buildings produce while you are away. Bring it in: resources pay for troops and buildings.',
    screen: AppRoutes.city,
    screenName: 'City',
    pointers: [{ selector: control('harvest') }],
  },
  'upgrade-farm': {
    title: 'Upgrade the Farm',
    text: 'A bigger Farm grows more wheat every hour, and wheat feeds your army.',
    screen: AppRoutes.city,
    screenName: 'City',
    pointers: [
      { selector: control('upgrade-farm', true) },
      {
        selector: control('upgrade-city-hall', true),
        text: 'No building may outgrow the City Hall: upgrade the City Hall first, then the Farm.',
      },
      {
        selector: control('convert-to-runik'),
        text: 'Upgrades cost RUNIK. Convert some of your resources to RUNIK first: lumber, stone and ore, at the suggested amount, keep the wheat your troops need.',
      },
    ],
  },
  'train-infantry': {
    title: 'Train infantry',
    text: `Soldiers from the Quarters defend your city and march on others. ${TRAINING_RESERVE_INFANTRY} are enough to raid the practice camp: they train in a few minutes.`,
    screen: AppRoutes.city,
    screenName: 'City',
    pointers: [
      { selector: `${control('train-infantry')}:not([data-unaffordable])` },
      {
        selector: control('convert-to-resources'),
        text: 'Infantry cost wheat, lumber and ore, and you hold too little: buy some back with Convert to Resources, then train.',
      },
    ],
  },
  raid: {
    title: 'Raid the practice camp',
    text: 'Once your infantry has trained, raid the practice camp: it fights back, and a win carries a few resources home. New cities are shielded for their first two days; after that, raid a city near your City Hall level.',
    screen: AppRoutes.attack,
    screenName: 'Attack',
    pointers: [{ selector: control('raid', true) }],
    inPage: true,
  },
  alliances: {
    title: 'Look at the alliances',
    text: 'Alliances take on the Abyssal Citadel and the Throne Wars together. See who is recruiting.',
    screen: AppRoutes.alliance,
    screenName: 'Alliance',
    pointers: [],
  },
};

/** The link to a screen in the navigation bar: what the guide points at from any other screen. */
export function navLinkPointer(screen: string): Pointer {
  return { selector: `nav a[href="${screen}"]` };
}

/** Whether the guide is shown at all: not once skipped or finished. */
export function isGuideActive(progress: FirstStepsResponse): boolean {
  return !progress.skipped && !progress.finished;
}

/** The first step not done yet, with its place in the path (1-based); null when all are done. */
export function currentStep(progress: FirstStepsResponse): { id: FirstStepId; number: number } | null {
  const index = progress.steps.findIndex((step) => !step.done);
  return index === -1 ? null : { id: progress.steps[index].id, number: index + 1 };
}
