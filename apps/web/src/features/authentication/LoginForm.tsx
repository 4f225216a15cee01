import { useId, useState, type FormEvent } from 'react';
import type { LoginChallengeResponse } from '@runik/contract';
import { Message } from '../../ui/Message';
import { HiveSignerButton } from './hivesigner/HiveSignerButton';
import { initialLoginWallet, normalizeUsername, useLogin, type LoginWallet } from './use-login';
import { HiveAuthChallengeWait, WalletFieldset } from './ChallengeWallet';

interface LoginFormProps {
  initialUsername: string;
  onNotRegistered: (hiveUsername: string, challenge: LoginChallengeResponse) => void;
}

export function LoginForm({ initialUsername, onNotRegistered }: LoginFormProps) {
  const [username, setUsername] = useState(initialUsername);
  // HiveSigner logs in through its own button: the form's choice is Keychain's or HiveAuth's.
  const [wallet, setWallet] = useState<LoginWallet>(initialLoginWallet);
  const { logIn, busy, error, hiveAuthWait, cancelHiveAuth } = useLogin(onNotRegistered);
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void logIn(username, wallet);
  };

  return (
    <form className="authentication__form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Hive username
        </label>
        <input
          id={inputId}
          className="field__input"
          name="username"
          value={username}
          onChange={(event) => setUsername(normalizeUsername(event.target.value))}
          placeholder="your-hive-name"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
      </div>
      <WalletFieldset legend="Wallet" wallet={wallet} onChange={setWallet} disabled={busy} />
      <HiveAuthChallengeWait wait={hiveAuthWait} onCancel={cancelHiveAuth} />
      {error && <Message tone="error">{error}</Message>}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        Login
      </button>
      <HiveSignerButton />
    </form>
  );
}
