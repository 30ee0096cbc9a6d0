import { schemaResolver } from '@mantine/form';
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

/** What the trainer has picked by hand, which the automatic time defaults must leave alone. */
export interface PickedByHand {
  /** AM/PM for the start: picking an hour no longer resets it. */
  startMeridiem: boolean;
  endMeridiem: boolean;
  /** The end time: it stops following the start. */
  end: boolean;
}

export interface ClassFormValues {
  title: string;
  date: string;
  start: ClockValue;
  end: ClockValue;
  /** The zone the trainer picked; '' leaves it to the class's place. */
  timeZone: string;
  location: string;
  address: string;
  notes: string;
  price: number | string;
  capacity: number | string;
  type: ClassType;
  level: ClassLevel;
  /** Comma-separated. */
  tags: string;
  /**
   * Null on a new class until the trainer edits it: the field shows their basic class payment link and the body
   * leaves it out, so the server gives the class that link. An empty string means no link.
   */
  paymentLink: string | null;
  picked: PickedByHand;
}

export type ClassFormField = Exclude<keyof ClassFormValues, 'picked'>;

/** The part of the form the time pickers change together. */
export type ClassTimes = Pick<ClassFormValues, 'start' | 'end' | 'picked'>;

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

export function changeStart(times: ClassTimes, patch: Partial<ClockValue>): ClassTimes {
  const picked = {
    ...times.picked,
    startMeridiem: times.picked.startMeridiem || patch.meridiem !== undefined,
  };
  const start = { ...times.start, ...patch };
  if (patch.hour !== undefined && !picked.startMeridiem) {
    start.meridiem = patch.hour ? defaultMeridiem(Number(patch.hour)) : '';
  }
  const end = picked.end ? times.end : defaultEnd(start);
  return { start, end, picked };
}

export function changeEnd(times: ClassTimes, patch: Partial<ClockValue>): ClassTimes {
  const picked = {
    ...times.picked,
    end: true,
    endMeridiem: times.picked.endMeridiem || patch.meridiem !== undefined,
  };
  const end = { ...times.end, ...patch };
  if (patch.hour !== undefined && !picked.endMeridiem) {
    end.meridiem = patch.hour ? endMeridiemFor(times.start, end) : '';
  }
  return { start: times.start, end, picked };
}

/** True when the class runs past midnight: the end is not after the start. */
export function endsNextDay(values: Pick<ClassFormValues, 'start' | 'end'>): boolean {
  const start = clockTo24(values.start);
  const end = clockTo24(values.end);
  return Boolean(start && end && end <= start);
}

export function newClassForm(): ClassFormValues {
  return {
    title: DEFAULT_CLASS_TITLE,
    date: '',
    start: EMPTY_CLOCK,
    end: EMPTY_CLOCK,
    timeZone: '',
    location: '',
    address: '',
    notes: '',
    price: DEFAULT_CLASS_PRICE,
    capacity: DEFAULT_CLASS_CAPACITY,
    type: 'group',
    level: 'all-levels',
    tags: '',
    paymentLink: null,
    picked: { startMeridiem: false, endMeridiem: false, end: false },
  };
}

/** An existing class in the form: every choice in it was the trainer's, so no default overrides it. */
export function classToForm(c: ClassSummary): ClassFormValues {
  const start = clockFrom24(c.startTime);
  const end = clockFrom24(c.endTime);
  const followsStart = clockTo24(defaultEnd(start)) === c.endTime;
  return {
    title: c.title,
    date: c.date,
    start,
    end,
    // The class keeps its zone unless the trainer picks one or moves it to a known place.
    timeZone: '',
    location: c.location,
    address: c.address ?? '',
    notes: c.notes ?? '',
    price: c.price,
    capacity: c.capacity,
    type: c.type,
    level: c.level,
    tags: c.tags.join(', '),
    paymentLink: c.paymentLink ?? '',
    picked: { startMeridiem: true, endMeridiem: !followsStart, end: !followsStart },
  };
}

const fieldOfInput: Partial<Record<string, ClassFormField>> = {
  title: 'title',
  date: 'date',
  startTime: 'start',
  endTime: 'end',
  timeZone: 'timeZone',
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

/**
 * The API body's field messages ('startTime', 'tags.0'), the shared schema's or the server's, on the form's
 * fields; the first message per field wins.
 */
export function classFormErrors<Message>(
  fields: Record<string, Message> | undefined,
): Partial<Record<ClassFormField, Message>> {
  const errors: Partial<Record<ClassFormField, Message>> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = fieldOfInput[path.split('.')[0] ?? ''];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/**
 * The form as the API's body. `timeZone` is sent only when the trainer picked one, and `paymentLink` only once
 * they edited it: otherwise the server takes the zone of the class's place and their basic class payment link.
 */
export function toClassInput(values: ClassFormValues): ClassInput {
  return {
    title: values.title,
    date: values.date,
    startTime: clockTo24(values.start) ?? '',
    endTime: clockTo24(values.end),
    ...(values.timeZone ? { timeZone: values.timeZone } : {}),
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
    ...(values.paymentLink === null ? {} : { paymentLink: values.paymentLink.trim() || null }),
  };
}

const inputErrors = schemaResolver(classInputSchema, { sync: true });

/** The form checked as the API's body with the API's own schema, so the messages are the server's. */
export const validateClassForm = (values: ClassFormValues) =>
  classFormErrors(inputErrors(toClassInput(values)));
