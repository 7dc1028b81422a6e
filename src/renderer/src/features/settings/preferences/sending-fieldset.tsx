import { useTranslation } from 'react-i18next';
import { CheckboxField, Field } from '@renderer/components/field';
import { NumberField } from './number-field';
import { SettingNote } from './setting-note';
import type { PrefsForm } from './use-preferences-draft';

/** Sending: the contract's price per page (for the estimate) and when a send is reviewed before it goes. */
export function SendingFieldset({ form }: { form: PrefsForm }) {
  const { t } = useTranslation('settings');
  const { id, draft, set, fieldError } = form;
  const priceNote = form.noteId('contractUnitPrice');
  const reviewError = fieldError('review.recipientsAbove') ?? fieldError('review.costAbove');
  return (
    <fieldset className="group">
      <legend>{t('prefs.sendingHeading')}</legend>
      <Field
        id={`${id}-price`}
        label={t('prefs.contractUnitPrice')}
        hint={t('prefs.contractUnitPriceHint')}
        error={fieldError('contractUnitPrice')}
        errorInHint
        {...(priceNote ? { describedBy: priceNote } : {})}
      >
        {(control) => (
          <input
            {...control}
            disabled={form.locked('contractUnitPrice')}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            value={draft.contractUnitPrice}
            onChange={(e) => set('contractUnitPrice', e.target.value)}
            data-testid="contract-unit-price"
          />
        )}
      </Field>
      <SettingNote form={form} name="contractUnitPrice" />
      <fieldset className="plain" disabled={form.locked('review')} aria-describedby={form.noteId('review')}>
        <CheckboxField id={`${id}-review`} label={t('prefs.reviewAlways')} checked={draft.review.always} onChange={(checked) => set('review', { ...draft.review, always: checked })} />
        <div className="row">
          <NumberField id={`${id}-review-n`} label={t('prefs.reviewRecipientsAbove')} min={0} step="1" value={draft.review.recipientsAbove} describedBy={`${id}-review-hint`} onChange={(n) => set('review', { ...draft.review, recipientsAbove: n })} />
          <NumberField id={`${id}-review-cost`} label={t('prefs.reviewCostAbove')} min={0} step="1" value={draft.review.costAbove} describedBy={`${id}-review-hint`} onChange={(n) => set('review', { ...draft.review, costAbove: n })} />
        </div>
        <p id={`${id}-review-hint`} className={reviewError ? 'error-text' : 'hint'}>
          {reviewError ?? t('prefs.reviewHint')}
        </p>
        <SettingNote form={form} name="review" />
      </fieldset>
    </fieldset>
  );
}
