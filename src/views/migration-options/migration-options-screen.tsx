/**
 * /migration-options (spec §2): 'Choose what to save'. Email, contacts, or both; for a file export
 * a format per selected type. Which choices are open, the messages of §5 and §8, and whether Next
 * continues are the machine's; this screen shows them and reports the choices.
 */
import { css } from '@emotion/react';
import { optionsWords } from '../../../contract/words/en/options.ts';
import { useWords } from '../../words/use-words';
import { useErrorWords } from '../../words/use-error-words';
import { destinationSays } from '../destination-account/provider-labels';
import { Alert, ButtonRow, Card, Checkbox, PageHeading, RadioCardGroup, type RadioCardOption } from '../../ui';
import { colors, font, radii, space } from '../../theme/theme';
import { sameData, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectFieldErrors, selectLanguage, selectOperations } from '../../../machines/index.ts';
import type { OperationsChoice } from '../../../machines/index.ts';
import { ContactsFormatChoice, EmailFormatChoice } from './export-format-choice';
import { MailChoice } from './mail-choice';
import { BackButton, NextButton } from '../wizard-buttons';
import { useScreenHeading } from '../screen-headings';

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

export default function MigrationOptionsScreen() {
  const heading = useScreenHeading('migrationOptions');
  const error = useErrorWords();
  const language = usePortalSelector(selectLanguage);
  const t = useWords(optionsWords);
  const CONTACTS_UNAVAILABLE = t('contactsUnavailable');
  const CONTACTS_ONLY_UNAVAILABLE = t('contactsOnlyUnavailable');
  const options = usePortalSelector(selectOperations, sameData);
  const errors = usePortalSelector(selectFieldErrors, sameData);
  const send = usePortalSend();

  const choices: RadioCardOption<OperationsChoice>[] = [
    { value: 'email', label: t('email'), description: t('emailDescription') },
    {
      value: 'contacts',
      label: t('contacts'),
      description: t('contactsDescription'),
      disabled: !options.justContactsOffered,
      disabledReason:
        options.contactsOffered && options.termsGated
          ? CONTACTS_ONLY_UNAVAILABLE
          : options.mailOnlyReason
            ? destinationSays(language, options.mailOnlyReason)
            : CONTACTS_UNAVAILABLE,
    },
    {
      value: 'both',
      label: t('both'),
      description: t('bothDescription'),
      disabled: !options.contactsOffered,
      disabledReason: options.mailOnlyReason ? destinationSays(language, options.mailOnlyReason) : CONTACTS_UNAVAILABLE,
    },
  ];
  const wantsEmail = options.choice === 'email' || options.choice === 'both';
  const wantsContacts = options.choice === 'contacts' || options.choice === 'both';

  return (
    <Card as="section">
      <PageHeading lead={heading.lead}>{heading.title}</PageHeading>

      {errors.authentication && <Alert tone="error">{error(errors.authentication)}</Alert>}
      {options.appPasswordHelp && <p css={help}>{destinationSays(language, options.appPasswordHelp)}</p>}

      <RadioCardGroup<OperationsChoice>
        legend={t('whatToSave')}
        hideLegend
        name="operations"
        options={choices}
        value={options.choice}
        columns={3}
        error={error(errors.operations)}
        onChange={(choice) => send({ type: 'OPERATIONS.SELECTED', choice })}
      />

      <MailChoice />

      {options.forwardingShown && (
        <Checkbox
          label={t('forwarding')}
          hint={t('forwardingHint')}
          checked={options.forwardingChosen}
          onChange={(chosen) => send({ type: 'FORWARDING.TOGGLED', chosen })}
        />
      )}

      {options.isFileExport && (wantsEmail || wantsContacts) && (
        <section css={formats} aria-labelledby="file-formats-title">
          <h2 id="file-formats-title">{t('fileFormats')}</h2>
          <p>{t('fileFormatsText')}</p>
          {wantsEmail && <EmailFormatChoice value={options.emailFormat} />}
          {wantsContacts && <ContactsFormatChoice value={options.contactsFormat} />}
        </section>
      )}

      <ButtonRow back={<BackButton />} next={<NextButton />} />
    </Card>
  );
}
