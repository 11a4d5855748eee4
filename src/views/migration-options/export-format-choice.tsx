/**
 * The file formats of a file export (§9): one choice per selected type. The machine accepts a
 * format only for a file export, and only one the export produces. PST is a card only when the
 * machine takes it; until then one line under the group says it is not offered and what Outlook
 * takes instead, so a customer who looks for it is not left at a dead card.
 */
import type { ContactsFormat, EmailFormat } from '../../../contract/index.ts';
import { RadioCardGroup, type RadioCardOption } from '../../ui';
import { usePortalCan, usePortalSend } from '../../app/portal-context';

const PST_NOTE = {
  email: 'PST files for Outlook are not offered yet. Outlook can open EML files, and can bring in MBOX files with an import tool.',
  contacts: 'PST files for Outlook are not offered yet. Outlook can bring in CSV contacts.',
} as const;

/** PST, a card only when the machine takes it. */
const PST = { value: 'PST', label: 'PST', description: 'For Microsoft Outlook' } as const;

const EMAIL_FORMATS: RadioCardOption<EmailFormat>[] = [
  { value: 'EML', label: 'EML', description: 'One file per message; opens in most mail apps' },
  { value: 'MBOX', label: 'MBOX', description: 'One file per folder; for Thunderbird and Apple Mail' },
];

const CONTACTS_FORMATS: RadioCardOption<ContactsFormat>[] = [
  { value: 'CSV', label: 'CSV', description: 'A spreadsheet; imports into most address books' },
  { value: 'VCF', label: 'VCF', description: 'vCard; for phones, Apple and Google Contacts' },
];

export function EmailFormatChoice({ value }: { value: EmailFormat | null }) {
  const send = usePortalSend();
  const pstOffered = usePortalCan({ type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format: 'PST' });
  return (
    <RadioCardGroup<EmailFormat>
      legend="Email file format"
      name="email-format"
      options={pstOffered ? [...EMAIL_FORMATS, PST] : EMAIL_FORMATS}
      note={pstOffered ? undefined : PST_NOTE.email}
      value={value}
      columns={pstOffered ? 3 : 2}
      onChange={(format) => send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format })}
    />
  );
}

export function ContactsFormatChoice({ value }: { value: ContactsFormat | null }) {
  const send = usePortalSend();
  const pstOffered = usePortalCan({ type: 'EXPORT_FORMAT.SELECTED', kind: 'contacts', format: 'PST' });
  return (
    <RadioCardGroup<ContactsFormat>
      legend="Contacts file format"
      name="contacts-format"
      options={pstOffered ? [...CONTACTS_FORMATS, PST] : CONTACTS_FORMATS}
      note={pstOffered ? undefined : PST_NOTE.contacts}
      value={value}
      columns={pstOffered ? 3 : 2}
      onChange={(format) => send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'contacts', format })}
    />
  );
}
