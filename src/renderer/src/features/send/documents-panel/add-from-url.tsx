import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'lucide-react';
import { MAX_DOCUMENTS } from '@shared/send/limits';
import { call } from '@renderer/lib/api';
import { useCompose } from '../compose-store';
import { remoteDocument } from '../documents';
import { describeError } from '@renderer/lib/describe-error';
import { Field } from '@renderer/components/field';
import { ErrorNotice } from '@renderer/components/error-notice';

/** "Add from URL…": the service downloads the document itself. */
export function AddFromUrl() {
  const { t } = useTranslation('send');
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = useCompose((s) => s.docs.length >= MAX_DOCUMENTS);
  const addDocument = useCompose((s) => s.addDocument);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { document } = await call('addFromUrl', { url: url.trim() });
      addDocument(remoteDocument(document), 'last');
      setUrl('');
      setOpen(false);
    } catch (err) {
      setError(describeError(err, 'url'));
    } finally {
      setBusy(false);
    }
  };
  if (!open) {
    return (
      <button type="button" className="btn" disabled={full} onClick={() => setOpen(true)}>
        <Link aria-hidden="true" size={15} />
        {t('url.toggle')}
      </button>
    );
  }
  return (
    <form className="send-url" onSubmit={(e) => void submit(e)}>
      {/* the error comes after a press of Add: announced (role="alert") where the field is */}
      <Field id="send-url" label={t('url.label')} hint={t('url.hint')} error={error ? <ErrorNotice as="span">{error}</ErrorNotice> : undefined}>
        {(control) => <input {...control} type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />}
      </Field>
      <div className="row">
        <button type="submit" className="btn" disabled={busy || full}>
          {busy ? t('url.adding') : t('url.add')}
        </button>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          {t('common:cancel')}
        </button>
      </div>
    </form>
  );
}
