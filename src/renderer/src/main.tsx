import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { initI18n, pickLanguage } from './i18n';
import { call } from './lib/api';
import { Shell } from './app/shell';
import './styles.css';

async function boot() {
  const root = document.getElementById('root');
  if (!root) return;
  let language = pickLanguage(navigator.language);
  try {
    const [prefs, info] = await Promise.all([call('getUiPrefs'), call('appInfo')]);
    language = prefs.language ?? pickLanguage(info.systemLocale || navigator.language);
  } catch {
    // Without the bridge the shell still renders and says so on the first call.
  }
  await initI18n(language);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 5_000 } },
  });
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </StrictMode>,
  );
  document.body.dataset.ready = 'true';
}

void boot();
