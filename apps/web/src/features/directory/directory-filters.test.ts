import { describe, expect, it } from 'vitest';
import { describeFilters, EMPTY_FILTERS } from './directory-filters';
import { stateName } from './us-states';

describe('describeFilters', () => {
  it('says nothing when no filter is on', () => {
    expect(describeFilters(EMPTY_FILTERS, stateName)).toBe('');
  });

  it('names every filter that is on, in the order of the panel', () => {
    expect(describeFilters({ ...EMPTY_FILTERS, location: 'New York' }, stateName)).toBe('Location: New York');
    expect(
      describeFilters(
        {
          ...EMPTY_FILTERS,
          q: 'kim',
          state: 'OK',
          availability: 'Weekends',
          classType: 'Private Lessons',
          near: '36.1,-95.9',
        },
        stateName,
      ),
    ).toBe(
      'Search: kim · State: Oklahoma · Availability: Weekends · Class type: Private Lessons · Distance from: your location',
    );
    expect(describeFilters({ ...EMPTY_FILTERS, from: '74103', near: '1,2' }, stateName)).toBe(
      'Distance from: 74103',
    );
  });
});
