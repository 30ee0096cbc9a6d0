import {
  type ClassInput,
  type ClassLevel,
  type ClassSummary,
  type ClassType,
  classInputSchema,
  DEFAULT_CLASS_CAPACITY,
  DEFAULT_CLASS_DURATION_MINUTES,
  DEFAULT_CLASS_PRICE,
  DEFAULT_CLASS_TITLE,
  defaultMeridiem,
  type Meridiem,
  to24Hour,
} from '@soulpunch/shared';

/** A time as the picker holds it: hour '1'-'12', minutes '00'/'15'/'30'/'45', AM or PM ('' = not picked). */
export interface ClockValue {
  hour: string;
  minute: string;
  meridiem: '' | Meridiem;
}

export const MINUTE_OPTIONS = ['00', '15', '30', '45'] as const;
export const EMPTY_CLOCK: ClockValue = { hour: '', minute: '00', meridiem: '' };

export interface ClassFormValues {
  title: string;
  date: string;
  start: ClockValue;
  end: ClockValue;
  location: string;
  address: string;
  notes: string;
  price: number | string;
  capacity: number | string;
  type: ClassType;
  level: ClassLevel;
  /** Comma-separated. */
  tags: string;
  paymentLink: string;
}

export type ClassFormField = keyof ClassFormValues;
export type ClassFormErrors = Partial<Record<ClassFormField, string>>;

/** The values plus what the trainer has set by hand, which the automatic defaults must leave alone. */
export interface ClassFormState {
  values: ClassFormValues;
  /** The trainer picked AM/PM for the start: picking an hour no longer resets it. */
  startMeridiemChosen: boolean;
  endMeridiemChosen: boolean;
  /** The trainer changed the end time: it stops following the start. */
  endEdited: boolean;
  /** The trainer changed the payment link: it is sent as typed (an empty one means no link). */
  paymentLinkEdited: boolean;
}

/** 'HH:MM' (24 h), or null while the hour or AM/PM is not picked. */
export function clockTo24(clock: ClockValue): string | null {
  if (!clock.hour || !clock.meridiem) return null;
  return to24Hour(Number(clock.hour), Number(clock.minute || '0'), clock.meridiem);
}

export function clockFrom24(time: string): ClockValue {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return { hour: String(hour), minute: String(m).padStart(2, '0'), meridiem: h >= 12 ? 'PM' : 'AM' };
}

const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

function clockFromMinutes(total: number): ClockValue {
  const wrapped = ((total % 1440) + 1440) % 1440;
  const h = Math.floor(wrapped / 60);
  const m = wrapped % 60;
  return clockFrom24(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
}

/** Spec: a class lasts 2 hours, so the end starts out two hours after the start. */
export function defaultEnd(start: ClockValue): ClockValue {
  const time = clockTo24(start);
  if (!time) return { ...EMPTY_CLOCK, minute: start.minute };
  return clockFromMinutes(minutesOf(time) + DEFAULT_CLASS_DURATION_MINUTES);
}

/**
 * An end hour picked without AM/PM: the half of the day that makes the class shortest (9 after a 6 PM start
 * is 9 PM; 1 after an 8 PM start is 1 AM). Without a start, the spec's default for the hour.
 */
export function endMeridiemFor(start: ClockValue, end: ClockValue): Meridiem {
  const startTime = clockTo24(start);
  const hour = Number(end.hour);
  if (!startTime) return defaultMeridiem(hour);
  const duration = (meridiem: Meridiem) => {
    const minutes = minutesOf(to24Hour(hour, Number(end.minute || '0'), meridiem)) - minutesOf(startTime);
    return minutes > 0 ? minutes : minutes + 1440;
  };
  return duration('AM') <= duration('PM') ? 'AM' : 'PM';
}

export function changeStart(state: ClassFormState, patch: Partial<ClockValue>): ClassFormState {
  const startMeridiemChosen = state.startMeridiemChosen || patch.meridiem !== undefined;
  const start = { ...state.values.start, ...patch };
  if (patch.hour !== undefined && !startMeridiemChosen) {
    start.meridiem = patch.hour ? defaultMeridiem(Number(patch.hour)) : '';
  }
  const end = state.endEdited ? state.values.end : defaultEnd(start);
  return { ...state, startMeridiemChosen, values: { ...state.values, start, end } };
}

export function changeEnd(state: ClassFormState, patch: Partial<ClockValue>): ClassFormState {
  const endMeridiemChosen = state.endMeridiemChosen || patch.meridiem !== undefined;
  const end = { ...state.values.end, ...patch };
  if (patch.hour !== undefined && !endMeridiemChosen) {
    end.meridiem = patch.hour ? endMeridiemFor(state.values.start, end) : '';
  }
  return { ...state, endEdited: true, endMeridiemChosen, values: { ...state.values, end } };
}

/** True when the class runs past midnight: the end is not after the start. */
export function endsNextDay(values: Pick<ClassFormValues, 'start' | 'end'>): boolean {
  const start = clockTo24(values.start);
  const end = clockTo24(values.end);
  return Boolean(start && end && end <= start);
}

export function newClassForm(defaults: { paymentLink: string | null; date?: string }): ClassFormState {
  return {
    values: {
      title: DEFAULT_CLASS_TITLE,
      date: defaults.date ?? '',
      start: EMPTY_CLOCK,
      end: EMPTY_CLOCK,
      location: '',
      address: '',
      notes: '',
      price: DEFAULT_CLASS_PRICE,
      capacity: DEFAULT_CLASS_CAPACITY,
      type: 'group',
      level: 'all-levels',
      tags: '',
      paymentLink: defaults.paymentLink ?? '',
    },
    startMeridiemChosen: false,
    endMeridiemChosen: false,
    endEdited: false,
    paymentLinkEdited: false,
  };
}

/** An existing class in the form: every choice in it was the trainer's, so no default overrides it. */
export function classToForm(c: ClassSummary): ClassFormState {
  const start = clockFrom24(c.startTime);
  const end = clockFrom24(c.endTime);
  const followsStart = clockTo24(defaultEnd(start)) === c.endTime;
  return {
    values: {
      title: c.title,
      date: c.date,
      start,
      end,
      location: c.location,
      address: c.address ?? '',
      notes: c.notes ?? '',
      price: c.price,
      capacity: c.capacity,
      type: c.type,
      level: c.level,
      tags: c.tags.join(', '),
      paymentLink: c.paymentLink ?? '',
    },
    startMeridiemChosen: true,
    endMeridiemChosen: !followsStart,
    endEdited: !followsStart,
    paymentLinkEdited: true,
  };
}

const fieldOfInput: Partial<Record<string, ClassFormField>> = {
  title: 'title',
  date: 'date',
  startTime: 'start',
  endTime: 'end',
  location: 'location',
  address: 'address',
  notes: 'notes',
  price: 'price',
  capacity: 'capacity',
  type: 'type',
  level: 'level',
  tags: 'tags',
  paymentLink: 'paymentLink',
};

/** The server's `fields` ('startTime', 'tags.0') as form fields; the first message per field wins. */
export function formErrorsFromServer(fields: Record<string, string> | undefined): ClassFormErrors {
  const errors: ClassFormErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = fieldOfInput[path.split('.')[0] ?? ''];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

export type ClassFormResult = { ok: true; input: ClassInput } | { ok: false; errors: ClassFormErrors };

/**
 * The form as the API's body, checked with the API's own schema so the messages are the server's. `timeZone` is
 * sent only when the trainer picked one: otherwise the server takes the zone of the class's place.
 */
export function validateClassForm(state: ClassFormState, timeZone?: string): ClassFormResult {
  const { values } = state;
  const input: ClassInput = {
    title: values.title,
    date: values.date,
    startTime: clockTo24(values.start) ?? '',
    endTime: clockTo24(values.end),
    ...(timeZone ? { timeZone } : {}),
    location: values.location,
    address: values.address.trim() || null,
    notes: values.notes.trim() || null,
    price: values.price === '' ? Number.NaN : Number(values.price),
    capacity: values.capacity === '' ? Number.NaN : Number(values.capacity),
    type: values.type,
    level: values.level,
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    // Untouched on a new class: left out, so the server gives it the trainer's basic class payment link.
    ...(state.paymentLinkEdited ? { paymentLink: values.paymentLink.trim() || null } : {}),
  };
  const parsed = classInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors: ClassFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfInput[String(issue.path[0] ?? '')];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
