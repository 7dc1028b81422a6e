import { useEffect, useRef } from 'react';

/** A ref whose element takes focus each time `value` becomes something (a result, an error shown after an act). */
export function useFocusOn<T extends HTMLElement>(value: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (value) ref.current?.focus();
  }, [value]);
  return ref;
}
