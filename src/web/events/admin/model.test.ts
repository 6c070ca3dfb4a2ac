import { describe, expect, it } from 'vitest';
import { EVENT_MSG, type EventForm, emptyEventForm, type Product } from '../../../domain/events/index.ts';
import {
  changeEventType,
  eventFilterChoices,
  eventFormData,
  eventTypeOptions,
  fileTypeError,
  formFromProduct,
  NO_FILES,
  placesLabel,
  previewProduct,
  slopeQuickFill,
  validateEvent,
  windowLimits,
} from './model.ts';

const jpg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'banner.jpg', { type: 'image/jpeg' });
const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });

function raceForm(overrides: Partial<EventForm> = {}): EventForm {
  return {
    ...emptyEventForm('race'),
    name: 'Club Race',
    date: '2026-03-14',
    slope_name: 'Hemel Ski Race Club',
    price: '25.50',
    registration_open: '2026-02-01',
    registration_open_time: '09:00',
    registration_close: '2026-03-10',
    registration_close_time: '18:00',
    ...overrides,
  };
}

const product: Product = {
  id: 7,
  start_time: null,
  name: 'Club Race',
  slug: 'club-race-2026',
  date: '2026-03-14',
  slope_name: 'Hemel',
  price: '25.00',
  image: '/media/a.jpg',
  image_card: '/media/c.webp',
  logo: '/media/b.png',
  logo_card: '/media/d.webp',
  url: 'https://example.com',
  banner_message: '',
  event_type: 'race',
  registration_open: '2026-02-01',
  registration_open_time: '09:00',
  registration_close: '2026-03-10',
  registration_close_time: '18:00',
  quantity: 150,
  booked_quantity: 12,
  held_quantity: 0,
  is_full: false,
  is_cancelled: false,
  documents: [],
};

describe('the event type', () => {
  it('offers the association code for races, then External, School and Information', () => {
    expect(eventTypeOptions('ERSA').map((o) => o.label)).toEqual(['ERSA', 'External', 'School', 'Information']);
  });

  it('resets every field of a new event, with the default quantity for races', () => {
    const next = changeEventType(raceForm(), 'race', false);
    expect(next).toEqual({ ...emptyEventForm('race'), quantity: '150' });
    expect(changeEventType(raceForm(), 'school', false)).toEqual(emptyEventForm('school'));
  });

  it('keeps name, date, slope and url of an event being edited', () => {
    const next = changeEventType(raceForm({ url: 'https://x.org' }), 'external', true);
    expect(next).toMatchObject({ name: 'Club Race', date: '2026-03-14', url: 'https://x.org', price: '' });
    expect(next.registration_open).toBe('');
  });
});

describe('the files', () => {
  it('accepts a jpg image and a png logo', () => {
    expect(fileTypeError('image', jpg)).toBeNull();
    expect(fileTypeError('logo', png)).toBeNull();
    expect(fileTypeError('image', null)).toBeNull();
  });

  it('refuses a jpg as the logo and a png as the image, with the text’s messages', () => {
    expect(fileTypeError('logo', jpg)).toBe('Please select a PNG file for the logo.');
    expect(fileTypeError('image', png)).toBe('Please select a JPG file for the image.');
    const renamed = new File(['x'], 'logo.png', { type: 'image/jpeg' });
    expect(fileTypeError('logo', renamed)).toBe(EVENT_MSG.logoRequired);
  });
});

describe('validation', () => {
  it('needs image and logo when creating, not when editing', () => {
    const errors = validateEvent(raceForm(), NO_FILES, null);
    expect(errors).toEqual({ image: EVENT_MSG.imageRequired, logo: EVENT_MSG.logoRequired });
    expect(validateEvent(raceForm(), NO_FILES, product)).toEqual({});
    expect(validateEvent(raceForm(), { image: jpg, logo: png }, null)).toEqual({});
  });

  it('refuses a wrong file type even when editing', () => {
    expect(validateEvent(raceForm(), { image: null, logo: jpg }, product)).toEqual({ logo: EVENT_MSG.logoRequired });
  });

  it('applies the domain rules (price, window) and trims what was typed', () => {
    const errors = validateEvent(
      raceForm({ price: '1.234', registration_close: '2026-02-01', name: '   ' }),
      { image: jpg, logo: png },
      null,
    );
    expect(errors).toEqual({
      price: EVENT_MSG.price,
      registration_close: EVENT_MSG.closeTooSoon,
      name: EVENT_MSG.nameRequired,
    });
  });

  it('does not let the quantity fall below the places booked', () => {
    expect(validateEvent(raceForm({ quantity: '5' }), NO_FILES, product).quantity).toBe(
      EVENT_MSG.quantityBelowBooked(12),
    );
  });
});

describe('the registration window limits', () => {
  it('opens by the event date and closes from the day after opening to the event date', () => {
    expect(windowLimits(raceForm())).toEqual({ openMax: '2026-03-14', closeMin: '2026-02-02', closeMax: '2026-03-14' });
    expect(windowLimits(raceForm({ registration_open: '2026-02-28' })).closeMin).toBe('2026-03-01');
    expect(windowLimits(emptyEventForm('race'))).toEqual({
      openMax: undefined,
      closeMin: undefined,
      closeMax: undefined,
    });
  });
});

describe('editing', () => {
  it('fills the form from an event', () => {
    expect(formFromProduct(product)).toEqual(
      raceForm({ price: '25.00', slope_name: 'Hemel', url: 'https://example.com' }),
    );
  });

  it('leaves price and quantity empty for other types and keeps the banner', () => {
    const school = { ...product, event_type: 'school' as const, price: '0.00', quantity: 0, banner_message: 'Hi' };
    expect(formFromProduct(school)).toMatchObject({ price: '', quantity: '', banner_message: 'Hi' });
  });
});

describe('the multipart body', () => {
  it('carries every field trimmed and only the files chosen', () => {
    const data = eventFormData(raceForm({ name: '  Club Race ' }), { image: jpg, logo: null });
    expect(data.get('name')).toBe('Club Race');
    expect(data.get('event_type')).toBe('race');
    expect(data.get('quantity')).toBe('150');
    expect((data.get('image') as File).name).toBe('banner.jpg');
    expect(data.has('logo')).toBe(false);
    expect([...data.keys()]).toHaveLength(13);
    expect(data.has('start_time')).toBe(false);
  });

  it('carries the start time as start_time when there is one, and an empty one to clear it', () => {
    const files = { image: null, logo: null };
    expect(eventFormData(raceForm(), files, ' 09:30 ').get('start_time')).toBe('09:30');
    expect(eventFormData(raceForm(), files, '', '10:00').get('start_time')).toBe('');
    expect(eventFormData(raceForm(), files, '', '').has('start_time')).toBe(false);
  });
});

describe('the preview', () => {
  const media = { image: 'blob:image', logo: null };

  it('is nothing until a type is chosen', () => {
    expect(previewProduct(emptyEventForm(), media, null)).toBeNull();
  });

  it('shows what would be stored, leaving blanks to the card', () => {
    const event = previewProduct(raceForm({ name: ' ', slope_name: '', date: '2026-02' }), media, null);
    expect(event).toMatchObject({
      name: '',
      slope_name: '',
      date: '',
      price: '25.50',
      quantity: 150,
      image: 'blob:image',
      registration_open: '2026-02-01',
    });
    expect(previewProduct(raceForm({ price: '12.3' }), media, null)?.price).toBe('12.30');
    expect(previewProduct(raceForm({ price: '1.234' }), media, null)?.price).toBe('1.234');
    const info = previewProduct({ ...emptyEventForm('information'), banner_message: 'Soon' }, media, null);
    expect(info).toMatchObject({ price: '0.00', banner_message: 'Soon', registration_open: null, quantity: 0 });
  });

  it('keeps the booked count, documents and id of the event being edited', () => {
    const event = previewProduct(formFromProduct(product), media, product);
    expect(event).toMatchObject({ id: 7, booked_quantity: 12, quantity: 150 });
  });
});

describe('the table', () => {
  it('shows booked/quantity for races only', () => {
    expect(placesLabel(product)).toBe('12/150');
    expect(placesLabel({ ...product, event_type: 'external' })).toBe('—');
  });

  it('names the filters in words, with the association code', () => {
    expect(eventFilterChoices('ERSA').map((c) => c.label)).toEqual([
      'All events',
      'Upcoming events',
      'Past events',
      'ERSA events',
      'Non-ERSA events',
      'Upcoming ERSA events',
      'Upcoming non-ERSA events',
      'Past ERSA events',
      'Past non-ERSA events',
    ]);
    expect(eventFilterChoices('SSA').find((c) => c.value === 'past-non-race')?.label).toBe('Past non-SSA events');
  });
});

describe('the slope quick-fill', () => {
  it("offers each club's slope name, with its club, once", () => {
    const clubs = [
      { race_club_name: 'Hemel Ski Race Club', slope_name: 'The Snow Centre' },
      { race_club_name: 'Vikings Ski Race Team', slope_name: ' Harlow Ski Slope ' },
      { race_club_name: 'Another Club', slope_name: 'The Snow Centre' },
      { race_club_name: 'No Slope Yet', slope_name: '' },
    ];
    expect(slopeQuickFill(clubs)).toEqual([
      { slope: 'The Snow Centre', club: 'Hemel Ski Race Club' },
      { slope: 'Harlow Ski Slope', club: 'Vikings Ski Race Team' },
    ]);
  });
});
