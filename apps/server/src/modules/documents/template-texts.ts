import type { DocumentType } from '@soulpunch/shared';
import { numberWord, PLANS } from '@soulpunch/shared';

/**
 * Version 1 of the three documents every trainer signs, written for this business from the Terms & Conditions
 * (v1.0). Later versions are published by admins in the app; these texts seed an empty installation only.
 */
export const FIRST_TEMPLATES: Record<DocumentType, { title: string; description: string; body: string }> = {
  trainer_agreement: {
    title: 'Trainer Agreement',
    description: 'Your license to teach the Soul Punch program, your certification and how we work together.',
    body: `SOUL PUNCH CERTIFIED TRAINER AGREEMENT

1. Parties and purpose
This agreement is between Soul Punch ("we", "us") and the trainer who signs it ("you"). It sets the terms on which you may teach the Soul Punch self-defense program as a Soul Punch Certified Trainer.

2. Certification
Certification follows the completion of the program: a 6-week online course and a 3-day in-person session. Your certification is valid for 2 years from your training date. To keep teaching as a Soul Punch Certified Trainer after that, you must renew it before it ends. We may suspend a certification while a payment is refunded or disputed, or while a breach of this agreement is reviewed.

3. License
While your certification is valid, we grant you a personal, non-exclusive, non-transferable license to teach the Soul Punch curriculum and to use the Soul Punch name and marks to promote your classes, as set out in the brand guidelines in the trainer portal. Your account and license are yours alone and may not be shared, sold or transferred.

4. Fees, refunds and chargebacks
You pay the program fee as chosen at checkout (in full, or in ${numberWord(PLANS.flex.instalments)} monthly payments). Because access to the curriculum, materials and community is granted at once, no refunds are given once access is granted. You agree not to dispute or charge back a payment you authorised; if a payment is disputed, your access and certification are paused until it is resolved. If a monthly payment fails, you will be asked to pay it; after the grace period your portal resources are paused until it is paid.

5. Conduct
You will teach safely, within the curriculum and your qualifications, treat every participant with respect, keep appropriate insurance for your classes, follow the law where you teach, and keep the community spaces respectful. You will not give legal advice or teach techniques outside the program as Soul Punch techniques.

6. Brand protection
You will not alter the curriculum and present it as Soul Punch, register names or domains that include our marks, or use our materials after your certification ends.

7. Ending the agreement
You may end this agreement at any time by writing to support. We may end it if you materially breach it and do not put the breach right within 14 days of notice. Sections 4, 6 and 8 survive its end.

8. Disputes
Disputes are first discussed in good faith with our support team; if unresolved within 30 days, they are settled under the laws of the State of Oklahoma.`,
  },
  nda: {
    title: 'Non-Disclosure Agreement',
    description: 'How you keep the curriculum, materials and community information confidential.',
    body: `SOUL PUNCH NON-DISCLOSURE AGREEMENT

1. Confidential information
"Confidential information" means everything Soul Punch shares with you as a trainer that is not public: the curriculum, lesson plans, videos, workbooks, the trainer drive, pricing and business guides, marketing assets before release, and information about other trainers and their participants.

2. Your obligations
You will use confidential information only to teach and promote Soul Punch classes under your Trainer Agreement. You will not copy, publish, sell or share it, in whole or in part, with anyone who is not a Soul Punch Certified Trainer or a Soul Punch employee, and you will protect it with at least the care you give your own confidential information.

3. What is not confidential
Information is not confidential if it is or becomes public without your fault, you lawfully knew it before we shared it, or you receive it from someone entitled to share it. You may disclose information when the law requires it, after telling us where the law allows.

4. Participants' information
Names, contact details and any personal information of people who attend classes are kept private, used only to run your classes, and handled in line with the Privacy Policy.

5. Duration
These obligations start when you sign and continue for 3 years after your certification ends; for participants' personal information and the curriculum, they continue for as long as the information stays confidential.

6. Return of materials
When your certification ends, you will stop using and delete or return the confidential materials you hold, except what the law requires you to keep.

7. Remedies
A breach may cause harm that money cannot put right; Soul Punch may ask a court to stop it, in addition to any other remedy. A breach is also a breach of the Trainer Agreement.`,
  },
  liability_waiver: {
    title: 'Liability Waiver',
    description: 'The risks of physical training and the release you give for the certification sessions.',
    body: `SOUL PUNCH TRAINING LIABILITY WAIVER AND RELEASE

1. Nature of the training
The certification program includes physical self-defense training: strikes, escapes, falls, pad work and partner drills, online and during the 3-day in-person session. Physical training carries risks, including bruises, sprains, fractures and, rarely, more serious injury.

2. Your health
You confirm that you are physically able to take part, that you will tell the instructor about any condition or injury that affects your training, and that you will stop and tell the instructor if you feel unwell or unsafe. You may sit out any drill at any time.

3. Assumption of risk
You take part voluntarily and accept the ordinary risks of the training described above, whether or not they are listed here.

4. Release
To the fullest extent the law allows, you release Soul Punch, its instructors and staff from claims for injury, loss or damage arising from your participation in the certification training, except where caused by their gross negligence or wilful misconduct.

5. Your own classes
When you teach your own classes, you are responsible for them: you will keep appropriate insurance, have your participants sign your own waiver, and follow the safety guidance in the curriculum. This waiver does not cover claims by your participants against you.

6. Media
Photos or video may be taken during in-person sessions for training and promotion; tell the instructor if you do not want to appear in them.

7. Severability
If any part of this waiver cannot be enforced, the rest remains in force. You have read this waiver, understood it, and sign it freely.`,
  },
};

/** The ESIGN consumer disclosure shown once, before a first electronic signature. */
export const ESIGN_DISCLOSURE = {
  version: 1,
  text: `CONSENT TO ELECTRONIC RECORDS AND SIGNATURES

Soul Punch would like to give you your trainer documents (the Trainer Agreement, Non-Disclosure Agreement and Liability Waiver, and later versions of them) and have you sign them electronically. Please read this before you agree.

Paper copies. You may ask for a paper copy of any document at any time, free of charge, by writing to support@soulpunch.example with your name and the document's title. We will post it within 10 business days.

Withdrawing your consent. You may withdraw this consent at any time from the signing page in your trainer portal or by writing to support. Withdrawing does not undo documents you have already signed; it means future documents will be sent to you on paper, which may delay your onboarding.

What you need. To open and keep these records you need a device with a current web browser, an e-mail account, and software that opens PDF files (most browsers do). You can download every signed document as a PDF from your trainer portal and keep it.

Keeping your details up to date. Tell us if your e-mail address changes, from your profile or by writing to support, so the documents reach you.

By agreeing, you confirm that you can open these records and that you agree to use electronic records and signatures with Soul Punch.`,
};
