import type { FieldControl } from './field';

/**
 * The API secret's input, the same wherever it is asked (Settings, a managed desk's first run): a password
 * field the browser neither fills nor remembers, nor checks for spelling. Its value is sent to main once,
 * never kept in a store.
 */
export function SecretInput({
  control,
  value,
  onChange,
  required,
  autoFocus,
}: {
  control: FieldControl;
  value: string;
  onChange: (value: string) => void;
  required?: true;
  autoFocus?: boolean;
}) {
  return (
    <input
      {...control}
      type="password"
      value={value}
      autoComplete="new-password"
      spellCheck={false}
      aria-required={required}
      autoFocus={autoFocus}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
