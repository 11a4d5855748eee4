/**
 * The plain-language statement a customer accepts before the portal may ask Google for access to
 * their Gmail account (spec §2 /accept-google-terms). Static text: kept apart from the screen so
 * the screen file stays about layout and events, and the words can be reviewed on their own.
 */
import styled from '@emotion/styled';
import { colors, font, space } from '../../theme/theme';
import { brand } from '../../config/brand';

const Section = styled.section`
  & + & {
    margin-top: ${space(6)};
  }
  h2 {
    font-size: ${font.size.md};
    color: ${colors.dark};
    margin: 0 0 ${space(2)};
  }
  p,
  li {
    line-height: 1.6;
    margin: 0 0 ${space(2)};
  }
  ul {
    padding-left: ${space(5)};
    margin: 0;
  }
`;

export function PrivacyStatement({ headingId }: { headingId: string }) {
  const provider = brand.providerName;
  return (
    <>
      <Section aria-labelledby={`${headingId}-why`}>
        <h2 id={`${headingId}-why`}>Why we ask for access to your Gmail account</h2>
        <p>
          To copy your {provider} email and contacts into Gmail, our transfer partner needs permission to add messages and contacts to your
          Google account. Google will ask you to approve that permission on its own sign-in page after you continue. We never see or store
          your Google password.
        </p>
      </Section>

      <Section aria-labelledby={`${headingId}-what`}>
        <h2 id={`${headingId}-what`}>What we access, and what we do not</h2>
        <ul>
          <li>
            <strong>Mail:</strong> we add the messages and folders from your {provider} mailbox to Gmail. We do not read, change, send or
            delete any message that is already in your Gmail account.
          </li>
          <li>
            <strong>Contacts:</strong> if you choose to move contacts, we add your {provider} address book to Google Contacts. Existing
            Google contacts are left as they are.
          </li>
          <li>We use your Google data only to move your email and contacts. We never use it for ads.</li>
          <li>We do not sell your Google data. We share it only with the partner that does the move for us.</li>
        </ul>
      </Section>

      <Section aria-labelledby={`${headingId}-how`}>
        <h2 id={`${headingId}-how`}>How the transfer works</h2>
        <p>
          After you start the export, our transfer partner copies your data directly from {provider} to Google over encrypted connections.
          Depending on the size of your mailbox this can take from a few minutes to a few days. You can keep using both accounts while it
          runs. We send a message to your notification address when the export starts, with an export ID you can use to check its progress.
        </p>
      </Section>

      <Section aria-labelledby={`${headingId}-keep`}>
        <h2 id={`${headingId}-keep`}>How long we keep access</h2>
        <p>
          Access to your Google account is used only while your export runs. When it finishes, or if it stops with an error, the access
          token is deleted. We keep a short record of the export (its ID, start time, and whether it succeeded) so that you and our support
          team can check on it later; it holds none of your messages or contacts.
        </p>
      </Section>

      <Section aria-labelledby={`${headingId}-control`}>
        <h2 id={`${headingId}-control`}>You stay in control</h2>
        <ul>
          <li>
            You can remove the portal's access at any time from the Security page of your Google account. A running export then stops;
            messages already copied stay in Gmail.
          </li>
          <li>
            Google will ask for several permissions. Please approve all of them: without them the export cannot complete, and we will ask
            you to sign in to Google again.
          </li>
          <li>
            What we do with data from Google follows Google’s rules for apps (the Google API Services User Data Policy), and its Limited Use
            rules too.
          </li>
        </ul>
      </Section>

      <Section aria-labelledby={`${headingId}-help`}>
        <h2 id={`${headingId}-help`}>Questions</h2>
        <p>
          If anything here is unclear, or you want us to delete the record of your export, contact {provider} support through the help pages
          linked at the top of this page. Choosing Next means you have read this statement and agree to the access described above.
        </p>
      </Section>
    </>
  );
}
