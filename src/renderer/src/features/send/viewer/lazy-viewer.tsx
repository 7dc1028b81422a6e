import { lazy, Suspense, type ComponentProps } from 'react';

// The viewer and its styles load when a preview is first opened, not with the Send screen (which
// ships with the first paint): measured, the first screen carried 9 KB gzipped more with it.
const Viewer = lazy(() => import('./document-viewer').then((m) => ({ default: m.DocumentViewer })));

export function DocumentViewer(props: ComponentProps<typeof Viewer>) {
  return (
    <Suspense fallback={null}>
      <Viewer {...props} />
    </Suspense>
  );
}
