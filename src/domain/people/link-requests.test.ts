import { describe, expect, it } from 'vitest';
import { decide, familyAfterApproval, LINK_MSG, memberRole } from './link-requests.ts';

describe('an administrator’s decision on a link request', () => {
  it('moves a request to the chosen state from either other state', () => {
    expect(decide('PENDING', 'approve')).toEqual({ status: 'APPROVED' });
    expect(decide('PENDING', 'reject')).toEqual({ status: 'REJECTED' });
    expect(decide('REJECTED', 'approve')).toEqual({ status: 'APPROVED' });
    expect(decide('APPROVED', 'reject')).toEqual({ status: 'REJECTED' });
  });

  it('refuses the state the request is already in (its button is disabled)', () => {
    expect(decide('APPROVED', 'approve')).toEqual({ refused: 'The link request is already approved.' });
    expect(decide('REJECTED', 'reject')).toEqual({ refused: 'The link request is already rejected.' });
  });
});

describe('who a request belongs to', () => {
  const request = { requesterId: 1, targetId: 2 };
  it('is its maker and the user it names, nobody else', () => {
    expect(memberRole(request, 1)).toBe('requester');
    expect(memberRole(request, 2)).toBe('target');
    expect(memberRole(request, 3)).toBeNull();
  });
});

describe('the family after an approval', () => {
  it('is a new one when neither account has one', () => {
    expect(familyAfterApproval(null, null)).toEqual({ keep: null, absorb: null });
  });
  it('is the one either account has', () => {
    expect(familyAfterApproval(4, null)).toEqual({ keep: 4, absorb: null });
    expect(familyAfterApproval(null, 7)).toEqual({ keep: 7, absorb: null });
    expect(familyAfterApproval(5, 5)).toEqual({ keep: 5, absorb: null });
  });
  it('merges two families into the older one', () => {
    expect(familyAfterApproval(9, 3)).toEqual({ keep: 3, absorb: 9 });
    expect(familyAfterApproval(3, 9)).toEqual({ keep: 3, absorb: 9 });
  });
});

describe('the browser’s texts', () => {
  it('are the spec’s words', () => {
    expect(LINK_MSG.submitFailed).toBe('Failed to submit link request');
    expect(LINK_MSG.cancelFailed).toBe('Failed to cancel link request');
    expect(LINK_MSG.rejectFailed).toBe('Failed to reject link request');
    expect(LINK_MSG.familyFailed).toBe('Failed to load family data');
    expect(LINK_MSG.updateFailed).toBe('An error occurred while updating link request status');
    expect(LINK_MSG.listFailed).toBe('Failed to load link requests');
    expect(LINK_MSG.familyDetailsFailed).toBe('Failed to load family details');
    expect(LINK_MSG.noRequests).toBe('No link requests found');
    expect(LINK_MSG.noFamily).toBe('No family data available');
  });
});
