import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RACE_QUANTITY,
  type EventForm,
  type EventFormOptions,
  emptyEventForm,
  eventFormSchema,
  eventValuesFromForm,
  isIsoDate,
  isTime,
  isWebUrl,
  nextDay,
  validateBookingDocument,
  validateEventForm,
} from './validation.ts';

function raceForm(overrides: Partial<EventForm> = {}): EventForm {
  return {
    name: 'Club Race',
    date: '2026-02-14',
    slope_name: 'Hemel Snow Centre',
    event_type: 'race',
    price: '25.00',
    quantity: '150',
    url: 'https://example.com/race',
    banner_message: '',
    registration_open: '2026-01-10',
    registration_open_time: '19:00',
    registration_close: '2026-02-07',
    registration_close_time: '18:00',
    ...overrides,
  };
}

function externalForm(overrides: Partial<EventForm> = {}): EventForm {
  return {
    ...emptyEventForm('external'),
    name: 'Snow Show',
    date: '2026-03-01',
    slope_name: 'ExCeL London',
    banner_message: 'Visit our stand!',
    ...overrides,
  };
}

const create: EventFormOptions = { mode: 'create', hasImage: true, hasLogo: true };
const update: EventFormOptions = { mode: 'update', hasImage: false, hasLogo: false };
const check = (form: EventForm, options: EventFormOptions = create) => validateEventForm(form, options);

describe('a valid event form', () => {
  it('passes for a race and for an external event', () => {
    expect(check(raceForm())).toEqual({});
    expect(check(externalForm())).toEqual({});
    expect(check(raceForm({ url: '' }))).toEqual({});
  });

  it('needs no image or logo on update', () => {
    expect(check(raceForm(), update)).toEqual({});
  });
});

describe('required fields', () => {
  it('date, name and slope name for every event', () => {
    expect(check(externalForm({ date: '', name: '', slope_name: '' }))).toEqual({
      date: 'Date is required',
      name: 'Name is required',
      slope_name: 'Slope name is required',
    });
  });

  it('event type', () => {
    expect(check(raceForm({ event_type: '' })).event_type).toBe('Event type is required');
    expect(check(raceForm({ event_type: 'party' })).event_type).toBe(
      'Event type must be one of race, external, school or information',
    );
  });

  it('price, quantity and the whole registration window for a race', () => {
    expect(
      check(
        raceForm({
          price: '',
          quantity: '',
          registration_open: '',
          registration_open_time: '',
          registration_close: '',
          registration_close_time: '',
        }),
      ),
    ).toEqual({
      price: 'Price is required',
      quantity: 'Quantity is required',
      registration_open: 'Registration open date is required',
      registration_open_time: 'Registration open time is required',
      registration_close: 'Registration close date is required',
      registration_close_time: 'Registration close time is required',
    });
  });

  it('image and logo on create, with the upload messages', () => {
    expect(check(raceForm(), { mode: 'create', hasImage: false, hasLogo: false })).toEqual({
      image: 'Please select a JPG file for the image.',
      logo: 'Please select a PNG file for the logo.',
    });
  });

  it('none of price, quantity or window for other events', () => {
    for (const type of ['external', 'school', 'information']) {
      expect(check(externalForm({ event_type: type, price: 'x', quantity: '-4', registration_open: 'bad' }))).toEqual(
        {},
      );
    }
  });
});

describe('price', () => {
  it('is digits with an optional point and at most 2 decimals', () => {
    for (const ok of ['0', '0.00', '25', '25.5', '25.50'])
      expect(check(raceForm({ price: ok })).price, ok).toBeUndefined();
    for (const bad of ['25.555', '-5', '£25', '25,00', 'abc', '.5', '25.']) {
      expect(check(raceForm({ price: bad })).price, bad).toBe('Price must be a number with at most 2 decimal places');
    }
  });

  it('has a ceiling of 10000.00', () => {
    expect(check(raceForm({ price: '10000.00' })).price).toBeUndefined();
    expect(check(raceForm({ price: '10000.01' })).price).toBe('Price must be 10000.00 or less');
  });
});

describe('quantity', () => {
  it('is a whole number of at least 1', () => {
    expect(check(raceForm({ quantity: '1' })).quantity).toBeUndefined();
    for (const bad of ['0', '-1', '1.5', 'ten', '1e2']) {
      expect(check(raceForm({ quantity: bad })).quantity, bad).toBe('Quantity must be a whole number of at least 1');
    }
  });

  it('has a ceiling of 10000', () => {
    expect(check(raceForm({ quantity: '10000' })).quantity).toBeUndefined();
    expect(check(raceForm({ quantity: '10001' })).quantity).toBe('Quantity must be 10000 or fewer');
  });

  it('may not go below the places already booked', () => {
    expect(check(raceForm({ quantity: '11' }), { ...update, booked: 12 }).quantity).toBe(
      'Quantity cannot be less than the places already booked (12)',
    );
    expect(check(raceForm({ quantity: '12' }), { ...update, booked: 12 }).quantity).toBeUndefined();
  });

  it('defaults to 150 on a blank race form', () => {
    expect(DEFAULT_RACE_QUANTITY).toBe(150);
    expect(emptyEventForm('race').quantity).toBe('150');
    expect(emptyEventForm('external').quantity).toBe('');
  });
});

describe('the registration window', () => {
  it('close must be at least the day after open', () => {
    expect(
      check(raceForm({ registration_open: '2026-02-01', registration_close: '2026-02-01' })).registration_close,
    ).toBe('Registration must close at least a day after it opens');
    expect(
      check(raceForm({ registration_open: '2026-02-02', registration_close: '2026-02-01' })).registration_close,
    ).toBe('Registration must close at least a day after it opens');
    expect(
      check(raceForm({ registration_open: '2026-02-01', registration_close: '2026-02-02' })).registration_close,
    ).toBeUndefined();
  });

  it('close must be by the event date', () => {
    expect(check(raceForm({ registration_close: '2026-02-14' })).registration_close).toBeUndefined();
    expect(check(raceForm({ registration_close: '2026-02-15' })).registration_close).toBe(
      'Registration must close by the event date',
    );
  });

  it('open must be by the event date', () => {
    expect(
      check(raceForm({ registration_open: '2026-02-15', registration_close: '2026-02-16' })).registration_open,
    ).toBe('Registration must open by the event date');
  });

  it('dates must be real dates and times 24-hour HH:MM', () => {
    expect(
      check(
        raceForm({
          date: '2026-02-30',
          registration_open: '10/01/2026',
          registration_close: '2026-13-01',
          registration_open_time: '7pm',
          registration_close_time: '24:00',
        }),
      ),
    ).toEqual({
      date: 'Date must be a valid date (YYYY-MM-DD)',
      registration_open: 'Registration open date must be a valid date (YYYY-MM-DD)',
      registration_close: 'Registration close date must be a valid date (YYYY-MM-DD)',
      registration_open_time: 'Registration open time must be a 24-hour time (HH:MM)',
      registration_close_time: 'Registration close time must be a 24-hour time (HH:MM)',
    });
  });
});

describe('url, banner and lengths', () => {
  it('url is optional but must be http(s)', () => {
    expect(check(raceForm({ url: 'http://example.com' })).url).toBeUndefined();
    for (const bad of ['example.com', 'javascript:alert(1)', 'ftp://example.com', 'https://']) {
      expect(check(raceForm({ url: bad })).url, bad).toBe(
        'URL must be a web address starting with http:// or https://',
      );
    }
  });

  it('banner message: at most 500 characters whatever the type (races do not use it)', () => {
    expect(check(externalForm({ banner_message: 'x'.repeat(500) })).banner_message).toBeUndefined();
    const long = 'x'.repeat(501);
    expect(check(externalForm({ banner_message: long })).banner_message).toBe(
      'Banner message must be 500 characters or fewer',
    );
    expect(check(raceForm({ banner_message: long })).banner_message).toBe(
      'Banner message must be 500 characters or fewer',
    );
  });

  it('every field refuses control characters, price and times with their own format message', () => {
    expect(check(externalForm({ price: '1\u0000', name: 'Snow\u0085Show' }))).toEqual({
      price: 'Price must be a number with at most 2 decimal places',
      name: 'Name contains characters that are not allowed',
    });
    expect(check(raceForm({ registration_open_time: '19:0\u0000' })).registration_open_time).toBe(
      'Registration open time must be a 24-hour time (HH:MM)',
    );
  });

  it('name and slope name are at most 100 characters', () => {
    expect(check(raceForm({ name: 'x'.repeat(100), slope_name: 'y'.repeat(100) }))).toEqual({});
    expect(check(raceForm({ name: 'x'.repeat(101), slope_name: 'y'.repeat(101) }))).toEqual({
      name: 'Name must be 100 characters or fewer',
      slope_name: 'Slope name must be 100 characters or fewer',
    });
  });

  it('a race with bookings may not become another type', () => {
    expect(check(externalForm(), { ...update, booked: 3 }).event_type).toBe(
      'The event type cannot be changed while places are booked (3)',
    );
    expect(check(externalForm(), { ...update, booked: 0 })).toEqual({});
  });
});

describe('stored values', () => {
  it('a race keeps price in pence, quantity and window, and drops the banner', () => {
    expect(eventValuesFromForm(raceForm({ price: '25.5', banner_message: 'ignored' }))).toEqual({
      name: 'Club Race',
      date: '2026-02-14',
      slopeName: 'Hemel Snow Centre',
      eventType: 'race',
      pricePence: 2550,
      quantity: 150,
      url: 'https://example.com/race',
      bannerMessage: '',
      registrationOpen: '2026-01-10',
      registrationOpenTime: '19:00',
      registrationClose: '2026-02-07',
      registrationCloseTime: '18:00',
    });
  });

  it('another event stores price and quantity 0, no window, and keeps the banner', () => {
    expect(
      eventValuesFromForm(externalForm({ price: '9.99', quantity: '5', registration_open: '2026-01-01' })),
    ).toMatchObject({
      eventType: 'external',
      pricePence: 0,
      quantity: 0,
      bannerMessage: 'Visit our stand!',
      registrationOpen: null,
      registrationOpenTime: null,
      registrationClose: null,
      registrationCloseTime: null,
    });
  });
});

describe('the form shape', () => {
  it('trims every field and fills missing ones with ""', () => {
    const parsed = eventFormSchema.parse({ name: '  Club Race ', date: '2026-02-14' });
    expect(parsed.name).toBe('Club Race');
    expect(parsed.price).toBe('');
  });

  it('refuses unknown fields', () => {
    const result = eventFormSchema.safeParse({ name: 'x', is_admin: 'true' });
    expect(result.success).toBe(false);
  });
});

describe('booking documents', () => {
  it('need both a name and a file', () => {
    const both = 'Please provide both a document name and a file.';
    expect(validateBookingDocument({ name: 'Timetable', hasFile: true })).toEqual({});
    expect(validateBookingDocument({ name: '  ', hasFile: true })).toEqual({ name: both });
    expect(validateBookingDocument({ name: 'Timetable', hasFile: false })).toEqual({ document: both });
    expect(validateBookingDocument({ name: '', hasFile: false })).toEqual({ name: both, document: both });
  });

  it('limit the name to 100 characters', () => {
    expect(validateBookingDocument({ name: 'x'.repeat(101), hasFile: true })).toEqual({
      name: 'Document name must be 100 characters or fewer',
    });
  });
});

describe('helpers', () => {
  it('isIsoDate, isTime, nextDay, isWebUrl', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isTime('00:00')).toBe(true);
    expect(isTime('23:59')).toBe(true);
    expect(isTime('9:00')).toBe(false);
    expect(isTime('19:00:00')).toBe(false);
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(isWebUrl('HTTPS://EXAMPLE.COM')).toBe(true);
  });
});
