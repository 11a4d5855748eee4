/**
 * The destination buttons of spec §2 as one radio group: choosing one is a single answer to "where
 * should your data go?", and arrow keys move between them. Picking Other opens its form; every
 * other choice sets the destination (a password provider's opens its own form). The list on offer
 * comes from the machine.
 */
import { css } from '@emotion/react';
import { destinationScreenWords } from '../../../contract/words/en/destination.ts';
import { useWords } from '../../words/use-words';
import type { DestinationProvider } from '../../../contract/index.ts';
import { RadioCardGroup, type RadioCardOption } from '../../ui';
import { colors, font, radii } from '../../theme/theme';
import { sameData, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectDestination, selectDestinationChoices, selectLanguage } from '../../../machines/index.ts';
import { providerLabel } from './provider-labels';

const mark = css`
  display: inline-grid;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: ${radii.sm};
  background: ${colors.primarySoft};
  color: ${colors.primary};
  font-weight: ${font.weight.bold};
  font-size: ${font.size.sm};
`;

const logo = css`
  width: 36px;
  height: 36px;
  object-fit: contain;
`;

/** A decorative mark (the configured logo, else a letter): the real name is the option's label. */
const markFor = (provider: DestinationProvider, name: string, logoPath: string | undefined) =>
  logoPath ? (
    <img css={logo} src={logoPath} alt="" width={36} height={36} />
  ) : (
    <span css={mark}>{provider === 'file' ? '⤓' : provider === 'other' ? '@' : name.charAt(0)}</span>
  );

export function DestinationChoice() {
  const choices = usePortalSelector(selectDestinationChoices, sameData);
  const destination = usePortalSelector(selectDestination);
  const send = usePortalSend();
  const language = usePortalSelector(selectLanguage);
  const t = useWords(destinationScreenWords);

  const options: RadioCardOption<DestinationProvider>[] = choices.map((provider) => {
    const label = providerLabel(provider, language);
    return { value: provider, label: label.name, description: label.description, icon: markFor(provider, label.name, label.logoPath) };
  });
  const value = destination?.provider ?? null;

  return (
    <RadioCardGroup<DestinationProvider>
      legend={t('where')}
      options={options}
      value={value}
      columns={2}
      onChange={(provider) => send(provider === 'other' ? { type: 'OTHER.OPENED' } : { type: 'DESTINATION.SELECTED', provider })}
    />
  );
}
