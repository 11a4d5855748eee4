/** `/loading` after sign-in, and `/check-email-scopes` when Google's consent came back short. */
import { section } from '../section.ts';

export const consentWords = section('consent', {
  checking: 'Checking your account',
  fetching: 'Fetching information for {email}...',
  yourAccount: 'your account',
  scopesTitle: 'We need a few more permissions',
  scopesLead: 'Gmail did not give us all the permissions we need to copy your data.',
  scopesStepNext: 'Select Next to go back to choosing what to save.',
  scopesStepGoogle: 'Continue to Google and sign in to your Gmail account again.',
  scopesStepTick: "On Google's screen that asks what we may do, tick every box. Then select Continue.",
});
