import { useTranslation } from 'react-i18next';
import type { DirectoryAttributes } from '@shared/directory/types';
import { Field } from '../../components/field';

type AttrKey = keyof DirectoryAttributes;
const ATTR_KEYS: AttrKey[] = ['name', 'company', 'fax', 'extraFax'];
const ATTR_LABEL = { name: 'attrName', company: 'attrCompany', fax: 'attrFax', extraFax: 'attrExtraFax' } as const;

/** Which LDAP attributes hold a person's name, company, fax and further fax numbers (comma-separated, as typed). */
export function AttributeMapping({
  id,
  attributes,
  fieldError,
  onChange,
}: {
  id: string;
  attributes: Record<AttrKey, string>;
  fieldError(name: string): string | undefined;
  onChange(attributes: Record<AttrKey, string>): void;
}) {
  const { t } = useTranslation('directory');
  return (
    <fieldset className="group">
      <legend>{t('settings.mapping')}</legend>
      <p className="hint">{t('settings.mappingHint')}</p>
      <div className="pb-columns">
        {ATTR_KEYS.map((k) => (
          <Field key={k} id={`${id}-attr-${k}`} label={t(`settings.${ATTR_LABEL[k]}`)} error={fieldError(`attributes.${k}`)}>
            {(control) => <input {...control} value={attributes[k]} spellCheck={false} onChange={(e) => onChange({ ...attributes, [k]: e.target.value })} />}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
