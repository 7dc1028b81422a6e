import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { initI18n, pickLanguage, preloadLanguage } from './i18n';
import { call } from './lib/api';
import { prefetchScreens } from './app/screens';
import { holdUntilFirstPaint, markFirstPaint } from './lib/first-paint';
import { Shell } from './app/shell';
import './styles.css';

async function boot() {
  const root = document.getElementById('root');
  if (!root) return;
  let language = pickLanguage(navigator.language);
  // Fetched while the preferences are read: usually the language they name.
  preloadLanguage(language);
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
  holdUntilFirstPaint();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </StrictMode>,
  );
  markReadyWhenPainted(root);
}

/**
 * `data-ready` (what tests and the start-up benchmark wait for) means the first
 * screen's content is on screen: its section has replaced the loading
 * placeholder, and a frame with it has been painted (the task after the next
 * animation frame runs once that frame is drawn).
 */
function markReadyWhenPainted(root: HTMLElement) {
  const painted = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        document.body.dataset.ready = 'true';
        markFirstPaint();
        // In a later task: the other screens are not part of what the first one waited for.
        setTimeout(prefetchScreens, 0);
      }, 0),
    );
  const shown = () => root.querySelector('#content > .screen') !== null;
  if (shown()) return painted();
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    painted();
  });
  observer.observe(root, { childList: true, subtree: true });
}

void boot();
