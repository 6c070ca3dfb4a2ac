import { describe, expect, it } from 'vitest';
import { ageCategory, bookedCsvHeaders, bookedCsvRow } from './booked.ts';

describe('ageCategory', () => {
  it.each([
    ['2019-12-31', 'U08'], // 7 in 2026
    ['2018-01-01', 'U10'], // 8
    ['2017-06-01', 'U10'], // 9
    ['2016-01-01', 'U12'], // 10
    ['2015-12-31', 'U12'], // 11
    ['2014-01-01', 'U14'], // 12
    ['2012-05-05', 'U16'], // 14
    ['2010-05-05', 'U18'], // 16
    ['2008-05-05', 'U21'], // 18
    ['2006-05-05', 'U21'], // 20
    ['2005-05-05', 'SM1'], // 21
    ['1997-05-05', 'SM1'], // 29
    ['1996-05-05', 'MA2'], // 30
    ['1977-05-05', 'MA3'], // 49
    ['1976-05-05', 'MA4'], // 50
    ['1940-05-05', 'MA4'],
  ])('born %s races as %s in 2026', (dob, category) => {
    expect(ageCategory(dob, 2026)).toBe(category);
  });

  it('uses the season year, not today: born 2018 is U10 in 2026 and U12 in 2028', () => {
    expect(ageCategory('2018-03-03', 2026)).toBe('U10');
    expect(ageCategory('2018-03-03', 2028)).toBe('U12');
  });

  it('has no category without a date of birth', () => {
    expect(ageCategory(null, 2026)).toBeNull();
    expect(ageCategory('', 2026)).toBeNull();
  });
});

describe('bookedCsvRow', () => {
  it('writes 16 cells in the header order, with club short codes and Yes/No permissions', () => {
    const row = bookedCsvRow(
      {
        racerId: 104,
        firstName: 'Harry',
        lastName: 'Smith',
        gender: 'MALE',
        dateOfBirth: '2012-01-30',
        localClub: 'MK_SKI_RACE_TEAM',
        seRegNumber: 'SE123',
        email: 'harry@example.com',
        contactNumber: '01234 567890',
        emergencyContactName: 'Pat Smith',
        emergencyContactNumber: '01234 567891',
        permissionPhotographed: true,
        permissionNameOnPhotos: false,
        permissionSocialMedia: true,
        bookedOn: '2026-11-24',
      },
      2027,
    );
    expect(bookedCsvHeaders('ERSA')).toHaveLength(16);
    expect(bookedCsvHeaders('FSRC')[0]).toBe('FSRC ID');
    expect(row).toEqual([
      104,
      'Harry',
      'Smith',
      'MALE',
      '2012-01-30',
      'U16',
      'SMK',
      'SE123',
      'harry@example.com',
      '01234 567890',
      'Pat Smith',
      '01234 567891',
      'Yes',
      'No',
      'Yes',
      '2026-11-24',
    ]);
  });
});
