/**
 * /migration-options (spec §2): 'Choose what to save'. Email, contacts, or both; for a file export
 * a format per selected type. Which choices are open, the messages of §5 and §8, and whether Next
 * continues are the machine's; this screen shows them and reports the choices.
 */
import { css } from '@emotion/react';
import { Alert, ButtonRow, Card, Checkbox, PageHeading, RadioCardGroup, type RadioCardOption } from '../../ui';
import { colors, font, radii, space } from '../../theme/theme';
import { usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectFieldErrors, selectOperations } from '../../../machines/index.ts';
import type { OperationsChoice } from '../../../machines/index.ts';
import { ContactsFormatChoice, EmailFormatChoice } from './export-format-choice';
import { MailChoice } from './mail-choice';
import { BackButton, NextButton } from '../wizard-buttons';
import { SCREEN_HEADINGS } from '../screen-headings';

/** Why a contacts choice is closed, in plain words (§5). */
const CONTACTS_UNAVAILABLE = 'Contacts cannot be moved from this account.';
const CONTACTS_ONLY_UNAVAILABLE = 'Gmail needs your email too: contacts can only move together with email.';

/** §9's hidden forwarding option, in plain words: what it does, for how long, and how to end it. */
const FORWARDING_LABEL = 'Keep copying new mail until my account closes';
const FORWARDING_HINT =
  'Once a day, we copy mail that reaches your old mailbox, for up to 30 days or until your account closes. You can stop it at any time on the status page.';

const help = css`
  margin: ${space(4)} 0 0;
  color: ${colors.muted};
`;

const formats = css`
  margin-top: ${space(6)};
  padding: ${space(5)};
  border-radius: ${radii.md};
  background: ${colors.lightGrey};
  h2 {
    font-size: ${font.size.lg};
    margin: 0 0 ${space(1)};
  }
  > p {
    margin: 0 0 ${space(4)};
    color: ${colors.muted};
  }
`;

/** Selectors build fresh objects; compare field by field so unrelated snapshots do not re-render. */
const shallow = <T extends object>(a: T, b: T) =>
  Object.keys(a).length === Object.keys(b).length && (Object.keys(a) as (keyof T)[]).every((key) => Object.is(a[key], b[key]));

export default function MigrationOptionsScreen() {
  const options = usePortalSelector(selectOperations, shallow);
  const errors = usePortalSelector(selectFieldErrors, shallow);
  const send = usePortalSend();

  const choices: RadioCardOption<OperationsChoice>[] = [
    { value: 'email', label: 'Email', description: 'All your messages and folders' },
    {
      value: 'contacts',
      label: 'Contacts',
      description: 'Your address book',
      disabled: !options.justContactsOffered,
      disabledReason:
        options.contactsOffered && options.termsGated ? CONTACTS_ONLY_UNAVAILABLE : (options.mailOnlyReason ?? CONTACTS_UNAVAILABLE),
    },
    {
      value: 'both',
      label: 'Email and contacts',
      description: 'Everything in one go',
      disabled: !options.contactsOffered,
      disabledReason: options.mailOnlyReason ?? CONTACTS_UNAVAILABLE,
    },
  ];
  const wantsEmail = options.choice === 'email' || options.choice === 'both';
  const wantsContacts = options.choice === 'contacts' || options.choice === 'both';

  return (
    <Card as="section">
      <PageHeading lead={SCREEN_HEADINGS.migrationOptions.lead}>{SCREEN_HEADINGS.migrationOptions.title}</PageHeading>

      {errors.authentication && <Alert tone="error">{errors.authentication}</Alert>}
      {options.appPasswordHelp && <p css={help}>{options.appPasswordHelp}</p>}

      <RadioCardGroup<OperationsChoice>
        legend="What to save"
        hideLegend
        name="operations"
        options={choices}
        value={options.choice}
        columns={3}
        error={errors.operations ?? null}
        onChange={(choice) => send({ type: 'OPERATIONS.SELECTED', choice })}
      />

      <MailChoice />

      {options.forwardingShown && (
        <Checkbox
          label={FORWARDING_LABEL}
          hint={FORWARDING_HINT}
          checked={options.forwardingChosen}
          onChange={(chosen) => send({ type: 'FORWARDING.TOGGLED', chosen })}
        />
      )}

      {options.isFileExport && (wantsEmail || wantsContacts) && (
        <section css={formats} aria-labelledby="file-formats-title">
          <h2 id="file-formats-title">File formats</h2>
          <p>Choose a format for each type you save. Your files stay available to download for two weeks.</p>
          {wantsEmail && <EmailFormatChoice value={options.emailFormat} />}
          {wantsContacts && <ContactsFormatChoice value={options.contactsFormat} />}
        </section>
      )}

      <ButtonRow back={<BackButton />} next={<NextButton />} />
    </Card>
  );
}
