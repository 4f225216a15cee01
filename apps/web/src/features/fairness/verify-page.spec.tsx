import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiRoutes, AppRoutes, FairnessMessages, type FairnessResponse, type RevealedSeedDto } from '@runik/contract';
import { rollPacks, rollSeed, seedCommitment } from '@runik/rules';
import { installFakeApi } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { serveUnreadCount } from '../../testing/notification-fixtures';
import { renderApp } from '../../testing/render';

const PLAYER = 'alice';
const SERVER_SEED = 'ab'.repeat(32);
const CLIENT_SEED = 'client';

function packRoll(nonce: number, gears = rollPacks(rollSeed(SERVER_SEED, CLIENT_SEED, nonce), 1, 1)) {
  return {
    kind: 'pack' as const,
    nonce,
    seed: rollSeed(SERVER_SEED, CLIENT_SEED, nonce),
    purchaseId: 10 + nonce,
    currency: 'runik' as const,
    packCount: 1,
    tier: 1,
    status: 'confirmed',
    gears,
    at: '2026-11-01T00:00:00.000Z',
  };
}

function revealedWith(rolls: RevealedSeedDto['rolls'], toNonce = rolls.length - 1): RevealedSeedDto {
  return {
    serverSeed: SERVER_SEED,
    commitment: seedCommitment(SERVER_SEED),
    clientSeed: CLIENT_SEED,
    fromNonce: 0,
    toNonce,
    postedDay: null,
    postedInBlock: null,
    postTransactionId: null,
    merkleRoot: null,
    merkleProof: null,
    revealedAt: '2026-11-02T00:00:00.000Z',
    rolls,
  };
}

const current = { commitment: 'cd'.repeat(32), clientSeed: 'next', nonce: 0, nextCommitment: 'ef'.repeat(32) };

function serve(fairness: FairnessResponse) {
  const api = installFakeApi().on('GET', ApiRoutes.fairness(PLAYER), { status: 200, data: fairness });
  serveUnreadCount(api, PLAYER, 0);
  return api;
}

beforeEach(() => logInAs(PLAYER));

describe('the Verify page', () => {
  it('recomputes each revealed pack opening in the browser and says it matches', async () => {
    // The server's jsonb gives the keys in its own order.
    const reordered = packRoll(1).gears.map(({ type, rarity, level, category }) => ({ type, level, rarity, category }));
    serve({ current, revealed: [revealedWith([packRoll(0), packRoll(1, reordered)])] });
    renderApp(AppRoutes.verify);
    const rolls = await screen.findAllByTestId('verified-roll');
    expect(rolls.map((row) => row.dataset.matches)).toEqual(['true', 'true']);
    const seed = screen.getByTestId('revealed-seed');
    expect(within(seed).getByText(/SHA-256 of the server seed: matches/)).toBeInTheDocument();
    expect(within(seed).getByText(/Nonces without gap: matches/)).toBeInTheDocument();
    expect(screen.getByTestId('current-commitment')).toHaveTextContent(current.commitment);
  });

  it('flags a stored result the rules do not give, and a gap in the nonces', async () => {
    const tampered = packRoll(0, [{ category: 'mayor', type: 'wheat', rarity: 'mythical', level: 1 }]);
    serve({ current, revealed: [revealedWith([tampered, packRoll(2)], 2)] });
    renderApp(AppRoutes.verify);
    const rolls = await screen.findAllByTestId('verified-roll');
    expect(rolls[0].dataset.matches).toBe('false');
    expect(within(screen.getByTestId('revealed-seed')).getByText(/Nonces without gap: DOES NOT MATCH/)).toBeInTheDocument();
  });

  it('rotates with the client seed typed in, and refuses one with a space', async () => {
    const api = serve({ current, revealed: [] });
    api.on('POST', ApiRoutes.fairnessRotate(PLAYER), (request) => ({
      status: 200,
      data: { revealed: revealedWith([]), current: { ...current, clientSeed: (request.body as { clientSeed: string }).clientSeed } },
    }));
    const { user } = renderApp(AppRoutes.verify);
    const input = await screen.findByTestId('client-seed-input');
    await user.clear(input);
    await user.type(input, 'a b');
    expect(screen.getByText(FairnessMessages.invalidClientSeed)).toBeInTheDocument();
    expect(screen.getByTestId('rotate-button')).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'lucky-7');
    await user.click(screen.getByTestId('rotate-button'));
    expect(api.callsTo(ApiRoutes.fairnessRotate(PLAYER)).map((request) => request.body)).toEqual([{ clientSeed: 'lucky-7' }]);
  });
});
