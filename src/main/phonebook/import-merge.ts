import type { NewContact } from './store';

/**
 * The one merge rule of every phonebook import (CSV, vCard): a number already
 * saved is merged (a blank name is filled in, once), a number seen earlier in
 * the same file completes that contact's blanks, any other number is a new
 * contact.
 */
export class ImportMerge {
  readonly add: NewContact[] = [];
  merged = 0;
  private readonly fresh = new Map<string, NewContact>();
  private readonly fills = new Map<string, string>();

  constructor(private readonly existing: Map<string, { id: string; name: string }>) {}

  take(contact: NewContact): void {
    const saved = this.existing.get(contact.fax);
    if (saved) {
      this.merged += 1;
      if (!saved.name && contact.name && !this.fills.has(saved.id)) this.fills.set(saved.id, contact.name);
      return;
    }
    const earlier = this.fresh.get(contact.fax);
    if (earlier) {
      this.merged += 1;
      if (!earlier.name && contact.name) earlier.name = contact.name;
      earlier.company ??= contact.company;
      earlier.note ??= contact.note;
      return;
    }
    this.fresh.set(contact.fax, contact);
    this.add.push(contact);
  }

  /** saved contacts whose blank name the import fills in */
  nameFills(): Array<{ id: string; name: string }> {
    return [...this.fills].map(([id, name]) => ({ id, name }));
  }
}
