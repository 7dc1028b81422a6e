import { describe, expect, it } from 'vitest';
import { chunk, partName, planSendParts } from '../../src/shared/split';

describe('splitting a send into tasks', () => {
  it('250 numbers become 3 tasks of 100, 100 and 50, in order', () => {
    const numbers = Array.from({ length: 250 }, (_, i) => `86138${String(i).padStart(8, '0')}`);
    const parts = planSendParts('Invoices', numbers);
    expect(parts.map((p) => p.phoneNumbers.length)).toEqual([100, 100, 50]);
    expect(parts.flatMap((p) => p.phoneNumbers)).toEqual(numbers);
    expect(parts.map((p) => p.name)).toEqual(['Invoices (1/3)', 'Invoices (2/3)', 'Invoices (3/3)']);
  });

  it('100 numbers or fewer stay one task under their own name', () => {
    expect(planSendParts('Q3 report', Array.from({ length: 100 }, (_, i) => String(1000000 + i)))).toEqual([
      { index: 0, name: 'Q3 report', phoneNumbers: Array.from({ length: 100 }, (_, i) => String(1000000 + i)) },
    ]);
  });

  it('keeps part names within 255 characters without splitting a character', () => {
    const long = '传真'.repeat(100) + '😀'.repeat(100);
    const name = partName(long, 11, 12);
    expect(name.length).toBeLessThanOrEqual(255);
    expect(name.endsWith(' (12/12)')).toBe(true);
    expect(name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('refuses a nonsensical chunk size', () => {
    expect(() => chunk([1], 0)).toThrow(RangeError);
    expect(chunk([], 100)).toEqual([]);
  });
});
