import type { DocItem } from '@renderer/features/send/compose-store';

/** A document in the compose store as the Send screen holds it once attached: a PDF, nothing uploaded yet. */
export function docItem(key: string, source?: DocItem['source']): DocItem {
  return {
    key,
    doc: { handle: `h-${key}`, url: null, name: `${key}.pdf`, pages: 1, fileRef: null },
    size: 10,
    warning: null,
    upload: { kind: 'idle' },
    previewUrl: null,
    previewFile: null,
    previewKind: 'pdf',
    isCover: false,
    ...(source ? { source } : {}),
  } as DocItem;
}
