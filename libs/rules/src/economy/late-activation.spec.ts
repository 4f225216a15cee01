import { ACTIVATION_RELEASE_RUNIK } from './emission';
import { lateActivation } from './late-activation';

describe('lateActivation', () => {
  it('makes what is not game-only withdrawable at once and releases up to 300 of the game-only RUNIK; the rest stays game-only', () => {
    expect(lateActivation({ runik: 1_250_500, withdrawable: 200_000 })).toEqual({
      withdrawableAtOnce: 200_000,
      release: ACTIVATION_RELEASE_RUNIK,
      releasedToday: ACTIVATION_RELEASE_RUNIK,
      releaseWaiting: 0,
      staysGameOnly: 750_500,
    });
  });

  it('releases all the game-only RUNIK when it is under 300, and nothing when there is none', () => {
    expect(lateActivation({ runik: 120_000, withdrawable: 20_000 })).toMatchObject({ release: 100_000, staysGameOnly: 0 });
    expect(lateActivation({ runik: 50_000, withdrawable: 50_000 })).toMatchObject({
      withdrawableAtOnce: 50_000,
      release: 0,
      staysGameOnly: 0,
    });
    expect(lateActivation({ runik: 0, withdrawable: 0 })).toEqual({
      withdrawableAtOnce: 0,
      release: 0,
      releasedToday: 0,
      releaseWaiting: 0,
      staysGameOnly: 0,
    });
  });

  it("splits the release by what is left of today's releases slice: the rest waits for the next days", () => {
    expect(lateActivation({ runik: 900_000, withdrawable: 0 }, 120_000)).toMatchObject({
      release: 300_000,
      releasedToday: 120_000,
      releaseWaiting: 180_000,
      staysGameOnly: 600_000,
    });
    expect(lateActivation({ runik: 900_000, withdrawable: 0 }, 0)).toMatchObject({ releasedToday: 0, releaseWaiting: 300_000 });
    expect(lateActivation({ runik: 900_000, withdrawable: 0 }, 5_000_000)).toMatchObject({ releasedToday: 300_000, releaseWaiting: 0 });
  });

  it('adds up: what becomes withdrawable, what is released and what stays game-only are the whole balance', () => {
    for (const [runik, withdrawable] of [
      [0, 0],
      [1, 0],
      [299_999, 0],
      [300_001, 1],
      [7_000_000, 6_500_000],
    ]) {
      const outcome = lateActivation({ runik, withdrawable });
      expect(outcome.withdrawableAtOnce + outcome.release + outcome.staysGameOnly).toBe(runik);
      expect(outcome.releasedToday + outcome.releaseWaiting).toBe(outcome.release);
    }
  });
});
