import { z } from 'zod';
import { channel, event } from '../define';
import { officeFailuresInputSchema, officeInputSchema, officeTasksInputSchema, type OfficeFailure, type OfficeSpending, type OfficeTaskList, type OfficeTestResult, type OfficeView } from '../../office/types';

/**
 * Settings → Office outbox: the shared PostgreSQL database of the office.
 * A password goes in (test, save) and never comes out: the view says only
 * `hasPassword`; a CA file goes in as a handle and comes back as its name.
 */
export const officeChannels = {
  getOffice: channel<OfficeView>()(z.undefined()),
  /** connects, reads the schema's version and checks the rights; writes nothing */
  testOffice: channel<OfficeTestResult>()(officeInputSchema),
  saveOffice: channel<OfficeView>()(officeInputSchema),
  removeOffice: channel<OfficeView>()(z.undefined()),
  /** Tasks → Everyone: the office's faxes, newest first, each with its sender and computer */
  listOfficeTasks: channel<OfficeTaskList>()(officeTasksInputSchema),
  /** Account: spent this month per person (desk), from the office's shared history */
  officeSpending: channel<OfficeSpending>()(z.undefined()),
  /** office-wide Failures: every desk's failed numbers, each naming its sender, and who resent it as what */
  listOfficeFailures: channel<OfficeFailure[]>()(officeFailuresInputSchema),
};

export const officeEvents = {
  /** connected, offline since …, read-only, changes waiting, or the settings changed */
  officeChanged: event<OfficeView>(),
  /** a desk wrote to the office's tasks (LISTEN/NOTIFY): Tasks → Everyone is read again */
  officeTasksChanged: event<{ at: number }>(),
};
