import { RequireMember } from '../guards';
import { ComingSoon } from './coming-soon';

/** Screens that later work fills in. Member and admin screens are already behind their guards. */
const member = (title: string, description: string) =>
  function MemberPlaceholder() {
    return (
      <RequireMember>
        <ComingSoon title={title} description={description} />
      </RequireMember>
    );
  };
const visitor = (title: string, description: string) =>
  function VisitorPlaceholder() {
    return <ComingSoon title={title} description={description} />;
  };

export const ChangePassword = member('Change Password', 'Change your password from here.');
export const Pricing = visitor('Pricing', 'Free and Premium plans.');
export const AboutUs = visitor('About Us', 'Why we built a dating app that puts safety first.');
export const CommunityGuidelines = visitor('Community Guidelines', 'How we treat each other on Vouch.');
export const PrivacyPolicy = visitor('Privacy Policy', 'How we handle your data.');
export const Terms = visitor('Terms of Service', 'The terms of using Vouch.');
export const CookiePolicy = visitor('Cookie Policy', 'The cookies we use and why.');
export const DataProtection = visitor('Data Protection', 'Your rights over your data.');
export const CancellationPolicy = visitor('Cancellation Policy', 'Cancelling a subscription and refunds.');
export const SafetyCommitment = visitor('Our Safety Commitment', 'Verified members, verified dates and honest ratings.');
export const Features = visitor('Features', 'Everything Vouch does to keep dating safe.');
export const SubscriptionSuccess = visitor('Subscription', 'Premium starts once your payment is confirmed.');

