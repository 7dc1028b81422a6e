import { useCallback, type KeyboardEvent } from 'react';
import { useNavigation } from '../../navigation';
import { useTaskDetail } from './hooks';

/**
 * The task whose detail is open beside the list, opening one, and closing it with Esc (the keyboard
 * goes back to its row; a dialog inside handles its own Esc).
 */
export function useOpenTask(showDemo: boolean) {
  const openId = useNavigation((s) => s.openTaskRef);
  const openTask = useNavigation((s) => s.openTask);
  // A demo fax's detail does not stay open beside a list that hides demo faxes (after connecting).
  const openDetail = useTaskDetail(openId).data;
  const shownId = openId && openDetail?.task.demo && openDetail.task.readOnly && !showDemo ? null : openId;
  const onOpen = useCallback((taskId: string) => openTask(taskId), [openTask]);
  const closeDetail = useCallback(() => {
    const closed = openId;
    openTask(null);
    if (closed) focusRow(closed);
  }, [openId, openTask]);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || !openId || e.defaultPrevented || (e.target as Element).closest('dialog')) return;
    e.preventDefault();
    closeDetail();
  };
  return { shownId, onOpen, closeDetail, onKeyDown };
}

/**
 * Puts the keyboard on a task's row. The row may not be drawn yet (the list still loading after
 * "View task", on a busy machine): it is looked for again on the next frames, for about half a second.
 */
function focusRow(taskId: string, framesLeft = 30): void {
  requestAnimationFrame(() => {
    const button = document.querySelector<HTMLElement>(`[data-testid="task-row-${CSS.escape(taskId)}"] .name-cell button`);
    if (button) button.focus();
    else if (framesLeft > 0 && !document.activeElement?.closest('input, textarea, select, dialog')) focusRow(taskId, framesLeft - 1);
  });
}
