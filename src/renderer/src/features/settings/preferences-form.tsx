import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/settings';
import { changeLanguage, pickLanguage } from '../../i18n';
import { call, CallError } from '../../lib/api';
import { accountKeys, useSettings, useUpdateSettings } from '../account';
import { hotFolderKeys, useHotFolderProblem, useHotFolderStatus } from '../send';
import { describeError } from '../../lib/describe-error';
import { ErrorNotice } from '../../components/error-notice';

type Draft = Pick<
  Settings,
  'serviceTimeZone' | 'defaultCountry' | 'lowBalanceThreshold' | 'notifyOnDone' | 'notifyOnFailed' | 'closeToTray' | 'autoRetry' | 'review'
> & {
  /** the folder itself is chosen in main's folder dialog, never typed here */
  hotFolder: { enabled: boolean };
  /** as typed: '' means "not known" (null) */
  contractUnitPrice: string;
};

export function PreferencesForm() {
  const { t } = useTranslation('settings');
  const id = useId();
  const settings = useSettings();
  const update = useUpdateSettings();
  const client = useQueryClient();
  const hotFolder = useHotFolderStatus();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saved, setSaved] = useState(false);
  const [folderError, setFolderError] = useState<string | null>(null);
  const hotProblem = useHotFolderProblem();

  useEffect(() => {
    if (settings.data && !draft) {
      const { serviceTimeZone, defaultCountry, lowBalanceThreshold, notifyOnDone, notifyOnFailed, closeToTray, hotFolder, autoRetry, review, contractUnitPrice } =
        settings.data;
      setDraft({
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
      });
    }
  }, [settings.data, draft]);

  if (!draft || !settings.data) return null;
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
    void settings.refetch();
  };

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
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={draft[key]}
        aria-invalid={fieldError(key) ? true : undefined}
        aria-describedby={`${id}-${key}-hint`}
        onChange={(e) => set(key, e.target.value)}
      />
      <span id={`${id}-${key}-hint`} className={fieldError(key) ? 'error' : 'hint'}>
        {fieldError(key) ?? hint}
      </span>
    </div>
  );
  const check = (key: 'notifyOnDone' | 'notifyOnFailed' | 'closeToTray') => (
    <div className="checkbox">
      <input id={`${id}-${key}`} type="checkbox" checked={draft[key]} onChange={(e) => set(key, e.target.checked)} />
      <label htmlFor={`${id}-${key}`}>{t(`prefs.${key}`)}</label>
    </div>
  );

  return (
    <form className="panel" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`}>{t('prefs.heading')}</h2>
      <div className="field">
        <label htmlFor={`${id}-lang`}>{t('prefs.language')}</label>
        <select id={`${id}-lang`} value={settings.data.language ?? 'system'} onChange={(e) => void onLanguage(e.target.value)} data-testid="language-select">
          <option value="system">{t('common:language.system')}</option>
          <option value="en">{t('common:language.en')}</option>
          <option value="zh-CN">{t('common:language.zhCN')}</option>
        </select>
      </div>
      {text('serviceTimeZone', t('prefs.serviceTimeZone'), t('prefs.serviceTimeZoneHint'))}
      {text('defaultCountry', t('prefs.defaultCountry'), t('prefs.defaultCountryHint'))}
      <div className="field">
        <label htmlFor={`${id}-threshold`}>{t('prefs.lowBalanceThreshold')}</label>
        <input
          id={`${id}-threshold`}
          type="number"
          min={0}
          step="1"
          value={draft.lowBalanceThreshold}
          onChange={(e) => set('lowBalanceThreshold', Number(e.target.value))}
        />
      </div>
      {check('notifyOnDone')}
      {check('notifyOnFailed')}
      {check('closeToTray')}
      <fieldset className="group">
        <legend>{t('prefs.hotFolderHeading')}</legend>
        <div className="checkbox">
          <input
            id={`${id}-hot`}
            type="checkbox"
            checked={draft.hotFolder.enabled}
            onChange={(e) => set('hotFolder', { enabled: e.target.checked })}
          />
          <label htmlFor={`${id}-hot`}>{t('prefs.hotFolderEnabled')}</label>
        </div>
        <div className="field">
          <span id={`${id}-hotpath-label`}>{t('prefs.hotFolderPath')}</span>
          <div className="actions file-row">
            <output className="mono" aria-labelledby={`${id}-hotpath-label`} data-testid="hot-folder-path">
              {hotFolder.data?.path ?? ''}
            </output>
            <button type="button" className="btn small" onClick={() => void chooseFolder()} aria-describedby={`${id}-hotpath-hint`} data-testid="hot-folder-choose">
              {t('prefs.hotFolderChoose')}
            </button>
          </div>
          <span id={`${id}-hotpath-hint`} className={folderError ? 'error' : 'hint'}>
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
      <fieldset className="group">
        <legend>{t('prefs.autoRetryHeading')}</legend>
        <div className="checkbox">
          <input
            id={`${id}-retry`}
            type="checkbox"
            checked={draft.autoRetry.enabled}
            onChange={(e) => set('autoRetry', { ...draft.autoRetry, enabled: e.target.checked })}
          />
          <label htmlFor={`${id}-retry`}>{t('prefs.autoRetryEnabled')}</label>
        </div>
        <div className="row">
          <div className="field">
            <label htmlFor={`${id}-attempts`}>{t('prefs.autoRetryAttempts')}</label>
            <input
              id={`${id}-attempts`}
              type="number"
              min={1}
              max={5}
              value={draft.autoRetry.attempts}
              onChange={(e) => set('autoRetry', { ...draft.autoRetry, attempts: Number(e.target.value) })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-delay`}>{t('prefs.autoRetryDelay')}</label>
            <input
              id={`${id}-delay`}
              type="number"
              min={1}
              max={1440}
              value={draft.autoRetry.delayMinutes}
              onChange={(e) => set('autoRetry', { ...draft.autoRetry, delayMinutes: Number(e.target.value) })}
            />
          </div>
        </div>
        {fieldError('autoRetry.attempts') || fieldError('autoRetry.delayMinutes') ? (
          <p className="error-text">{fieldError('autoRetry.attempts') ?? fieldError('autoRetry.delayMinutes')}</p>
        ) : null}
      </fieldset>
      <fieldset className="group">
        <legend>{t('prefs.sendingHeading')}</legend>
        <div className="field">
          <label htmlFor={`${id}-price`}>{t('prefs.contractUnitPrice')}</label>
          <input
            id={`${id}-price`}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            value={draft.contractUnitPrice}
            aria-invalid={fieldError('contractUnitPrice') ? true : undefined}
            aria-describedby={`${id}-price-hint`}
            onChange={(e) => set('contractUnitPrice', e.target.value)}
            data-testid="contract-unit-price"
          />
          <span id={`${id}-price-hint`} className={fieldError('contractUnitPrice') ? 'error' : 'hint'}>
            {fieldError('contractUnitPrice') ?? t('prefs.contractUnitPriceHint')}
          </span>
        </div>
        <div className="checkbox">
          <input
            id={`${id}-review`}
            type="checkbox"
            checked={draft.review.always}
            onChange={(e) => set('review', { ...draft.review, always: e.target.checked })}
            data-testid="review-always"
          />
          <label htmlFor={`${id}-review`}>{t('prefs.reviewAlways')}</label>
        </div>
        <div className="row">
          <div className="field">
            <label htmlFor={`${id}-review-n`}>{t('prefs.reviewRecipientsAbove')}</label>
            <input
              id={`${id}-review-n`}
              type="number"
              min={0}
              step="1"
              value={draft.review.recipientsAbove}
              aria-describedby={`${id}-review-hint`}
              onChange={(e) => set('review', { ...draft.review, recipientsAbove: Number(e.target.value) })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-review-cost`}>{t('prefs.reviewCostAbove')}</label>
            <input
              id={`${id}-review-cost`}
              type="number"
              min={0}
              step="1"
              value={draft.review.costAbove}
              aria-describedby={`${id}-review-hint`}
              onChange={(e) => set('review', { ...draft.review, costAbove: Number(e.target.value) })}
            />
          </div>
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
