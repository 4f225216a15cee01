import { hedged } from './hedged';

/** A target's answer: after `ms`, with `value`, or a failure. */
const after = <T>(ms: number, outcome: { value: T } | { error: string }) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => ('value' in outcome ? resolve(outcome.value) : reject(new Error(outcome.error))), ms),
  );
const never = () => new Promise<never>(() => undefined);

describe('hedged', () => {
  it('asks only the first target when it answers within the delay', async () => {
    const asked: string[] = [];
    const answer = await hedged(['a', 'b'], 1_000, (target) => {
      asked.push(target);
      return after(10, { value: target });
    });
    expect(answer).toBe('a');
    expect(asked).toEqual(['a']);
  });

  it('asks the next target when the first is silent past the delay, takes its answer and names the silent one', async () => {
    const asked: string[] = [];
    const overtaken: string[] = [];
    const answer = await hedged(
      ['hanging', 'good', 'spare'],
      50,
      (target) => {
        asked.push(target);
        return target === 'hanging' ? never() : after(10, { value: target });
      },
      (target) => overtaken.push(target),
    );
    expect(answer).toBe('good');
    expect(asked).toEqual(['hanging', 'good']);
    expect(overtaken).toEqual(['hanging']);
  });

  it('asks the next target as soon as one fails, without waiting for the delay', async () => {
    const startedAt = Date.now();
    const answer = await hedged(['down', 'good'], 60_000, (target) =>
      target === 'down' ? after(0, { error: 'refused' }) : after(0, { value: target }),
    );
    expect(answer).toBe('good');
    // The delay is a minute: the second target was asked because the first failed.
    expect(Date.now() - startedAt).toBeLessThan(30_000);
  });

  it('fails with every error once every target failed', async () => {
    const failure = hedged(['a', 'b'], 10, (target) => after(5, { error: `${target} is down` }));
    await expect(failure).rejects.toThrow('Every node failed: Error: a is down; Error: b is down');
    await expect(failure).rejects.toMatchObject({ errors: [new Error('a is down'), new Error('b is down')] });
  });
});
