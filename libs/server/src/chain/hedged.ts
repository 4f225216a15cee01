/**
 * A hedged request: `attempt` on the first target; when it fails, or has not answered within `delayMs`,
 * on the next as well, and so on; the first answer wins. A hanging target thus costs `delayMs`, not a
 * timeout. The targets still silent when another answered are handed to `overtaken` (they timed out
 * as far as this request goes); their attempts run on to their own end. Rejects once every target
 * failed, with their errors.
 */
export function hedged<T>(
  targets: readonly string[],
  delayMs: number,
  attempt: (target: string) => Promise<T>,
  overtaken: (target: string) => void = () => undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const silent = new Set<string>();
    const errors: unknown[] = [];
    let started = 0;
    let answered = false;
    let timer: NodeJS.Timeout | undefined;
    const startNext = () => {
      clearTimeout(timer);
      if (answered || started === targets.length) return;
      const target = targets[started++];
      silent.add(target);
      timer = setTimeout(startNext, delayMs);
      attempt(target).then(
        (value) => {
          silent.delete(target);
          if (answered) return;
          answered = true;
          clearTimeout(timer);
          silent.forEach(overtaken);
          resolve(value);
        },
        (error: unknown) => {
          silent.delete(target);
          errors.push(error);
          if (errors.length === targets.length) reject(new AggregateError(errors, `Every node failed: ${errors.map(String).join('; ')}`));
          else startNext();
        },
      );
    };
    startNext();
  });
}
