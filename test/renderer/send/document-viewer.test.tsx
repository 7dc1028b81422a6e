import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '@renderer/i18n';
import { DocumentsPanel } from '@renderer/features/send/documents-panel';
import { useCompose, type DocItem } from '@renderer/features/send/compose-store';
import { installBridge, renderWithQueries, type Handler } from '../fake-bridge';

/** The bridge main would answer through (Electron's preload is the one thing not run here). */
const installApi = (handlers: Record<string, Handler>) => installBridge(handlers).calls;

function opened(name: string, handle: string, kind: DocItem['previewKind']): DocItem {
  return {
    key: `k-${name}`,
    doc: { handle, url: null, name, pages: 2, fileRef: 'f_1' },
    size: 1000,
    warning: null,
    upload: { kind: 'done' },
    previewUrl: null,
    previewFile: null,
    previewKind: kind,
    isCover: false,
    source: 'argv',
  };
}

function renderPanel() {
  renderWithQueries(
    <main>
      <DocumentsPanel />
    </main>,
  );
}

afterEach(() => {
  cleanup();
  useCompose.getState().reset();
});

describe('the document viewer', () => {
  it('says in the user’s language why main would not hand a document over, instead of a blank', async () => {
    await initI18n('zh-CN');
    installApi({ readDocumentPreview: () => ({ ok: false, error: { code: 'preview.too_large', message: 'big.pdf is larger than the 10 MB the fax service takes, so it is not shown. Use a smaller file.' } }) });
    useCompose.getState().set({ docs: [opened('big.pdf', `fh_${'B'.repeat(32)}`, 'pdf')] });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: '预览 big.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'big.pdf' }); // the viewer loads on demand
    expect(await within(dialog).findByText('此文档超过传真服务接受的 10 MB，因此不予显示。请使用较小的文件。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a TIFF opened with FaxDesk as a sentence, and never asks main for its bytes', async () => {
    await initI18n('en');
    const calls = installApi({});
    useCompose.getState().set({ docs: [opened('scan.tiff', `fh_${'T'.repeat(32)}`, null)] });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Preview scan.tiff' }));
    const dialog = await screen.findByRole('dialog', { name: 'scan.tiff' }); // the viewer loads on demand
    expect(within(dialog).getByText('FaxDesk cannot show TIFF files here. The document is still sent as it is, and the fax service converts it.')).toBeTruthy();
    expect(calls.filter(([n]) => n === 'readDocumentPreview')).toEqual([]);
  });

  it('shows a PNG main handed over as the image itself, with its name', async () => {
    await initI18n('en');
    const png = btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a));
    const calls = installApi({ readDocumentPreview: () => ({ ok: true, value: { kind: 'png', data: png, size: 8 } }) });
    const handle = `fh_${'I'.repeat(32)}`;
    useCompose.getState().set({ docs: [opened('stamp.png', handle, 'image')] });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Preview stamp.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'stamp.png' }); // the viewer loads on demand
    const image = await within(dialog).findByRole('img', { name: 'stamp.png, as it will be sent' });
    // main's bytes themselves, as a data: URL (the CSP allows data: images)
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${png}`);
    expect(within(dialog).getByText('Page 1 of 1')).toBeTruthy();
    // one read for the row's thumbnail and the viewer together
    expect(calls.filter(([n]) => n === 'readDocumentPreview')).toEqual([['readDocumentPreview', { handle }]]);
  });
});

describe('the cover page’s live preview', () => {
  it('is drawn again once typing pauses, not at every key', async () => {
    await initI18n('en');
    const calls = installApi({ previewCoverPage: () => ({ ok: true, value: { data: btoa('%PDF-1.7\n'), replacedCharacters: false } }) });
    useCompose.getState().set({ coverOpen: true });
    renderPanel();
    await waitFor(() => expect(calls.filter(([n]) => n === 'previewCoverPage')).toHaveLength(1));
    const subject = screen.getByLabelText('Subject');
    const typed = '第三季度报价单';
    for (let i = 1; i <= typed.length; i++) fireEvent.change(subject, { target: { value: typed.slice(0, i) } });
    const drawn = () => calls.filter(([n]) => n === 'previewCoverPage').map(([, input]) => (input as { subject: string }).subject);
    // waits for the drawing of the whole subject (an event), then looks at every drawing made on the way
    await waitFor(() => expect(drawn()).toContain(typed));
    expect(drawn()).toEqual(['', typed]);
  });
});
