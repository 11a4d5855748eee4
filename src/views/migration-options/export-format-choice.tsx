/**
 * The file formats of a file export (§9): one choice per selected type, each of them produced. The
 * machine accepts a format only for a file export.
 */
import { optionsWords } from '../../../contract/words/en/options.ts';
import { useWords, type Words } from '../../words/use-words';
import type { ContactsFormat, EmailFormat } from '../../../contract/index.ts';
import { RadioCardGroup, type RadioCardOption } from '../../ui';
import { usePortalSend } from '../../portal/portal-context';

type T = Words<typeof optionsWords>;
const pst = (t: T) => ({ value: 'PST', label: 'PST', description: t('pstDescription') }) as const;

const emailFormats = (t: T): RadioCardOption<EmailFormat>[] => [
  { value: 'EML', label: 'EML', description: t('emlDescription') },
  { value: 'MBOX', label: 'MBOX', description: t('mboxDescription') },
  pst(t),
];

const contactsFormats = (t: T): RadioCardOption<ContactsFormat>[] => [
  { value: 'CSV', label: 'CSV', description: t('csvDescription') },
  { value: 'VCF', label: 'VCF', description: t('vcfDescription') },
  pst(t),
];

export function EmailFormatChoice({ value }: { value: EmailFormat | null }) {
  const send = usePortalSend();
  const t = useWords(optionsWords);
  return (
    <RadioCardGroup<EmailFormat>
      legend={t('emailFormat')}
      name="email-format"
      options={emailFormats(t)}
      value={value}
      columns={3}
      onChange={(format) => send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format })}
    />
  );
}

export function ContactsFormatChoice({ value }: { value: ContactsFormat | null }) {
  const send = usePortalSend();
  const t = useWords(optionsWords);
  return (
    <RadioCardGroup<ContactsFormat>
      legend={t('contactsFormat')}
      name="contacts-format"
      options={contactsFormats(t)}
      value={value}
      columns={3}
      onChange={(format) => send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'contacts', format })}
    />
  );
}
