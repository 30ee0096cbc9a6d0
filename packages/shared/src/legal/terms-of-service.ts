import { MAGIC_LINK_TTL_MINUTES } from '../auth';
import { formatUsd } from '../plain-format';
import { PLANS } from '../plans';
import { HEADQUARTERS, POLICY_EFFECTIVE_DATE, SUPPORT_EMAIL } from './constants';
import type { LegalDocumentContent } from './types';

export const termsOfService: LegalDocumentContent = {
  title: 'Terms of Service',
  dateLine: `Effective ${POLICY_EFFECTIVE_DATE}`,
  introduction: [
    'These Terms of Service govern your use of the Soul Punch platform: the public trainer directory, class listings and registration, the trainer portal, and the onboarding and administration tools. Please read them carefully.',
  ],
  sections: [
    {
      heading: 'Who We Are',
      paragraphs: [
        `Soul Punch is a self-defense training brand headquartered in ${HEADQUARTERS}. We train and certify independent self-defense trainers, and we run this platform so that certified trainers can manage their work with us and the public can find them and their classes.`,
        "In these terms, 'Soul Punch', 'we' and 'us' mean Soul Punch, and 'you' means anyone who uses the platform, whether as a trainer or as a visitor.",
      ],
    },
    {
      heading: 'Accepting These Terms',
      paragraphs: [
        'By using the platform you accept these Terms of Service and our Privacy Policy. If you do not accept them, please do not use the platform.',
        'Trainers enrolled in the certification program are also bound by the certification program Terms & Conditions and by the documents they sign during onboarding. Where those documents and these terms disagree, those documents prevail.',
      ],
    },
    {
      heading: 'Accounts and Magic-Link Sign-In',
      paragraphs: [
        'Accounts are for trainers and Soul Punch administrators. Visitors do not need an account to browse the directory, view classes or register for a class.',
        `We do not use passwords. To sign in, you enter your e-mail address and we e-mail you a single-use sign-in link (a 'magic link') that expires after ${MAGIC_LINK_TTL_MINUTES} minutes. Anyone who can read your e-mail can use that link, so keep your mailbox secure, never forward a sign-in link, and tell us straight away at ${SUPPORT_EMAIL} if you think someone else has used your account.`,
        'You must give accurate information and keep it up to date, and you are responsible for what happens under your account. Accounts are personal and may not be shared or transferred.',
      ],
    },
    {
      heading: 'Using the Platform as a Trainer',
      paragraphs: [
        'Trainer accounts are for people who have enrolled in the Soul Punch certification program. In the trainer portal you can follow your onboarding, open training resources, keep your public profile up to date and publish your classes.',
        'You are responsible for the accuracy of your profile and class listings, including dates, locations, prices and capacity, and for running your classes safely and lawfully. You teach as an independent business: Soul Punch is not a party to the arrangements between you and your students.',
        'If you choose to be listed in the public directory, your display name, location, bio, specialties, photo and classes, and any contact details you choose to show, become visible to everyone.',
      ],
    },
    {
      heading: 'Using the Platform as a Visitor',
      paragraphs: [
        'Visitors can search the trainer directory, view trainer profiles, browse classes, contact trainers and register for classes. Classes are given by independent certified trainers, not by Soul Punch, so questions about a particular class should go to its trainer.',
        'Trainer descriptions, ratings and availability are given for information only. Please confirm the details with the trainer before you rely on them.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        `The certification program costs ${formatUsd(PLANS.full.amountCents)} when paid in full, or ${formatUsd(PLANS.flex.amountCents)} per month for ${PLANS.flex.instalments} months on the flex plan. Payments are handled by our payment provider: you enter your card details with them, and we never see or store your full card number. A payment counts as completed only once the payment provider has confirmed it.`,
        'Program fees are subject to the refund and dispute terms of the certification program Terms & Conditions, including that no refunds are given once access has been granted. Fees for a class are paid to its trainer through the payment link the trainer provides, on the terms the trainer sets.',
      ],
    },
    {
      heading: 'Signed Documents',
      paragraphs: [
        'Before receiving portal access, every trainer signs a Trainer Agreement, a Non-Disclosure Agreement and a Liability Waiver electronically on the platform. You agree that your electronic signature has the same legal effect as a handwritten one.',
        'When you sign, we record your consent, the exact text you signed and an audit trail of the signing, and we produce a signed copy with a completion certificate. You may ask us for a copy of any document you have signed.',
      ],
    },
    {
      heading: 'Class Registration',
      paragraphs: [
        'To register for a class, you give your name and e-mail address. We pass them to the trainer who runs the class so that they can confirm your place and contact you about it. Classes have limited capacity, and your place is held only once your registration is confirmed.',
        'Self-defense training involves physical activity and a risk of injury. Your trainer may ask you to sign a liability waiver before the class. If you have any health concerns, talk to your doctor before you train.',
      ],
    },
    {
      heading: 'Acceptable Use',
      paragraphs: ['When you use the platform, you agree not to:'],
      items: [
        'use it for anything unlawful, harmful or fraudulent;',
        'post content that is false, misleading, offensive or that infringes the rights of others;',
        'impersonate another person or claim a certification you do not hold;',
        "collect other users' personal information or send them unsolicited marketing;",
        'interfere with the platform, or try to gain access to other accounts or to our systems without permission;',
        'scrape, copy or resell the content of the platform.',
      ],
    },
    {
      heading: 'Intellectual Property',
      paragraphs: [
        'The platform, the Soul Punch name and logo, the curriculum, the videos and all other materials we provide belong to Soul Punch or its licensors. We give you a limited, revocable right to use them only as these terms and, for trainers, your signed agreements allow.',
        'Trainers keep ownership of the content they add, such as profile text and photos, and give Soul Punch a non-exclusive, royalty-free licence to host and display that content on the platform and to use it to promote their classes while they are listed.',
      ],
    },
    {
      heading: 'Disclaimers',
      paragraphs: [
        "The platform and its content are provided 'as is' and 'as available'. We work to keep them accurate and available, but we do not promise that they will always be error-free or uninterrupted.",
        'Information on the platform is general and educational. It does not replace hands-on instruction or professional advice, and no self-defense technique can guarantee your safety in every situation.',
      ],
    },
    {
      heading: 'Limitation of Liability',
      paragraphs: [
        'To the fullest extent the law allows, Soul Punch is not liable for indirect, incidental, special or consequential damages, or for lost profits, data or business, arising from your use of the platform. Soul Punch is not responsible for the classes, services or conduct of independent trainers.',
        'Our total liability for any claim about the platform is limited to the amount you paid to Soul Punch in the 12 months before the claim arose, or $100 if you paid nothing. Nothing in these terms limits any liability that cannot be limited by law.',
      ],
    },
    {
      heading: 'Termination',
      paragraphs: [
        'You may stop using the platform at any time, and you may ask us to close your account by writing to us. We may suspend or close an account that breaches these terms, the certification program Terms & Conditions or a signed agreement, or whose certification has expired or been revoked.',
        'The parts of these terms that by their nature should continue after an account is closed, such as intellectual property, disclaimers, limitation of liability and governing law, continue to apply.',
      ],
    },
    {
      heading: 'Changes to These Terms',
      paragraphs: [
        'We may update these terms as the platform and the law change. We will publish the new version on this page with its effective date and, for significant changes, tell trainers by e-mail or in the portal before the changes take effect. If you keep using the platform after that date, you accept the updated terms.',
      ],
    },
    {
      heading: 'Governing Law',
      paragraphs: [
        'These terms are governed by the laws of the State of Oklahoma, without regard to its conflict-of-law rules. Any dispute will be resolved in the state or federal courts located in Tulsa County, Oklahoma, unless the law where you live gives you the right to bring it elsewhere.',
      ],
    },
    {
      heading: 'Contact Us',
      paragraphs: [
        `If you have a question about these terms, e-mail us at ${SUPPORT_EMAIL}. Soul Punch, ${HEADQUARTERS}.`,
      ],
    },
  ],
};
