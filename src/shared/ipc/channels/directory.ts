import { z } from 'zod';
import { channel } from '../define';
import {
  cancelDirectorySearchInputSchema,
  directoryIdInputSchema,
  recipientNamesInputSchema,
  saveDirectoryInputSchema,
  searchDirectoryInputSchema,
  testDirectoryInputSchema,
  type DirectorySearchResult,
  type DirectoryTestResult,
  type DirectoryView,
  type RecipientName,
} from '../../directory/types';

/**
 * Directory phonebooks (LDAP / Active Directory), read-only. A bind password
 * goes in (save, test) and never comes out: results say only `hasPassword`.
 */
export const directoryChannels = {
  listDirectories: channel<DirectoryView[]>()(z.undefined()),
  saveDirectory: channel<DirectoryView>()(saveDirectoryInputSchema),
  deleteDirectory: channel<{ deleted: boolean }>()(directoryIdInputSchema),
  /** connects, binds and counts the entries the filter finds, without saving anything */
  testDirectory: channel<DirectoryTestResult>()(testDirectoryInputSchema),
  /** one directory per call, so a slow or failing one never holds up the others */
  searchDirectory: channel<DirectorySearchResult>()(searchDirectoryInputSchema),
  cancelDirectorySearch: channel<{ canceled: boolean }>()(cancelDirectorySearchInputSchema),
  /** names for recipient numbers: the local phonebook first, then directory entries seen this session */
  recipientNames: channel<RecipientName[]>()(recipientNamesInputSchema),
};
