import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';

export const hotFolderKeys = { status: ['hotFolderStatus'] as const };

/** The hot folder as main sees it; polled, because a folder can vanish or lose its permissions at any time. */
export function useHotFolderStatus() {
  return useQuery({ queryKey: hotFolderKeys.status, queryFn: () => call('hotFolderStatus'), refetchInterval: 10_000, retry: false });
}

/** Says why the hot folder is not working, where the user will look for their printed or saved documents. */
export function HotFolderProblem() {
  const { t } = useTranslation('send');
  const status = useHotFolderStatus();
  const problem = status.data?.enabled ? status.data.problem : null;
  if (!problem) return null;
  return (
    <p className="notice bad" role="alert" data-testid="hot-folder-problem">
      {t('documents.hotFolderProblem', { problem })}
    </p>
  );
}
