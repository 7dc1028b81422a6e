import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoverPageInput } from '@shared/send/types';
import { Thumbnail } from '../thumbnail';
import { DocumentViewer } from './lazy-viewer';
import { useCoverSource } from './source';

/**
 * Beside the cover form: the page as it will be sent, redrawn by main once typing pauses (the same
 * drawing makeCoverPage attaches), and the viewer for a closer look.
 */
export function CoverLivePreview({ input }: { input: CoverPageInput }) {
  const { t } = useTranslation('send');
  const state = useCoverSource(input);
  const [open, setOpen] = useState(false);
  const title = t('preview.coverTitle');
  return (
    <div className="send-cover-preview" data-testid="send-cover-preview" aria-busy={state.updating}>
      <button type="button" className="send-thumb-button" tabIndex={-1} onClick={() => setOpen(true)} aria-label={t('preview.openThumbnail', { name: title })}>
        <Thumbnail name={title} source={state.source} failed={state.error !== null} width={96} />
      </button>
      <button type="button" className="btn small" onClick={() => setOpen(true)}>
        {t('preview.openCover')}
      </button>
      {state.replacedCharacters ? <p className="send-warn send-cover-preview-note">{t('cover.replaced')}</p> : null}
      {open ? <DocumentViewer title={title} state={state} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
