import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../lib/api';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { ErrorNotice } from '../../components/error-notice';
import { setPushed } from '../../lib/pushed';

export const hotFolderKeys = { status: ['hotFolderStatus'] as const };

/**
 * The hot folder as main sees it: asked once, then kept current by main's hotFolderStatusChanged
 * (main notices a folder that vanished or lost its permissions; the window never polls).
 */
export function useHotFolderStatus() {
  const enabled = useAfterFirstPaint();
  return useQuery({ queryKey: hotFolderKeys.status, queryFn: () => call('hotFolderStatus'), retry: false, enabled, staleTime: Infinity });
}

/** Main's hot-folder status pushes into the cache, once for the window (the shell). */
export function useHotFolderEvents() {
  const client = useQueryClient();
  useEffect(() => api().on('hotFolderStatusChanged', (s) => setPushed(client, hotFolderKeys.status, s)), [client]);
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
