/**
 * The note FaxDesk leaves beside a hot-folder file it cannot send (moved into
 * failed/): a plain text file for whoever opens the folder, in the desk's UI
 * language. Main has no i18next, so the two languages live here; the wording
 * follows the Send screen's (renderer send.ts, documents.problem).
 */
import type { Language } from '../../shared/language';
import type { DocumentProblemCode } from '../../shared/send/limits';
import type { UserNote } from './filing';

type Words = Record<DocumentProblemCode, (name: string) => string>;

const EN: Words = {
  not_found: (n) => `${n} no longer exists. Add it again from where it is now.`,
  not_a_file: (n) => `${n} is a folder, not a document. Put the files inside it into the hot folder instead.`,
  unsupported_type: (n) => `${n} is not a type the fax service accepts. Save or export it as PDF (recommended), DOC, DOCX, TXT, JPG, PNG or TIFF, and put that file into the hot folder.`,
  too_large: (n) => `${n} is larger than the 10 MB the fax service accepts per file. Split it or reduce its size (for example, scan at a lower resolution), and put the smaller file into the hot folder.`,
  empty: (n) => `${n} is empty (0 bytes). Check that it was saved completely, then put it into the hot folder again.`,
  unreadable: (n) => `${n} cannot be read by FaxDesk. Check that you may open it and that it is not locked by another program, or save it again, then put it into the hot folder again.`,
  not_local: (n) => `${n} is not a file on this computer. Copy it to a local folder first.`,
  name_too_long: (n) => `The name of ${n} is longer than the 255 characters the fax service accepts. Rename the file and put it into the hot folder again.`,
};

const ZH: Words = {
  not_found: (n) => `${n} 已不存在，请从其当前位置重新添加。`,
  not_a_file: (n) => `${n} 是文件夹而不是文档，请将其中的文件放入监视文件夹。`,
  unsupported_type: (n) => `传真服务不接受 ${n} 的文件类型。请将其保存或导出为 PDF（推荐）、DOC、DOCX、TXT、JPG、PNG 或 TIFF，再把该文件放入监视文件夹。`,
  too_large: (n) => `${n} 超过传真服务每个文件最多接受的 10 MB。请拆分文件或减小其大小（例如用较低分辨率扫描），再把较小的文件放入监视文件夹。`,
  empty: (n) => `${n} 是空文件（0 字节）。请确认文件已完整保存，然后重新放入监视文件夹。`,
  unreadable: (n) => `FaxDesk 无法读取 ${n}。请确认您有权打开它且未被其他程序锁定，或重新保存，然后重新放入监视文件夹。`,
  not_local: (n) => `${n} 不是本机上的文件，请先复制到本地文件夹。`,
  name_too_long: (n) => `${n} 的文件名超过传真服务允许的 255 个字符。请重命名后重新放入监视文件夹。`,
};

/** The note for a refused file: its name in the folder and its text (why, what to do, that nothing was sent). */
export function refusalNote(name: string, reason: DocumentProblemCode, language: Language): UserNote {
  if (language === 'zh-CN') {
    return {
      fileName: '未发送的原因',
      text: `FaxDesk 没有发送此文件，并将其移到了 failed 文件夹。\r\n\r\n${ZH[reason](name)}\r\n\r\n没有发送任何传真。此说明可以删除。\r\n`,
    };
  }
  return {
    fileName: 'why it was not sent',
    text: `FaxDesk did not send this file and moved it into the failed folder.\r\n\r\n${EN[reason](name)}\r\n\r\nNo fax was sent. You may delete this note.\r\n`,
  };
}
