/**
 * The words retrieval knows beyond the articles' own: what it ignores, what it reads as one word, and how trainers'
 * words map to the brand's. Written from the articles and from questions trainers ask; a change here is measured
 * with `npm run eval:assistant`.
 */

export const STOP_WORDS = new Set(
  `a about above after again all also am an and any are as at be because been before being below between both but by
  can could did do does doing done down during each few for from further get gets getting got had has have having he
  her here hers him his how i if in into is it its itself just let me might more most much must my myself no nor not
  now of off on once only or other our ours out over own please same she should so some such than that the their
  theirs them then there these they this those through to too under until up us very want wanted was we were what
  when where which while who whom why will with would you your yours yourself tell know need like okay ok hi hello
  thanks thank anyone someone something soul punch one way really still next
  y all yall ya s t d m ll re ve don doesn didn isn aren wasn haven hasn won wouldn shouldn cant im ive
  hey guys gonna wanna gotta kinda sorta actually anymore usually even ever already yet maybe thing things stuff
  lol pls plz anything somebody anybody everyone everybody couple bunch lot lots
  herself himself themselves ourselves yourselves wants needs knows tells`.split(/\s+/),
);

/**
 * Words of how a question is put rather than what it is about ('what happens', 'how long', 'how big'): they count
 * for a third of a word, so a passage is not judged by whether it happens to use them.
 */
export const WEAK_WORDS = new Set(
  `happen happens happened time long many big best good right start started starting work works going make makes
  use used put give find new first go goes mean means possible able allowed supposed easy easiest simple
  hard say send pick tool option people`.split(/\s+/),
);

/**
 * Spellings of one word across several (sign-in, e-mail, self-defense), joined before splitting: the same in the
 * articles and in the questions, so 'sign' alone keeps meaning signing a document.
 */
export const COMPOUNDS: Array<[RegExp, string]> = [
  [/\be-mail/g, 'email'],
  [/\b(?:sign(?:ing|ed)?|log(?:ging|ged)?)[\s-]?(?:in|on)\b/g, 'signin'],
  [/\blog(?:in|on)s?\b/g, 'signin'],
  [/\bsign(?:ing|ed)?[\s-]?up\b/g, 'register'],
  [/\bself[\s-]?defen[cs]e\b/g, 'selfdefense'],
  [/\bface[\s-]?book\b/g, 'facebook'],
  [/\bwhats[\s-]?app\b/g, 'whatsapp'],
  [/\bpay[\s-]?pal\b/g, 'paypal'],
  [/\bunited states\b/g, 'usa'],
];

/** Irregular forms the small stemmer does not reach. */
export const LEMMAS: Record<string, string> = {
  paid: 'pay',
  taught: 'teach',
  children: 'child',
  kids: 'kid',
  bought: 'buy',
  sold: 'sell',
  lost: 'lose',
  fb: 'facebook',
  pic: 'picture',
  pics: 'picture',
  info: 'information',
  cert: 'certification',
  certs: 'certification',
  two: '2',
  three: '3',
  six: '6',
  twelve: '12',
};

/** Words naming the same thing in the articles (both ways). */
export const SYNONYM_GROUPS: string[][] = [
  ['flex', 'instalment', 'installment', 'monthly', 'month'],
  ['ein', 'tax', 'employer', 'identification', 'irs'],
  ['waiver', 'liability', 'release'],
  ['calendar', 'class', 'schedule', 'session'],
  ['renewal', 'renew', 'recertification', 'recertify', 'recertified', 'expire', 'expiry', 'expiration'],
  ['refund', 'chargeback', 'dispute', 'cancel'],
  ['signin', 'login', 'magic'],
  ['insurance', 'insured', 'insure', 'coverage'],
  ['payment', 'pay', 'paying', 'charge', 'card', 'price', 'cost', 'fee'],
  ['zoom', 'live', 'weekly', 'thursday'],
  ['affiliate', 'commission', 'referral'],
  ['document', 'agreement', 'nda', 'paperwork', 'contract'],
  ['support', 'help', 'contact', 'email'],
  ['profile', 'bio', 'picture', 'photo'],
  ['directory', 'listed', 'listing', 'map'],
  ['force', 'lawful', 'legal', 'law', 'attorney', 'lawyer', 'attacker', 'attack', 'hurt', 'injure'],
  ['stripe', 'paypal', 'pillar'],
  ['certification', 'certified', 'certificate', 'program', 'course'],
  ['student', 'participant', 'visitor', 'people'],
  ['kid', 'child', 'minor'],
  ['community', 'group'],
];

/**
 * How trainers say it, and the brand's words for it (one way, a looser match than a synonym). A key of several words
 * is a phrase of the question.
 */
export const TRAINER_WORDS: Array<[string, string[]]> = [
  // Who comes to a class.
  ['attend', ['student', 'participant', 'register']],
  ['attendee', ['student', 'participant']],
  ['folks', ['people', 'student']],
  ['customer', ['student', 'participant']],
  ['client', ['student', 'participant']],
  ['person', ['people', 'student']],
  ['workshop', ['class']],
  ['list', ['add', 'publish']],
  ['post', ['add', 'publish']],
  ['fill', ['full', 'capacity', 'waitlist']],
  ['sold out', ['full', 'waitlist']],
  ['seminar', ['class']],
  // Money.
  ['money', ['pay', 'payment', 'income']],
  ['collect', ['pay', 'payment']],
  ['earn', ['commission', 'income']],
  ['cut', ['fee', 'collect']],
  ['kickback', ['commission', 'affiliate']],
  ['upfront', ['full']],
  ['money back', ['refund']],
  ['change my mind', ['refund', 'cancel']],
  ['pay online', ['payment', 'link', 'stripe', 'paypal']],
  ['option', ['plan']],
  ['missed', ['fail', 'unpaid', 'past']],
  ['miss', ['fail', 'unpaid']],
  ['bounce', ['fail', 'declined']],
  ['go through', ['fail', 'charged']],
  ['went through', ['fail', 'charged']],
  ['locked out', ['pause', 'access']],
  ['lock', ['pause', 'access']],
  ['quit', ['stop', 'cancel']],
  ['halfway', ['stop', 'commit']],
  ['drop', ['cancel']],
  // Devices sold through the affiliate link.
  ['alarm', ['device', 'defendher']],
  ['keychain', ['device', 'defendher']],
  ['gadget', ['device', 'defendher']],
  // Certification and its dates.
  ['run out', ['expire', 'valid']],
  ['runs out', ['expire', 'valid']],
  ['good for', ['valid']],
  ['retake', ['refresher', 'renewal']],
  ['redo', ['refresher', 'renewal']],
  // Profile and portal.
  ['headshot', ['picture', 'photo']],
  ['selfie', ['picture', 'photo']],
  ['upload', ['picture', 'photo']],
  ['inbox', ['email', 'spam']],
  ['came', ['arrive', 'spam']],
  ['come', ['arrive', 'spam']],
  ['receive', ['arrive']],
  ['find me', ['directory', 'listed']],
  ['fake', ['verify', 'genuine']],
  ['legit', ['verify', 'genuine']],
  ['real', ['genuine', 'verify', 'live']],
  ['another copy', ['copy', 'download']],
  ['lose', ['copy', 'download']],
  ['get back', ['reply']],
  ['respond', ['reply']],
  ['quick', ['reply', 'within']],
  ['fast', ['reply', 'within']],
  ['video', ['video', 'live', 'library']],
  // Force and the law.
  ['hit back', ['force', 'physical', 'technique']],
  ['fight back', ['force', 'physical', 'technique']],
  ['fighting back', ['force', 'physical', 'technique']],
  ['hit', ['force', 'physical']],
  ['fight', ['force', 'fight']],
  ['arrest', ['lawful', 'law', 'enforcement']],
  ['jail', ['lawful', 'law', 'enforcement']],
  ['sue', ['lawful', 'attorney']],
  // Materials.
  ['poster', ['flyer', 'design', 'canva']],
  ['design', ['canva', 'flyer', 'design']],
  ['graphic', ['canva', 'design']],
  ['lesson', ['class', 'plan', 'handout']],
  ['workbook', ['workbook', 'drive']],
  ['rewatch', ['video', 'library']],
  ['watch', ['video', 'library']],
  ['move', ['technique', 'drill']],
  ['data', ['information', 'personal']],
  ['information', ['information', 'personal']],
  ['checklist', ['onboarding', 'step']],
  ['gym', ['outreach']],
  ['company', ['outreach']],
  ['school', ['outreach']],
  ['church', ['outreach']],
  ['business type', ['activity', 'naics', 'structure']],
  ['form', ['application', 'apply']],
  ['online part', ['online', 'course']],
];
