/**
 * Demo faxes in the task lists: their label, and the toggle that shows them while an account is
 * connected. Like the shell's demo badge (account/shell-slots.tsx) they go by useConnectionMode;
 * each is its own small component for its own place, alike only in a component's usual first lines.
 */
import { useId } from 'react';
import { create } from 'zustand';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/field';
import { useConnectionMode } from '../account';

/** With an account connected: list the demo faxes too (read-only). The task lists' own UI state. */
const useDemoShown = create<{ showDemo: boolean; setShowDemo(show: boolean): void }>((set) => ({
  showDemo: false,
  setShowDemo: (showDemo) => set({ showDemo }),
}));

/** The "Demo" label on a task made with the built-in simulator. */
export function DemoTag() {
  const { t } = useTranslation('tasks');
  return (
    <span className="tag demo-tag" title={t('demo.labelLong')}>
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
  const mode = useConnectionMode();
  const showDemo = useDemoShown((s) => s.showDemo);
  const setShowDemo = useDemoShown((s) => s.setShowDemo);
  if (mode !== 'account') return null;
  return (
    <CheckboxField id={id} className="field show-demo" label={t('demo.show')} checked={showDemo} onChange={setShowDemo} />
  );
}

/** Demo faxes are listed only on request while an account is connected. */
export function useShowDemo(): boolean {
  const mode = useConnectionMode();
  const showDemo = useDemoShown((s) => s.showDemo);
  return mode === 'account' && showDemo;
}
