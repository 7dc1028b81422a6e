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
 * Puts the keyboard on a task's row: at once when the row is drawn (before the detail's unmount can drop the focus),
 * else on the next frames for about half a second (the list still loading after "View task", on a busy machine).
 * A later frame never takes the keyboard back from where the user has since put it (Esc then a quick Up moves on
 * from the row; typing in the search field stays there).
 */
function focusRow(taskId: string, framesLeft = 30): void {
  const rowButton = () => document.querySelector<HTMLElement>(`[data-testid="task-row-${CSS.escape(taskId)}"] .name-cell button`);
  const drawn = rowButton();
  if (drawn) {
    drawn.focus();
    return;
  }
  const focusedBefore = document.activeElement;
  const retry = (left: number) =>
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (focused !== focusedBefore && focused !== document.body && focused !== null) return;
      const button = rowButton();
      if (button) button.focus();
      else if (left > 0) retry(left - 1);
    });
  retry(framesLeft);
}
