import { lazy, Suspense, useId } from 'react';
import type { HiveAuthWait } from '../../wallet/hiveauth';
import type { LoginWallet } from './use-login';

const HiveAuthWaitPanel = lazy(() => import('../../wallet/HiveAuthWaitPanel'));

const WALLETS: { value: LoginWallet; label: string }[] = [
  { value: 'keychain', label: 'Hive Keychain' },
  { value: 'hiveauth', label: 'HiveAuth' },
];

interface WalletFieldsetProps {
  legend: string;
  wallet: LoginWallet;
  onChange: (wallet: LoginWallet) => void;
  disabled: boolean;
}

/** The wallets that sign a challenge (login, free registration): Keychain's or HiveAuth's. */
export function WalletFieldset({ legend, wallet, onChange, disabled }: WalletFieldsetProps) {
  const name = useId();
  return (
    <fieldset className="authentication__wallets" disabled={disabled}>
      <legend className="field__label">{legend}</legend>
      {WALLETS.map((choice) => (
        <label key={choice.value} className="authentication__wallet">
          <input type="radio" name={name} value={choice.value} checked={wallet === choice.value} onChange={() => onChange(choice.value)} />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The HiveAuth wallet's wait while it has the challenge (its panel and QR code library are loaded only now). */
export function HiveAuthChallengeWait({ wait, onCancel }: { wait: HiveAuthWait | null; onCancel: () => void }) {
  if (!wait) return null;
  return (
    <Suspense fallback={<p role="status">Waiting for your wallet…</p>}>
      <HiveAuthWaitPanel wait={wait} onCancel={onCancel} />
    </Suspense>
  );
}
