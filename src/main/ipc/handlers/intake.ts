import type { Handlers } from '../dispatch';
import type { FileGrants } from '../../files/grants';
import type { IntakeService } from '../../intake/intake-service';

export type IntakeHandlers = Pick<Handlers, 'takePendingDocuments' | 'settleDocument' | 'hotFolderStatus'>;

/** Documents arriving by Open with, the printer and the hot folder. */
export function intakeHandlers(intake: IntakeService, grants: FileGrants): IntakeHandlers {
  return {
    takePendingDocuments: () => intake.takePending(),
    // Only a handle main issued names a file; the hot folder then moves only what it offered.
    settleDocument: ({ handle, outcome, reason }) => {
      const p = grants.lookup(handle, 'input');
      // the file that was offered, not whatever took its name since (file.changed otherwise)
      if (p !== null) grants.checkedPath(handle);
      const movedTo = p === null ? null : intake.settle(p, outcome, reason);
      if (movedTo === null) return { movedTo, handle: null };
      // The handle follows the document to sent/ or failed/: its thumbnail and viewer keep working.
      grants.moved(handle, movedTo);
      return { movedTo, handle };
    },
    hotFolderStatus: () => intake.status(),
  };
}
