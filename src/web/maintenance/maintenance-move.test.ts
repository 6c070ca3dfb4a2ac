import { describe, expect, it } from 'vitest';
import { MAINTENANCE_POLL_MS, maintenanceMove } from './useMaintenanceWatch.ts';

const on = { checked: true, canAccessSite: false, isInMaintenance: true };
const bypassing = { checked: true, canAccessSite: true, isInMaintenance: true };
const off = { checked: true, canAccessSite: true, isInMaintenance: false };

describe('an open page and the maintenance switch', () => {
  it('is polled within the 10 s the admin panel promises', () => {
    expect(MAINTENANCE_POLL_MS).toBeLessThanOrEqual(10_000 - 2_000 - 1_000); // the server's 2 s cache, a request
  });
  it('moves to /maintenance when the site cannot be accessed', () => {
    expect(maintenanceMove(on, '/booking', null)).toBe('/maintenance');
    expect(maintenanceMove(on, '/results?year=2026', null)).toBe('/maintenance');
    expect(maintenanceMove(on, '/maintenance', '/booking')).toBeNull();
  });
  it('leaves a bypassing super administrator where they are', () => {
    expect(maintenanceMove(bypassing, '/results?year=2026', null)).toBeNull();
    expect(maintenanceMove(bypassing, '/maintenance', null)).toBeNull();
  });
  it('goes back to where the visitor was, else home, when maintenance ends', () => {
    expect(maintenanceMove(off, '/maintenance', '/results?year=2026&club=HEM')).toBe('/results?year=2026&club=HEM');
    expect(maintenanceMove(off, '/maintenance', null)).toBe('/');
    expect(maintenanceMove(off, '/booking', null)).toBeNull();
  });
  it('waits until this browser has read the status', () => {
    expect(maintenanceMove({ ...on, checked: false }, '/booking', null)).toBeNull();
    expect(maintenanceMove({ ...off, checked: false }, '/maintenance', null)).toBeNull();
  });
});
