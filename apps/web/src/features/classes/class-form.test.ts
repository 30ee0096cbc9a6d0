import { classMessages } from '@soulpunch/shared';
import { describe, expect, it } from 'vitest';
import {
  changeEnd,
  changeStart,
  classFormErrors,
  classToForm,
  clockTo24,
  defaultEnd,
  endMeridiemFor,
  endsNextDay,
  newClassForm,
  toClassInput,
  validateClassForm,
} from './class-form';
import { classSummary } from './testing/class-summary';

const fresh = () => newClassForm();

describe('class form', () => {
  it('starts with the spec defaults', () => {
    const values = newClassForm();
    expect(values.title).toBe('2-Hour Basic Self-Defense Class');
    expect(values.price).toBe(75);
    expect(values.capacity).toBe(20);
    // Not yet edited: the field shows the trainer's basic class payment link.
    expect(values.paymentLink).toBeNull();
  });

  it('gives hours 1 to 6 and 12 PM and the others AM until AM/PM is picked by hand', () => {
    expect(changeStart(fresh(), { hour: '2' }).start.meridiem).toBe('PM');
    expect(changeStart(fresh(), { hour: '6' }).start.meridiem).toBe('PM');
    expect(changeStart(fresh(), { hour: '12' }).start.meridiem).toBe('PM');
    expect(changeStart(fresh(), { hour: '8' }).start.meridiem).toBe('AM');
    const chosen = changeStart(changeStart(fresh(), { hour: '8' }), { meridiem: 'PM' });
    expect(changeStart(chosen, { hour: '9' }).start).toMatchObject({ hour: '9', meridiem: 'PM' });
  });

  it('ends two hours after the start until the end is changed', () => {
    const started = changeStart(fresh(), { hour: '11', minute: '30' });
    expect(clockTo24(started.end)).toBe('13:30');
    const edited = changeEnd(started, { hour: '2' });
    expect(clockTo24(edited.end)).toBe('14:30');
    expect(clockTo24(changeStart(edited, { hour: '10' }).end)).toBe('14:30');
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
    expect(validateClassForm({ ...fresh(), title: ' ' })).toEqual({
      title: classMessages.titleRequired,
      date: classMessages.dateRequired,
      start: classMessages.startTimeRequired,
      location: classMessages.locationRequired,
    });
  });

  it('builds the API body, leaving an untouched payment link to the server', () => {
    const values = {
      ...fresh(),
      ...changeStart(fresh(), { hour: '2' }),
      date: '2030-07-20',
      timeZone: 'America/Chicago',
      location: 'Tulsa, OK',
      tags: 'women, , teens',
    };
    expect(validateClassForm(values)).toEqual({});
    expect(toClassInput(values)).toEqual({
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
    });
    expect(toClassInput({ ...values, timeZone: '' })).not.toHaveProperty('timeZone');
    expect(toClassInput({ ...values, paymentLink: ' ' })).toMatchObject({ paymentLink: null });
  });

  it('loads an existing class without letting defaults override it', () => {
    const values = classToForm(
      classSummary({ startTime: '18:30', endTime: '21:00', paymentLink: 'https://p.example/x' }),
    );
    expect(values.start).toEqual({ hour: '6', minute: '30', meridiem: 'PM' });
    expect(values.end).toEqual({ hour: '9', minute: '00', meridiem: 'PM' });
    expect(values.picked.end).toBe(true);
    expect(clockTo24(changeStart(values, { hour: '7' }).end)).toBe('21:00');
    expect(toClassInput(values)).toMatchObject({ paymentLink: 'https://p.example/x' });
    expect(toClassInput(values)).not.toHaveProperty('timeZone');
  });

  it("maps the server's field messages onto the form", () => {
    expect(
      classFormErrors({ startTime: 'Start time is required', 'tags.0': 'Too long', '': 'Unknown' }),
    ).toEqual({
      start: 'Start time is required',
      tags: 'Too long',
    });
  });
});
