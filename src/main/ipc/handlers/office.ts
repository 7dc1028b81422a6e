import type { Handlers } from '../dispatch';
import type { OfficeService } from '../../office/office-service';

export type OfficeHandlers = Pick<Handlers, 'getOffice' | 'testOffice' | 'saveOffice' | 'removeOffice' | 'listOfficeTasks' | 'officeSpending' | 'listOfficeFailures' | 'listOfficeResends'>;

/** The office outbox's settings card. */
export function officeHandlers(office: OfficeService): OfficeHandlers {
  return {
    getOffice: () => office.view(),
    testOffice: (input) => office.test(input),
    saveOffice: (input) => office.save(input),
    removeOffice: () => office.remove(),
    listOfficeTasks: (page) => office.listTasks(page),
    officeSpending: () => office.spending(),
    listOfficeFailures: (input) => office.failures(input.days),
    listOfficeResends: (input) => office.resendsOf(input.taskRef),
  };
}
