/**
 * The file formats of a file export (§9): one choice per selected type, each of them produced. The
 * machine accepts a format only for a file export.
 */
import type { ContactsFormat, EmailFormat } from '../../../contract/index.ts';
import { RadioCardGroup, type RadioCardOption } from '../../ui';
import { usePortalSend } from '../../portal/portal-context';

const PST = { value: 'PST', label: 'PST', description: 'For Microsoft Outlook' } as const;

const EMAIL_FORMATS: RadioCardOption<EmailFormat>[] = [
  { value: 'EML', label: 'EML', description: 'One file per message; opens in most mail apps' },
  { value: 'MBOX', label: 'MBOX', description: 'One file per folder; for Thunderbird and Apple Mail' },
  PST,
];

const CONTACTS_FORMATS: RadioCardOption<ContactsFormat>[] = [
  { value: 'CSV', label: 'CSV', description: 'A spreadsheet; imports into most address books' },
  { value: 'VCF', label: 'VCF', description: 'vCard; for phones, Apple and Google Contacts' },
  PST,
];

export function EmailFormatChoice({ value }: { value: EmailFormat | null }) {
  const send = usePortalSend();
  return (
    <RadioCardGroup<EmailFormat>
      legend="Email file format"
      name="email-format"
      options={EMAIL_FORMATS}
      value={value}
      columns={3}
      onChange={(format) => send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format })}
    />
  );
}

export function ContactsFormatChoice({ value }: { value: ContactsFormat | null }) {
  const send = usePortalSend();
  return (
    <RadioCardGroup<ContactsFormat>
      legend="Contacts file format"
      name="contacts-format"
      options={CONTACTS_FORMATS}
      value={value}
      columns={3}
      onChange={(format) => send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'contacts', format })}
    />
  );
}
