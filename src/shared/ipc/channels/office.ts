import { z } from 'zod';
import { channel, event } from '../define';
import type { FailuresView } from '../../tasks/types';
import { officeFailuresInputSchema, officeInputSchema, officeResendsInputSchema, officeTasksInputSchema, type OfficeResend, type OfficeSpending, type OfficeTaskList, type OfficeTestResult, type OfficeView } from '../../office/types';

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
  /**
   * office-wide Failures (and the badge's count, its total): the numbers every desk's faxes did not reach, by the
   * rules of this desk's Failures, each naming its sender, and who resent it as what; office.unavailable while not connected
   */
  listOfficeFailures: channel<FailuresView>()(officeFailuresInputSchema),
  /** "Resent as … by …" under a fax: its resends by any desk of the office; office.unavailable while not connected */
  listOfficeResends: channel<OfficeResend[]>()(officeResendsInputSchema),
};

export const officeEvents = {
  /** connected, offline since …, read-only, changes waiting, or the settings changed */
  officeChanged: event<OfficeView>(),
  /** a desk wrote to the office's tasks (LISTEN/NOTIFY): Tasks → Everyone is read again */
  officeTasksChanged: event<{ at: number }>(),
};
