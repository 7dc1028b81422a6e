/**
 * Sentences the office worker tripped over (issue #30, item 13), as the catalogues render them in
 * both languages.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/renderer/src/i18n/locales/en';
import { zhCN } from '../../src/renderer/src/i18n/locales/zh-CN';

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en, 'zh-CN': zhCN } as unknown as Record<string, Record<string, Record<string, unknown>>>,
  lng: 'en',
  fallbackLng: false,
  ns: Object.keys(en),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

describe.each(['en', 'zh-CN'])('wording (%s)', (lng) => {
  const t = i18n.getFixedT(lng);

  it('a fax to one number is not "delivered to all 1 numbers"', () => {
    const one = t('common:taskEnded.delivered', { name: 'Prices', count: 1 });
    expect(one).not.toMatch(/all 1|全部 1/);
    expect(one).toContain('Prices');
    expect(t('common:taskEnded.delivered', { name: 'Prices', count: 2 })).toMatch(/2/);
  });

  it('the cost estimate reads as a sentence, not a formula', () => {
    for (const key of ['send:cost.basis', 'send:cost.basisContract']) {
      const s = t(key, { pages: t('send:cost.pagesCount', { count: 1 }), recipients: t('send:cost.recipientsCount', { count: 11 }), price: '¥0.30' });
      expect(s).not.toMatch(/^=|×|\(s\)/);
      expect(s).toMatch(lng === 'en' ? /1 page to 11 recipients/ : /1 页.*11 个收件人/);
      expect(s).toContain('¥0.30');
    }
  });

  it('a task reference is not preceded by the word "task" again ("task task_…")', () => {
    const ref = 'task_5b45e0c1';
    const texts = [
      t('send:result.task_one', { name: 'Prices', ref, count: 1 }),
      t('send:result.task_other', { name: 'Prices', ref, count: 2 }),
      t('tasks:detail.resendDone_one', { ref, count: 1 }),
      t('tasks:detail.resendDone_other', { ref, count: 2 }),
    ];
    for (const s of texts) expect(s).not.toMatch(/task task_|任务 task_/i);
  });
});
