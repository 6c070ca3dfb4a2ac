import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { fileProblem, initials, saveFailure, serverFieldErrors, toFormData } from './form-utils.ts';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('toFormData', () => {
  it('sends every text field, files only when chosen, and flags only when set', () => {
    const image = new File(['x'], 'slope.png', { type: 'image/png' });
    const data = toFormData(
      { race_club_name: 'Hemel', address_line_2: '' },
      { slope_image: image, slope_map: null },
      { slope_image_clear: false, slope_map_clear: true },
    );
    expect([...data.keys()]).toEqual(['race_club_name', 'address_line_2', 'slope_image', 'slope_map_clear']);
    expect(data.get('address_line_2')).toBe('');
    expect(data.get('slope_image')).toBeInstanceOf(File);
    expect(data.get('slope_map_clear')).toBe('true');
  });
});

describe('fileProblem', () => {
  it('accepts jpg, png and webp pictures up to 5 MB', () => {
    expect(fileProblem(null, 'picture')).toBeNull();
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.webp', 'image/webp'],
      ['a.JPEG', ''],
    ] as const) {
      expect(fileProblem(file(name, type), 'picture')).toBeNull();
    }
    expect(fileProblem(file('a.gif', 'image/gif'), 'picture')).toBe('Please select a JPG, PNG or WEBP image.');
    expect(fileProblem(file('a.png', 'image/png', 5 * 1024 * 1024 + 1), 'picture')).toBe(
      'The image must be 5 MB or smaller.',
    );
  });
  it('accepts only PDFs up to 10 MB for documents, with the spec message', () => {
    expect(fileProblem(file('policy.pdf', 'application/pdf'), 'pdf')).toBeNull();
    expect(fileProblem(file('policy.docx', 'application/msword'), 'pdf')).toBe('Please select a PDF file.');
    expect(fileProblem(file('policy.pdf', 'application/pdf', 10 * 1024 * 1024 + 1), 'pdf')).toBe(
      'The document must be 10 MB or smaller.',
    );
  });
});

describe('server errors', () => {
  const fieldError = new ApiError(400, 'Validation failed', 'VALIDATION', {
    document: ['Please select a PDF file.'],
    hacker: ['Unknown field: hacker'],
  });

  it('puts the messages of the form’s own fields beside them', () => {
    expect(serverFieldErrors(fieldError, ['name', 'document'])).toEqual({ document: 'Please select a PDF file.' });
    expect(serverFieldErrors(new Error('network'), ['name'])).toEqual({});
  });

  it('says what went wrong above the form', () => {
    const fields = ['name', 'document'];
    expect(saveFailure(fieldError, fields, 'Failed')).toBe('Please correct the highlighted fields.');
    expect(
      saveFailure(new ApiError(413, 'The document must be 10 MB or smaller.', 'PAYLOAD_TOO_LARGE'), fields, 'Failed'),
    ).toBe('The document must be 10 MB or smaller.');
    // a proxy's refusal is not our server's: no code, no words of ours (issue 35)
    expect(saveFailure(new ApiError(413, '<html>413 Request Entity Too Large</html>'), fields, 'Failed')).toBe(
      'Failed',
    );
    expect(saveFailure(new ApiError(400, 'Bad', 'VALIDATION', { other: ['Other is wrong'] }), fields, 'F')).toBe(
      'Other is wrong',
    );
    expect(saveFailure(new ApiError(500, 'Internal details'), fields, 'Failed')).toBe('Failed');
    expect(saveFailure(new ApiError(404, 'Request failed (404)'), fields, 'Failed')).toBe('Failed');
    expect(saveFailure(new TypeError('fetch failed'), fields, 'Failed')).toBe('Failed');
  });
});

describe('initials', () => {
  it('are the uppercased first letters of the names', () => {
    expect(initials('helen', ' marsh')).toBe('HM');
  });
});
