import type { ComponentType } from 'react';
import { create } from 'zustand';

/** What a page adds to the top of the phone's side menu, given the way to close the menu. */
export type DrawerSection = ComponentType<{ onClose: () => void }>;

/**
 * A section a page puts at the top of the narrow screen's side menu (NavDrawer): the back office
 * puts its panel list there, so a phone has one menu button, not the site's and the admin's
 * stacked (issue 26). The page sets it while it is shown and clears it when it goes.
 */
export const useDrawerSection = create<{ section: DrawerSection | null; set(section: DrawerSection | null): void }>(
  (set) => ({ section: null, set: (section) => set({ section }) }),
);
