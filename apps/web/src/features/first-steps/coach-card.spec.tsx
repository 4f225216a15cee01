import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, AppRoutes, FIRST_STEP_IDS, type FirstStepId, type FirstStepsResponse, type HarvestResponse } from '@runik/contract';
import { cityResponse, PLAYER, serveCity } from '../../testing/city-fixtures';
import { installFakeApi, serveInTurn, type FakeApi } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { currentLocation, renderApp } from '../../testing/render';
import { FIRST_STEPS_DONE_TOAST } from './FirstStepsGuide';
import { SPOTLIGHT_ATTRIBUTE } from './use-spotlight';

const PROGRESS_URL = ApiRoutes.firstSteps(PLAYER);

function progress(done: readonly FirstStepId[], flags: Partial<Pick<FirstStepsResponse, 'skipped' | 'finished'>> = {}): FirstStepsResponse {
  const steps = FIRST_STEP_IDS.map((id) => ({ id, done: done.includes(id) }));
  return { steps, skipped: false, finished: steps.every((step) => step.done), ...flags };
}

const card = () => screen.getByRole('complementary', { name: /./ });
const spotlit = () => document.querySelectorAll(`[${SPOTLIGHT_ATTRIBUTE}]`);

describe('the first-steps coach card', () => {
  it('shows a new player step 1 of 5 and points at the real Harvest button', async () => {
    const api = serveCity(installFakeApi(), cityResponse()).on('GET', PROGRESS_URL, { status: 200, data: progress([]) });
    logInAs(PLAYER);
    const { user } = renderApp(AppRoutes.city);
    await cityShown();

    const guide = await screen.findByTestId('first-steps');
    expect(guide).toHaveAccessibleName('Harvest your fields');
    expect(within(guide).getByTestId('first-steps-count')).toHaveTextContent(/^1 of 5$/);
    expect(within(guide).getByText('First steps:', { exact: false })).toBeInTheDocument();
    await waitFor(() => expect([...spotlit()]).toEqual([screen.getByTestId('harvest-button')]));
    expect(within(guide).queryByRole('link')).toBeNull();
    await user.click(within(guide).getByRole('button', { name: 'Show me' }));
    expect(screen.getByTestId('harvest-button')).toHaveFocus();
    expect(api.callsTo(PROGRESS_URL)).toHaveLength(1);
  });

  it('asks again after the harvest succeeds, ticks it off, and points the Farm step at Convert to RUNIK while RUNIK is short', async () => {
    const harvested: HarvestResponse = {
      resources: { wheat: 1000, lumber: 1000, stone: 1000, ore: 1000, runik: 0 },
      pendingResources: { wheat: 0, lumber: 0, stone: 0, ore: 0 },
      nextHarvestTime: new Date(Date.now() + 4 * 3_600_000).toISOString(),
    };
    const { api, user } = await openCityWithProgress([progress([]), progress(['harvest'])], (fake) =>
      fake.on('POST', ApiRoutes.cityHarvest(PLAYER), { status: 200, data: harvested }),
    );
    await user.click(screen.getByTestId('harvest-button'));

    await waitFor(() => expect(screen.getByTestId('first-steps')).toHaveAccessibleName('Upgrade the Farm'));
    const guide = screen.getByTestId('first-steps');
    expect(within(guide).getByTestId('first-steps-count')).toHaveTextContent(/^2 of 5$/);
    expect(within(guide).getByTestId('first-step-harvest')).toHaveAttribute('data-done', 'true');
    expect(within(guide).getByText('Harvest your fields: done')).toBeInTheDocument();
    // The Farm cannot be upgraded yet (a new city's City Hall and no RUNIK): the guide shows the way around.
    await waitFor(() => expect([...spotlit()]).toEqual([screen.getByRole('button', { name: 'Convert to RUNIK' })]));
    expect(guide).toHaveTextContent('Upgrades cost RUNIK. Convert some of your resources to RUNIK first');
    expect(api.callsTo(PROGRESS_URL)).toHaveLength(2);
  });

  it('points at the Farm itself once it can be upgraded', async () => {
    await openCityWithProgress([progress(['harvest'])], (fake) => fake, cityResponse({ chLevel: 2, resources: { runik: 10 } }));
    const farmUpgrade = within(screen.getByTestId('building-wheat')).getByRole('button', { name: 'Upgrade' });
    await waitFor(() => expect([...spotlit()]).toEqual([farmUpgrade]));
    expect(screen.getByTestId('first-steps')).toHaveTextContent('A bigger Farm grows more wheat every hour');
  });

  it('points the infantry step at Convert to Resources while not one infantry is affordable, at Train once it is', async () => {
    const short = cityResponse({ chLevel: 2, resources: { wheat: 0, lumber: 1000, stone: 1000, ore: 1000, runik: 10 } });
    await openCityWithProgress([progress(['harvest', 'upgrade-farm'])], (fake) => fake, short);
    const convertBack = within(screen.getByTestId('runiks-card')).getByRole('button', { name: 'Convert to Resources' });
    await waitFor(() => expect([...spotlit()]).toEqual([convertBack]));
    expect(screen.getByTestId('first-steps')).toHaveTextContent('buy some back with Convert to Resources');
  });

  it('points the infantry step at the Quarters’ Train when the city holds what infantry cost', async () => {
    await openCityWithProgress([progress(['harvest', 'upgrade-farm'])], (fake) => fake, cityResponse({ chLevel: 2 }));
    const train = within(screen.getByTestId('building-quarters')).getByRole('button', { name: 'Train' });
    await waitFor(() => expect([...spotlit()]).toEqual([train]));
  });

  it('from another screen links to the step’s screen and points at its navigation link', async () => {
    serveCity(installFakeApi(), cityResponse()).on('GET', PROGRESS_URL, {
      status: 200,
      data: progress(['harvest', 'upgrade-farm', 'train-infantry']),
    });
    logInAs(PLAYER);
    const { user } = renderApp(AppRoutes.city);
    const guide = await screen.findByTestId('first-steps');
    expect(guide).toHaveAccessibleName('Raid the practice camp');
    const navLink = within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Attack' });
    await waitFor(() => expect([...spotlit()]).toEqual([navLink]));

    // On another screen it sits in the page above the screen, floating over none of it (issue 35).
    expect(guide).toHaveClass('first-steps--in-page');
    expect(screen.getByRole('main').firstElementChild).toContainElement(guide);
    expect(screen.getByRole('main').firstElementChild?.nextElementSibling).toContainElement(
      screen.getByRole('heading', { name: 'City', level: 1 }),
    );

    await user.click(within(guide).getByRole('link', { name: 'Go to Attack' }));
    await waitFor(() => expect(currentLocation()).toBe(AppRoutes.attack));
    await waitFor(() => expect(navLink).not.toHaveAttribute(SPOTLIGHT_ATTRIBUTE));
    // The Attack screen's enemy cards would be under it wherever it floated: it stays in the page there too.
    expect(await screen.findByTestId('first-steps')).toHaveClass('first-steps--in-page');
  });

  it('floats at an end of the screen on its own step’s screen, on a phone', async () => {
    serveCity(installFakeApi(), cityResponse()).on('GET', PROGRESS_URL, { status: 200, data: progress([]) });
    logInAs(PLAYER);
    renderApp(AppRoutes.city);
    const guide = await screen.findByTestId('first-steps');
    expect(guide).toHaveClass('first-steps--bottom');
    expect(screen.getByRole('main')).not.toContainElement(guide);
  });

  // Issue 45: on a desktop, floating at the bottom left, it covered the City's daily quests as the page opened.
  it('sits in the page above its own step’s screen on a screen wider than a tablet, and floats again once narrower', async () => {
    const queries = new Map<string, { matches: boolean; listeners: Set<() => void> }>();
    const wide = { matches: true, listeners: new Set<() => void>() };
    queries.set('(width > 52rem)', wide);
    const before = window.matchMedia;
    window.matchMedia = (query: string) => {
      const known = queries.get(query);
      return {
        media: query,
        get matches() {
          return known?.matches ?? before(query).matches;
        },
        addEventListener: (_type: string, listener: () => void) => known?.listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => known?.listeners.delete(listener),
      } as unknown as MediaQueryList;
    };
    try {
      serveCity(installFakeApi(), cityResponse()).on('GET', PROGRESS_URL, { status: 200, data: progress([]) });
      logInAs(PLAYER);
      renderApp(AppRoutes.city);
      const guide = await screen.findByTestId('first-steps');
      expect(guide).toHaveClass('first-steps--in-page');
      await waitFor(() => expect([...spotlit()]).toEqual([screen.getByTestId('harvest-button')]));

      act(() => {
        wide.matches = false;
        wide.listeners.forEach((listener) => listener());
      });
      expect(await screen.findByTestId('first-steps')).toHaveClass('first-steps--bottom');
    } finally {
      window.matchMedia = before;
    }
  });

  it('marks the alliances seen on the Alliance screen, then leaves with a toast', async () => {
    const api = serveCity(installFakeApi(), cityResponse())
      .on('GET', PROGRESS_URL, { status: 200, data: progress(['harvest', 'upgrade-farm', 'train-infantry', 'raid']) })
      .on('POST', ApiRoutes.firstStepsSeenAlliances(PLAYER), { status: 200, data: progress(FIRST_STEP_IDS) });
    logInAs(PLAYER);
    const { user } = renderApp(AppRoutes.city);
    const guide = await screen.findByTestId('first-steps');
    expect(guide).toHaveAccessibleName('Look at the alliances');
    expect(api.callsTo(ApiRoutes.firstStepsSeenAlliances(PLAYER))).toHaveLength(0);

    await user.click(within(guide).getByRole('link', { name: 'Go to Alliance' }));
    await waitFor(() => expect(screen.queryByTestId('first-steps')).toBeNull());
    expect(api.callsTo(ApiRoutes.firstStepsSeenAlliances(PLAYER))).toHaveLength(1);
    expect(await screen.findByText(FIRST_STEPS_DONE_TOAST)).toBeInTheDocument();
  });

  it('is skipped for good with Skip guide, leaving no highlight behind', async () => {
    const { api, user } = await openCityWithProgress([progress([])], (fake) =>
      fake.on('POST', ApiRoutes.firstStepsSkip(PLAYER), { status: 200, data: progress([], { skipped: true }) }),
    );
    await waitFor(() => expect(spotlit()).toHaveLength(1));
    await user.click(within(card()).getByRole('button', { name: 'Skip guide' }));
    await waitFor(() => expect(screen.queryByTestId('first-steps')).toBeNull());
    expect(spotlit()).toHaveLength(0);
    expect(api.callsTo(ApiRoutes.firstStepsSkip(PLAYER))).toHaveLength(1);
    expect(screen.queryByText(FIRST_STEPS_DONE_TOAST)).toBeNull();
  });

  it('says why when the skip is refused, and stays', async () => {
    const { user } = await openCityWithProgress([progress([])], (fake) =>
      fake.on('POST', ApiRoutes.firstStepsSkip(PLAYER), { status: 503, data: { error: 'The game is briefly unavailable.' } }),
    );
    await user.click(within(card()).getByRole('button', { name: 'Skip guide' }));
    expect(await screen.findByText('The game is briefly unavailable.')).toBeInTheDocument();
    expect(screen.getByTestId('first-steps')).toBeInTheDocument();
  });

  it.each([
    ['skipped', { status: 200, data: progress(['harvest'], { skipped: true }) }],
    ['finished (an account older than the guide)', { status: 200, data: progress([], { finished: true }) }],
    ['unavailable', { status: 500, data: { error: 'down' } }],
  ])('shows nothing when the guide is %s', async (_state, answer) => {
    const api = serveCity(installFakeApi(), cityResponse()).on('GET', PROGRESS_URL, answer);
    logInAs(PLAYER);
    renderApp(AppRoutes.city);
    await cityShown();
    await waitFor(() => expect(api.callsTo(PROGRESS_URL)).toHaveLength(1));
    expect(screen.queryByTestId('first-steps')).toBeNull();
    expect(spotlit()).toHaveLength(0);
  });
});

/** The city of a logged-in alice, the guide's GET answering `answers` in turn. */
async function openCityWithProgress(answers: FirstStepsResponse[], routes: (api: FakeApi) => FakeApi, city = cityResponse()) {
  const api = routes(serveCity(installFakeApi(), city));
  serveInTurn(api, 'GET', PROGRESS_URL, ...answers);
  logInAs(PLAYER);
  const rendered = renderApp(AppRoutes.city);
  await cityShown();
  await screen.findByTestId('first-steps');
  return { api, ...rendered };
}

/** The City screen loaded (its code is a lazy chunk: the first load in a file takes a while). */
async function cityShown(): Promise<void> {
  await screen.findByTestId('resources-card', {}, { timeout: 10_000 });
}
