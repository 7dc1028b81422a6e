import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/settings';
import { changeLanguage, pickLanguage } from '../../i18n';
import { call, CallError } from '../../lib/api';
import { accountKeys, useSettings, useUpdateSettings } from '../account';
import { hotFolderKeys, useHotFolderProblem, useHotFolderStatus } from '../send';
import { describeError } from '../../lib/describe-error';
import { ErrorNotice } from '../../components/error-notice';
import { CheckboxField, Field } from '../../components/field';

type Draft = Pick<
  Settings,
  'serviceTimeZone' | 'defaultCountry' | 'lowBalanceThreshold' | 'notifyOnDone' | 'notifyOnFailed' | 'closeToTray' | 'autoRetry' | 'review'
> & {
  /** the folder itself is chosen in main's folder dialog, never typed here */
  hotFolder: { enabled: boolean };
  /** as typed: '' means "not known" (null) */
  contractUnitPrice: string;
};

/** A whole-number setting: its label and a number input (with min, max and step as given). */
function NumberField({
  id,
  label,
  value,
  min,
  max,
  step,
  describedBy,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max?: number;
  step?: string;
  describedBy?: string;
  onChange(value: number): void;
}) {
  return (
    <Field id={id} label={label} {...(describedBy ? { describedBy } : {})}>
      {(control) => <input {...control} type="number" min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} />}
    </Field>
  );
}

/** The form's starting point: the settings as main holds them. */
function draftOf(settings: Settings): Draft {
  const { serviceTimeZone, defaultCountry, lowBalanceThreshold, notifyOnDone, notifyOnFailed, closeToTray, hotFolder, autoRetry, review, contractUnitPrice } = settings;
  return {
    serviceTimeZone,
    defaultCountry,
    lowBalanceThreshold,
    notifyOnDone,
    notifyOnFailed,
    closeToTray,
    hotFolder: { enabled: hotFolder.enabled },
    autoRetry,
    review,
    contractUnitPrice: contractUnitPrice === null ? '' : String(contractUnitPrice),
  };
}

/** Settings → Preferences, once main's settings are in: the form starts from them. */
export function PreferencesForm() {
  const settings = useSettings();
  return settings.data ? <PreferencesEditor settings={settings.data} /> : null;
}

function PreferencesEditor({ settings }: { settings: Settings }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const update = useUpdateSettings();
  const client = useQueryClient();
  const hotFolder = useHotFolderStatus();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [saved, setSaved] = useState(false);
  const hotProblem = useHotFolderProblem();

  const fields = update.error instanceof CallError ? (update.error.fields ?? {}) : {};
  const fieldError = (name: string) => fields[name]?.join(' ');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setSaved(false);
    setDraft({ ...draft, [key]: value });
  };

  const onLanguage = async (value: string) => {
    const language = value === 'en' || value === 'zh-CN' ? value : null;
    const prefs = await call('setLanguage', { language });
    const info = await call('appInfo');
    await changeLanguage(prefs.language ?? pickLanguage(info.systemLocale || navigator.language));
    void client.invalidateQueries({ queryKey: accountKeys.settings });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const price = draft.contractUnitPrice.trim();
    update.mutate(
      {
        ...draft,
        defaultCountry: draft.defaultCountry.trim().toUpperCase(),
        serviceTimeZone: draft.serviceTimeZone.trim(),
        // A number input yields '' for anything that is not a number; main's schema refuses negatives with a message on the field.
        contractUnitPrice: price === '' ? null : Number(price),
      },
      {
        onSuccess: () => {
          // The estimate on the Send screen depends on the contract price.
          void client.invalidateQueries({ queryKey: ['send'] });
          // the hot folder restarts with the new settings: ask again before saying how saving went
          void hotFolder.refetch().finally(() => setSaved(true));
        },
      },
    );
  };

  const text = (key: 'serviceTimeZone' | 'defaultCountry', label: string, hint: string) => (
    <Field id={`${id}-${key}`} label={label} hint={hint} error={fieldError(key)} errorInHint>
      {(control) => <input {...control} value={draft[key]} onChange={(e) => set(key, e.target.value)} />}
    </Field>
  );
  const check = (key: 'notifyOnDone' | 'notifyOnFailed' | 'closeToTray') => (
    <CheckboxField id={`${id}-${key}`} label={t(`prefs.${key}`)} checked={draft[key]} onChange={(checked) => set(key, checked)} />
  );

  return (
    <form className="panel" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`}>{t('prefs.heading')}</h2>
      <Field id={`${id}-lang`} label={t('prefs.language')}>
        {(control) => (
          <select {...control} value={settings.language ?? 'system'} onChange={(e) => void onLanguage(e.target.value)} data-testid="language-select">
            <option value="system">{t('common:language.system')}</option>
            <option value="en">{t('common:language.en')}</option>
            <option value="zh-CN">{t('common:language.zhCN')}</option>
          </select>
        )}
      </Field>
      {text('serviceTimeZone', t('prefs.serviceTimeZone'), t('prefs.serviceTimeZoneHint'))}
      {text('defaultCountry', t('prefs.defaultCountry'), t('prefs.defaultCountryHint'))}
      <NumberField id={`${id}-threshold`} label={t('prefs.lowBalanceThreshold')} min={0} step="1" value={draft.lowBalanceThreshold} onChange={(n) => set('lowBalanceThreshold', n)} />
      {check('notifyOnDone')}
      {check('notifyOnFailed')}
      {check('closeToTray')}
      <HotFolderFieldset id={`${id}-hot`} enabled={draft.hotFolder.enabled} onEnabled={(enabled) => set('hotFolder', { enabled })} />
      <fieldset className="group">
        <legend>{t('prefs.autoRetryHeading')}</legend>
        <CheckboxField id={`${id}-retry`} label={t('prefs.autoRetryEnabled')} checked={draft.autoRetry.enabled} onChange={(checked) => set('autoRetry', { ...draft.autoRetry, enabled: checked })} />
        <div className="row">
          <NumberField id={`${id}-attempts`} label={t('prefs.autoRetryAttempts')} min={1} max={5} value={draft.autoRetry.attempts} onChange={(n) => set('autoRetry', { ...draft.autoRetry, attempts: n })} />
          <NumberField id={`${id}-delay`} label={t('prefs.autoRetryDelay')} min={1} max={1440} value={draft.autoRetry.delayMinutes} onChange={(n) => set('autoRetry', { ...draft.autoRetry, delayMinutes: n })} />
        </div>
        {fieldError('autoRetry.attempts') || fieldError('autoRetry.delayMinutes') ? (
          <p className="error-text">{fieldError('autoRetry.attempts') ?? fieldError('autoRetry.delayMinutes')}</p>
        ) : null}
      </fieldset>
      <fieldset className="group">
        <legend>{t('prefs.sendingHeading')}</legend>
        <Field id={`${id}-price`} label={t('prefs.contractUnitPrice')} hint={t('prefs.contractUnitPriceHint')} error={fieldError('contractUnitPrice')} errorInHint>
          {(control) => (
            <input
              {...control}
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
        <CheckboxField id={`${id}-review`} label={t('prefs.reviewAlways')} checked={draft.review.always} onChange={(checked) => set('review', { ...draft.review, always: checked })} testId="review-always" />
        <div className="row">
          <NumberField id={`${id}-review-n`} label={t('prefs.reviewRecipientsAbove')} min={0} step="1" value={draft.review.recipientsAbove} describedBy={`${id}-review-hint`} onChange={(n) => set('review', { ...draft.review, recipientsAbove: n })} />
          <NumberField id={`${id}-review-cost`} label={t('prefs.reviewCostAbove')} min={0} step="1" value={draft.review.costAbove} describedBy={`${id}-review-hint`} onChange={(n) => set('review', { ...draft.review, costAbove: n })} />
        </div>
        <p id={`${id}-review-hint`} className={fieldError('review.recipientsAbove') || fieldError('review.costAbove') ? 'error-text' : 'hint'}>
          {fieldError('review.recipientsAbove') ?? fieldError('review.costAbove') ?? t('prefs.reviewHint')}
        </p>
      </fieldset>
      <div className="actions">
        <button type="submit" className="btn primary" disabled={update.isPending}>
          {t('common:save')}
        </button>
      </div>
      {saved && hotProblem ? (
        <p className="notice bad" role="alert" data-testid="settings-saved">
          {t('prefs.savedHotFolderProblem', { problem: hotProblem })}
        </p>
      ) : saved ? (
        <p className="notice info" role="status" data-testid="settings-saved">
          {t('prefs.saved')}
        </p>
      ) : null}
      {update.isError && !Object.keys(fields).length ? (
        <ErrorNotice error={update.error} />
      ) : null}
    </form>
  );
}

/**
 * The hot folder: on or off (saved with the form), and the folder itself, chosen in main's folder
 * dialog and stored at once; what main says of it (watching, or the problem).
 */
function HotFolderFieldset({ id, enabled, onEnabled }: { id: string; enabled: boolean; onEnabled(enabled: boolean): void }) {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const hotFolder = useHotFolderStatus();
  const hotProblem = useHotFolderProblem();
  const [folderError, setFolderError] = useState<string | null>(null);

  // Main shows its folder dialog and stores what the user picked; the window never names a folder.
  const chooseFolder = async () => {
    setFolderError(null);
    try {
      const r = await call('chooseHotFolder');
      if (r.chosen) client.setQueryData(accountKeys.settings, r.settings);
      await client.invalidateQueries({ queryKey: hotFolderKeys.status });
    } catch (err) {
      setFolderError(describeError(err));
    }
  };

  return (
    <fieldset className="group">
      <legend>{t('prefs.hotFolderHeading')}</legend>
      <CheckboxField id={id} label={t('prefs.hotFolderEnabled')} checked={enabled} onChange={onEnabled} />
      <div className="field">
        <span id={`${id}-path-label`}>{t('prefs.hotFolderPath')}</span>
        <div className="actions file-row">
          <output className="mono" aria-labelledby={`${id}-path-label`} data-testid="hot-folder-path">
            {hotFolder.data?.path ?? ''}
          </output>
          <button type="button" className="btn small" onClick={() => void chooseFolder()} aria-describedby={`${id}-path-hint`} data-testid="hot-folder-choose">
            {t('prefs.hotFolderChoose')}
          </button>
        </div>
        <span id={`${id}-path-hint`} className={folderError ? 'error' : 'hint'}>
          {folderError ?? t('prefs.hotFolderHint')}
        </span>
      </div>
      {hotProblem ? (
        <p className="error-text" data-testid="settings-hot-folder-problem">
          {hotProblem}
        </p>
      ) : hotFolder.data?.watching ? (
        <p className="hint">{t('prefs.hotFolderWatching', { path: hotFolder.data.path })}</p>
      ) : null}
    </fieldset>
  );
}
