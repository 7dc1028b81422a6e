/**
 * When the Send screen shows the review before sending: above the user's
 * recipient count, above the user's cost, or always if they chose so. Each
 * condition by itself, on both sides of its threshold (the thresholds are the
 * user's own Settings, written out here, not the defaults' constant).
 */
import { describe, expect, it } from 'vitest';
import { needsReview } from '@renderer/features/send/send-act';
import type { CostEstimate } from '@shared/send/types';

/** the user's Settings: review above 10 recipients or above ¥20 */
const review = { always: false, recipientsAbove: 10, costAbove: 20 };
const costing = (estimate: number | null): CostEstimate => ({ unitPrice: 0.5, priceSource: 'contract', estimate, pages: 1 });

describe('the review before a send', () => {
  it('is asked for by the cost alone: a few recipients costing more than the user’s limit', () => {
    expect(needsReview(review, 2, costing(20.01))).toBe(true);
    expect(needsReview(review, 1, costing(500))).toBe(true);
  });

  it('is not asked for at or under the cost limit when the recipients are few', () => {
    expect(needsReview(review, 2, costing(20))).toBe(false);
    expect(needsReview(review, 2, costing(19.99))).toBe(false);
    expect(needsReview(review, 10, costing(0))).toBe(false);
  });

  it('is not asked for by a cost nobody knows yet (no price or no page count)', () => {
    expect(needsReview(review, 2, costing(null))).toBe(false);
    expect(needsReview(review, 2, null)).toBe(false);
  });

  it('is asked for by the recipient count alone, above the user’s count', () => {
    expect(needsReview(review, 11, null)).toBe(true);
    expect(needsReview(review, 11, costing(1))).toBe(true);
    expect(needsReview(review, 10, null)).toBe(false);
  });

  it('follows the user’s own thresholds, not fixed ones', () => {
    const strict = { always: false, recipientsAbove: 0, costAbove: 0 };
    expect(needsReview(strict, 1, costing(0))).toBe(true);
    expect(needsReview(strict, 0, costing(0.01))).toBe(true);
    expect(needsReview(strict, 0, costing(0))).toBe(false);
    const loose = { always: false, recipientsAbove: 100, costAbove: 1_000 };
    expect(needsReview(loose, 100, costing(999))).toBe(false);
    expect(needsReview(loose, 100, costing(1_000.5))).toBe(true);
  });

  it('is asked for every send when the user chose “always”', () => {
    expect(needsReview({ ...review, always: true }, 1, costing(0.1))).toBe(true);
    expect(needsReview({ ...review, always: true }, 1, null)).toBe(true);
  });
});
