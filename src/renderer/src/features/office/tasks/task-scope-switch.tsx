import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Whose faxes the Tasks screen lists. */
export type TaskScope = 'everyone' | 'mine';

/** "Everyone / Mine": whose faxes the Tasks screen lists. */
export function TaskScopeSwitch({ scope, onChange }: { scope: TaskScope; onChange(scope: TaskScope): void }) {
  const { t } = useTranslation('office');
  const name = useId();
  return (
    <fieldset className="row scope-switch" data-testid="task-scope">
      <legend className="sr-only">{t('tasks.scope')}</legend>
      {(['everyone', 'mine'] as const).map((s) => (
        <label key={s} className="check">
          <input type="radio" name={name} value={s} checked={scope === s} onChange={() => onChange(s)} />
          {t(`tasks.${s}`)}
        </label>
      ))}
    </fieldset>
  );
}
