/** `/complete`: the export has started; its ID, what happens next, and the way to stop it. */
import { section } from '../section.ts';

export const completeWords = section('complete', {
  yourId: 'Your export ID',
  copy: 'Copy Export ID',
  copied: 'Copied!',
  idHint: 'Keep this ID to check your export status later. It is also in your notification email.',
  nextTitle: 'What happens next',
  nextCopy: 'We copy your data in the background. Large mailboxes can take a day or more.',
  nextMail: 'We will send you an email when your export is done.',
  nextDownload: 'File exports can be downloaded for two weeks after they are ready.',
  help: 'Need help? Contact support and mention your export ID.',
  follow: 'Follow your export',
  backToHome: 'Back to home',
  contactSupport: 'Contact support',
  cancel: 'Cancel this export',
});
