/** The PST writer (docs/pst.md): a Unicode PST of mail folders, messages and contacts. */
export { createPstWriter, type PstFolder, type PstFolderKind, type PstWriter, type PstWriterOptions } from './pst-writer.ts';
export type { MailInput } from './messaging/mail-message.ts';
