/**
 * What a desktop notification says when a task ends. Main has no i18next, so
 * the two languages live here; the wording follows the renderer's catalogue.
 */
import type { RecipientSummary } from '../../shared/task-state';

import type { Language as NotifyLanguage } from '../../shared/language';
export type { NotifyLanguage };

export interface EndedTask {
  name: string;
  /** 'done' or 'failed' (the task as a whole) */
  status: 'done' | 'failed';
  summary: Pick<RecipientSummary, 'total' | 'success' | 'failed' | 'canceled'>;
  /** sent in demo mode (the built-in simulator): nothing really went out, and the notification says so */
  demo?: boolean;
}

export type EndKind = 'delivered' | 'partly_failed' | 'failed';

export function endKind(t: EndedTask): EndKind {
  if (t.status === 'failed') return 'failed';
  if (t.summary.failed > 0 || t.summary.canceled > 0) return t.summary.success > 0 ? 'partly_failed' : 'failed';
  return 'delivered';
}

export function pickNotifyLanguage(setting: string | null, systemLocale: string): NotifyLanguage {
  const l = setting ?? systemLocale;
  return /^zh\b/i.test(l) ? 'zh-CN' : 'en';
}

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function notificationText(t: EndedTask, lang: NotifyLanguage): { title: string; body: string } {
  const text = plainText(t, lang);
  if (!t.demo) return text;
  return lang === 'zh-CN'
    ? { title: `演示：${text.title}`, body: `${text.body}（演示模式：没有真正发送传真。）` }
    : { title: `Demo: ${text.title}`, body: `${text.body} (Demo mode: no fax was really sent.)` };
}

function plainText(t: EndedTask, lang: NotifyLanguage): { title: string; body: string } {
  const kind = endKind(t);
  const name = clip(t.name);
  const { total, success, failed, canceled } = t.summary;
  if (lang === 'zh-CN') {
    const title = kind === 'delivered' ? '传真已发送' : kind === 'partly_failed' ? '传真部分发送失败' : '传真发送失败';
    const parts = [`${success}/${total} 个号码发送成功`];
    if (failed) parts.push(`${failed} 个失败`);
    if (canceled) parts.push(`${canceled} 个已取消`);
    return { title, body: `“${name}”：${parts.join('，')}。${kind === 'delivered' ? '' : '点击查看并重发。'}` };
  }
  const title = kind === 'delivered' ? 'Fax sent' : kind === 'partly_failed' ? 'Fax partly failed' : 'Fax failed';
  const parts = [`${success} of ${total} delivered`];
  if (failed) parts.push(`${failed} failed`);
  if (canceled) parts.push(`${canceled} canceled`);
  return { title, body: `“${name}”: ${parts.join(', ')}.${kind === 'delivered' ? '' : ' Click to see why and resend.'}` };
}
