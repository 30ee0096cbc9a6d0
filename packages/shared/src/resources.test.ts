import { describe, expect, it } from 'vitest';
import { isTrainingUpcoming, resourceInputSchema, trainingDatesText } from './resources';

describe('upcoming training dates', () => {
  it('always give the year', () => {
    expect(trainingDatesText('2027-07-25', '2027-07-27')).toBe('July 25–27, 2027');
    expect(trainingDatesText('2027-07-30', '2027-08-01')).toBe('July 30 – August 1, 2027');
    expect(trainingDatesText('2027-12-30', '2028-01-01')).toBe('December 30, 2027 – January 1, 2028');
    expect(trainingDatesText('2027-07-25', null)).toBe('July 25, 2027');
    expect(trainingDatesText('2027-07-25', '2027-07-25')).toBe('July 25, 2027');
  });

  it('are shown until the last day is over, and a training without dates never', () => {
    expect(isTrainingUpcoming('2027-07-25', '2027-07-27', '2027-07-01')).toBe(true);
    expect(isTrainingUpcoming('2027-07-25', '2027-07-27', '2027-07-27')).toBe(true);
    expect(isTrainingUpcoming('2027-07-25', '2027-07-27', '2027-07-28')).toBe(false);
    expect(isTrainingUpcoming('2027-07-25', null, '2027-07-26')).toBe(false);
    expect(isTrainingUpcoming(null, null, '2020-01-01')).toBe(false);
  });

  it('are required for an upcoming training, in order, and only there', () => {
    const training = {
      name: 'Train the Trainer',
      url: 'https://example.com/slides',
      kind: 'upcoming_training' as const,
    };
    expect(
      resourceInputSchema.safeParse({ ...training, startsOn: '2027-07-25', endsOn: '2027-07-27' }).success,
    ).toBe(true);
    const issues = (input: object) =>
      resourceInputSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues(training)).toEqual([['startsOn', 'Please give the training its first day.']]);
    expect(issues({ ...training, startsOn: '2027-07-27', endsOn: '2027-07-25' })).toEqual([
      ['endsOn', 'The last day cannot be before the first.'],
    ]);
    expect(issues({ ...training, startsOn: '2027-02-30' })?.[0]?.[0]).toBe('startsOn');
    expect(
      issues({
        name: 'Schedule',
        url: 'https://example.com/s',
        kind: 'training_schedule',
        startsOn: '2027-07-25',
      }),
    ).toEqual([['startsOn', 'Only an upcoming training has dates.']]);
  });
});
