import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import {
  DEFAULT_LINK_FILTER,
  LINK_FILTERS,
  linkDecisionFailure,
  linkPageCount,
  linkRequestsQueryString,
  parseLinkFilter,
} from './link-requests-model.ts';

describe('the link-request filter', () => {
  it('offers All, Pending, Approved, Rejected with Pending by default', () => {
    expect(LINK_FILTERS.map((f) => f.label)).toEqual(['All', 'Pending', 'Approved', 'Rejected']);
    expect(DEFAULT_LINK_FILTER).toBe('PENDING');
    expect(parseLinkFilter('APPROVED')).toBe('APPROVED');
    expect(parseLinkFilter('nonsense')).toBe('PENDING');
  });

  it('sends the page, the status (none for All) and the trimmed search', () => {
    expect(linkRequestsQueryString({ page: 1, status: 'PENDING', search: '' })).toBe('?page=1&status=PENDING');
    expect(linkRequestsQueryString({ page: 2, status: 'ALL', search: '  ann lee ' })).toBe('?page=2&search=ann+lee');
  });

  it('counts pages of 50', () => {
    expect(linkPageCount(0)).toBe(1);
    expect(linkPageCount(50)).toBe(1);
    expect(linkPageCount(51)).toBe(2);
  });
});

describe('a failed decision', () => {
  it('shows the server’s error text, else the general message', () => {
    expect(linkDecisionFailure(new ApiError(409, 'The link request is already approved.', 'CONFLICT'))).toBe(
      'The link request is already approved.',
    );
    expect(linkDecisionFailure(new TypeError('Failed to fetch'))).toBe(
      'An error occurred while updating link request status',
    );
  });
});
