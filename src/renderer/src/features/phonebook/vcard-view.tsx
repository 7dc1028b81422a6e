import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VcardImportResult, VcardPreview } from '@shared/phonebook/vcard-types';
import { call } from '../../lib/api';
import { SavedFileNotice } from '../files';
import { useDefaultCountry, useImportVcard } from './queries';
import { useBusyStep, useFileToImport, usePhonebookExport } from './use-export';
import { Outcome } from './import-outcome';
import { VcardPreviewPanel } from './vcard-preview';
import { VcardSkipped } from './vcard-skipped';
import { describeError } from '../../lib/describe-error';

/** vCard import: main's open dialog, a preview with per-card reasons, then the import. */
export function VcardImportSection() {
  const { t } = useTranslation('phonebook');
  const id = useId();
  const defaultCountry = useDefaultCountry();
  const importVcard = useImportVcard();
  const [preview, setPreview] = useState<VcardPreview | null>(null);
  const [result, setResult] = useState<VcardImportResult | null>(null);
  const { busy: reading, error, setError, run: step } = useBusyStep();

  const load = (handle: string) =>
    step(
      async () => setPreview(await call('previewVcardImport', { handle, defaultCountry })),
      () => setPreview(null),
    );

  const { file, choose } = useFileToImport('vcard', load, setError, () => setPreview(null));
  const chooseFile = () => {
    setResult(null);
    return choose();
  };

  const runImport = () => {
    if (!file) return;
    setError(null);
    importVcard.mutate(
      { handle: file.handle, defaultCountry },
      {
        onSuccess: (r) => {
          setResult(r);
          setPreview(null);
        },
        onError: (err) => setError(describeError(err)),
      },
    );
  };

  return (
    <section className="pb-transfer" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('vcard.importHeading')}</h3>
      <div className="field">
        <div className="actions">
          <button type="button" className="btn" aria-describedby={`${id}-hint`} onClick={() => void chooseFile()}>
            {t('vcard.chooseButton')}
          </button>
          {file ? <span>{t('csv.chosen', { name: file.name })}</span> : null}
        </div>
        <span className="hint" id={`${id}-hint`}>
          {t('vcard.fileHint')}
        </span>
      </div>
      {reading ? <p className="muted">{t('csv.reading')}</p> : null}
      {preview ? <VcardPreviewPanel preview={preview} importing={importVcard.isPending} onImport={runImport} /> : null}
      <Outcome error={error} status={result ? t('vcard.result', { added: result.added, merged: result.merged, skipped: result.skippedCount }) : null}>
        {result ? <VcardSkipped skipped={result.skipped} total={result.skippedCount} /> : null}
      </Outcome>
    </section>
  );
}

export function VcardExportSection() {
  const { t } = useTranslation('phonebook');
  const { saved, error, busy, run: exportVcard } = usePhonebookExport('exportVcard');

  return (
    <div className="stack">
      <p className="muted">{t('vcard.exportHint')}</p>
      <div className="row">
        <button type="button" className="btn" onClick={() => void exportVcard()} disabled={busy} data-testid="vcard-export">
          {t('vcard.export')}
        </button>
      </div>
      <Outcome error={error} status={saved ? <SavedFileNotice saved={saved.file} what={t('csv.exported', { count: saved.count })} /> : null} />
    </div>
  );
}
