import { useState, type FormEvent } from 'react';
import { useStore } from '../../store';

/**
 * Shown while a replay waits before a step that types secrets the recording masked and the core has no value for:
 * one hidden field per name. The values go to the core for this replay only; the form forgets them once sent.
 */
export function SecretsPrompt({ seq, names }: { seq: number; names: string[] }) {
  const replaySecrets = useStore(state => state.replaySecrets);
  const [values, setValues] = useState<Record<string, string>>({});
  const complete = names.every(name => values[name]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    const sent = Object.fromEntries(names.map(name => [name, values[name]]));
    setValues({});
    void replaySecrets(sent);
  };
  return (
    <form className="replay-secrets" data-testid="replay-secrets" onSubmit={submit} autoComplete="off">
      <span title="Kept in memory for this replay only: never saved, never shown">
        Step {seq} types {names.length > 1 ? 'secrets' : 'a secret'} the recording masked; enter{' '}
        {names.length > 1 ? 'their values' : 'its value'} to go on (kept for this replay only):
      </span>
      {names.map((name, index) => (
        <label key={name}>
          <code>{name}</code>
          <input
            type="password"
            name={name}
            autoFocus={index === 0}
            autoComplete="off"
            data-testid={`replay-secret-${name}`}
            value={values[name] ?? ''}
            onChange={event => setValues(current => ({ ...current, [name]: event.target.value }))}
          />
        </label>
      ))}
      <button type="submit" data-testid="replay-secrets-submit" disabled={!complete}>
        Continue
      </button>
    </form>
  );
}
