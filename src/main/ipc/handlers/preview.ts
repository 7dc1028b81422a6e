import type { Handlers } from '../dispatch';
import type { FileGrants } from '../../files/grants';
import type { PreviewService } from '../../preview/preview-service';

type PreviewHandlers = Pick<Handlers, 'readDocumentPreview' | 'previewCoverPage'>;

/**
 * The viewer's channels. A document is read only through an input handle main issued for a file the
 * user handed over (grants.pathOf refuses anything else: an unknown or forged handle, an output file
 * main saved); the reading is the preview service's (src/main/preview/preview-service.ts).
 */
export function previewHandlers(preview: PreviewService, grants: FileGrants): PreviewHandlers {
  return {
    readDocumentPreview: ({ handle }) =>
      preview.readDocument({ path: grants.pathOf(handle, 'input'), checkedPath: grants.checkedPath(handle), identity: grants.identityOf(handle) }),
    previewCoverPage: (input) => preview.coverPage(input),
  };
}
