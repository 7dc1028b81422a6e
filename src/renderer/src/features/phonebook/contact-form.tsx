import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeNumber } from '@shared/phone/parse';
import { displayFax } from '@shared/phonebook/format';
import type { Contact } from '@shared/phonebook/types';
import { CallError } from '../../lib/api';
import { countryName } from '../../lib/country';
import { useDefaultCountry, useSaveContact } from './queries';
import { FormFooter } from '../../components/form-footer';
import { Field } from '../../components/field';
import { describeError } from '../../lib/describe-error';
import { ContactGroupsField } from './contact-groups-field';

/** A contact's form: name, fax number (checked as typed, in the default country), company, note, groups. */
export function ContactForm({ contact, onDone }: { contact: Contact | null; onDone(message: string): void }) {
  const { t, i18n } = useTranslation('phonebook');
  const country = useDefaultCountry();
  const save = useSaveContact();
  const id = useId();
  const [name, setName] = useState(contact?.name ?? '');
  const [fax, setFax] = useState(contact ? displayFax(contact.fax) : '');
  const [company, setCompany] = useState(contact?.company ?? '');
  const [note, setNote] = useState(contact?.note ?? '');
  const [groupIds, setGroupIds] = useState<string[]>(contact?.groupIds ?? []);
  const [faxError, setFaxError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const checkFax = (): boolean => {
    if (!fax.trim()) {
      setFaxError(t('contact.faxRequired'));
      return false;
    }
    const r = normalizeNumber(fax, country);
    setFaxError(r.ok ? null : t(`reasons.${r.reason}`));
    return r.ok;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!checkFax()) return;
    save.mutate(
      { ...(contact ? { id: contact.id } : {}), name, fax, company, note, groupIds, defaultCountry: country },
      {
        onSuccess: (saved) => onDone(t('contact.saved', { name: saved.name || displayFax(saved.fax) })),
        onError: (err) => {
          const text = describeError(err);
          if (err instanceof CallError && err.fields?.fax) setFaxError(text);
          else setFormError(text);
        },
      },
    );
  };

  return (
    <form className="pb-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{contact ? t('contact.edit', { name: contact.name || displayFax(contact.fax) }) : t('contact.formNew')}</h3>
      <Field id={`${id}-name`} label={t('contact.name')}>
        {(control) => <input {...control} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
      </Field>
      <Field id={`${id}-fax`} label={t('contact.fax')} hint={t('contact.faxHint', { country: countryName(country, i18n.language) })} error={faxError}>
        {(control) => (
          <input {...control} value={fax} inputMode="tel" required onChange={(e) => setFax(e.target.value)} onBlur={() => fax.trim() && checkFax()} />
        )}
      </Field>
      <Field id={`${id}-company`} label={t('contact.company')}>
        {(control) => <input {...control} value={company} maxLength={1000} onChange={(e) => setCompany(e.target.value)} />}
      </Field>
      <Field id={`${id}-note`} label={t('contact.note')}>
        {(control) => <textarea {...control} value={note} rows={2} maxLength={1000} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <ContactGroupsField groupIds={groupIds} onChange={setGroupIds} />
      <FormFooter
        error={formError}
        saving={save.isPending}
        saveLabel={t('contact.save')}
        cancelLabel={t('contact.cancel')}
        onCancel={() => onDone('')}
      />
    </form>
  );
}
