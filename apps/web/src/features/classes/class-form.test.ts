import { classMessages } from '@soulpunch/shared';
import { describe, expect, it } from 'vitest';
import {
  changeEnd,
  changeStart,
  classToForm,
  clockTo24,
  defaultEnd,
  endMeridiemFor,
  endsNextDay,
  formErrorsFromServer,
  newClassForm,
  validateClassForm,
} from './class-form';
import { classSummary } from './testing/class-summary';

const fresh = () => newClassForm({ paymentLink: null });

describe('class form', () => {
  it('starts with the spec defaults', () => {
    const { values } = newClassForm({ paymentLink: 'https://pay.example/basic' });
    expect(values.title).toBe('2-Hour Basic Self-Defense Class');
    expect(values.price).toBe(75);
    expect(values.capacity).toBe(20);
    expect(values.paymentLink).toBe('https://pay.example/basic');
  });

  it('gives hours 1 to 6 and 12 PM and the others AM until AM/PM is picked by hand', () => {
    expect(changeStart(fresh(), { hour: '2' }).values.start.meridiem).toBe('PM');
    expect(changeStart(fresh(), { hour: '6' }).values.start.meridiem).toBe('PM');
    expect(changeStart(fresh(), { hour: '12' }).values.start.meridiem).toBe('PM');
    expect(changeStart(fresh(), { hour: '8' }).values.start.meridiem).toBe('AM');
    const chosen = changeStart(changeStart(fresh(), { hour: '8' }), { meridiem: 'PM' });
    expect(changeStart(chosen, { hour: '9' }).values.start).toMatchObject({ hour: '9', meridiem: 'PM' });
  });

  it('ends two hours after the start until the end is changed', () => {
    const started = changeStart(fresh(), { hour: '11', minute: '30' });
    expect(clockTo24(started.values.end)).toBe('13:30');
    const edited = changeEnd(started, { hour: '2' });
    expect(clockTo24(edited.values.end)).toBe('14:30');
    expect(clockTo24(changeStart(edited, { hour: '10' }).values.end)).toBe('14:30');
    expect(defaultEnd({ hour: '11', minute: '00', meridiem: 'PM' })).toEqual({
      hour: '1',
      minute: '00',
      meridiem: 'AM',
    });
  });

  it('picks the half of the day that keeps the class shortest for an end hour', () => {
    const sixPm = { hour: '6', minute: '00', meridiem: 'PM' } as const;
    expect(endMeridiemFor(sixPm, { hour: '9', minute: '00', meridiem: '' })).toBe('PM');
    const eightPm = { hour: '8', minute: '00', meridiem: 'PM' } as const;
    expect(endMeridiemFor(eightPm, { hour: '1', minute: '00', meridiem: '' })).toBe('AM');
    expect(endsNextDay({ start: eightPm, end: { hour: '1', minute: '00', meridiem: 'AM' } })).toBe(true);
  });

  it("checks the form with the API's own messages", () => {
    const empty = { ...fresh(), values: { ...fresh().values, title: ' ' } };
    const result = validateClassForm(empty, 'America/Chicago');
    expect(result).toEqual({
      ok: false,
      errors: {
        title: classMessages.titleRequired,
        date: classMessages.dateRequired,
        start: classMessages.startTimeRequired,
        location: classMessages.locationRequired,
      },
    });
  });

  it('builds the API body, leaving an untouched payment link to the server', () => {
    let state = changeStart(fresh(), { hour: '2' });
    state = {
      ...state,
      values: { ...state.values, date: '2030-07-20', location: 'Tulsa, OK', tags: 'women, , teens' },
    };
    const result = validateClassForm(state, 'America/Chicago');
    expect(result).toEqual({
      ok: true,
      input: {
        title: '2-Hour Basic Self-Defense Class',
        date: '2030-07-20',
        startTime: '14:00',
        endTime: '16:00',
        timeZone: 'America/Chicago',
        location: 'Tulsa, OK',
        address: null,
        notes: null,
        price: 75,
        capacity: 20,
        type: 'group',
        level: 'all-levels',
        tags: ['women', 'teens'],
      },
    });
    const cleared = { ...state, paymentLinkEdited: true };
    expect(validateClassForm(cleared, 'UTC')).toMatchObject({ ok: true, input: { paymentLink: null } });
  });

  it('loads an existing class without letting defaults override it', () => {
    const state = classToForm(
      classSummary({ startTime: '18:30', endTime: '21:00', paymentLink: 'https://p.example/x' }),
    );
    expect(state.values.start).toEqual({ hour: '6', minute: '30', meridiem: 'PM' });
    expect(state.values.end).toEqual({ hour: '9', minute: '00', meridiem: 'PM' });
    expect(state.endEdited).toBe(true);
    expect(clockTo24(changeStart(state, { hour: '7' }).values.end)).toBe('21:00');
  });

  it("maps the server's field messages onto the form", () => {
    expect(formErrorsFromServer({ startTime: 'Start time is required', 'tags.0': 'Too long' })).toEqual({
      start: 'Start time is required',
      tags: 'Too long',
    });
  });
});
