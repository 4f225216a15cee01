import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FairnessMessages, type RevealedSeedDto } from '@runik/contract';
import { CLIENT_SEED_PATTERN } from '@runik/rules';
import { useSession } from '../../shared/use-session';
import { StatePanel } from '../../ui/StatePanel';
import { browserClientSeed, checkSeed, type RollCheck } from './recompute';
import { fairnessKey, fetchFairness, postRotate } from './fairness-api';
import './verify.css';

const KIND_NAMES = { pack: 'Pack opening', battle: 'Battle', 'practice-raid': 'Practice-camp raid' } as const;

function rollSummary({ roll, pending }: RollCheck): string {
  if (roll.kind === 'pack') {
    if (pending) return `${roll.packCount} pack(s), not opened yet`;
    return `${roll.packCount} pack(s): ${roll.gears!.map((gear) => `${gear.rarity} ${gear.type}`).join(', ')}`;
  }
  return `${roll.outcome.winner === 'attacker' ? 'won' : 'lost'} (battle #${roll.battleId})`;
}

function Verdict({ ok, label }: { ok: boolean | null; label: string }) {
  const text = ok === null ? 'not yet' : ok ? 'matches' : 'DOES NOT MATCH';
  return (
    <span className={`verify__verdict verify__verdict--${ok === null ? 'wait' : ok ? 'ok' : 'bad'}`}>
      {label}: {text}
    </span>
  );
}

function RevealedSeed({ revealed }: { revealed: RevealedSeedDto }) {
  const check = useMemo(() => checkSeed(revealed), [revealed]);
  return (
    <article className="verify__seed panel" data-testid="revealed-seed">
      <dl className="verify__facts">
        <dt>Server seed</dt>
        <dd className="verify__hex">{revealed.serverSeed}</dd>
        <dt>Commitment</dt>
        <dd className="verify__hex">{revealed.commitment}</dd>
        <dt>Client seed</dt>
        <dd className="verify__hex">{revealed.clientSeed}</dd>
        <dt>Nonces</dt>
        <dd>
          {revealed.fromNonce} to {revealed.toNonce}
        </dd>
        <dt>On chain</dt>
        <dd>{revealed.postedInBlock === null ? 'not posted yet (posted once its day ends)' : `block ${revealed.postedInBlock}`}</dd>
      </dl>
      <p className="verify__checks">
        <Verdict ok={check.commitmentMatches} label="SHA-256 of the server seed" />
        <Verdict ok={check.noncesComplete} label="Nonces without gap" />
        <Verdict ok={check.proofMatches} label="Merkle proof" />
      </p>
      <table className="verify__rolls">
        <thead>
          <tr>
            <th>Nonce</th>
            <th>Roll</th>
            <th>Seed</th>
            <th>Result</th>
            <th>Recomputed</th>
          </tr>
        </thead>
        <tbody>
          {check.rolls.map((rolled) => (
            <tr key={rolled.roll.nonce} data-testid="verified-roll" data-kind={rolled.roll.kind} data-matches={String(rolled.matches)}>
              <td>{rolled.roll.nonce}</td>
              <td>{KIND_NAMES[rolled.roll.kind]}</td>
              <td>{rolled.seed}</td>
              <td>{rollSummary(rolled)}</td>
              <td>
                <Verdict ok={rolled.matches} label="result" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/** The player's revealed rolls recomputed here, in the browser, with the game's own rules (docs/fairness.md). */
export function VerifyPage() {
  const username = useSession()?.hiveUsername ?? '';
  const queryClient = useQueryClient();
  const fairness = useQuery({ queryKey: fairnessKey(username), queryFn: () => fetchFairness(username), enabled: username !== '' });
  const [clientSeed, setClientSeed] = useState(browserClientSeed);
  const valid = CLIENT_SEED_PATTERN.test(clientSeed);
  const rotate = useMutation({
    mutationFn: () => postRotate(username, { clientSeed }),
    onSuccess: () => {
      setClientSeed(browserClientSeed());
      void queryClient.invalidateQueries({ queryKey: fairnessKey(username) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) rotate.mutate();
  };

  if (fairness.isPending) return <StatePanel>Loading...</StatePanel>;
  if (fairness.isError) return <StatePanel>{fairness.error.message}</StatePanel>;
  const { current, revealed } = fairness.data;
  return (
    <section className="verify" aria-labelledby="verify-title">
      <h1 id="verify-title" className="verify__title">
        Verify your rolls
      </h1>
      <p>
        Every pack opening, battle and practice-camp raid is drawn from a secret server seed whose SHA-256 is shown below before it is used,
        your client seed and a nonce. Rotate to reveal the server seed: each roll is then recomputed here with the game’s own rules.
      </p>
      <div className="verify__current panel" data-testid="current-seed">
        <dl className="verify__facts">
          <dt>Commitment (SHA-256 of the server seed)</dt>
          <dd className="verify__hex" data-testid="current-commitment">
            {current.commitment}
          </dd>
          <dt>Client seed</dt>
          <dd className="verify__hex">{current.clientSeed}</dd>
          <dt>Next nonce</dt>
          <dd>{current.nonce}</dd>
          <dt>Next pair’s commitment (your new client seed goes with it)</dt>
          <dd className="verify__hex" data-testid="next-commitment">
            {current.nextCommitment}
          </dd>
        </dl>
        <form className="verify__rotate" onSubmit={submit}>
          <label>
            New client seed
            <input
              value={clientSeed}
              maxLength={64}
              onChange={(event) => setClientSeed(event.target.value)}
              aria-invalid={!valid}
              data-testid="client-seed-input"
            />
          </label>
          <button type="submit" className="button" disabled={!valid || rotate.isPending} data-testid="rotate-button">
            Reveal and rotate
          </button>
          {!valid && <p className="verify__error">{FairnessMessages.invalidClientSeed}</p>}
          {rotate.isError && <p className="verify__error">{rotate.error.message}</p>}
        </form>
      </div>
      <h2>Revealed seeds</h2>
      {revealed.length === 0 ? (
        <p>Nothing revealed yet: rotate your seed pair to check the rolls made with it.</p>
      ) : (
        revealed.map((seed) => <RevealedSeed key={seed.commitment} revealed={seed} />)
      )}
    </section>
  );
}
