import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvImportResult, CsvPreview } from '../../../../shared/phonebook/types';
import type { GrantedFile } from '../../../../shared/ipc/channels/files';
import { call } from '../../lib/api';
import { SavedFileNotice } from '../files';
import { useDefaultCountry, useImportCsv } from './queries';
import { usePhonebookExport } from './use-export';
import { VcardExportSection, VcardImportSection } from './vcard-view';
import { describeError } from '../../lib/describe-error';

type ColumnRole = 'numberColumn' | 'nameColumn' | 'companyColumn' | 'noteColumn';
const OPTIONAL_ROLES: ColumnRole[] = ['nameColumn', 'companyColumn', 'noteColumn'];

function columnLabel(t: ReturnType<typeof useTranslation<'phonebook'>>['t'], preview: CsvPreview, index: number): string {
  const name = preview.columns[index];
  return name ? t('csv.columnNamed', { n: index + 1, name }) : t('csv.columnN', { n: index + 1 });
}

function ImportSection() {
  const { t } = useTranslation('phonebook');
  const id = useId();
  const defaultCountry = useDefaultCountry();
  const importCsv = useImportCsv();
  const [file, setFile] = useState<GrantedFile | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [columns, setColumns] = useState<Partial<Record<ColumnRole, number>>>({});
  const [country, setCountry] = useState<string | null>(null);
  const [result, setResult] = useState<CsvImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async (handle: string, hasHeader?: boolean) => {
    setReading(true);
    setError(null);
    setResult(null);
    try {
      const p = await call('previewCsvImport', hasHeader === undefined ? { handle } : { handle, hasHeader });
      setPreview(p);
      const next: Partial<Record<ColumnRole, number>> = {};
      if (p.suggested.numberColumn !== null) next.numberColumn = p.suggested.numberColumn;
      if (p.suggested.nameColumn !== null) next.nameColumn = p.suggested.nameColumn;
      if (p.suggested.companyColumn !== null) next.companyColumn = p.suggested.companyColumn;
      if (p.suggested.noteColumn !== null) next.noteColumn = p.suggested.noteColumn;
      setColumns(next);
    } catch (err) {
      setPreview(null);
      setError(describeError(err));
    } finally {
      setReading(false);
    }
  };

  // Main's open dialog (the preview: the browser's picker) hands over the file; only its handle comes back.
  const chooseFile = async () => {
    setError(null);
    try {
      const { files } = await call('chooseFiles', { purpose: 'csv' });
      const chosen = files[0];
      if (!chosen) return;
      setFile(chosen);
      await load(chosen.handle);
    } catch (err) {
      setError(describeError(err));
    }
  };

  const runImport = () => {
    if (!file || !preview || columns.numberColumn === undefined) return;
    setError(null);
    const countryCode = (country ?? defaultCountry).trim().toUpperCase();
    importCsv.mutate(
      {
        handle: file.handle,
        hasHeader: preview.hasHeader,
        numberColumn: columns.numberColumn,
        ...(columns.nameColumn !== undefined ? { nameColumn: columns.nameColumn } : {}),
        ...(columns.companyColumn !== undefined ? { companyColumn: columns.companyColumn } : {}),
        ...(columns.noteColumn !== undefined ? { noteColumn: columns.noteColumn } : {}),
        ...(/^[A-Z]{2}$/.test(countryCode) ? { defaultCountry: countryCode } : {}),
      },
      { onSuccess: setResult, onError: (err) => setError(describeError(err)) },
    );
  };

  const setColumn = (role: ColumnRole, value: string) =>
    setColumns((prev) => {
      const next = { ...prev };
      if (value === '') delete next[role];
      else next[role] = Number(value);
      return next;
    });

  const width = preview?.columns.length ?? 0;
  // Named columns that no role takes: said before importing, so nothing is dropped unnoticed.
  const taken = new Set(Object.values(columns));
  const unmapped = (preview?.hasHeader ? preview.columns : [])
    .map((name, i) => (name && !taken.has(i) && preview!.sampleRows.some((r) => (r[i] ?? '').trim() !== '') ? name : null))
    .filter((n): n is string => n !== null);

  return (
    <section className="pb-transfer" aria-labelledby={`${id}-import`}>
      <h3 id={`${id}-import`}>{t('csv.importHeading')}</h3>
      <div className="field">
        <span id={`${id}-file-label`}>{t('csv.chooseFile')}</span>
        <div className="actions file-row">
          <button type="button" className="btn" aria-describedby={`${id}-file-label ${id}-file-hint`} onClick={() => void chooseFile()} data-testid="csv-choose">
            {t('csv.chooseButton')}
          </button>
          {file ? <span data-testid="csv-chosen">{t('csv.chosen', { name: file.name })}</span> : null}
        </div>
        <span className="hint" id={`${id}-file-hint`}>
          {t('csv.fileHint')}
        </span>
      </div>
      {reading ? <p className="muted">{t('csv.reading')}</p> : null}
      {preview && file ? (
        <div className="stack">
          <p className="muted">{t('csv.fileInfo', { count: preview.rowCount, encoding: preview.encoding.toUpperCase() })}</p>
          <label className="pb-item">
            <input type="checkbox" checked={preview.hasHeader} onChange={(e) => void load(file.handle, e.target.checked)} />
            <span>{t('csv.hasHeader')}</span>
          </label>
          <div className="pb-columns">
            <div className="field">
              <label htmlFor={`${id}-numberColumn`}>{t('csv.numberColumn')}</label>
              <select id={`${id}-numberColumn`} value={columns.numberColumn ?? ''} onChange={(e) => setColumn('numberColumn', e.target.value)} required>
                {columns.numberColumn === undefined ? <option value="">{t('csv.none')}</option> : null}
                {Array.from({ length: width }, (_, i) => (
                  <option key={i} value={i}>
                    {columnLabel(t, preview, i)}
                  </option>
                ))}
              </select>
            </div>
            {OPTIONAL_ROLES.map((role) => (
              <div className="field" key={role}>
                <label htmlFor={`${id}-${role}`}>{t(`csv.${role}`)}</label>
                <select id={`${id}-${role}`} value={columns[role] ?? ''} onChange={(e) => setColumn(role, e.target.value)}>
                  <option value="">{t('csv.none')}</option>
                  {Array.from({ length: width }, (_, i) => (
                    <option key={i} value={i}>
                      {columnLabel(t, preview, i)}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <div className="field">
              <label htmlFor={`${id}-country`}>{t('csv.country')}</label>
              <input
                id={`${id}-country`}
                value={country ?? defaultCountry}
                maxLength={2}
                size={4}
                autoComplete="off"
                onChange={(e) => setCountry(e.target.value.toUpperCase())}
              />
            </div>
          </div>
          {unmapped.length > 0 ? (
            <p className="notice warn" role="status" data-testid="csv-unmapped">
              {t('csv.unmapped', { count: unmapped.length, columns: unmapped.join(', ') })}
            </p>
          ) : null}
          {preview.sampleRows.length > 0 ? (
            <div className="pb-sample">
              <table className="grid">
                <caption>{t('csv.sampleCaption')}</caption>
                <thead>
                  <tr>
                    {Array.from({ length: width }, (_, i) => (
                      <th key={i} scope="col">
                        {columnLabel(t, preview, i)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.sampleRows.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, c) => (
                        <td key={c} className={c === columns.numberColumn ? 'pb-picked-col' : undefined}>
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <div className="row">
            <button
              type="button"
              className="btn primary"
              onClick={runImport}
              disabled={importCsv.isPending || columns.numberColumn === undefined}
              data-testid="phonebook-import"
            >
              {importCsv.isPending ? t('csv.importing') : t('csv.import')}
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div role="status" className="pb-status">
        {result ? t('csv.result', { added: result.added, merged: result.merged, skipped: result.skippedCount }) : null}
      </div>
      {result && result.skipped.length > 0 ? (
        <div className="pb-sample">
          <table className="grid">
            <caption>{t('csv.skippedCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('csv.row')}</th>
                <th scope="col">{t('csv.value')}</th>
                <th scope="col">{t('csv.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {result.skipped.map((s) => (
                <tr key={s.row}>
                  <td>{s.row}</td>
                  <td>{s.value}</td>
                  <td>{t(`reasons.${s.reason}`, { defaultValue: s.message })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.skippedCount > result.skipped.length ? (
            <p className="muted">{t('csv.moreSkipped', { count: result.skippedCount - result.skipped.length })}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ExportSection() {
  const { t } = useTranslation('phonebook');
  const id = useId();
  const { saved, error, busy, run: exportCsv } = usePhonebookExport('exportCsv');

  return (
    <section className="pb-transfer" aria-labelledby={`${id}-export`}>
      <h3 id={`${id}-export`}>{t('csv.exportHeading')}</h3>
      <p className="muted">{t('csv.exportHint')}</p>
      <button type="button" className="btn" onClick={() => void exportCsv()} disabled={busy}>
        {t('csv.export')}
      </button>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div role="status" className="pb-status">
        {saved ? <SavedFileNotice saved={saved.file} what={t('csv.exported', { count: saved.count })} /> : null}
      </div>
      <VcardExportSection />
    </section>
  );
}

export function TransferView() {
  return (
    <div className="pb-view">
      <ImportSection />
      <VcardImportSection />
      <ExportSection />
    </div>
  );
}
