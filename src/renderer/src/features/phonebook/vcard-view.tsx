import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GrantedFile } from '../../../../shared/ipc/channels/files';
import { displayFax } from '../../../../shared/phonebook/format';
import type { SkippedCard, VcardImportResult, VcardPreview } from '../../../../shared/phonebook/vcard-types';
import { call } from '../../lib/api';
import { SavedFileNotice } from '../files';
import { useDefaultCountry, useImportVcard } from './queries';
import { usePhonebookExport } from './use-export';
import { describeError } from '../../lib/describe-error';

function SkippedTable({ skipped, total }: { skipped: SkippedCard[]; total: number }) {
  const { t } = useTranslation('phonebook');
  if (skipped.length === 0) return null;
  return (
    <div className="pb-sample">
      <table className="grid" data-testid="vcard-skipped">
        <caption>{t('vcard.skippedCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('vcard.card')}</th>
            <th scope="col">{t('vcard.name')}</th>
            <th scope="col">{t('vcard.number')}</th>
            <th scope="col">{t('csv.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {skipped.map((s, i) => (
            <tr key={i}>
              <td>{s.card}</td>
              <td>{s.name || t('picker.unnamed')}</td>
              <td>{s.value}</td>
              <td>{t(`reasons.${s.reason}`, { defaultValue: s.message })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > skipped.length ? <p className="muted">{t('vcard.moreSkipped', { count: total - skipped.length })}</p> : null}
    </div>
  );
}

/** vCard import: main's open dialog, a preview with per-card reasons, then the import. */
export function VcardImportSection() {
  const { t } = useTranslation('phonebook');
  const id = useId();
  const defaultCountry = useDefaultCountry();
  const importVcard = useImportVcard();
  const [file, setFile] = useState<GrantedFile | null>(null);
  const [preview, setPreview] = useState<VcardPreview | null>(null);
  const [result, setResult] = useState<VcardImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const chooseFile = async () => {
    setError(null);
    setResult(null);
    try {
      const { files } = await call('chooseFiles', { purpose: 'vcard' });
      const chosen = files[0];
      if (!chosen) return;
      setFile(chosen);
      setReading(true);
      setPreview(await call('previewVcardImport', { handle: chosen.handle, defaultCountry }));
    } catch (err) {
      setPreview(null);
      setError(describeError(err));
    } finally {
      setReading(false);
    }
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
    <section className="pb-transfer" aria-labelledby={`${id}-h`} data-testid="vcard-import">
      <h3 id={`${id}-h`}>{t('vcard.importHeading')}</h3>
      <div className="field">
        <div className="actions">
          <button type="button" className="btn" aria-describedby={`${id}-hint`} onClick={() => void chooseFile()} data-testid="vcard-choose">
            {t('vcard.chooseButton')}
          </button>
          {file ? <span>{t('csv.chosen', { name: file.name })}</span> : null}
        </div>
        <span className="hint" id={`${id}-hint`}>
          {t('vcard.fileHint')}
        </span>
      </div>
      {reading ? <p className="muted">{t('csv.reading')}</p> : null}
      {preview ? (
        <div className="stack" data-testid="vcard-preview">
          <p>
            {t('vcard.previewSummary', { cards: preview.cards, added: preview.added, merged: preview.merged, skipped: preview.skippedCount })}
            {preview.groups.length ? ` ${t('vcard.groups', { groups: preview.groups.join(', ') })}` : ''}
          </p>
          {preview.sample.length ? (
            <div className="pb-sample">
              <table className="grid">
                <caption>{t('vcard.sampleCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('vcard.card')}</th>
                    <th scope="col">{t('vcard.name')}</th>
                    <th scope="col">{t('vcard.company')}</th>
                    <th scope="col">{t('vcard.numbers')}</th>
                    <th scope="col">{t('vcard.groupsColumn')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.sample.map((c) => (
                    <tr key={c.card}>
                      <td>{c.card}</td>
                      <td>{c.name || t('picker.unnamed')}</td>
                      <td>{c.company ?? ''}</td>
                      <td>{c.numbers.map(displayFax).join(', ')}</td>
                      <td>{c.groups.join(', ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <SkippedTable skipped={preview.skipped} total={preview.skippedCount} />
          <div className="row">
            <button type="button" className="btn primary" onClick={runImport} disabled={importVcard.isPending || preview.added + preview.merged === 0} data-testid="vcard-import-run">
              {importVcard.isPending ? t('csv.importing') : t('csv.import')}
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div role="status" className="pb-status" data-testid="vcard-result">
        {result ? t('vcard.result', { added: result.added, merged: result.merged, skipped: result.skippedCount }) : null}
      </div>
      {result ? <SkippedTable skipped={result.skipped} total={result.skippedCount} /> : null}
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
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div role="status" className="pb-status">
        {saved ? <SavedFileNotice saved={saved.file} what={t('csv.exported', { count: saved.count })} /> : null}
      </div>
    </div>
  );
}
