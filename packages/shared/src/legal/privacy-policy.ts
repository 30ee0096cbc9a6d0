import { MAGIC_LINK_TTL_MINUTES } from '../auth';
import { HEADQUARTERS, POLICY_EFFECTIVE_DATE, SUPPORT_EMAIL } from './constants';
import type { LegalDocumentContent } from './types';

export const privacyPolicy: LegalDocumentContent = {
  title: 'Privacy Policy',
  dateLine: `Effective ${POLICY_EFFECTIVE_DATE}`,
  introduction: [
    'This Privacy Policy explains what personal information Soul Punch collects through this platform, why we collect it, who we share it with, how long we keep it, and the rights you have over it.',
  ],
  sections: [
    {
      heading: 'Who We Are',
      paragraphs: [
        `Soul Punch is a self-defense training brand headquartered in ${HEADQUARTERS}. We run this platform and are responsible for the personal information described in this policy.`,
        'Certified trainers are independent businesses. Each trainer is responsible for the information they collect outside the platform, for example at their own classes or through their own website.',
      ],
    },
    {
      heading: 'Information We Collect',
      paragraphs: [
        'Visitors can browse the trainer directory and the class listings without giving us any personal information. We collect the following only when you use a feature that needs it:',
      ],
      items: [
        'Trainer account and profile: name, e-mail address, phone number, postal address, city and state, profile photo, bio, website and social media links, specialties, class types, availability, certification and insurance dates, payment-link settings, onboarding progress and the classes you publish.',
        'Signed documents: the Trainer Agreement, Non-Disclosure Agreement and Liability Waiver you sign, with their audit trail: your name and e-mail address, the date and time of each step, the IP address and browser used, your consent, and a fingerprint of the exact text you signed.',
        'Payment records: the plan you chose, amounts, dates, status and the reference given by our payment provider. You enter your card details directly with the payment provider; we never receive or store card numbers.',
        'Class registrations: the name and e-mail address of each visitor who registers for a class, and the class they registered for. E-mail is the only contact information we collect from visitors.',
        'Messages: what you write to our support team, and the questions trainers ask the Soul Punch Assistant in the portal, with the answers given.',
        'Technical logs: IP address, browser type, the pages and requests made, times and error details, recorded by our servers for security and troubleshooting.',
      ],
    },
    {
      heading: 'Cookies and Local Storage',
      paragraphs: [
        'We use a single session cookie, set only when you sign in, to keep you signed in securely. It is strictly necessary for the service and cannot be read by scripts on the page. We do not use advertising trackers, analytics cookies, social media pixels or any other cross-site tracking.',
        'Your browser may keep a few harmless preferences on your device, such as which resource links you have already opened; they are not sent to us. The map in the trainer directory loads map images from a map tile service, which receives your IP address when your browser requests those images.',
      ],
    },
    {
      heading: 'How We Use Your Information',
      paragraphs: ['We use personal information to:'],
      items: [
        'create and protect accounts and send sign-in links;',
        'run the certification program: onboarding, payments, signed documents, training and renewals;',
        'publish trainer profiles and classes in the public directory when a trainer chooses to be listed;',
        'handle class registrations and pass them to the trainer who runs the class;',
        'answer support requests and questions asked in the portal;',
        'keep the platform secure, prevent fraud and fix problems;',
        'meet our legal, tax and accounting obligations.',
      ],
    },
    {
      heading: 'Legal Bases',
      paragraphs: [
        'Where the law requires a legal basis for using personal information, we rely on: the performance of a contract (your certification program, your account, or a class registration you make); our legitimate interests in keeping the platform secure, preventing fraud, improving our service and promoting trainers who choose to be listed, weighed against your rights; our legal obligations, for example to keep payment and signed-document records; and your consent where we ask for it, which you can withdraw at any time, for example by hiding your directory listing.',
        'We do not sell personal information, and we do not use it for advertising.',
      ],
    },
    {
      heading: 'Sharing Your Information',
      paragraphs: ['We share personal information only with:'],
      items: [
        'our e-mail provider, to deliver sign-in links, reminders and notifications;',
        'our payment provider, to process certification payments and confirm their status;',
        'our hosting and storage providers, to run the platform and keep its data and files safe;',
        'our assistant model provider, when the Soul Punch Assistant is enabled, to answer the questions trainers ask it;',
        'the trainer who runs a class, for registrations to that class;',
        'the public, for trainer profile information, and only when the trainer has turned on their directory listing; contact details are shown only if the trainer chooses to show them.',
      ],
    },
    {
      heading: 'Service Providers and Legal Requests',
      paragraphs: [
        'Our service providers may use personal information only to provide their services to us, under contracts that require them to protect it.',
        'We may also disclose information when the law requires it, to protect the safety of any person, or as part of a merger or sale of our business, in which case this policy continues to protect it.',
      ],
    },
    {
      heading: 'Data Retention',
      paragraphs: ['We keep personal information only as long as we need it:'],
      items: [
        'Trainer accounts and profiles: while the account is active and for up to 12 months after it is closed, then deleted or anonymised.',
        'Signed documents and their audit trails: for as long as the agreement applies and for 7 years after, as they may be needed as evidence.',
        'Payment records: 7 years, for tax and accounting purposes.',
        'Class registrations: 12 months after the date of the class.',
        'Technical logs: up to 90 days, unless they are needed to investigate a security incident.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        `We protect personal information with encrypted connections (HTTPS); single-use sign-in links that expire after ${MAGIC_LINK_TTL_MINUTES} minutes and are stored only in hashed form; a session cookie that scripts on the page cannot read; role-based access, so that trainers can see only their own records and only administrators can see signed documents; and regular backups.`,
        'No system is perfectly secure. If a breach affects your personal information, we will tell you and the authorities as the law requires.',
      ],
    },
    {
      heading: 'Your Rights',
      paragraphs: ['You can ask us to:'],
      items: [
        'give you access to a copy of the personal information we hold about you;',
        'correct information that is inaccurate or incomplete;',
        'delete your information, apart from records we must keep by law, such as signed documents and payment records;',
        'export your information in a common, machine-readable format.',
      ],
    },
    {
      heading: 'How to Use Your Rights',
      paragraphs: [
        'Trainers can correct most of their information themselves in the trainer portal and can hide their directory listing at any time.',
        `For any other request, e-mail ${SUPPORT_EMAIL} from the address linked to your account or registration. We may need to confirm your identity, and we will answer within 30 days. You will not be treated differently for using your rights, and if you are not satisfied with our answer you may complain to your local data protection authority.`,
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'The platform is meant for adults. Trainer accounts are only for people aged 18 or over, and we do not knowingly collect personal information from children under 13. A registration for a minor should be made by a parent or guardian with their own name and e-mail address.',
        'If you believe a child has given us personal information, contact us and we will delete it.',
      ],
    },
    {
      heading: 'Where Your Information Is Stored',
      paragraphs: [
        'The platform is run from the United States, and personal information is stored with our hosting providers in the United States. If you use the platform from another country, your information is transferred to and processed in the United States.',
      ],
    },
    {
      heading: 'Changes to This Policy',
      paragraphs: [
        'We may update this policy as the platform and the law change. We will publish the new version on this page with its effective date and, for significant changes, tell trainers by e-mail or in the portal before the changes take effect.',
      ],
    },
    {
      heading: 'Contact Us',
      paragraphs: [
        `For any question or request about your privacy, e-mail us at ${SUPPORT_EMAIL}. Soul Punch, ${HEADQUARTERS}.`,
      ],
    },
  ],
};
