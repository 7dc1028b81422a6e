import type { Handlers } from '../dispatch';
import type { IntakeService } from '../../intake/intake-service';

export type IntakeHandlers = Pick<Handlers, 'takePendingDocuments' | 'claimDocuments' | 'hotFolderStatus'>;

/** Documents arriving by Open with, the printer and the hot folder (main files them after their send). */
export function intakeHandlers(intake: IntakeService): IntakeHandlers {
  return {
    takePendingDocuments: () => intake.takePending(),
    claimDocuments: ({ handles }) => intake.claimTaken(handles),
    hotFolderStatus: () => intake.status(),
  };
}
