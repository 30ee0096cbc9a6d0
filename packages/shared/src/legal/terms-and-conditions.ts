import { formatUsd } from '../plain-format';
import { PLANS } from '../plans';
import { HEADQUARTERS, SUPPORT_EMAIL, TERMS_AND_CONDITIONS_VERSION } from './constants';
import type { LegalDocumentContent } from './types';

/** Terms of the trainer certification program (/legal/terms). */
export const termsAndConditions: LegalDocumentContent = {
  title: 'Terms & Conditions',
  dateLine: `Version ${TERMS_AND_CONDITIONS_VERSION}`,
  introduction: [
    'These Terms & Conditions apply to the Soul Punch Trainer Certification Program and to everything that comes with it: the online course, the in-person session, the trainer portal, the training resources and the trainer community. Please read them carefully before you enroll.',
  ],
  sections: [
    {
      heading: 'Legal Agreement Recognition',
      paragraphs: [
        `By enrolling in the Soul Punch Trainer Certification Program, completing a payment or using any program material, you confirm that you have read, understood and accepted these Terms & Conditions. They form a legally binding agreement between you and Soul Punch, a self-defense training brand headquartered in ${HEADQUARTERS}.`,
        'These Terms & Conditions work together with the Trainer Agreement, the Non-Disclosure Agreement and the Liability Waiver that every trainer signs during onboarding, and with our Terms of Service and Privacy Policy. Where these Terms & Conditions and a document you have signed disagree, the signed document prevails on that point.',
        'You must be at least 18 years old and legally able to enter into a contract to enroll. If you enroll on behalf of a business, you confirm that you are authorised to bind that business.',
      ],
    },
    {
      heading: 'Licensing and Certification',
      paragraphs: [
        'The certification program consists of a 6-week online course followed by a 3-day in-person training session. You are certified only after you have completed both parts, met the assessment standards set by Soul Punch instructors and signed the three required documents.',
        'Your certification is valid for 2 years from the date it is issued. To keep teaching as a Soul Punch certified trainer after that date, you must renew your certification by completing the renewal requirements in force at the time, which may include refresher training, an assessment and a renewal fee. A certification that is not renewed expires, and your directory listing and portal access end with it.',
        'While your certification is current, Soul Punch grants you a personal, limited, non-exclusive and revocable licence to teach the Soul Punch curriculum and to present yourself as a Soul Punch certified trainer. Certification does not make you an employee, partner, franchisee or agent of Soul Punch: you run your classes as an independent business and are responsible for your own permits, taxes and insurance.',
        'Soul Punch may suspend or revoke a certification if a trainer breaches these Terms & Conditions or a signed agreement, teaches in an unsafe way, or acts in a way that harms students or the Soul Punch brand.',
      ],
    },
    {
      heading: 'Access and Usage',
      paragraphs: [
        'The trainer portal, the video library, the resource drive, the community groups and all other program materials are reserved for trainers who have been officially onboarded: enrolled in the program, paid, and signed the Trainer Agreement, the Non-Disclosure Agreement and the Liability Waiver.',
        `Your account is personal and non-transferable. You may not share your sign-in links, let another person use your account, or sell, assign or lend your account, your certification or your materials to anyone. Sign-in links are sent to your e-mail address, so keep that mailbox secure and write to ${SUPPORT_EMAIL} straight away if you think someone else has used your account.`,
        'Program materials are provided for your own use in preparing and teaching Soul Punch classes. You may not copy, record, publish, resell or distribute them, in whole or in part, except as your Trainer Agreement expressly allows.',
        'We may update, reorganise or retire materials and resources at any time to keep the curriculum current and safe.',
      ],
    },
    {
      heading: 'Refund Policy',
      paragraphs: [
        `The program fee is ${formatUsd(PLANS.full.amountCents)} when paid in full, or ${formatUsd(PLANS.flex.amountCents)} per month for ${PLANS.flex.instalments} months on the flex plan. Because enrollment gives you immediate access to proprietary curriculum, videos and resources, no refunds are given once access to the program has been granted.`,
        `If you choose the flex plan, you commit to all ${PLANS.flex.instalments} monthly payments. Stopping your payments does not cancel the amount owed, and Soul Punch may suspend your portal access and withhold your certification until the balance is paid.`,
        `If you have paid but have not yet been given access, write to ${SUPPORT_EMAIL} and we will either give you access or settle the payment with you. If Soul Punch cancels or reschedules an in-person session, you may attend the next available session at no extra cost.`,
      ],
    },
    {
      heading: 'Community Conduct',
      paragraphs: [
        'Soul Punch trainers teach people how to stay safe, and we expect the same care from you towards students, fellow trainers and our staff: in your classes, in the portal and in every Soul Punch community, including the WhatsApp community and the Facebook group.',
        "Harassment, discrimination, threats, violent or sexually explicit content, spam and the promotion of competing programs are not allowed in Soul Punch communities. Do not share other members' personal information or confidential program content.",
        'Teach only the techniques you were certified to teach, follow the safety guidelines of the curriculum, and make sure every participant has signed a liability waiver before training. Soul Punch may remove content, restrict community access or revoke a certification for conduct that breaks these rules.',
      ],
    },
    {
      heading: 'Dispute Resolution',
      paragraphs: [
        `If you have a concern about the program, a payment or your certification, contact us first at ${SUPPORT_EMAIL}. We will work with you in good faith to resolve it, and we ask you to give us at least 30 days to do so before you take any other step.`,
        'By enrolling, you agree not to start a chargeback or payment dispute with your bank or card issuer over program fees. A chargeback made in breach of this section is a material breach of these Terms & Conditions: Soul Punch may suspend your access and your certification and recover the disputed amount together with reasonable collection costs.',
        'A dispute that cannot be resolved informally is governed by the laws of the State of Oklahoma and will be brought only in the state or federal courts located in Tulsa County, Oklahoma, unless the law requires otherwise.',
      ],
    },
    {
      heading: 'Brand Protection',
      paragraphs: [
        'The Soul Punch name and logo, the curriculum, videos, workbooks, marketing materials and trainer badges belong to Soul Punch and are protected by trademark and copyright law.',
        "While your certification is current, you may use the Soul Punch name, logo and trainer badges only as the Marketing Guidelines describe and only to promote the classes you teach as a certified trainer. You may not alter the logo, or register domain names, social media handles or business names that contain 'Soul Punch'.",
        'When your certification ends or is revoked, you must stop presenting yourself as a Soul Punch certified trainer and stop using the brand and the program materials. The confidentiality duties in your Non-Disclosure Agreement continue after your certification ends.',
      ],
    },
  ],
};
