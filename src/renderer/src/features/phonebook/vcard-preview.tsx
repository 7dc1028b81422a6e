import { useTranslation } from 'react-i18next';
import { displayFax } from '@shared/phonebook/format';
import type { VcardPreview } from '@shared/phonebook/vcard-types';
import { SampleTable } from './import-outcome';
import { VcardSkipped } from './vcard-skipped';

/** What a vCard import would do: counts, groups, a sample of the cards, the ones left out, and Import. */
export function VcardPreviewPanel({ preview, importing, onImport }: { preview: VcardPreview; importing: boolean; onImport(): void }) {
  const { t } = useTranslation('phonebook');
  return (
    <div className="stack" data-testid="vcard-preview">
      <p>
        {t('vcard.previewSummary', { cards: preview.cards, added: preview.added, merged: preview.merged, skipped: preview.skippedCount })}
        {preview.groups.length ? ` ${t('vcard.groups', { groups: preview.groups.join(', ') })}` : ''}
      </p>
      {preview.sample.length ? (
        <SampleTable
          caption={t('vcard.sampleCaption')}
          columns={[t('vcard.card'), t('vcard.name'), t('vcard.company'), t('vcard.numbers'), t('vcard.groupsColumn')]}
        >
          {preview.sample.map((c) => (
            <tr key={c.card}>
              <td>{c.card}</td>
              <td>{c.name || t('picker.unnamed')}</td>
              <td>{c.company ?? ''}</td>
              <td>{c.numbers.map(displayFax).join(', ')}</td>
              <td>{c.groups.join(', ')}</td>
            </tr>
          ))}
        </SampleTable>
      ) : null}
      <VcardSkipped skipped={preview.skipped} total={preview.skippedCount} />
      <div className="row">
        <button type="button" className="btn primary" onClick={onImport} disabled={importing || preview.added + preview.merged === 0}>
          {importing ? t('csv.importing') : t('csv.import')}
        </button>
      </div>
    </div>
  );
}
