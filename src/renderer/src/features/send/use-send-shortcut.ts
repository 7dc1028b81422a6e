import { useEffect, useEffectEvent } from 'react';

/** Ctrl+Enter (Cmd+Enter on macOS) anywhere on the Send screen asks to send; dialogs handle their own keys. */
export function useSendShortcut(onShortcut: () => void): void {
  const fire = useEffectEvent(onShortcut);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.defaultPrevented) return;
      if (e.target instanceof Element && e.target.closest('dialog')) return;
      e.preventDefault();
      fire();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
