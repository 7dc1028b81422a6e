import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { DemoTag } from '../demo';
import { useTaskDetail } from '../hooks';
import { ErrorNotice } from '@renderer/components/error-notice';
import { DetailBody } from './detail-body';
import type { Notice } from './notice';

interface Props {
  id: string;
  onClose(): void;
  onOpen(id: string): void;
}

export function TaskDetailPane({ id, onClose, onOpen }: Props) {
  const { t, i18n } = useTranslation('tasks');
  const detail = useTaskDetail(id);
  const [notice, setNotice] = useState<Notice>(null);
  const pane = useRef<HTMLElement>(null);
  // Opened from elsewhere ("View task" after a send, a notification, the tray), the button that was
  // pressed is gone and the keyboard would be nowhere: it goes to the detail, so Tab, Esc and a screen
  // reader carry on from here. Opened from its row, the keyboard stays on the row.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) pane.current?.focus();
  }, []);

  return (
    <aside ref={pane} tabIndex={-1} className="task-detail panel" aria-labelledby="task-detail-title" data-testid="task-detail">
      <div className="detail-head">
        <h2 id="task-detail-title">
          {detail.data?.task.name || t('detail.title')} {detail.data?.task.demo ? <DemoTag /> : null}
        </h2>
        <button type="button" className="btn icon" onClick={onClose} aria-label={t('detail.close')} title={t('detail.close')}>
          <X aria-hidden="true" size={16} />
        </button>
      </div>
      {detail.isPending ? <p role="status">{t('detail.loading')}</p> : null}
      {detail.error ? (
        <ErrorNotice error={detail.error} />
      ) : null}
      {detail.data ? <DetailBody d={detail.data} language={i18n.language} onOpen={onOpen} notice={notice} setNotice={setNotice} /> : null}
    </aside>
  );
}
