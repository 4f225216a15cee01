import { useId, useState, type FormEvent } from 'react';
import type { LoginChallengeResponse } from '@runik/contract';
import { Message } from '../../ui/Message';
import { normalizeUsername, useLogin } from './use-login';

interface LoginFormProps {
  initialUsername: string;
  onNotRegistered: (hiveUsername: string, challenge: LoginChallengeResponse) => void;
}

export function LoginForm({ initialUsername, onNotRegistered }: LoginFormProps) {
  const [username, setUsername] = useState(initialUsername);
  const { logIn, busy, error } = useLogin(onNotRegistered);
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void logIn(username);
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
      {error && <Message tone="error">{error}</Message>}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        Login
      </button>
    </form>
  );
}
