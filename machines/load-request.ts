/** The /api/load/ payload (§3 "Load payload") built from the machine's context. */
import type { DestinationAccount, LoadRequest } from '../contract/index.ts';
import { forwardingChosen } from './facts.ts';
import { mailChoiceOf } from './mail-choice.ts';
import type { PortalContext } from './types.ts';

const FILE_PLACEHOLDER: DestinationAccount = { provider: 'file' };

export const buildLoadRequest = (context: PortalContext): LoadRequest => {
  const destination = context.dstAccount ?? FILE_PLACEHOLDER;
  const isFile = destination.provider === 'file';
  // Only when mail moves, and only a choice other than everything: otherwise the load of before.
  const mailChoice = context.operations.includes('emailmigration') ? mailChoiceOf(context.mailChoice) : undefined;
  return {
    source_account: context.srcAccount ?? { email: '', provider: 'northwave' },
    destination_account: isFile ? FILE_PLACEHOLDER : destination,
    // Forwarding is an operation of the load only (§3: it implies email); the consent never asks for it.
    operations: forwardingChosen(context) ? [...context.operations, 'emailforwarding'] : context.operations,
    parameters: {
      sourceImap: context.srcAccount?.imap,
      destinationImap: destination.imap,
      notificationEmail: context.notificationEmail.trim(),
    },
    file_export_parameters: isFile
      ? {
          emailFormat: context.emailExportType ?? undefined,
          contactsFormat: context.contactsExportType ?? undefined,
        }
      : undefined,
    ...(mailChoice ? { mail_choice: mailChoice } : {}),
    language: context.language,
  };
};
