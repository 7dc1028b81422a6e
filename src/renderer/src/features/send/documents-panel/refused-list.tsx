import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatSize } from '@renderer/lib/describe-error';
import { ErrorNotice } from '@renderer/components/error-notice';
import { useCompose, type Refusal } from '../compose-store';
import { INSPECT_AT_ONCE } from '../documents';
import { MAX_DOCUMENTS } from '@shared/send/limits';

/** Documents that could not be attached, each with what to do about it. */
export function RefusedList() {
  const { t } = useTranslation('send');
  const refused = useCompose((s) => s.refused);
  const set = useCompose((s) => s.set);
  if (refused.length === 0) return null;
  return (
    <ErrorNotice as="div">
      <strong>{t('documents.refusedHeading')}</strong>
      <ul>
        {refused.map((r) => (
          <li key={r.key}>
            {r.code === 'other' ? r.message : refusalText(t, r)}
          </li>
        ))}
      </ul>
      <button type="button" className="btn small" onClick={() => set({ refused: [] })}>
        {t('documents.dismiss')}
      </button>
    </ErrorNotice>
  );
}

/** A refusal in words; a hot-folder file moved into failed/ says so after its reason. */
function refusalText(t: TFunction<'send'>, r: Refusal): string {
  const problem = t(`documents.problem.${r.code as Exclude<Refusal['code'], 'other'>}`, {
    name: r.name,
    size: r.size > 0 ? formatSize(r.size) : '> 10 MB',
    max: INSPECT_AT_ONCE,
    perFax: MAX_DOCUMENTS,
  });
  return r.movedToFailed ? t('documents.movedToFailed', { problem }) : problem;
}
