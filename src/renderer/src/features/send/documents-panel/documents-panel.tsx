import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderOpen } from 'lucide-react';
import { ACCEPTED_DOCUMENT_EXTENSIONS, MAX_DOCUMENTS } from '@shared/send/limits';
import { useCompose } from '../compose-store';
import { addFiles } from '../documents';
import { HotFolderProblem } from '../hot-folder-notice';
import { AddFromUrl } from './add-from-url';
import { CoverPage } from './cover-page';
import { DocumentRow } from './document-row';
import { IntakeNotice } from './intake-notice';
import { OverflowNotice } from './overflow-notice';
import { RefusedList } from './refused-list';

const ACCEPT = ACCEPTED_DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The documents of the fax: the list, what could not be attached and why, and the ways to add one. */
export const DocumentsPanel = memo(function DocumentsPanel() {
  const { t } = useTranslation('send');
  const docs = useCompose((s) => s.docs);
  const input = useRef<HTMLInputElement>(null);

  return (
    <section className="panel" aria-labelledby="send-docs-heading">
      <h2 id="send-docs-heading">{t('documents.heading')}</h2>
      <p className="muted">{t('documents.hint', { max: MAX_DOCUMENTS })}</p>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="send-file-input"
        aria-label={t('documents.pickerLabel')}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          void addFiles(files);
        }}
      />
      <HotFolderProblem />
      <IntakeNotice />
      <RefusedList />
      {docs.length === 0 ? (
        <p className="muted">{t('documents.empty')}</p>
      ) : (
        <ol className="send-docs" aria-label={t('documents.listLabel')}>
          {docs.map((d, i) => (
            <DocumentRow key={d.key} item={d} index={i} count={docs.length} />
          ))}
        </ol>
      )}
      <OverflowNotice />
      <div className="row">
        <button type="button" className="btn" disabled={docs.length >= MAX_DOCUMENTS} onClick={() => input.current?.click()}>
          <FolderOpen aria-hidden="true" size={15} />
          {t('documents.choose')}
        </button>
        <AddFromUrl />
        <CoverPage />
      </div>
    </section>
  );
});
