import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DirectoryEntry, DirectorySearchResult, DirectoryView } from '@shared/directory/types';
import { displayFax } from '@shared/phonebook/format';
import { MIN_QUERY, useDirectorySearch } from './queries';
import { describeError } from '../../lib/describe-error';
import type { DirectoryResultsProps as Props } from './directory-results';

function EntryRows({ entry, directory, isPicked, onToggle }: { entry: DirectoryEntry; directory: DirectoryView } & Omit<Props, 'search'>) {
  const { t } = useTranslation('directory');
  const source = t('picker.source', { name: directory.name });
  if (entry.numbers.length === 0) {
    return (
      <li className="pb-item">
        <span className="pb-name">{entry.name}</span>
        <span className="muted">{t('picker.noNumber')}</span>
      </li>
    );
  }
  return (
    <>
      {entry.numbers.map((n) =>
        n.ok ? (
          <li key={n.number}>
            <label className="pb-item">
              <input
                type="checkbox"
                checked={isPicked(`${directory.id}|${entry.dn}|${n.number}`)}
                onChange={() => onToggle({ key: `${directory.id}|${entry.dn}|${n.number}`, number: n.number })}
              />
              <span className="pb-name">{entry.name}</span>
              <span className="pb-fax">{displayFax(n.number)}</span>
              {entry.company ? <span className="pb-company muted">{entry.company}</span> : null}
              <span className="pb-source">{source}</span>
            </label>
          </li>
        ) : (
          <li key={`raw:${n.raw}`} className="pb-item pb-bad" data-invalid="true">
            <span className="pb-name">{entry.name}</span>
            <span className="pb-fax">{n.raw}</span>
            <span className="error-text">{t(`phonebook:reasons.${n.reason}`, { defaultValue: n.message })}</span>
            <span className="pb-source">{source}</span>
          </li>
        ),
      )}
    </>
  );
}

/** Why an answer is not every match, in the UI's language. */
function truncationNote(truncated: NonNullable<DirectorySearchResult['truncated']>, t: TFunction<'directory'>): string {
  // A number search reads the whole directory: where it stopped early, people after that point may be missing.
  if (truncated.read !== undefined) return truncated.reason === 'bytes' ? t('picker.tooMuchData') : t('picker.onlyFirst', { read: truncated.read });
  if (truncated.reason === 'bytes') return t('picker.tooMuchData');
  return t(truncated.reason === 'cap' ? 'picker.truncated' : 'picker.serverLimit', { shown: truncated.shown });
}

function OneDirectory({ directory, query, isPicked, onToggle }: { directory: DirectoryView; query: string } & Omit<Props, 'search'>) {
  const { t } = useTranslation('directory');
  const result = useDirectorySearch(directory.id, query);
  const entries = result.data?.entries ?? [];
  return (
    <fieldset className="pb-set" data-testid="directory-results" data-directory={directory.name} aria-busy={result.isFetching || undefined}>
      <legend>{t('picker.heading', { name: directory.name })}</legend>
      {query.length < MIN_QUERY ? (
        <p className="muted">{t('picker.typeToSearch')}</p>
      ) : result.isError ? (
        <p className="notice bad">{t('picker.failed', { name: directory.name, message: describeError(result.error) })}</p>
      ) : result.isPending ? (
        <p className="muted">{t('picker.searching', { name: directory.name })}</p>
      ) : (
        <>
          {entries.length === 0 ? (
            <p className="muted">{t('picker.noMatches', { name: directory.name, search: query })}</p>
          ) : (
            <ul className="pb-list pb-scroll">
              {entries.map((e) => (
                <EntryRows key={e.dn} entry={e} directory={directory} isPicked={isPicked} onToggle={onToggle} />
              ))}
            </ul>
          )}
          {/* An incomplete answer says so, also when it found no one: "no matches" alone would be wrong. */}
          {result.data?.truncated ? <p className="muted pb-note">{truncationNote(result.data.truncated, t)}</p> : null}
        </>
      )}
    </fieldset>
  );
}

/** Each configured directory's matches, each on its own (a chunk of its own, with the directory's words: see DirectoryResults). */
export function DirectoryList({ directories, query, isPicked, onToggle }: { directories: readonly DirectoryView[]; query: string } & Omit<Props, 'search'>) {
  return (
    <>
      {directories.map((d) => (
        <OneDirectory key={d.id} directory={d} query={query} isPicked={isPicked} onToggle={onToggle} />
      ))}
    </>
  );
}
