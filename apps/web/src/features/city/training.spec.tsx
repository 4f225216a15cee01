import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes, CityMessages, type TrainResponse } from '@runik/contract';
import { advance, cityResponse, openCity, PLAYER, settle } from '../../testing/city-fixtures';
import { answerConfirmation, toastTexts } from '../../testing/dialogs';
import { DUE_GRACE_MS } from '../../shared/due-refresh';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const TRAIN_URL = ApiRoutes.cityTrain(PLAYER);
const SPEEDUP_URL = ApiRoutes.citySpeedup(PLAYER, 'quarters');

function card(key: string) {
  return screen.getByTestId(`building-${key}`);
}

function inSeconds(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString();
}

async function openTraining(resources = {}) {
  const opened = await openCity(cityResponse({ resources, army: { infantry: 7, archers: 0, cavalries: 0 } }));
  fireEvent.click(within(card('quarters')).getByRole('button', { name: 'Train' }));
  const dialog = screen.getByRole('dialog', { name: 'Train Troops' });
  return { ...opened, dialog, count: within(dialog).getByLabelText('Number of Infantry') };
}

function submit(dialog: HTMLElement, name: string) {
  fireEvent.click(within(dialog).getByRole('button', { name }));
}

describe('training buildings', () => {
  it('show level, unit, training boost and a Train button; a locked one cannot train', async () => {
    await openCity(cityResponse({ levels: { quarters: 10 }, army: { infantry: 7, archers: 0, cavalries: 0 } }));
    expect(within(card('quarters')).getByRole('heading', { name: 'Quarters' })).toBeInTheDocument();
    expect(card('quarters')).toHaveTextContent('Infantry (7 trained)');
    expect(within(card('quarters')).getByTestId('training-boost')).toHaveTextContent('2%');
    expect(within(card('quarters')).getByRole('button', { name: 'Train' })).toBeEnabled();

    const stablesTrain = within(card('stables')).getByRole('button', { name: 'Train' });
    expect(stablesTrain).toBeDisabled();
    expect(stablesTrain).toHaveAttribute('title', 'Stables is locked until City Hall level 5.');
    expect(within(card('stables')).getByTestId('locked')).toHaveTextContent('City Hall level 5');
  });
});

describe('Train Troops', () => {
  it('asks for a whole number of troops above 0', async () => {
    const { user, dialog, count, api } = await openTraining();
    submit(dialog, 'Train');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid number of troops to train.');
    await user.type(count, '0');
    submit(dialog, 'Train');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid number of troops to train.');
    await user.clear(count);
    await user.type(count, '2.5x');
    expect(count).toHaveValue('25');
    await settle();
    expect(api.callsTo(TRAIN_URL)).toHaveLength(0);
  });

  it('shows the cost per resource, the time and the most that can be trained, with Max', async () => {
    const { user, dialog, count } = await openTraining({ wheat: 1000, lumber: 1000, stone: 0, ore: 100 });
    await user.type(count, '3');
    // Infantry: 10 wheat, 5 lumber, 0 stone, 2.5 ore each; 30 s each, 0.2% faster at level 1.
    expect(within(dialog).getByTestId('cost-wheat')).toHaveTextContent('30.00');
    expect(within(dialog).getByTestId('cost-lumber')).toHaveTextContent('15.00');
    expect(within(dialog).getByTestId('cost-stone')).toHaveTextContent('0.00');
    expect(within(dialog).getByTestId('cost-ore')).toHaveTextContent('7.50');
    expect(within(dialog).getByTestId('training-time')).toHaveTextContent('0:01:30');
    // Ore limits: 100 / 2.5 = 40.
    expect(within(dialog).getByTestId('max-trainable')).toHaveTextContent('40');
    await user.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(count).toHaveValue('40');
  });

  it('refuses a batch the resources do not cover, naming the resource', async () => {
    const { user, dialog, count, api } = await openTraining({ wheat: 25 });
    await user.type(count, '3');
    submit(dialog, 'Train');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not enough wheat. Required: 30.00, Available: 25.00');
    await settle();
    expect(api.callsTo(TRAIN_URL)).toHaveLength(0);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, dialog, count, api } = await openTraining();
    await user.type(count, '3');
    submit(dialog, 'Train');
    expect(await answerConfirmation(false)).toBe('Train 3 Infantry in Quarters for 30.00 Wheat, 15.00 Lumber, 7.50 Ore? It takes 0:01:30.');
    await settle();
    expect(api.callsTo(TRAIN_URL)).toHaveLength(0);
  });

  it('trains after confirmation; the card then shows the queue with Speed Up instead of Train', async () => {
    const { user, dialog, count, api } = await openTraining();
    const response: TrainResponse = {
      resources: { wheat: 970, lumber: 985, stone: 1000, ore: 992.5, runik: 0 },
      army: { infantry: 7, archers: 0, cavalries: 0 },
      trainingQueue: { quarters: { completionTime: inSeconds(90), count: 3 } },
    };
    api.on('POST', TRAIN_URL, { status: 200, data: response });
    await user.type(count, '3');
    submit(dialog, 'Train');
    await answerConfirmation(true);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastTexts()).toEqual(['Training started: 3 Infantry.']);
    expect(api.callsTo(TRAIN_URL).map((request) => request.body)).toEqual([{ building: 'quarters', count: 3 }]);
    const queue = within(card('quarters')).getByTestId('training-queue');
    expect(queue).toHaveTextContent('Training 3');
    expect(within(queue).getByTestId('training-remaining')).toHaveTextContent(/^0:01:30$/);
    // The batch as a bar filling up to its completion.
    expect(within(queue).getByRole('progressbar', { name: 'Training 3 Infantry' })).toHaveAttribute('aria-valuetext', '0:01:30 left');
    expect(within(card('quarters')).getByRole('button', { name: 'Speed Up' })).toBeInTheDocument();
    expect(within(card('quarters')).queryByRole('button', { name: 'Train' })).not.toBeInTheDocument();
    expect(screen.getByTestId('amount-wheat')).toHaveTextContent('970.00');
  });

  it.each([
    [{ status: 409, data: { error: CityMessages.trainingInProgress } }, 'Training already in progress for this building.'],
    [{ status: 500 }, 'Failed to train Infantry'],
  ])('tells a failed training in an error toast (%j)', async (response, message) => {
    const { user, dialog, count, api } = await openTraining();
    api.on('POST', TRAIN_URL, response);
    await user.type(count, '1');
    submit(dialog, 'Train');
    await answerConfirmation(true);
    await waitFor(() => expect(toastTexts('error')).toEqual([message]));
    expect(screen.getByRole('dialog', { name: 'Train Troops' })).toBeInTheDocument();
  });
});

describe('training queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it('counts down each second and gives Train back when the training completes, reloading the city', async () => {
    const training = cityResponse({ trainingQueue: { quarters: { completionTime: inSeconds(3), count: 5 } } });
    const trained = cityResponse({ army: { infantry: 5, archers: 0, cavalries: 0 } });
    const { api } = await openCity(training, { fakeTimers: true });
    api.on('GET', ApiRoutes.cityResources(PLAYER), { status: 200, data: trained });

    expect(within(card('quarters')).getByTestId('training-remaining')).toHaveTextContent('0:00:03');
    expect(within(card('quarters')).queryByRole('button', { name: 'Train' })).not.toBeInTheDocument();
    await advance(1_000);
    expect(within(card('quarters')).getByTestId('training-remaining')).toHaveTextContent('0:00:02');
    // Train comes back at once; the city is asked a moment later (the server's clock may be a little behind).
    await advance(2_000);
    expect(within(card('quarters')).queryByTestId('training-queue')).not.toBeInTheDocument();
    await advance(DUE_GRACE_MS);
    await advance(1);

    expect(within(card('quarters')).queryByRole('button', { name: 'Speed Up' })).not.toBeInTheDocument();
    expect(within(card('quarters')).getByRole('button', { name: 'Train' })).toBeEnabled();
    expect(api.callsTo(ApiRoutes.cityResources(PLAYER))).toHaveLength(2);
    expect(card('quarters')).toHaveTextContent('Infantry (5 trained)');

    await advance(10_000);
    expect(api.callsTo(ApiRoutes.cityResources(PLAYER))).toHaveLength(2);
  });
});

describe('Speed Up Training', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  async function openSpeedUp(remainingSeconds: number, runik = 100) {
    const opened = await openCity(
      cityResponse({ resources: { runik }, trainingQueue: { quarters: { completionTime: inSeconds(remainingSeconds), count: 20 } } }),
      { fakeTimers: true },
    );
    fireEvent.click(within(card('quarters')).getByRole('button', { name: 'Speed Up' }));
    const dialog = screen.getByRole('dialog', { name: 'Speed Up Training' });
    return { ...opened, dialog, minutes: within(dialog).getByLabelText('Minutes') };
  }

  it('asks for whole minutes above 0, at most the remaining minutes rounded up', async () => {
    const { dialog, minutes, api } = await openSpeedUp(10.5 * 60);
    expect(within(dialog).getByTestId('speedup-max-minutes')).toHaveTextContent('11');

    submit(dialog, 'Speed Up');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid number of minutes.');
    fireEvent.change(minutes, { target: { value: '0' } });
    submit(dialog, 'Speed Up');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid number of minutes.');
    fireEvent.change(minutes, { target: { value: '1.5' } });
    expect(minutes).toHaveValue('0');
    fireEvent.change(minutes, { target: { value: '12' } });
    submit(dialog, 'Speed Up');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Cannot exceed the maximum remaining minutes (11).');
    await settle();
    expect(api.callsTo(SPEEDUP_URL)).toHaveLength(0);
  });

  it('costs 1 RUNIK a minute and refuses more than is held', async () => {
    const { dialog, minutes } = await openSpeedUp(600, 4.5);
    fireEvent.change(minutes, { target: { value: '5' } });
    expect(within(dialog).getByTestId('speedup-cost')).toHaveTextContent('5.000 RUNIK');
    submit(dialog, 'Speed Up');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not enough RUNIK. Required: 5.000, Available: 4.500');
  });

  it("says 'No active training queue for this building.' once the training has ended", async () => {
    const { dialog, minutes, api } = await openSpeedUp(2);
    expect(within(dialog).queryByText(CityMessages.noActiveQueue)).not.toBeInTheDocument();
    await advance(2_000);
    expect(within(dialog).getByRole('status')).toHaveTextContent('No active training queue for this building.');
    fireEvent.change(minutes, { target: { value: '1' } });
    submit(dialog, 'Speed Up');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No active training queue for this building.');
    await settle();
    expect(api.callsTo(SPEEDUP_URL)).toHaveLength(0);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { dialog, minutes, api } = await openSpeedUp(600);
    fireEvent.change(minutes, { target: { value: '5' } });
    submit(dialog, 'Speed Up');
    expect(await answerConfirmation(false)).toBe('Spend 5.000 RUNIK to speed up the training in Quarters by 5 minutes?');
    await settle();
    expect(api.callsTo(SPEEDUP_URL)).toHaveLength(0);
  });

  it('speeds up after confirmation and shows the shorter queue', async () => {
    const { dialog, api } = await openSpeedUp(600);
    api.on('POST', SPEEDUP_URL, {
      status: 200,
      data: {
        resources: { wheat: 1000, lumber: 1000, stone: 1000, ore: 1000, runik: 90 },
        army: { infantry: 0, archers: 0, cavalries: 0 },
        trainingQueue: { quarters: { completionTime: inSeconds(0.5 * 60), count: 20 } },
      } satisfies TrainResponse,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(within(dialog).getByLabelText('Minutes')).toHaveValue('10');
    fireEvent.change(within(dialog).getByLabelText('Minutes'), { target: { value: '9' } });
    submit(dialog, 'Speed Up');
    await answerConfirmation(true);
    await advance(0);

    expect(api.callsTo(SPEEDUP_URL).map((request) => request.body)).toEqual([{ minutes: 9 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual(['Training in Quarters sped up by 9 minutes.']);
    expect(within(card('quarters')).getByTestId('training-remaining')).toHaveTextContent('0:00:30');
    expect(screen.getByTestId('runik-amount')).toHaveTextContent(/^90$/);
  });

  it.each([
    [{ status: 400, data: { error: CityMessages.noActiveQueue } }, 'No active training queue for this building.'],
    [{ status: 500 }, 'Failed to speed up training for Quarters'],
  ])('tells a failed speed-up in an error toast (%j)', async (response, message) => {
    const { dialog, minutes, api } = await openSpeedUp(600);
    api.on('POST', SPEEDUP_URL, response);
    fireEvent.change(minutes, { target: { value: '1' } });
    submit(dialog, 'Speed Up');
    await answerConfirmation(true);
    await advance(0);
    expect(toastTexts('error')).toEqual([message]);
  });
});
