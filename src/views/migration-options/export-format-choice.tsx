/**
 * The file formats of a file export (§9): one choice per selected type. The machine accepts a
 * format only for a file export, and only one the export produces; PST is shown, closed, with the
 * reason, so a customer who looks for it learns what to choose instead.
 */
import type { ContactsFormat, EmailFormat } from '../../../contract/index.ts';
import { RadioCardGroup, type RadioCardOption } from '../../ui';
import { usePortalCan, usePortalSend } from '../../app/portal-context';

const PST_REASON = 'Not available: we do not produce PST files. Outlook imports EML and MBOX (with an import tool), and CSV contacts.';

/** PST, closed with its reason when the machine would not take it. */
const pst = (offered: boolean) =>
  ({ value: 'PST', label: 'PST', description: 'For Microsoft Outlook', disabled: !offered, disabledReason: PST_REASON }) as const;

const emailFormatOptions = (pstOffered: boolean): RadioCardOption<EmailFormat>[] => [
  { value: 'EML', label: 'EML', description: 'One file per message; opens in most mail apps' },
  { value: 'MBOX', label: 'MBOX', description: 'One file per folder; for Thunderbird and Apple Mail' },
  pst(pstOffered),
];

const contactsFormatOptions = (pstOffered: boolean): RadioCardOption<ContactsFormat>[] => [
  { value: 'CSV', label: 'CSV', description: 'A spreadsheet; imports into most address books' },
  { value: 'VCF', label: 'VCF', description: 'vCard; for phones, Apple and Google Contacts' },
  pst(pstOffered),
];

export function EmailFormatChoice({ value }: { value: EmailFormat | null }) {
  const send = usePortalSend();
  const pstOffered = usePortalCan({ type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format: 'PST' });
  return (
    <RadioCardGroup<EmailFormat>
      legend="Email file format"
      name="email-format"
      options={emailFormatOptions(pstOffered)}
      value={value}
      columns={3}
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
      options={contactsFormatOptions(pstOffered)}
      value={value}
      columns={3}
      onChange={(format) => send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'contacts', format })}
    />
  );
}
