import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../app/ui-store';
import { useConnection } from '../account';

/** The "Demo" label on a task made with the built-in simulator. */
export function DemoTag() {
  const { t } = useTranslation('tasks');
  return (
    <span className="tag demo-tag" title={t('demo.labelLong')} data-testid="demo-tag">
      {t('demo.label')}
    </span>
  );
}

/**
 * With an account connected, demo faxes are hidden; this brings them back,
 * read-only. In demo mode they are the current faxes and the toggle is absent.
 */
export function ShowDemoToggle() {
  const { t } = useTranslation('tasks');
  const id = useId();
  const connection = useConnection();
  const showDemo = useUiStore((s) => s.showDemo);
  const setShowDemo = useUiStore((s) => s.setShowDemo);
  if (connection.data?.mode !== 'account') return null;
  return (
    <div className="field checkbox show-demo">
      <input id={id} type="checkbox" checked={showDemo} onChange={(e) => setShowDemo(e.target.checked)} data-testid="show-demo" />
      <label htmlFor={id}>{t('demo.show')}</label>
    </div>
  );
}

/** Demo faxes are listed only on request while an account is connected. */
export function useShowDemo(): boolean {
  const connection = useConnection();
  const showDemo = useUiStore((s) => s.showDemo);
  return connection.data?.mode === 'account' && showDemo;
}
