import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvImportResult, CsvPreview, SkippedRow } from '@shared/phonebook/types';
import type { GrantedFile } from '@shared/ipc/channels/files';
import { call } from '../../lib/api';
import { SavedFileNotice } from '../files';
import { useDefaultCountry, useImportCsv } from './queries';
import { useBusyStep, useFileToImport, usePhonebookExport } from './use-export';
import { VcardExportSection, VcardImportSection } from './vcard-view';
import { Outcome, SampleTable, SkippedTable } from './import-outcome';
import { describeError } from '../../lib/describe-error';
import { Field } from '../../components/field';

type ColumnRole = 'numberColumn' | 'nameColumn' | 'companyColumn' | 'noteColumn';
type Columns = Partial<Record<ColumnRole, number>>;
const ROLES: ColumnRole[] = ['numberColumn', 'nameColumn', 'companyColumn', 'noteColumn'];
type T = ReturnType<typeof useTranslation<'phonebook'>>['t'];

function columnLabel(t: T, preview: CsvPreview, index: number): string {
  const name = preview.columns[index];
  return name ? t('csv.columnNamed', { n: index + 1, name }) : t('csv.columnN', { n: index + 1 });
}

/** The roles main suggests for a file's columns, those it found. */
function suggestedColumns(p: CsvPreview): Columns {
  const next: Columns = {};
  for (const role of ROLES) {
    const column = p.suggested[role];
    if (column !== null) next[role] = column;
  }
  return next;
}

/** Named columns that no role takes and that hold something: said before importing, so nothing is dropped unnoticed. */
function unmappedColumns(preview: CsvPreview | null, columns: Columns): string[] {
  const taken = new Set(Object.values(columns));
  return (preview?.hasHeader ? preview.columns : [])
    .map((name, i) => (name && !taken.has(i) && preview!.sampleRows.some((r) => (r[i] ?? '').trim() !== '') ? name : null))
    .filter((n): n is string => n !== null);
}

/** The CSV import's state: the chosen file, its preview, the column roles, the country, and the result or error. */
function useCsvImport() {
  const defaultCountry = useDefaultCountry();
  const importCsv = useImportCsv();
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [columns, setColumns] = useState<Columns>({});
  const [country, setCountry] = useState<string | null>(null);
  const [result, setResult] = useState<CsvImportResult | null>(null);
  const { busy: reading, error, setError, run: step } = useBusyStep();

  const load = async (handle: string, hasHeader?: boolean) => {
    setResult(null);
    await step(
      async () => {
        const p = await call('previewCsvImport', hasHeader === undefined ? { handle } : { handle, hasHeader });
        setPreview(p);
        setColumns(suggestedColumns(p));
      },
      () => setPreview(null),
    );
  };

  const { file, choose: chooseFile } = useFileToImport('csv', load, setError);

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

  return {
    file,
    preview,
    reading,
    columns,
    setColumn,
    country: country ?? defaultCountry,
    setCountry,
    result,
    error,
    importing: importCsv.isPending,
    load,
    chooseFile,
    runImport,
  };
}

/** The button to main's open dialog, the chosen file's name and the hint. */
function CsvFileChooser({ id, file, onChoose }: { id: string; file: GrantedFile | null; onChoose(): void }) {
  const { t } = useTranslation('phonebook');
  return (
    <div className="field">
      <span id={`${id}-file-label`}>{t('csv.chooseFile')}</span>
      <div className="actions file-row">
        <button type="button" className="btn" aria-describedby={`${id}-file-label ${id}-file-hint`} onClick={onChoose}>
          {t('csv.chooseButton')}
        </button>
        {file ? <span>{t('csv.chosen', { name: file.name })}</span> : null}
      </div>
      <span className="hint" id={`${id}-file-hint`}>
        {t('csv.fileHint')}
      </span>
    </div>
  );
}

/** Which column a role takes; the number's is required (its "none" only while nothing is picked). */
function ColumnSelect({ id, role, preview, value, onChange }: { id: string; role: ColumnRole; preview: CsvPreview; value: number | undefined; onChange(value: string): void }) {
  const { t } = useTranslation('phonebook');
  const required = role === 'numberColumn';
  return (
    <Field id={`${id}-${role}`} label={t(`csv.${role}`)}>
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(e) => onChange(e.target.value)} required={required || undefined}>
          {!required || value === undefined ? <option value="">{t('csv.none')}</option> : null}
          {Array.from({ length: preview.columns.length }, (_, i) => (
            <option key={i} value={i}>
              {columnLabel(t, preview, i)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The first rows as read, the number column marked. */
function CsvSample({ preview, numberColumn }: { preview: CsvPreview; numberColumn: number | undefined }) {
  const { t } = useTranslation('phonebook');
  return (
    <SampleTable caption={t('csv.sampleCaption')} columns={Array.from({ length: preview.columns.length }, (_, i) => columnLabel(t, preview, i))}>
      {preview.sampleRows.map((row, r) => (
        <tr key={r}>
          {row.map((cell, c) => (
            <td key={c} className={c === numberColumn ? 'pb-picked-col' : undefined}>
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </SampleTable>
  );
}

function CsvSkipped({ result }: { result: CsvImportResult }) {
  const { t } = useTranslation('phonebook');
  return (
    <SkippedTable<SkippedRow>
      caption={t('csv.skippedCaption')}
      columns={[t('csv.row'), t('csv.value'), t('csv.reason')]}
      skipped={result.skipped}
      total={result.skippedCount}
      more={(count) => t('csv.moreSkipped', { count })}
      rowKey={(s) => s.row}
      cells={(s) => [s.row, s.value, t(`reasons.${s.reason}`, { defaultValue: s.message })]}
    />
  );
}

/** CSV import: choose a file, map its columns (with a sample), import, then what was added and skipped. */
function ImportSection() {
  const { t } = useTranslation('phonebook');
  const id = useId();
  const csv = useCsvImport();
  const { file, preview, columns, result } = csv;
  const unmapped = unmappedColumns(preview, columns);

  return (
    <section className="pb-transfer" aria-labelledby={`${id}-import`}>
      <h3 id={`${id}-import`}>{t('csv.importHeading')}</h3>
      <CsvFileChooser id={id} file={file} onChoose={() => void csv.chooseFile()} />
      {csv.reading ? <p className="muted">{t('csv.reading')}</p> : null}
      {preview && file ? (
        <div className="stack">
          <p className="muted">{t('csv.fileInfo', { count: preview.rowCount, encoding: preview.encoding.toUpperCase() })}</p>
          <label className="pb-item">
            <input type="checkbox" checked={preview.hasHeader} onChange={(e) => void csv.load(file.handle, e.target.checked)} />
            <span>{t('csv.hasHeader')}</span>
          </label>
          <div className="pb-columns">
            {ROLES.map((role) => (
              <ColumnSelect key={role} id={id} role={role} preview={preview} value={columns[role]} onChange={(value) => csv.setColumn(role, value)} />
            ))}
            <Field id={`${id}-country`} label={t('csv.country')}>
              {(control) => <input {...control} value={csv.country} maxLength={2} size={4} autoComplete="off" onChange={(e) => csv.setCountry(e.target.value.toUpperCase())} />}
            </Field>
          </div>
          {unmapped.length > 0 ? (
            <p className="notice warn" role="status" data-testid="csv-unmapped">
              {t('csv.unmapped', { count: unmapped.length, columns: unmapped.join(', ') })}
            </p>
          ) : null}
          {preview.sampleRows.length > 0 ? <CsvSample preview={preview} numberColumn={columns.numberColumn} /> : null}
          <div className="row">
            <button
              type="button"
              className="btn primary"
              onClick={csv.runImport}
              disabled={csv.importing || columns.numberColumn === undefined}
            >
              {csv.importing ? t('csv.importing') : t('csv.import')}
            </button>
          </div>
        </div>
      ) : null}
      <Outcome error={csv.error} status={result ? t('csv.result', { added: result.added, merged: result.merged, skipped: result.skippedCount }) : null}>
        {result ? <CsvSkipped result={result} /> : null}
      </Outcome>
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
      <Outcome error={error} status={saved ? <SavedFileNotice saved={saved.file} what={t('csv.exported', { count: saved.count })} /> : null} />
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
