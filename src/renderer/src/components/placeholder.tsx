import { useTranslation } from 'react-i18next';

export function Placeholder({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t(`nav.${screen}`)}</h1>
      <p>{t('placeholder.body')}</p>
    </section>
  );
}
