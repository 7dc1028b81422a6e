import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { ErrorNotice } from '../../components/error-notice';

export const hotFolderKeys = { status: ['hotFolderStatus'] as const };

/** The hot folder as main sees it; polled, because a folder can vanish or lose its permissions at any time. */
export function useHotFolderStatus() {
  const enabled = useAfterFirstPaint();
  return useQuery({ queryKey: hotFolderKeys.status, queryFn: () => call('hotFolderStatus'), refetchInterval: 10_000, retry: false, enabled });
}

/** The problem in the user's language (main words it in English for the log). */
export function useHotFolderProblem(): string | null {
  const { t } = useTranslation('send');
  const status = useHotFolderStatus();
  const s = status.data;
  if (!s?.enabled || !s.problem) return null;
  return s.problemKind ? t(`documents.hotFolderProblem.${s.problemKind.kind}`, { path: s.path, code: s.problemKind.code }) : s.problem;
}

/** Says why the hot folder is not working, where the user will look for their printed or saved documents. */
export function HotFolderProblem() {
  const problem = useHotFolderProblem();
  if (!problem) return null;
  return <ErrorNotice testId="hot-folder-problem">{problem}</ErrorNotice>;
}
