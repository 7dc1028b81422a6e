import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@renderer/components/field';
import type { OfficeFormState } from './use-office-form';

/** With TLS: the CA file (chosen in main's dialog, or none); without: whether a plain connection is allowed. */
export function TlsChoice({ form }: { form: OfficeFormState }) {
  const { t } = useTranslation('office');
  const { id, view, draft, set } = form;
  const locked = view?.managed === 'locked';
  const caName = typeof draft.ca === 'object' ? draft.ca.name : draft.ca === 'none' ? null : (view?.caFileName ?? null);
  if (!draft.tls) {
    return (
      <>
        <CheckboxField
          id={`${id}-plain`}
          label={t('settings.allowPlain')}
          checked={draft.allowPlain}
          disabled={locked}
          describedBy={view?.managed ? `${id}-plain-hint ${id}-managed` : `${id}-plain-hint`}
          onChange={(v) => set('allowPlain', v)}
        />
        <span id={`${id}-plain-hint`} className="hint">
          {t('settings.allowPlainHint')}
        </span>
      </>
    );
  }
  return (
    <div className="field">
      <span className="label" id={`${id}-ca-label`}>
        {t('settings.caFile')}
      </span>
      <span className="hint" id={`${id}-ca-name`}>
        {caName ? t('settings.caFileChosen', { name: caName }) : t('settings.caFileNone')}
      </span>
      {locked ? null : (
        <div className="row">
          <button type="button" className="btn" aria-describedby={`${id}-ca-name`} onClick={form.chooseCaFile}>
            {t('settings.caFileChoose')}
          </button>
          {caName ? (
            <button type="button" className="btn" onClick={() => set('ca', 'none')}>
              {t('settings.caFileClear')}
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}
